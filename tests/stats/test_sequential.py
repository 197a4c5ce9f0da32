"""The group-sequential sign-flip verdict: hand-checked boundaries, decisions and its error rate."""

from __future__ import annotations

import math

import numpy as np
import pytest

from memeval.stats import TaskTrials, TrialObs
from memeval.stats._seqmodels import default_sequential_design
from memeval.stats._seqsim import simulate_sequential
from memeval.stats._sequential import (
    SequentialDesign,
    _thresholds,
    alpha_spent,
    look_repeats,
    path_from_outcomes,
    sequential_path,
)


def test_obrien_fleming_spending_by_hand() -> None:
    # 2 - 2 Phi(1.959964 / sqrt(t)): t = 0.5 -> z 2.771808 -> 0.0055746; t = 0.25 -> z 3.919928
    # -> 8.857e-5 (normal tail values from any table).
    assert alpha_spent("obrien_fleming", 0.5, 0.05) == pytest.approx(0.0055746, abs=2e-7)
    assert alpha_spent("obrien_fleming", 0.25, 0.05) == pytest.approx(8.8574e-5, rel=1e-3)
    assert alpha_spent("obrien_fleming", 1.0, 0.05) == 0.05
    assert alpha_spent("obrien_fleming", 0.0, 0.05) == 0.0


def test_pocock_spending_by_hand() -> None:
    # 0.05 ln(1 + (e - 1) 0.5) = 0.05 ln(1.8591409) = 0.05 * 0.6201145
    assert alpha_spent("pocock", 0.5, 0.05) == pytest.approx(0.031005725, abs=1e-8)
    assert alpha_spent("pocock", 1.0, 0.05) == pytest.approx(0.05)


def test_spending_refuses_information_outside_unit_interval() -> None:
    with pytest.raises(ValueError, match="1.5"):
        alpha_spent("pocock", 1.5, 0.05)


def test_thresholds_by_hand() -> None:
    # Ten reference paths over two looks. Look 1 allows floor(0.1 * 10) = 1 crossing: the second
    # largest |S_1| is 8, so tau_1 = 8 and only the path at 9 crosses. Look 2 allows
    # floor(0.3 * 10) - 1 = 2 more among the 9 alive paths: their |S_2| sorted down are
    # 7, 6, 5, ... so tau_2 = 5 (7 and 6 cross; the crossed path's 10 no longer counts).
    s1 = [9, 8, 1, 2, 3, 4, 0, 0, 1, 2]
    s2 = [10, 1, 7, 6, 5, 4, 3, 2, 1, 0]
    sums = np.array([s1, s2], dtype=np.float64).T
    taus, observed, _ = _thresholds(sums, [0.1, 0.3], 10)
    assert taus == [8.0, 5.0]
    assert observed.tolist() == [True, True]  # row 0 crosses at look 1 (and would at look 2)
    taus, observed, _ = _thresholds(sums[[2, 0, 1, 3, 4, 5, 6, 7, 8, 9]], [0.1, 0.3], 10)
    assert observed.tolist() == [False, True]  # the path (1, 7) crosses only at look 2


def test_binding_thresholds_by_hand() -> None:
    # The ten paths above, with the futility rule stopping rows 2 and 3 at look 1 (|S_1| of 1 and
    # 2). Look 1 is unchanged: tau_1 = 8, row 0 crosses. At look 2 the alive paths are rows 1 and
    # 4..9 with |S_2| = 1, 5, 4, 3, 2, 1, 0; two more may cross, so tau_2 is the third largest, 3
    # (rows 4 and 5 cross). Without binding, rows 2 and 3 (7 and 6) would take that budget and
    # tau_2 was 5.
    s1 = [9, 8, 1, 2, 3, 4, 0, 0, 1, 2]
    s2 = [10, 1, 7, 6, 5, 4, 3, 2, 1, 0]
    sums = np.array([s1, s2], dtype=np.float64).T
    futile = np.zeros((10, 2), dtype=np.bool_)
    futile[[2, 3], 0] = True
    taus, observed, _ = _thresholds(sums, [0.1, 0.3], 10, futile)
    assert taus == [8.0, 3.0]
    # A path the rule stopped never crosses later, even far above the threshold.
    taus, observed, _ = _thresholds(
        sums[[2, 0, 1, 3, 4, 5, 6, 7, 8, 9]], [0.1, 0.3], 10, futile[[2, 0, 1, 3, 4, 5, 6, 7, 8, 9]]
    )
    assert taus == [8.0, 3.0] and observed.tolist() == [False, True]


