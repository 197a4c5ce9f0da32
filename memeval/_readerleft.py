"""How `memeval` ends when the reader of its standard output leaves (`memeval runs | head -1`).

A command writing to a pipe whose reader has closed it gets `EPIPE` (`BrokenPipeError`). It ended with
exit 1, as click and typer end on it (and rich, on its own), in silence; but 1 is memeval's exit code
for a failure (a run that did not complete, a failing verdict), so a script could not tell "the reader
had enough" from "the command failed", and whether it happened at all depended on the output's length
against the pipe's buffer (64 KiB: 200 runs listed as text, not as JSON). Now every command ends as
the shell's own tools do (`seq`, `cat`, `grep`, `git log` piped into `head`): killed by SIGPIPE, which
the shell reports as 128 + 13 = 141 and prints nothing about (a Python parent sees -13). Not 0: the
command did not finish what it was doing (`memeval ab | head` stops the run), so success would be untrue.

`ReaderLeft` carries an `EPIPE` past typer, which would turn it into exit 1 (`memeval.cli._plain.PlainGroup`
and the rich consoles of `memeval.cli._print` raise it); `end_reader_left` ends the process.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from typing import NoReturn

EXIT_READER_LEFT = 128 + signal.SIGPIPE
"""What a shell reports for a command its reader left (141), should the signal not end the process."""


class ReaderLeft(Exception):  # noqa: N818 - an event, not an error: the reader closed the pipe
    """The reader of standard output closed it: end with `end_reader_left`, saying nothing.

    Not an `OSError`, so typer's own `EPIPE` handling (exit 1) lets it through.
    """


def end_reader_left() -> NoReturn:
    """End the process as a command killed by SIGPIPE: no message, the shell's status 141.

    What is still buffered for standard output is dropped (no one reads it); standard error is
    flushed first, unless it is the closed pipe too (`2>&1 | head`).
    """
    with contextlib.suppress(BrokenPipeError):  # stderr is the closed pipe too: nothing more can be said
        sys.stderr.flush()
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # Python starts with it ignored
    os.kill(os.getpid(), signal.SIGPIPE)
    os._exit(EXIT_READER_LEFT)  # pragma: no cover - the signal ends the process first
