"""Run a uvicorn server in the foreground until Ctrl-C or SIGTERM (`memeval serve`, `memeval audit serve`).

uvicorn catches SIGINT and SIGTERM, shuts down (open requests finished, the app's shutdown run),
then raises the caught signal again with the handlers it found. With Python's defaults a SIGTERM
then killed the process with no word (exit 143, as from `kill` or a service manager's stop).
Here SIGTERM is a normal stop: a line on stderr and exit 0. Ctrl-C stays an interruption
(`KeyboardInterrupt`: "interrupted", exit 130, as every command).
"""

from __future__ import annotations

import signal
import socket
from types import FrameType
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    import uvicorn


def serve_until_stopped(config: uvicorn.Config, what: str, sockets: list[socket.socket] | None = None) -> None:
    """Serve `config` until stopped: "WHAT (Ctrl-C to stop)" once listening, a line on SIGTERM, then return.

    The start line is printed only when uvicorn listens and the app has started, so an address
    is never announced that does not answer. A SIGTERM before that (while the app is built)
    stops the server before it serves.

    Args:
        config: the server's configuration (app, and host and port unless `sockets` is given).
        what: how both lines name it (`memeval review on http://127.0.0.1:8765/`).
        sockets: sockets bound beforehand (None: uvicorn binds the config's host and port).

    Raises:
        KeyboardInterrupt: Ctrl-C (SIGINT), raised again by uvicorn after its shutdown.
    """
    import uvicorn

    class _Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started:  # listening and the app started: only now is the address worth printing
                typer.echo(f"{what} (Ctrl-C to stop)", err=True)

    server = _Server(config)
    stopped: list[int] = []

    def _term(sig: int, _frame: FrameType | None) -> None:
        stopped.append(sig)
        server.should_exit = True  # uvicorn's own flag: a signal before it listens ends it at start-up

    previous = signal.signal(signal.SIGTERM, _term)
    try:
        server.run(sockets=sockets)  # restores _term, then calls it again for a SIGTERM it caught
    finally:
        signal.signal(signal.SIGTERM, previous)
    if stopped:
        typer.echo(f"{what}: stopped by SIGTERM, shut down cleanly", err=True)
