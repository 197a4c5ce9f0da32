"""A real uvicorn server on 127.0.0.1 in a thread, for tests that speak HTTP to an app of ours."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from typing import Any, Literal

import pytest
import uvicorn
from line_reader import Lines
from patience import patient

LISTENING = "(Ctrl-C to stop)"
"""The end of the line `memeval serve`, `memeval audit serve` print once they answer on their address."""
WARMING = ("memeval audit serve: ", "memeval review: ")
"""How the lines those servers print before it begin (the redactor and hold detector loading)."""


ANNOUNCED = re.compile(r"http://([^/\s]+):([0-9]{1,5})/")
"""An address as the servers print it in their lines: host and port (with `--port 0`, the one taken)."""


def announced_url(line: str | None) -> str:
    """`http://HOST:PORT` from a server's line (`memeval review on http://127.0.0.1:41234/ ...`), no slash after.

    Raises:
        AssertionError: the line holds no such address, or its port is 0 (the port asked for, not the one taken).
    """
    m = ANNOUNCED.search(line or "")
    assert m is not None and int(m.group(2)) > 0, f"no address with a port in {line!r}"
    return f"http://{m.group(1)}:{m.group(2)}"


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """uvicorn serving `app` on 127.0.0.1 in a thread; a context manager (`url` once entered).

    `lifespan` is uvicorn's setting: "off" for apps with no start-up work, "auto" for apps whose
    lifespan starts something (the ingest app's worker pool). `config` builds the uvicorn
    configuration (`memeval._readtimeout.uvicorn_config`: the one memeval's servers use).

    Raises:
        RuntimeError: on enter, uvicorn did not start within `patient(20)` s or its thread died.
    """

    def __init__(
        self,
        app: Any,
        *,
        lifespan: Literal["auto", "on", "off"] = "off",
        config: Callable[..., uvicorn.Config] = uvicorn.Config,
    ) -> None:
        # bound here and handed to uvicorn, never closed in between: a port probed free and bound later could be
        # taken by another process meanwhile (the suite's workers and other servers share this machine)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind(("127.0.0.1", 0))
        self.port = int(self.sock.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(
            config(app, host="127.0.0.1", port=self.port, log_level="warning", lifespan=lifespan)
        )
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + patient(20)
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=patient(10))
        self.sock.close()


def listening(proc: subprocess.Popen[Any], err: Lines, within_s: float = 120) -> list[str]:
    """Wait for a `memeval serve` / `memeval audit serve` in `proc` to say it listens; the stderr lines it printed.

    Reads `err` (the process's stderr, `Lines(proc.stderr)`) line by line: the loading lines
    (`WARMING`), then the one ending in `LISTENING`, which the servers print only once they answer
    on the address (tests/review/test_serve_port.py checks that), so a caller may send a request at
    once. Each line may take `patient(within_s)` seconds (the engines load first).

    Returns:
        The lines read, the last one the `LISTENING` line ("memeval review on http://...").

    Raises:
        pytest.fail.Exception: another line came first, or none in time, or the process ended; the
            process (with its session, if it leads one) is killed first and what it printed is in
            the message.
    """
    lines: list[str] = []
    while True:
        line = err.next(patient(within_s))
        lines.append("(nothing on stderr)" if line is None else line)
        if line is None or not line.startswith(WARMING):
            break
    if LISTENING not in lines[-1]:
        if os.getpgid(proc.pid) == proc.pid:  # it leads its own session (start_new_session): its children go too
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            proc.kill()
        proc.wait()
        pytest.fail("the server did not say it listens:\n" + "\n".join(lines) + "\n" + err.rest())
    return lines
