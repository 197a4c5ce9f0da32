"""The `cost_faults` warning names interrupted trials as interrupted, not as faults (polish18).

The warning said the cost of a pass "leaves out the spend of trials that ended in a fault", counting
trials the run's stop interrupted (fault code `cancelled`: Ctrl-C, SIGTERM) among them: a run stopped
on purpose read as one whose harness had failed. Interrupted trials are not harness faults (the
verdict's recount already leaves them out, `retried_faults`); `memeval ab --resume` runs them again.
The warning now names each kind it leaves out, with its count per arm. The projection's version
was raised (6), so a cached projection with the old wording is replayed, not read.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from memeval._runlist import PROJECTION_VERSION
from memeval.results import load_run, trial_obs
from memeval.stats import TaskTrials, TrialObs, paired_verdict

REPO = Path(__file__).resolve().parents[2]
INTERRUPTED_LOG = REPO / "tests" / "fixtures" / "runlog_interrupted" / "events.jsonl"
"""A real run stopped with SIGINT, then resumed; its first 14 lines are the run up to its stop."""


def _tasks(last_pack: TrialObs) -> list[TaskTrials]:
    """Five paired tasks at $1 a trial; the last task's third pack trial is `last_pack`."""
    out = []
    for i in range(5):
        pack = (TrialObs(outcome="pass", cost_usd=1.0), TrialObs(outcome="fail", cost_usd=1.0))
        out.append(
            TaskTrials(
                task_id=f"t{i}",
                baseline=(TrialObs(outcome="fail", cost_usd=1.0),) * 3,
                pack=(*pack, last_pack if i == 4 else TrialObs(outcome="pass", cost_usd=1.0)),
            )
        )
    return out


def _cost_faults(tasks: list[TaskTrials]) -> str:
    (warning,) = [w for w in paired_verdict(tasks).warnings if w.kind == "cost_faults"]
    return warning.message


def test_an_interrupted_trial_is_named_interrupted_not_a_fault() -> None:
    msg = _cost_faults(_tasks(TrialObs(outcome="fault", cost_usd=0.5, interrupted=True)))
    assert "pack 1, $0.5000 (1 interrupted)" in msg and "baseline 0, $0.0000" in msg, msg
    assert "were interrupted" in msg and "memeval ab --resume RUN" in msg, msg
    assert "fault" not in msg.replace("cost_faults", ""), msg  # before: "trials that ended in a fault"


def test_a_harness_fault_is_still_a_fault_and_both_are_named_apart() -> None:
    msg = _cost_faults(_tasks(TrialObs(outcome="fault", cost_usd=0.5)))
    assert "ended in a harness fault" in msg and "pack 1, $0.5000 (1 faulted)" in msg, msg
    assert "interrupted" not in msg and "lowers its arm's figure" in msg, msg
    both = _tasks(TrialObs(outcome="fault", cost_usd=0.5))
    both[0] = TaskTrials(
        task_id="t0", baseline=both[0].baseline[:2] + (TrialObs(outcome="fault", cost_usd=0.25, interrupted=True),),
        pack=both[0].pack,
    )  # fmt: skip
    msg = _cost_faults(both)
    assert "baseline 1, $0.2500 (1 interrupted)" in msg and "pack 1, $0.5000 (1 faulted)" in msg, msg
    assert "ended in a harness fault or that were interrupted" in msg, msg


def test_a_cancelled_trial_of_a_real_log_reads_as_interrupted(tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()
    lines = INTERRUPTED_LOG.read_text(encoding="utf-8").splitlines(keepends=True)
    (run / "events.jsonl").write_text("".join(lines[:14]), encoding="utf-8")  # up to run.ended "cancelled"
    trials = load_run(run).result.trials
    assert [t.fault.code if t.fault else None for t in trials] == ["cancelled", "cancelled"]
    assert all(trial_obs(t).outcome == "fault" and trial_obs(t).interrupted for t in trials)
    assert PROJECTION_VERSION >= 6  # a projection cached with the old wording is not read


def test_a_copied_real_log_without_interruption_has_no_interrupted_trial(tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()
    shutil.copy(INTERRUPTED_LOG, run / "events.jsonl")  # resumed: the kept attempts ended
    assert not any(trial_obs(t).interrupted for t in load_run(run).result.trials)
