"""A model call logged after the `run.ended` of the session that ran its attempt is refused (breaker28, 2026-12-05).

A session of a run logs every call its proxy metered before it writes `run.ended` (the proxy stops first and logs the
calls still in flight: `memeval.runner._session`). A `model.called` line after that `run.ended` naming an attempt of
that session (or naming none, which counts in the trial's latest attempt) was not written by memeval: a line
appended to the log by hand. On main it was folded silently into the trial's calls, tokens and cost: the committed
sample run with a copy of its pack trial's call appended (new `call_id`, next `seq`) read `$0.0261` for that trial
(`memeval results`: 14990/722 tokens) where its log had `$0.0239` (14447/687). Now the replay is refused
(`RunLogError`, exit 1) and says why. A resumed session's calls (its attempts start after the `run.ended`) count
as before.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from test_count24_call_attempt import TID, _call, _log, _spend
from typer.testing import CliRunner

from memeval.cli import app
from memeval.errors import RunLogError
from memeval.eventlog import RunEnded, RunLog, TrialEnded, TrialStarted
from memeval.results import load_run
from memeval.results._project import project

SAMPLE = Path(__file__).parents[1] / "fixtures" / "runlog_v1" / "sample-t01"


def _reads(run: Path) -> list[object]:
    """The replay (views, a megabyte at a time) and the pydantic read, each projected."""
    return [lambda: load_run(run, use_cache=False), lambda: project(RunLog(run).read().events, b"")]


@pytest.mark.parametrize("attempt", [1, None])
def test_a_call_appended_after_the_run_ended_is_refused(tmp_path: Path, attempt: int | None) -> None:
    run = _log(
        tmp_path,
        TrialStarted(trial_id=TID, attempt=1),
        _call(1, 0.25),
        TrialEnded(trial_id=TID, attempt=1, assessment="scored"),
        RunEnded(status="completed"),
        _call(attempt, 2.0),  # main: counted, the trial's spend read 2.25
    )
    for read in _reads(run):
        with pytest.raises(
            RunLogError, match=r"event 5 is a model call of attempt 1 of trial 't:pack:1', logged after"
        ):
            read()


def test_a_call_of_a_cancelled_session_logged_after_its_run_ended_is_refused_after_a_resume(tmp_path: Path) -> None:
    run = _log(
        tmp_path,
        TrialStarted(trial_id=TID, attempt=1),
        _call(1, 0.25),
        RunEnded(status="cancelled"),  # ^C: the session's calls were all logged before this line
        TrialStarted(trial_id=TID, attempt=2),  # the resumed session
        _call(1, 2.0),  # names the first session's attempt: main counted it there
        _call(2, 0.5),
        TrialEnded(trial_id=TID, attempt=2, assessment="scored"),
        RunEnded(status="completed"),
    )
    for read in _reads(run):
        with pytest.raises(RunLogError, match=r"event 5 is a model call of attempt 1 of trial"):
            read()


def test_a_resumed_sessions_calls_count_as_before(tmp_path: Path) -> None:
    run = _log(
        tmp_path,
        TrialStarted(trial_id=TID, attempt=1),
        _call(1, 0.25),
        RunEnded(status="cancelled"),
        TrialStarted(trial_id=TID, attempt=2),
        _call(2, 0.5),
        _call(None, 0.125),  # a line naming no attempt: the latest, started in this session
        TrialEnded(trial_id=TID, attempt=2, assessment="scored"),
        RunEnded(status="completed"),
    )
    assert _spend(run) == [(1, 1, 0.25), (2, 2, 0.625)]


def test_results_refuses_the_sample_run_with_a_call_appended(tmp_path: Path) -> None:
    run = tmp_path / "sample"
    shutil.copytree(SAMPLE, run)
    log = run / "events.jsonl"
    lines = log.read_bytes().splitlines()
    call = json.loads(next(line for line in lines if b'"model.called"' in line))
    call.update(seq=len(lines))
    call["call"]["call_id"] = "f" * 32
    log.write_bytes(log.read_bytes() + json.dumps(call, sort_keys=True, separators=(",", ":")).encode() + b"\n")
    res = CliRunner().invoke(app, ["results", str(run)])
    assert res.exit_code == 1, res.output  # main: 0, the trial's cost read $0.0261 against its log's $0.0239
    assert f"event {len(lines)} is a model call of attempt 1" in res.output, res.output
    assert "$0.0261" not in res.output
