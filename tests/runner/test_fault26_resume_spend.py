"""A resumed run counts the spend its log's fold counts: a tampered log is refused before any trial (fault26).

`memeval ab --resume` read the run's spend so far back from the log by adding up the cost of every
`model.called` line, with none of the fold's checks. So a call line copied into the log (a repeated `call_id`),
a trial's events copied whole, or a call line put after its session's `run.ended` (all refused by
`memeval results` since fault25 and breaker28) counted again toward `--run-budget-usd`: here the log's one
call of $0.60 read as $1.20 against a $1.00 limit, so the resume started no trial and recorded a `budget`
fault ("known spend 1.200000 USD") on a run that had spent $0.60; the reverse, a run going on after its
limit, is the same sum. Now the resume's spend is the fold's (`memeval.results.arm_spend`, over every
attempt), and a log the fold refuses is refused before any trial starts or any line is added (`RunLogError`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from call_line import call_line
from runner_helpers import MINI

from memeval.agents import resolve_agent
from memeval.errors import RunLogError
from memeval.eventlog import ModelCalled, RunEnded, RunLog, TrialEnded, TrialStarted
from memeval.runner import AbOptions, execute, start_run
from memeval.tasks import load_task_set

USD = 0.6
LIMIT = 1.0


def _call(trial_id: str, call_id: str) -> ModelCalled:
    return ModelCalled.model_validate({**call_line(call_id, trial_id, USD), "attempt": 1})


def _tampered(tmp_path: Path, shape: str) -> tuple[Path, AbOptions]:
    """A run of `mini` whose first session ran one trial with one $0.60 call, then its log tampered as `shape`."""
    opts = AbOptions(
        task_set=load_task_set(MINI),
        agent=resolve_agent("nop"),
        runs_dir=tmp_path / "runs",
        run_budget_usd=LIMIT,
        concurrency=1,
    )
    run_dir = start_run(opts)
    log = RunLog(run_dir)
    tid = log.read().events[0].trials[0].trial_id  # type: ignore[attr-defined]  # run.planned
    trial = [TrialStarted(trial_id=tid), _call(tid, "c1"), TrialEnded(trial_id=tid, assessment="unscored")]
    if shape == "call-copied":
        trial.insert(2, trial[1])
    elif shape == "trial-copied":
        trial += trial
    for ev in trial:
        log.append(ev)
    log.append(RunEnded(status="cancelled", message="interrupted"))
    if shape == "call-after-run-ended":
        log.append(_call(tid, "c2"))
    return run_dir, opts


@pytest.mark.parametrize("shape", ["call-copied", "trial-copied", "call-after-run-ended"])
def test_a_resume_refuses_a_log_the_fold_refuses_before_it_counts_its_spend(tmp_path: Path, shape: str) -> None:
    run_dir, opts = _tampered(tmp_path, shape)
    before = (run_dir / "events.jsonl").read_bytes()
    with pytest.raises(RunLogError, match="repeats model call 'c1'|after the run.ended"):
        execute(run_dir, opts)  # main: $1.20 known, so no trial started and a `budget` fault was logged
    assert (run_dir / "events.jsonl").read_bytes() == before
