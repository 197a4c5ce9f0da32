"""`MEMEVAL_STOP_GRACE_S` sets how long a stopping run waits for its attempts to record their end.

The wait was a fixed 30 s (`STOP_GRACE_S`), which the suite's test of a second Ctrl-C after it
(`test_breaker37_calls_in_flight.py`) waited out whole. The variable takes a number of seconds above
0 and at most an hour, read when the run's scheduler is made; anything else is refused there, naming it.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pytest

from memeval.errors import UsageError
from memeval.runner._schedule import GRACE_ENV, STOP_GRACE_S, Scheduler, stop_grace_s


class _Stuck:
    """An executor stand-in whose one attempt never ends; counts the sweeps `stop` makes."""

    concurrency = 1
    ctx = None

    def __init__(self) -> None:
        self.sweeps = 0

    def stop_all(self) -> None:
        self.sweeps += 1


def _scheduler(executor: Any) -> Scheduler:
    return Scheduler([], executor, history=None, spec_for=lambda pt, n: None)  # type: ignore[arg-type]  # not read by stop


def test_unset_or_blank_is_the_default_and_a_number_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(GRACE_ENV, raising=False)
    assert stop_grace_s() == STOP_GRACE_S == 30.0
    assert _scheduler(_Stuck()).stop_grace_s == 30.0
    monkeypatch.setenv(GRACE_ENV, " ")
    assert stop_grace_s() == STOP_GRACE_S
    monkeypatch.setenv(GRACE_ENV, "2.5")
    assert stop_grace_s() == 2.5
    assert _scheduler(_Stuck()).stop_grace_s == 2.5


@pytest.mark.parametrize("raw", ["0", "-1", "abc", "nan", "3601"])
def test_a_value_that_is_no_such_wait_is_refused_naming_the_variable(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv(GRACE_ENV, raw)
    with pytest.raises(UsageError, match=f"{GRACE_ENV}={raw!r} is not a number of seconds"):
        stop_grace_s()
    with pytest.raises(UsageError, match=GRACE_ENV):
        _scheduler(_Stuck())  # refused when the run's scheduler is made, not at the first Ctrl-C


def test_stop_gives_up_on_an_attempt_that_never_ends_once_the_set_wait_is_over(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(GRACE_ENV, "0.5")
    executor = _Stuck()
    sched = _scheduler(executor)
    never: Future[None] = Future()
    sched._running[never] = None  # type: ignore[assignment]  # a planned trial is not read by stop
    sched.stop()
    assert not never.done() and never in sched._running  # it returned without the attempt's end
    assert executor.sweeps >= 1  # and swept the sandboxes meanwhile
