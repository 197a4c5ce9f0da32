"""What a command said when a ^C (or a SIGTERM taken as one) ended it, and SIGTERM taken as ^C.

`memeval.cli.app.main` says `interrupted` for an exit 130 that nothing was said about: typer turns a
^C that lands outside a command's `translate_errors` (while the command's module is imported or its
options parsed) into exit 130 without a word.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import typer

_said: list[bool] = []
"""Holds True once this process printed its interruption's line."""


def say_interrupted(line: str) -> None:
    """Print `line`, what this ^C ended (`interrupted`), on stderr, and note that it was said."""
    typer.echo(line, err=True)
    note_interruption_said()


def note_interruption_said() -> None:
    """Note that this process has said what its ^C ended (printed by the caller, as `memeval ab`'s resume hint)."""
    _said.append(True)


def interruption_said(*, forget: bool = False) -> bool:
    """Whether this process has said what its ^C ended; `forget=True` starts over (at `main`'s start): False."""
    if forget:
        _said.clear()
    return bool(_said)


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM raises `KeyboardInterrupt` as ^C does (in the main thread; elsewhere nothing changes).

    For commands README says stop on SIGTERM as on ^C (`memeval ab`, from its first step) and for a
    step that must undo its own claim when stopped (`report send` gives its delivery's claim back),
    so `timeout`'s or a service manager's SIGTERM ends them `interrupted`, exit 130, not as a kill.
    The previous handler is restored.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)
