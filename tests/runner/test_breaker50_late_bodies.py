"""A model call that outlives its trial leaves no bodies held in memeval's memory for the rest of the run (breaker50).

The proxy hands a call's bodies to `CallStats.keep_bodies` when the call is over; the trial takes them
(`take_bodies`) when its turn ends, stores them redacted and writes its index. A call the agent left in flight (it
sent 8 requests of up to 8 MiB asking for long answers and exited) ends after that: on main its bodies were held
again under the same registration, which no trial takes any more, up to `MAX_KEPT_BYTES` (64 MiB) a trial, until
the run ended, and were never stored. So a hostile agent could grow memeval's memory by 64 MiB per trial of a run.
Now a body that comes after its trial took them is not held. Not stored raw, not counted twice: its call is metered
by the proxy's `on_call` alone, as before (`test_breaker37_calls_in_flight.py`). On the proxy's hook itself.
"""

from __future__ import annotations

from types import SimpleNamespace

from memeval.runner import _callstats


def _call(rid: str, n: int) -> SimpleNamespace:
    return SimpleNamespace(trial_id=rid, call_id=f"{rid[0]}{n}", api="openai-chat")


def test_a_body_that_comes_after_its_trial_took_them_is_not_held() -> None:
    stats = _callstats.CallStats()
    stats.keep_bodies(_call("t@1", 0), b'{"messages": []}', b'{"id": "c0"}', None)
    stats.keep_bodies(_call("u@1", 0), b'{"messages": []}', b'{"id": "u0"}', None)  # another trial, still running
    assert [e.call_id for e in stats.take_bodies("t@1")] == ["t0"]
    for n in range(1, 9):  # the calls left in flight end after the trial wrote its index
        stats.keep_bodies(_call("t@1", n), b"x" * (7 << 20), b'{"id": "late"}', None)
    assert stats.take_bodies("t@1") == []  # on main: 8 exchanges, 56 MiB held for the rest of the run
    assert [e.call_id for e in stats.take_bodies("u@1")] == ["u0"]  # the honest twin: kept until taken