def test_the_binding_budget_is_spent_on_fewer_paths_never_more() -> None:
    # Whatever the rule stops, at most floor(alpha_j * n) paths ever cross by look j.
    rng = np.random.default_rng(3)
    sums = np.abs(np.cumsum(rng.standard_normal((2000, 5)), axis=1))
    futile = rng.uniform(size=(2000, 5)) < 0.3
    alphas = [0.01, 0.02, 0.03, 0.04, 0.05]
    taus, _, _ = _thresholds(sums, alphas, 2000, futile)
    alive = np.ones(2000, dtype=np.bool_)
    crossed = 0
    for j, tau in enumerate(taus):
        cross = alive & (sums[:, j] > tau)
        crossed += int(cross.sum())
        assert crossed <= math.floor(alphas[j] * 2000 + 1e-9)
        alive &= ~cross & ~futile[:, j]


def test_looks_within_a_round_by_hand() -> None:
    # Five tasks, two looks a round: groups floor(2i / 5) = 0, 0, 0, 1, 1. The first three tasks
    # run their next repeat at odd looks, the last two at even ones.
    assert look_repeats(5, 4, 2).tolist() == [[1, 1, 2, 2]] * 3 + [[0, 1, 1, 2]] * 2
    assert look_repeats(3, 3, 1).tolist() == [[1, 2, 3]] * 3


def test_a_half_round_is_looked_at_and_a_partial_one_refused() -> None:
    design = SequentialDesign(max_rounds=2, looks_per_round=2, futility_power=0.0)
    # 20 tasks: the first 10 have 2 trials an arm, the last 10 one: that is look 3 of 4.
    tasks = [_task(i, "ff" if i < 10 else "f", "pp" if i < 10 else "p") for i in range(20)]
    result = sequential_path(tasks, design)
    assert result.looks[-1].look in (1, 2, 3) and result.looks[-1].information <= 0.75
    assert result.verdict == "better"
    with pytest.raises(ValueError, match="match no look"):
        sequential_path([_task(i, "f" if i < 10 else "ff", "p" if i < 10 else "pp") for i in range(20)], design)
    # The same outcomes as a log: look 3 is the largest complete prefix.
    outcomes = {
        (t.task_id, m, r + 1): o.outcome
        for t in tasks
        for m in ("baseline", "pack")
        for r, o in enumerate(getattr(t, m))
    }
    assert path_from_outcomes(outcomes, [t.task_id for t in tasks], design) == result


def test_a_binding_rule_that_stops_nothing_changes_no_boundary() -> None:
    # Binding only removes paths the rule stopped from later looks; with a threshold no
    # conditional power falls below, the boundaries are those of the design without futility.
    rng = np.random.default_rng(5)
    tasks = [_task(i, "".join(rng.choice(list("pf"), 3)), "".join(rng.choice(list("pf"), 3))) for i in range(30)]
    loose = sequential_path(tasks, SequentialDesign(max_rounds=6, futility_power=0.0))
    b = [look.boundary for look in loose.looks]
    bound = sequential_path(
        tasks,
        default_sequential_design(6, futility_power=1e-9, looks_per_round=1, gamma=2.0, statistic="task_means"),
    )
    assert [look.boundary for look in bound.looks] == b  # a rule that stops nothing changes nothing
    assert all(x is not None for x in b)


def test_thresholds_with_no_budget_never_cross() -> None:
    sums = np.array([[5.0], [4.0], [3.0]])
    taus, observed, _ = _thresholds(sums, [0.01], 3)
    assert math.isinf(taus[0]) and not observed[0]


def _task(i: int, base: str, pack: str) -> TaskTrials:
    arm = {"p": "pass", "f": "fail", "x": "fault"}
    return TaskTrials(
        task_id=f"t{i:02d}",
        baseline=tuple(TrialObs(outcome=arm[c]) for c in base),  # type: ignore[arg-type]
        pack=tuple(TrialObs(outcome=arm[c]) for c in pack),  # type: ignore[arg-type]
    )


def test_a_clear_difference_stops_after_the_first_round_with_pocock() -> None:
    # 20 tasks, pack passes every one, baseline fails every one: |S_1| = 20 is the largest value
    # any flip can reach and only 1 path in 2**20 reaches it, far inside Pocock's 1.48% budget.
    tasks = [_task(i, "f", "p") for i in range(20)]
    design = SequentialDesign(max_rounds=3, spending="pocock")
    result = sequential_path(tasks, design)
    assert result.verdict == "better" and result.stopped
    assert result.reason == "significant(round=1)"
    look = result.looks[0]
    assert look.estimate == 1.0 and look.boundary is not None and look.boundary < 1.0


def test_obrien_fleming_does_not_stop_at_round_one_on_ten_tasks() -> None:
    # With 10 tasks the most extreme flip has chance 2 / 1024 = 0.002 > OBF's 1e-5 at t = 1/5.
    tasks = [_task(i, "f", "p") for i in range(10)]
    result = sequential_path(tasks, SequentialDesign(max_rounds=5, spending="obrien_fleming"))
    assert result.looks[0].boundary is None
    assert not result.stopped and result.reason == "in_progress"


