"""`MEMEVAL_CALLS_SETTLE_S` sets how long the runner waits after a turn for its calls still in flight.

The wait was a fixed 30 s (`CALLS_SETTLE_S`), which the suite's tests of calls outlasting it
(`test_breaker26_call_in_flight_at_timeout.py`, `test_count24_late_call_attempt.py`) waited out whole. The variable
takes a number of seconds above 0 and at most an hour; anything else is refused when the run's meter starts.
"""

from __future__ import annotations

import pytest

from memeval.errors import UsageError
from memeval.runner._runmeter import CALLS_SETTLE_S, SETTLE_ENV, calls_settle_s


def test_unset_or_blank_is_the_default_and_a_number_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SETTLE_ENV, raising=False)
    assert calls_settle_s() == CALLS_SETTLE_S == 30.0
    monkeypatch.setenv(SETTLE_ENV, " ")
    assert calls_settle_s() == CALLS_SETTLE_S
    monkeypatch.setenv(SETTLE_ENV, "2.5")
    assert calls_settle_s() == 2.5


@pytest.mark.parametrize("raw", ["0", "-1", "abc", "nan", "3601"])
def test_a_value_that_is_no_such_wait_is_refused_naming_the_variable(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv(SETTLE_ENV, raw)
    with pytest.raises(UsageError, match=f"{SETTLE_ENV}={raw!r} is not a number of seconds"):
        calls_settle_s()
