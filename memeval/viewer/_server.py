"""Run the viewer with uvicorn on 127.0.0.1, in a background thread the caller controls."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import uvicorn

from memeval._readtimeout import uvicorn_config
from memeval.viewer._app import create_viewer_app

HOST = "127.0.0.1"


@dataclass
class RunningViewer:
    """A viewer being served: its URL, and a way to wait for it (until Ctrl-C)."""

    url: str
    server: uvicorn.Server
    thread: threading.Thread

    def wait(self) -> None:
        """Block until the server stops (KeyboardInterrupt stops it)."""
        while self.thread.is_alive():
            self.thread.join(0.5)


@contextmanager
def start_viewer(run_dir: Path, port: int = 0, start_timeout_s: float = 10.0) -> Iterator[RunningViewer]:
    """Serve the viewer of `run_dir` on 127.0.0.1:`port` (0: a free port) until the block ends.

    Each request must arrive within `MEMEVAL_HTTP_READ_TIMEOUT_S` (`memeval._readtimeout`), as on the
    audit and review servers: a client sending nothing, or a byte a second, no longer holds a connection.

    Raises:
        OSError: the port is taken (the message names it).
        RuntimeError: the server did not start within `start_timeout_s`.
        UsageError: `MEMEVAL_HTTP_READ_TIMEOUT_S` is not a number of seconds above 0 and at most a day.
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((HOST, port))
    except OSError as exc:
        sock.close()
        raise OSError(f"cannot serve on {HOST}:{port}: {exc.strerror}; pass --port 0 for a free port") from exc
    bound = sock.getsockname()[1]
    config = uvicorn_config(create_viewer_app(run_dir), access_log=False, lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True, name="memeval-view")
    thread.start()
    deadline = time.monotonic() + start_timeout_s
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            sock.close()
            raise RuntimeError(f"the viewer did not start on {HOST}:{bound}")
        time.sleep(0.02)
    try:
        yield RunningViewer(f"http://{HOST}:{bound}/", server, thread)
    finally:
        server.should_exit = True
        thread.join(5)
        sock.close()
