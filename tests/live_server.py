"""A real uvicorn server on 127.0.0.1 in a thread, for tests that speak HTTP to an app of ours."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any, Literal

import uvicorn
from patience import patient


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """uvicorn serving `app` on 127.0.0.1 in a thread; a context manager (`url` once entered).

    `lifespan` is uvicorn's setting: "off" for apps with no start-up work, "auto" for apps whose
    lifespan starts something (the ingest app's worker pool).

    Raises:
        RuntimeError: on enter, uvicorn did not start within `patient(20)` s or its thread died.
    """

    def __init__(self, app: Any, *, lifespan: Literal["auto", "on", "off"] = "off") -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(
            uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", lifespan=lifespan)
        )
        self.thread = threading.Thread(target=self.server.run, daemon=True)

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
        self.thread.join(timeout=10)
