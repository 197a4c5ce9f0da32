"""The sequential path leaves interrupted trials out of its fault recount, as the verdict does.

Projection 10 took an interrupted trial (the run was stopped: fault `cancelled`) out of the fixed-size
verdict's recount with faults counted against it; the sequential stage of `memeval ab --until-decided`
still counted it as a fault against the direction found, so a run stopped mid-look could read
`better` in its verdict and not in its sequential path (projection 11).
"""

from __future__ import annotations

from memeval.stats import TaskTrials, TrialObs
from memeval.stats._sequential import SequentialDesign, path_from_outcomes, sequential_path

P, F = TrialObs(outcome="pass"), TrialObs(outcome="fail")
FAULT = TrialObs(outcome="fault")
STOP = TrialObs(outcome="fault", interrupted=True)
DESIGN = SequentialDesign(max_rounds=1, n_min=5)


def _tasks(unscored: TrialObs) -> list[TaskTrials]:
    ahead = [TaskTrials(task_id=f"t{i}", baseline=(F,), pack=(P,)) for i in range(8)]
    # Unscored baseline trials beside a failed pack: counted against `better`, each is a -1.
    return [*ahead, *(TaskTrials(task_id=f"u{i}", baseline=(unscored,), pack=(F,)) for i in range(4))]


def test_interrupted_trials_do_not_stop_a_better_path() -> None:
    path = sequential_path(_tasks(STOP), DESIGN)
    assert (path.verdict, path.reason) == ("better", "significant(round=1)")
    assert path.looks[-1].robust_estimate == 1.0  # the 8 paired tasks, the stopped ones left out


def test_harness_faults_still_count_against() -> None:
    path = sequential_path(_tasks(FAULT), DESIGN)
    assert path.verdict == "unresolved"
    assert path.looks[-1].robust_estimate == 4 / 12


def test_outcomes_name_interrupted_trials() -> None:
    outcomes = {(t.task_id, m, 1): "fail" for t in _tasks(F) for m in ("baseline", "pack")}
    outcomes.update({(f"t{i}", "pack", 1): "pass" for i in range(8)})
    outcomes.update({(f"u{i}", "baseline", 1): "interrupted" for i in range(4)})
    path = path_from_outcomes(outcomes, sorted({k[0] for k in outcomes}), DESIGN)
    assert path.verdict == "better"
    outcomes.update({(f"u{i}", "baseline", 1): "fault" for i in range(4)})
    assert path_from_outcomes(outcomes, sorted({k[0] for k in outcomes}), DESIGN).verdict == "unresolved"
