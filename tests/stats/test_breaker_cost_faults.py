"""An arm whose failing trials end as faults does not get a cheaper cost of a pass without a warning.

Found by the breaker: cost of a pass is taken over scored trials (the team's reference cases define it so,
with faulted trials' spend reported apart as `fault_spend`), and an agent can make a failing trial a fault:
an answer file left a FIFO makes the verifier time out (not retried, never scored). An agent doing that in
every trial it was failing left its failures' spend out of its arm's figure: 10 tasks x 3 repeats, 5 tasks
passed and 5 failed at $1 a trial gave the pack arm $1.00 a pass against an honest baseline's $2.00, and a
pass rate over its passes alone, with no warning under the 5% fault share (the verdict itself, recounted
with the faults against it, is `unresolved`). The verdict now warns (`cost_faults`), naming each arm's left-out
spend.
"""

from __future__ import annotations

from memeval.stats import TaskTrials, TrialObs, paired_verdict


def _run(failures: str) -> list[TaskTrials]:
    """Both arms pass tasks t0-t4 and fail t5-t9 at $1 a trial; the pack arm's failures end as `failures`."""
    return [
        TaskTrials(
            task_id=f"t{i}",
            baseline=tuple(TrialObs(outcome="pass" if i < 5 else "fail", cost_usd=1.0) for _ in range(3)),
            pack=tuple(TrialObs(outcome="pass" if i < 5 else failures, cost_usd=1.0) for _ in range(3)),
        )
        for i in range(10)
    ]


def test_failures_ended_as_faults_make_a_cheaper_figure_and_a_warning() -> None:
    honest = paired_verdict(_run("fail"))
    assert honest.cost_of_pass.pack.value == honest.cost_of_pass.baseline.value == 2.0
    assert [w.kind for w in honest.warnings] == []
    one = [
        TaskTrials(
            task_id=t.task_id,
            baseline=t.baseline,
            pack=t.pack[:2] + (TrialObs(outcome="fault", cost_usd=1.0),) if t.task_id == "t9" else t.pack,
        )
        for t in _run("fail")
    ]
    few = paired_verdict(one)  # 1 fault in 60 trials: under the 5% share, so no many_faults
    assert "many_faults" not in [w.kind for w in few.warnings]
    (warning,) = [w for w in few.warnings if w.kind == "cost_faults"]  # before: no warning at all
    assert "pack 1, $1.0000" in warning.message and "baseline 0, $0.0000" in warning.message
    cheat = paired_verdict(_run("fault"))
    assert cheat.cost_of_pass.pack.value == 1.0  # the figure alone still looks half the baseline's
    (warning,) = [w for w in cheat.warnings if w.kind == "cost_faults"]
    assert "pack 15, $15.0000" in warning.message and "whose task went unpaired" in warning.message


def test_no_warning_for_faults_that_spent_nothing() -> None:
    tasks = _run("fail")
    boot = TrialObs(outcome="fault", cost_usd=0.0)  # a world that never built: nothing was spent
    tasks[9] = TaskTrials(task_id="t9", baseline=tasks[9].baseline, pack=tasks[9].pack[:2] + (boot,))
    assert "cost_faults" not in [w.kind for w in paired_verdict(tasks).warnings]