def test_faults_that_could_overturn_keep_the_run_going() -> None:
    # The pack looks better only because its failures are faults: counted against the direction,
    # pack fails where it faulted, so the verdict may not stand.
    tasks = [_task(i, "ff", "xx") for i in range(10)] + [_task(i + 10, "ff", "pp") for i in range(3)]
    result = sequential_path(tasks, SequentialDesign(max_rounds=2, spending="pocock", futility_power=0.0))
    assert result.verdict == "unresolved"
    assert result.reason in ("max_rounds_reached", "too_few_tasks(<10)")


def test_futility_stops_a_run_with_no_difference() -> None:
    tasks = [_task(i, "pf", "fp") for i in range(20)]
    result = sequential_path(tasks, SequentialDesign(max_rounds=5, spending="obrien_fleming", futility_power=0.2))
    assert result.verdict == "unresolved"
    assert result.reason == "futility(round=2)"
    assert result.looks[-1].conditional_power is not None
    assert result.looks[-1].conditional_power < 0.2


def test_unequal_rounds_are_refused_naming_the_counts() -> None:
    with pytest.raises(ValueError, match=r"\[1, 2\]"):
        sequential_path([_task(0, "p", "pp")], SequentialDesign(max_rounds=3))


def test_order_of_tasks_does_not_change_the_answer() -> None:
    rng = np.random.default_rng(7)
    tasks = [_task(i, "".join(rng.choice(list("pf"), 2)), "".join(rng.choice(list("pfp"), 2))) for i in range(30)]
    design = SequentialDesign(max_rounds=4)
    assert sequential_path(tasks, design) == sequential_path(list(reversed(tasks)), design)


@pytest.mark.parametrize("spending", ["obrien_fleming", "pocock"])
def test_false_verdict_rate_under_the_sharp_null_is_at_most_alpha(spending: str) -> None:
    # 600 seeded runs: at a true rate of 5% the count is at most 45 with chance > 0.999 (binomial
    # tail), so a procedure whose real rate were 9% or more would fail this nearly always.
    summary = simulate_sequential(
        n_tasks=30,
        design=SequentialDesign(max_rounds=4, spending=spending, n_flips=500),  # type: ignore[arg-type]
        base=0.5,
        effect=0.0,
        model="uniform",
        null="sharp",
        n_sims=600,
        rng=np.random.default_rng(11),
        spread=0.2,
    )
    assert summary.better + summary.worse <= 45


def test_the_sequential_defaults_agree_with_the_fixed_verdict() -> None:
    from memeval.stats import _seqmodels, _verdict

    assert (_seqmodels.DEFAULT_ALPHA, _seqmodels.DEFAULT_N_MIN, _seqmodels.DEFAULT_PERM_SEED) == (
        _verdict.DEFAULT_ALPHA,
        _verdict.DEFAULT_N_MIN,
        _verdict.DEFAULT_PERM_SEED,
    )


def test_hwang_shih_decani_spending_by_hand() -> None:
    # 0.05 (1 - e^{-gamma t}) / (1 - e^{-gamma}): gamma 3, t 0.5 -> 0.05 * 0.7768698 / 0.9502129
    # = 0.0408787; gamma 2, t 1/6 -> 0.05 * (1 - e^{-1/3}) / (1 - e^{-2}) = 0.05 * 0.2834687 /
    # 0.8646647 = 0.0163918; gamma 0 is linear: 0.05 * 0.3 = 0.015.
    assert alpha_spent("hsd", 0.5, 0.05, 3.0) == pytest.approx(0.0408787, abs=2e-7)
    assert alpha_spent("hsd", 1 / 6, 0.05, 2.0) == pytest.approx(0.0163918, abs=2e-7)
    assert alpha_spent("hsd", 0.3, 0.05, 0.0) == pytest.approx(0.015)
    assert alpha_spent("hsd", 1.0, 0.05, 2.0) == 0.05
    # Negative gamma saves alpha for later: gamma -4 at t 0.5 -> 0.05 (1 - e^2) / (1 - e^4) = 0.05 * 0.1192029
    assert alpha_spent("hsd", 0.5, 0.05, -4.0) == pytest.approx(0.00596015, abs=2e-8)


def test_the_default_design_is_the_benchmarked_one() -> None:
    # bench/sequential_calibration.py chose HSD gamma 0 with binding futility at conditional power
    # 0.2; the model's own default stays non-binding so that older run cards replay the same.
    design = default_sequential_design(6)
    assert (design.spending, design.gamma, design.futility_power, design.futility) == ("hsd", 0.0, 0.2, "binding")
    assert SequentialDesign(max_rounds=6).futility == "non_binding"


