"""A CPU budget still runs out, and still stops the work, when its exception lands in a finalizer.

Both CPU budgets (redaction's and the hold screen's) raise `OverBudget` from a SIGPROF handler, which
Python runs between two bytecodes of the main thread, wherever that is. In the suite it once landed
in the `regex` module's `Group.__del__`, run by the garbage collector in the middle of a scan:
Python printed "Exception ignored" and went on, the scan finished unbounded, and the long text was
stored redacted as if it had been read in time (`test_scan_incomplete.py`'s budget tests passed or
failed from run to run). Now the handler raises again shortly after, and `_within` checks on the
way out whether the budget ran out.
"""

from __future__ import annotations

import signal
import time
from types import ModuleType

import pytest

from memeval.hold import _budget as hold_budget
from memeval.redact import _budget as redact_budget

BUDGETS = pytest.mark.parametrize("budget", [redact_budget, hold_budget], ids=["redact", "hold"])
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # the finalizer took it


class _SpinsWhenCollected:
    """An object whose finalizer burns CPU until `until` (process time): the signal lands in it."""

    def __init__(self, until: float) -> None:
        self.until = until

    def __del__(self) -> None:
        while time.process_time() < self.until:
            sum(range(1000))


def _work(then_s: float) -> str:
    """A finalizer that takes the budget's exception, then `then_s` CPU seconds of ordinary work."""
    _SpinsWhenCollected(time.process_time() + 30)  # collected at once: its __del__ spins until the signal
    end = time.process_time() + then_s
    while time.process_time() < end:
        sum(range(1000))
    return "finished"


@BUDGETS
def test_the_exception_taken_by_a_finalizer_is_raised_again_and_the_work_stops(budget: ModuleType) -> None:
    restore = budget._install()
    try:
        start = time.process_time()
        with pytest.raises(budget.OverBudget):
            budget._within(0.1, lambda: _work(then_s=20))
        assert time.process_time() - start < 10  # stopped soon after, not after the 20 s of work
    finally:
        restore()
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)


@BUDGETS
def test_work_that_returns_after_its_budget_ran_out_still_counts_as_over(budget: ModuleType) -> None:
    restore = budget._install()
    try:
        with pytest.raises(budget.OverBudget):
            budget._within(0.1, lambda: _work(then_s=0))  # nothing left to interrupt after the finalizer
        assert budget._within(5, lambda: "next") == "next"  # the next budget starts unspent
    finally:
        restore()
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
