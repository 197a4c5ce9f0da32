"""What a command said when a ^C (or a SIGTERM taken as one, `memeval.sigint.sigterm_as_interrupt`) ended it.

`memeval.cli.app.main` says `interrupted` for an exit 130 that nothing was said about: typer turns a
^C that lands outside a command's `translate_errors` (while the command's module is imported or its
options parsed) into exit 130 without a word.
"""

from __future__ import annotations

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
