"""A CPU-time budget around a piece of work in the main thread, by SIGPROF (the hold screen's and redaction's).

`signal.setitimer(signal.ITIMER_PROF)` counts this process's CPU time; its SIGPROF runs the budget's
handler, which raises the budget's exception (a `BaseException`, so no scanner's `except Exception`
takes it) in the main thread, where Python runs signal handlers; CPython's `re` and the `regex`
module check for signals during a long match. The exception lands wherever the main thread is;
where that is a finalizer (`__del__`, run by the garbage collector in the middle of the work: the
`regex` module's `Group.__del__` was seen), Python prints it as "Exception ignored" and goes on, so
the handler arms the timer once more and raises again `AGAIN_S` later, and `within` checks on the
way out whether the budget ran out.

`env_seconds` reads every budget's setting (`MEMEVAL_REDACT_BUDGET_S`, `MEMEVAL_HOLD_BUDGET_S`, ...)
the same way.
"""

from __future__ import annotations

import math
import os
import signal
from collections.abc import Callable
from types import FrameType
from typing import TypeVar

T = TypeVar("T")

MAX_SECONDS = 86_400.0
"""The largest budget `env_seconds` takes (a day): a bigger one is a typo, not a budget."""
AGAIN_S = 0.05
"""CPU seconds after which the handler raises again when its exception was taken and the work went on."""


def env_seconds(name: str, default: float, what: str = "") -> float:
    """The budget in seconds the environment variable `name` sets, else `default` (unset or blank).

    Args:
        name: the variable, e.g. `MEMEVAL_REDACT_BUDGET_S`.
        default: seconds when it is unset or blank.
        what: what the budget bounds, for the error (e.g. "the CPU time one text's redaction may take").

    Returns:
        Seconds, more than 0 and at most `MAX_SECONDS`.

    Raises:
        UsageError: the value is not such a number (named, with the value and the fix).
    """
    return env_positive(name, default, MAX_SECONDS, "seconds", what)


def env_positive(name: str, default: float, high: float, unit: str, what: str = "") -> float:
    """The number the environment variable `name` sets, more than 0 and at most `high`, else `default` (unset or blank).

    Args:
        name: the variable, e.g. `MEMEVAL_RAY_CPUS_PER_TRIAL`.
        default: the value when it is unset or blank.
        high: the largest value taken (a bigger one is a typo).
        unit: what the number counts, for the error ("seconds", "CPUs").
        what: what the number bounds, for the error.

    Returns:
        The value, in `unit`.

    Raises:
        UsageError: the value is not such a number (named, with the value, the range and the default).
    """
    from memeval.errors import UsageError

    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not 0 < value <= high:  # NaN fails too
        bounds = f" ({what})" if what else ""
        raise UsageError(
            f"{name}={raw!r} is not a number of {unit} between 0 and {high:g}{bounds}; "
            f"set it to a positive number such as {default:g}, or unset it for that default"
        )
    return value


class CpuBudget:
    """One kind of budget (its own exception and state); `within` runs work under it.

    Args:
        over: the exception raised when the budget runs out (a `BaseException` subclass).
    """

    def __init__(self, over: type[BaseException]) -> None:
        self.over = over
        self.armed = False
        """True while a budget runs (the handler raises only then)."""
        self.fired = False
        """True once the budget under way ran out, whatever took the exception."""

    def on_sigprof(self, signum: int, frame: FrameType | None) -> None:
        """SIGPROF's handler: while armed, raise `over`, again every `AGAIN_S` until disarmed.

        Never in `within`'s own frame (it is starting or stopping the budget); a SIGPROF after the
        budget ended does nothing.

        Raises:
            BaseException: `over`, a budget is armed and the work under it is running.
        """
        if not self.armed:
            return
        self.fired = True
        if frame is not None and frame.f_code is CpuBudget.within.__code__:
            return  # `within` itself: it checks `fired` on the way out
        signal.setitimer(signal.ITIMER_PROF, AGAIN_S)
        raise self.over

    def install(self) -> Callable[[], None]:
        """Make `on_sigprof` SIGPROF's handler; returns what puts a previous Python handler back.

        Ours stays installed when SIGPROF had no Python handler: a SIGPROF already raised when the
        timer is stopped would otherwise reach the default action, which ends the process.
        """
        old = signal.getsignal(signal.SIGPROF)
        if old == self.on_sigprof:
            return lambda: None
        signal.signal(signal.SIGPROF, self.on_sigprof)
        if callable(old):  # someone else's handler: theirs again afterwards

            def put_back() -> None:
                signal.signal(signal.SIGPROF, old)

            return put_back
        return lambda: None

    def within(self, seconds: float, work: Callable[[], T]) -> T:
        """`work()` with a CPU budget of `seconds` armed (main thread, `on_sigprof` installed).

        Raises:
            BaseException: `over`: `work` had not returned after `seconds` of this process's CPU
                time, or the budget ran out while it ran and something in it took the exception.
        """
        try:
            self.fired = False
            self.armed = True
            signal.setitimer(signal.ITIMER_PROF, seconds)
            result = work()
        finally:
            self.armed = False
            signal.setitimer(signal.ITIMER_PROF, 0)
        if self.fired:  # the budget ran out, but something in `work` took the exception and went on
            raise self.over
        return result

    def paused(self, work: Callable[[], T]) -> T:
        """`work()` with the budget under way stopped while it runs, then resumed with the CPU it had left.

        For a one-time build a budgeted scan meets first (presidio's import, about 0.8 CPU s): paid once
        a process, it is no text's cost, and a budget shorter than it would otherwise stop it on every
        text (every one then blanked whole). Not armed (no budget under way, or not this thread's):
        `work()` as it is.
        """
        if not self.armed:
            return work()
        left, _interval = signal.setitimer(signal.ITIMER_PROF, 0)
        self.armed = False
        try:
            return work()
        finally:
            self.armed = True
            signal.setitimer(signal.ITIMER_PROF, left if left > 0 else AGAIN_S)