def test_hsd_boundary_at_the_first_of_six_looks_by_hand() -> None:
    # 12 tasks, round 1 of at most 6, pack passes and baseline fails on all: |S_1| = 12 is reached
    # by 2 of the 4096 sign patterns (all + and all -), 0.049%, under gamma 2's 1.64% budget at
    # t = 1/6; so it stops, and the boundary (the value a path must exceed) is below 1.
    tasks = [_task(i, "f", "p") for i in range(12)]
    result = sequential_path(tasks, SequentialDesign(max_rounds=6))
    assert result.reason == "significant(round=1)" and result.verdict == "better"
    look = result.looks[0]
    assert look.alpha_spent == pytest.approx(0.0163918, abs=2e-7)
    # 12 tasks with d in {-1, 1}: |S| takes 12, 10, 8, ...; P(|S| >= 10) = 2 * 13 / 4096 = 0.63%
    # and P(|S| >= 8) = 2 * (1 + 12 + 66) / 4096 = 3.9%, so with 1.64% to spend the boundary is
    # |S| > 8, i.e. a mean above 8 / 12 (up to the sampling of 10,000 flips).
    assert look.boundary == pytest.approx(8 / 12)


def test_trial_sums_weigh_every_trial_pair_alike_by_hand() -> None:
    # Four tasks, two looks a round: groups 0, 0, 1, 1, so at look 3 tasks 0 and 1 have two repeats
    # and tasks 2 and 3 one. d = 1, 1/2, 1, -1; trial sums x = k d = 2, 1, 1, -1: S = 3 over
    # 2 + 2 + 1 + 1 = 6 trial pairs, estimate 0.5. Task means: S = 1.5 over 4 tasks, 0.375.
    tasks = [_task(0, "ff", "pp"), _task(1, "pf", "pp"), _task(2, "f", "p"), _task(3, "p", "f")]
    sums = SequentialDesign(max_rounds=2, looks_per_round=2, statistic="trial_sums", n_min=1, futility_power=0.0)
    means = sums.model_copy(update={"statistic": "task_means"})
    assert sequential_path(tasks, sums).looks[-1].estimate == pytest.approx(0.5)
    assert sequential_path(tasks, means).looks[-1].estimate == pytest.approx(0.375)
    # With one look a round every k is equal at every look: the same decisions and boundaries.
    whole = [_task(i, "pf", "pp") for i in range(12)]
    one = {"looks_per_round": 1}
    a = sequential_path(whole, sums.model_copy(update=one))
    b = sequential_path(whole, means.model_copy(update=one))
    assert [(x.decision, x.boundary) for x in a.looks] == [(x.decision, x.boundary) for x in b.looks]


def test_ten_looks_a_round_stop_at_look_eight_by_hand() -> None:
    # 12 tasks, 3 rounds, the default design (10 looks a round, trial sums, alpha 0.05 t with
    # t = look / 30, n_min 10). Groups floor(10 i / 12) = 0,0,1,2,3,4,5,5,6,7,8,9: look h of round 1
    # covers 2,3,4,5,6,8,9,10,11,12 tasks. Pack passes and baseline fails everywhere.
    # Reference paths: at look 6 (8 tasks, budget floor(0.01 * 10000) = 100) the ~78 paths with all
    # 8 signs equal (2/256) cross and none else (|S| = 6 has 7% of paths). Look 7 (budget 116 - 78):
    # |S| = 9 paths are those already crossed; |S| = 7 ones are ~3% > 38: tau 7, none cross. Look 8
    # (10 tasks, budget 133 - 78 = 55): |S| = 10 paths are all crossed already, |S| = 8 ones
    # (~2% of paths, minus those crossed) are far more than 55, so tau = 8; the observed |S| = 10
    # exceeds it, with ten paired tasks: better, boundary 8 / 10 trial pairs = 0.8.
    tasks = [_task(i, "f", "p") for i in range(12)]
    result = sequential_path(tasks, default_sequential_design(3))
    assert result.reason == "significant(round=1, look=8)" and result.verdict == "better"
    assert [x.decision for x in result.looks] == ["too_few_tasks"] * 7 + ["better"]
    last = result.looks[-1]
    assert last.alpha_spent == pytest.approx(0.05 * 8 / 30)
    assert (last.n_paired, last.estimate, last.boundary) == (10, 1.0, 0.8)
    assert result.rounds_run == 1


def test_the_default_design_looks_ten_times_a_round_on_trial_sums() -> None:
    design = default_sequential_design(4)
    assert (design.looks_per_round, design.statistic, design.gamma) == (10, "trial_sums", 0.0)
    assert SequentialDesign(max_rounds=4).statistic == "task_means"  # older run cards replay the same
