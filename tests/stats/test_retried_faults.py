"""Faulted attempts that a retry superseded are counted against the verdict too.

An agent that can cause a retried fault (it never calls the model, or calls an API with no
upstream) could otherwise reroll its failures in one arm until they pass: a breaker run turned an
agent with no real difference into `better` that way. Superseded faults are never scored; they
join the trials' own faults in the recount that may keep the verdict from standing.
"""

from __future__ import annotations

from memeval.stats import TaskTrials, TrialObs, paired_verdict


def _tasks() -> list[TaskTrials]:
    # Baseline passes 3 of 12, the pack 12 of 12, one trial each: 9 tasks favour the pack.
    return [
        TaskTrials(
            task_id=f"t{i:02d}",
            baseline=(TrialObs(outcome="pass" if i < 3 else "fail"),),
            pack=(TrialObs(outcome="pass"),),
        )
        for i in range(12)
    ]


def test_without_retried_faults_the_pack_looks_better() -> None:
    v = paired_verdict(_tasks())
    assert v.verdict == "better"  # 9 of 9 informative tasks favour the pack: p = 2 / 512


def test_rerolled_failures_in_one_arm_leave_the_verdict_unresolved() -> None:
    # Three superseded faults per task in the pack arm, counted as fails there: tasks 0-2 go to
    # d = 1/4 - 1, the others to d = 1/4, and the sum of d is 0: nothing is left to claim.
    v = paired_verdict(_tasks(), retried_faults={f"t{i:02d}": (0, 3) for i in range(12)})
    assert v.verdict == "unresolved"
    assert v.verdict_scored == "better"
    assert v.reason.startswith("faults_could_change_it(36 faulted trial(s)")


def test_retried_faults_that_cannot_change_the_word_leave_it() -> None:
    v = paired_verdict(_tasks(), retried_faults={"t05": (1, 0)})
    assert v.verdict == "better"
