"""`model.called` v3 names its attempt: a call logged after the next attempt began counts where it was made (count24).

The fold (`memeval.results._fold.Projection`) counted every call in its trial's latest attempt at that point of the
log, so a call that ended after its attempt (in flight past the runner's settle wait) was added to the retry that
had started meanwhile. Now the line names its attempt; a v2 line names none and counts as before, read by the fast
path as the v3 view pydantic makes of it (`ModelCalledV2View`), so an old log replays as fast and to the same bytes.
"""

from __future__ import annotations

import itertools
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from test_fast_calls import _PLANNED, _line, _values

from memeval.errors import RunLogError
from memeval.eventlog import (
    FaultRaised,
    ModelCalled,
    ModelCalledView,
    PlannedTrial,
    RunLog,
    RunPlanned,
    TrialEnded,
    TrialStarted,
    canonical,
)
from memeval.eventlog._events import stamp
from memeval.results import load_run, result_json
from memeval.results._project import project
from memeval.runreport import summarize

TID = "t:pack:1"


_IDS = itertools.count(1)


def _call(attempt: int | None, usd: float) -> ModelCalled:
    """A call of `usd` made by `attempt` (None: a line naming none), under an id no other call of the test has."""
    raw = _line(f"c{next(_IDS)}")
    raw["call"]["cost"]["cost_usd"] = usd
    return ModelCalled.model_validate({**raw, "attempt": attempt})


def _log(tmp: Path, *events: Any) -> Path:
    at = datetime(2026, 11, 30, 9, tzinfo=UTC)
    plan = RunPlanned(
        run_id="r",
        manifest=_PLANNED["manifest"],
        run_card={**_PLANNED["run_card"], "network": "proxy"},
        trials=(PlannedTrial(trial_id=TID, task_id="t", mode="pack", repeat=1),),
        seeds={},
    )
    run = tmp / "run"
    run.mkdir()
    lines = [canonical(stamp(e, i, at)) for i, e in enumerate((plan, *events))]
    (run / "events.jsonl").write_bytes(b"".join(lines))
    return run


def _retried(late_attempt: int | None) -> tuple[Any, ...]:
    """Attempt 1 (one call of $0.25, then a `provider` fault), attempt 2 (one call of $0.5, scored); between
    attempt 2's start and its call, a call of $2 that attempt `late_attempt` made (None: a line naming none)."""
    return (
        TrialStarted(trial_id=TID, attempt=1),
        _call(1, 0.25),
        FaultRaised(trial_id=TID, code="provider", phase="agent", message="down"),
        TrialEnded(trial_id=TID, attempt=1, assessment="unscored"),
        TrialStarted(trial_id=TID, attempt=2),
        _call(late_attempt, 2.0),
        _call(2, 0.5),
        TrialEnded(trial_id=TID, attempt=2, assessment="scored"),
    )


def _spend(run: Path) -> list[tuple[int, int, float]]:
    (trial,) = json.loads(result_json(load_run(run, use_cache=False)))["trials"]
    return [(s["attempt"], s["calls"], s["cost_usd"]) for s in trial["spend"]]


def test_a_call_logged_during_the_retry_counts_in_the_attempt_it_names(tmp_path: Path) -> None:
    run = _log(tmp_path, *_retried(late_attempt=1))
    assert _spend(run) == [(1, 2, 2.25), (2, 1, 0.5)]  # main: [(1, 1, 0.25), (2, 2, 2.5)]
    (trial,) = json.loads(result_json(load_run(run, use_cache=False)))["trials"]
    assert (trial["attempt"], trial["physics"]["engine_calls"], trial["physics"]["cost_usd"]) == (2, 1, 0.5)
    # read fast (the views) or through pydantic, the same projection
    data = (run / "events.jsonl").read_bytes()
    slow, fast = RunLog(run).read(), RunLog(run).read_for_replay()
    assert [type(e) for e in fast.events].count(ModelCalledView) == 3
    assert project(slow.events, data).model_dump_json() == project(fast.events, fast.complete).model_dump_json()


def test_a_call_naming_no_attempt_counts_in_the_latest_as_before(tmp_path: Path) -> None:
    run = _log(tmp_path, *_retried(late_attempt=None))
    assert _spend(run) == [(1, 1, 0.25), (2, 2, 2.5)]
    line = json.loads((run / "events.jsonl").read_bytes().splitlines()[6])
    assert line["v"] == 3 and "attempt" not in line  # unknown: left out of the line (the call's is the SDK's retry)


def test_a_call_naming_an_attempt_not_started_is_refused(tmp_path: Path) -> None:
    run = _log(tmp_path, TrialStarted(trial_id=TID, attempt=1), _call(2, 0.1))
    for read in (lambda: load_run(run, use_cache=False), lambda: project(RunLog(run).read().events, b"")):
        with pytest.raises(RunLogError, match=r"names attempt 2 of trial 't:pack:1', which has no trial.started"):
            read()


def test_v2_call_lines_are_read_fast_as_the_v3_views_pydantic_makes_of_them(tmp_path: Path) -> None:
    v2 = {k: v for k, v in _line().items() if k != "attempt"}
    v2["v"] = 2
    run = _log(tmp_path, TrialStarted(trial_id=TID))
    with (run / "events.jsonl").open("ab") as f:
        for seq in range(2, 40):
            f.write(json.dumps({**v2, "seq": seq}, sort_keys=True, separators=(",", ":")).encode() + b"\n")
    slow, fast = RunLog(run).read(), RunLog(run).read_for_replay()
    calls = fast.events[2:]
    assert len(calls) == 38 and all(type(e) is ModelCalledView for e in calls)  # none left to pydantic
    assert {(e.v, e.attempt, e.call.error_status) for e in calls} == {(3, None, None)}  # main: v 2
    assert [_values(e) for e in fast.events] == [_values(e) for e in slow.events]


def test_a_stream_the_provider_ended_overloaded_counts_as_rate_limited_in_the_summary(tmp_path: Path) -> None:
    raw = _line()
    raw["call"].update(status=200, error_status=529, error="overloaded_error: Overloaded", completed=False)
    run = _log(
        tmp_path,
        TrialStarted(trial_id=TID),
        ModelCalled.model_validate({**raw, "attempt": 1}),
        TrialEnded(trial_id=TID, assessment="scored"),
    )
    warnings = summarize(load_run(run, use_cache=False)).warnings
    assert any("(0 faulted, 0 timed out, 1 rate-limited)" in w for w in warnings), warnings  # as a 529 answer is
