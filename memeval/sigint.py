"""Ctrl-C that is never lost: SIGINT raises `KeyboardInterrupt` and is remembered, so long work stops.

Python runs a signal's handler between bytecodes of the main thread, wherever they are. When that
is a weakref callback or a `__del__` (SQLAlchemy's `InstanceState._cleanup`, run by the garbage
collector in the middle of a write), the `KeyboardInterrupt` the default handler raises is printed
as "Exception ignored in ..." and dropped: the command goes on as if no key had been pressed (about
one Ctrl-C in forty during `memeval audit ingest` with worker processes, seen in a loop of real
interrupts). `on_sigint` raises `KeyboardInterrupt` as Python's own handler does and also sets a
flag; work that runs in steps (an ingest's batches) calls `stop_if_interrupted` between steps, which
raises `KeyboardInterrupt` again when an earlier one was swallowed.

Python then reports the dropped exception through `sys.unraisablehook` ("Exception ignored in ..." and a
traceback on stderr, above the command's own "interrupted:" line). `install` also puts in a hook that
keeps quiet about a `KeyboardInterrupt` raised by `on_sigint` (the flag stands for it) and hands every
other unraisable exception to the hook it replaced.

`memeval.cli.app.main` installs the handler for every command; library use is unchanged until a
program calls `install`. Once a command has ended, `quiet_once_ended` takes a ^C quietly while the process
exits (`memeval.cli.app.console`). `sigterm_as_interrupt` takes SIGTERM as ^C within a block (`memeval ab`
from its first step, the runner's run, `report send` while it delivers). `interrupts_held` makes SIGINT and
SIGTERM wait for the end of a step that must not be cut halfway (joining or leaving a Ray cluster).
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

_pressed = False


def on_sigint(signum: int, frame: FrameType | None) -> None:
    """The SIGINT handler: remember the interrupt, then raise `KeyboardInterrupt` as Python's default does.

    Raises:
        KeyboardInterrupt: always.
    """
    global _pressed
    _pressed = True
    raise KeyboardInterrupt


class _QuietAboutSwallowed:
    """A `sys.unraisablehook` that says nothing of a swallowed ^C and passes anything else on.

    Args:
        then: the hook this one replaced (`sys.unraisablehook` when `install` ran).
    """

    def __init__(self, then: Callable[[Any], object]) -> None:
        self.then = then

    def __call__(self, unraisable: Any) -> None:
        """Drop a `KeyboardInterrupt` once `on_sigint` ran (`stop_if_interrupted` raises it again); else pass it on."""
        if _pressed and isinstance(getattr(unraisable, "exc_value", None), KeyboardInterrupt):
            return
        self.then(unraisable)


def install() -> None:
    """Make `on_sigint` the SIGINT handler when SIGINT is ignored or Python's default (main thread only).

    A handler some other code installed on purpose (a server's graceful shutdown) is left in place.
    An ignored SIGINT is taken back on purpose: a shell without job control starts a background
    command with SIGINT ignored, and `kill -INT` should still end it (see `memeval.cli.app.main`).
    With the handler, `sys.unraisablehook` is wrapped so a ^C that lands in a finaliser prints no
    "Exception ignored in ..." traceback (installed once; other unraisable exceptions print as before).
    """
    if signal.getsignal(signal.SIGINT) in (signal.SIG_IGN, signal.SIG_DFL, signal.default_int_handler):
        signal.signal(signal.SIGINT, on_sigint)
        if not isinstance(sys.unraisablehook, _QuietAboutSwallowed):
            sys.unraisablehook = _QuietAboutSwallowed(sys.unraisablehook)


def _ended_sigint(signum: int, frame: FrameType | None) -> None:
    """SIGINT once the command has ended: the first lets the exit finish; a second ends the process at once."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def quiet_once_ended() -> None:
    """Once the command has ended, a SIGINT lets the process finish exiting; a second one ends it (main thread only).

    After a command returns, the process still frees what it made and runs its exit handlers (garbage collection of
    the command's objects, a worker pool's join, temporary folders removed): 0.3 s after `memeval audit ingest`
    printed its summary of 2,000 events, measured. A ^C then ran `on_sigint` inside a finaliser or exit handler, and
    Python printed "Exception ignored in ... KeyboardInterrupt" with a traceback under a command whose work was done
    and said, and skipped the rest of that handler's cleanup. Now the first ^C is taken quietly and the exit goes
    on, with the command's own exit code; a second (an exit that hangs) ends the process as the system's default
    does, killed by SIGINT.
    """
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _ended_sigint)


def stop_if_interrupted() -> None:
    """Between steps of long work: raise `KeyboardInterrupt` when a SIGINT came and its exception was swallowed.

    Raises:
        KeyboardInterrupt: `on_sigint` ran since the process started.
    """
    if _pressed:
        raise KeyboardInterrupt


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


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Within the block, SIGINT and SIGTERM wait; each one that came is sent again once it ends (main thread only).

    For a step that an exception cannot leave halfway: `ray.init()` and `ray.shutdown()` build and take down
    the driver's Ray core worker in C++, and a ^C raised between two of their Python lines left one made but
    never shut down, or shut down but still named: the process then crashed as it exited (SIGSEGV, seen at
    load 20 when the ^C came while `ray.init()` connected) or was ended with status 1 by Ray's core library.
    The block's own handlers only note the signal; when the block ends (normally or by an exception) the
    handlers it found are put back and each noted signal is raised again (`signal.raise_signal`), so it is
    taken as it would have been: ^C as `KeyboardInterrupt`, SIGTERM as its handler says. A signal is late by
    at most the block's length, so hold only steps with their own time limit. Elsewhere than the main
    thread (no handler can be set there) the block runs as it is.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []

    def note(signum: int, frame: object) -> None:
        came.append(signum)

    old = {sig: signal.signal(sig, note) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in old.items():
            if handler is not None:  # None: a handler set outside Python, which the block replaced for its length
                signal.signal(sig, handler)
        for signum in dict.fromkeys(came):  # each once, in the order they came
            signal.raise_signal(signum)
