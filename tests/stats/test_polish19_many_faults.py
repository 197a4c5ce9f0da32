"""`many_faults` does not count interrupted trials as harness faults (polish19, after polish18's `cost_faults`).

A run stopped with Ctrl-C before its two trials ended warned "2 of 2 trials (100.0%) faulted or timed
out ... fix the harness": interrupted trials (fault code `cancelled`) are the user's stop, and
`memeval ab --resume` runs them again. The 5% limit now applies to the trials that ran; interrupted
ones are named apart. The projection's version was raised (7), so a cached warning is replayed.
"""

from __future__ import annotations

import json
from pathlib import Path

from usage_line import run_memeval

from memeval._runlist import PROJECTION_VERSION
from memeval.stats import TaskTrials, TrialObs, paired_verdict

REPO = Path(__file__).resolve().parents[2]
INTERRUPTED_LOG = REPO / "tests" / "fixtures" / "runlog_interrupted" / "events.jsonl"
"""A real run stopped with SIGINT, then resumed; its first 14 lines are the run up to its stop."""


def test_replay_of_a_stopped_run_does_not_blame_the_harness(tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()
    lines = INTERRUPTED_LOG.read_text(encoding="utf-8").splitlines(keepends=True)
    (run / "events.jsonl").write_text("".join(lines[:14]), encoding="utf-8")  # up to run.ended "cancelled"
    out = run_memeval("replay", str(run), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    kinds = [w["kind"] for w in json.loads(out.stdout)["verdict"]["warnings"]]
    assert "many_faults" not in kinds, out.stdout
    assert PROJECTION_VERSION >= 7  # a projection cached with the old count is not read


def _tasks(real_faults: int) -> list[TaskTrials]:
    """Ten paired tasks, 3 trials an arm; one pack trial a task interrupted (50 ran), `real_faults` faulted."""
    fault, stopped = TrialObs(outcome="fault"), TrialObs(outcome="fault", interrupted=True)
    return [
        TaskTrials(task_id=f"t{i}", baseline=(TrialObs(outcome="pass"),) * 3,
                   pack=(TrialObs(outcome="pass"), fault if i < real_faults else TrialObs(outcome="fail"), stopped))
        for i in range(10)
    ]  # fmt: skip


def test_the_limit_is_over_the_trials_that_ran_and_interrupted_ones_are_named_apart() -> None:
    assert not [w for w in paired_verdict(_tasks(2)).warnings if w.kind == "many_faults"]  # 2 of 50: under 5%
    (w,) = [w for w in paired_verdict(_tasks(3)).warnings if w.kind == "many_faults"]
    assert w.message.startswith("3 of 50 trials (6.0%) faulted or timed out (10 interrupted trial(s) left out"), w
    assert "memeval ab --resume RUN" in w.message, w
