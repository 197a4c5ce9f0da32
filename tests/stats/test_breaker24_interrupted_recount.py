"""Interrupted trials are not faults the verdict must survive (breaker round 24).

Projection 9 made an interrupted trial (the run was stopped: fault `cancelled`) neither an attempt
nor a harness fault, and a superseded `cancelled` attempt was already left out of the recount
(`retried_faults`: "an interrupt is the user's doing, never the agent's"). But the recount of the
verdict with every fault counted against it (`faults_against`) still took the trials the stop cut
off as faults: a run stopped with four trials in flight and no harness fault at all read
`unresolved`, "faults could change it: 4 faulted trial(s) ...", while its listing said 0 faulted.
"""

from __future__ import annotations

from memeval.stats import TaskTrials, TrialObs, paired_verdict

P, F = TrialObs(outcome="pass"), TrialObs(outcome="fail")
FAULT = TrialObs(outcome="fault")
STOP = TrialObs(outcome="fault", interrupted=True)


def _tasks(extra: list[TaskTrials], ahead_n: int = 7) -> list[TaskTrials]:
    ahead = [TaskTrials(task_id=f"t{i}", baseline=(F, F), pack=(P, P)) for i in range(ahead_n)]
    return [*ahead, TaskTrials(task_id="t7", baseline=(P, P), pack=(F, F)), *extra]


def test_a_stop_alone_does_not_unresolve_the_verdict() -> None:
    v = paired_verdict(_tasks([TaskTrials(task_id=f"s{i}", baseline=(F, STOP), pack=(P, STOP)) for i in range(2)]))
    assert (v.verdict_scored, v.verdict) == ("better", "better"), v.reason
    assert v.faulted_trials == ()


def test_harness_faults_still_count_against_and_are_counted_alone() -> None:
    harness = [TaskTrials(task_id=f"h{i}", baseline=(F, FAULT), pack=(P, FAULT)) for i in range(3)]
    stopped = [TaskTrials(task_id="s0", baseline=(F, STOP), pack=(P, STOP))]
    v = paired_verdict(_tasks([*harness, *stopped], ahead_n=6))  # recount: 7 ahead, 1 behind, p=0.07
    assert v.verdict_scored == "better"
    assert v.verdict == "unresolved"
    assert v.reason.startswith("faults_could_change_it(6 faulted trial(s)"), v.reason
    assert len(v.faulted_trials) == 6
    assert {f.task_id for f in v.faulted_trials} == {"h0", "h1", "h2"}


def test_a_cached_projection_with_the_old_recount_is_not_read() -> None:
    from memeval._runlist import PROJECTION_VERSION

    assert PROJECTION_VERSION >= 10
