"""A model call's line copied into a run's log is refused, not counted twice (fault25).

The metering proxy logs each model call once, under an id drawn for it (`call_id`, a random UUID). A copy of a
`model.called` line put into the middle of the log (the lines after it renumbered, so that every `seq` is still
its line's place) was folded as one more call: its trial's calls, tokens and cost counted it twice. The fold
already refuses a call line that memeval cannot have written (one after its session's `run.ended`, breaker28), so
a second line of one call is refused the same way (`RunLogError`, exit 1, naming the line and the call), by both
reads (the replay's views, a megabyte at a time, and pydantic's), wherever the copy sits.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from test_count24_call_attempt import TID, _log
from test_fast_calls import _line
from typer.testing import CliRunner

from memeval.cli import app
from memeval.errors import RunLogError
from memeval.eventlog import ModelCalled, RunEnded, RunLog, TrialEnded, TrialStarted
from memeval.results import load_run
from memeval.results._project import project

SAMPLE = Path(__file__).parents[1] / "fixtures" / "runlog_v1" / "sample-t01"


def _call(call_id: str, attempt: int = 1) -> ModelCalled:
    return ModelCalled.model_validate({**_line(call_id), "attempt": attempt})


def _reads(run: Path) -> list[Any]:
    """The replay (views, a megabyte at a time) and the pydantic read, each projected."""
    return [lambda: load_run(run, use_cache=False).result, lambda: project(RunLog(run).read().events, b"")]


@pytest.mark.parametrize(
    ("events", "seq"),
    [
        # right after itself: the views' shortest path (a run of one attempt's calls)
        ((TrialStarted(trial_id=TID), _call("a"), _call("a"), _call("b")), 3),
        # after another call of the attempt
        ((TrialStarted(trial_id=TID), _call("a"), _call("b"), _call("a")), 4),
        # after the trial ended (a call in flight at the end is logged late, and counted)
        ((TrialStarted(trial_id=TID), _call("a"), TrialEnded(trial_id=TID, assessment="scored"), _call("a")), 4),
        # into the retry, its attempt edited
        (
            (
                TrialStarted(trial_id=TID, attempt=1),
                _call("a"),
                TrialEnded(trial_id=TID, attempt=1, assessment="unscored"),
                TrialStarted(trial_id=TID, attempt=2),
                _call("a", attempt=2),
            ),
            5,
        ),
    ],
    ids=["adjacent", "later", "after-its-end", "in-the-retry"],
)
def test_a_second_line_of_one_call_is_refused(tmp_path: Path, events: tuple[Any, ...], seq: int) -> None:
    run = _log(tmp_path, *events, RunEnded(status="completed"))
    for read in _reads(run):
        with pytest.raises(RunLogError, match=rf"event {seq} repeats model call 'a' of trial 't:pack:1'"):
            read()  # main: counted twice


def test_calls_of_distinct_ids_count_as_before(tmp_path: Path) -> None:
    run = _log(
        tmp_path, TrialStarted(trial_id=TID), _call("a"), _call("b"), TrialEnded(trial_id=TID, assessment="scored")
    )
    for read in _reads(run):
        (trial,) = read().trials
        assert (trial.physics.engine_calls, trial.physics.cost_usd) == (2, 0.002)


def test_results_refuses_the_sample_run_with_a_call_copied_into_its_middle(tmp_path: Path) -> None:
    run = tmp_path / "sample"
    shutil.copytree(SAMPLE, run)
    log = run / "events.jsonl"
    lines = log.read_bytes().splitlines()
    at = next(i for i, line in enumerate(lines) if b'"model.called"' in line)
    lines.insert(at + 1, lines[at])  # the copy right after its original, every later line renumbered
    events = [json.loads(line) for line in lines]
    for seq, ev in enumerate(events):
        ev["seq"] = seq
    log.write_bytes(b"".join(json.dumps(ev, sort_keys=True, separators=(",", ":")).encode() + b"\n" for ev in events))
    res = CliRunner().invoke(app, ["results", str(run)])
    assert res.exit_code == 1, res.output  # main: 0, the trial's calls, tokens and cost counted the copy
    call_id = events[at]["call"]["call_id"]
    assert f"event {at + 1} repeats model call '{call_id}'" in res.output, res.output
