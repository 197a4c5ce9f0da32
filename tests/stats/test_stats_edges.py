"""Hand-checked edge cases of the paired verdict (values worked out by hand in the comments)."""

from __future__ import annotations

import json
import math
from typing import Any

import pydantic
import pytest

from memeval.stats import TaskTrials, TrialObs, paired_verdict

FAST = {"boot_resamples": 199}


def test_all_ties_give_no_informative_tasks(make_tasks: Any) -> None:
    # 6 tasks pass in both arms, 6 fail in both: every d = 0.
    tasks = make_tasks(["p"] * 6 + ["f"] * 6, ["p"] * 6 + ["f"] * 6)
    r = paired_verdict(tasks, **FAST)
    assert (r.n_pos, r.n_neg, r.n_tied) == (0, 0, 12)
    assert r.p_value == 1.0 and r.p_method == "no_informative_tasks"
    assert (r.verdict, r.reason) == ("unresolved", "no_informative_tasks")
    assert r.delta == 0.0 and r.p_paired_t is None and r.delta_ci_t is None
    assert r.delta_ci is not None and r.delta_ci.lower == pytest.approx(-r.delta_ci.upper)


def test_all_ties_with_repeats(make_tasks: Any) -> None:
    # Same pass count per task in both arms, in different orders: d = 0 everywhere.
    tasks = make_tasks(["pff", "ppf", "fff"] * 4, ["fpf", "fpp", "fff"] * 4)
    r = paired_verdict(tasks, **FAST)
    assert r.p_method == "no_informative_tasks" and r.verdict == "unresolved"
    assert not r.one_repeat and r.delta_ci is None  # no spread in d: t interval undefined


def test_equal_nonzero_d_use_the_binomial_test(make_tasks: Any) -> None:
    # 10 tasks with d = +1/3 and 2 with d = -1/3: sign test, 10 of 12 positive.
    # p = 2 * (C(12,0) + C(12,1) + C(12,2)) / 2^12 = 2 * 79 / 4096 = 0.03857421875.
    tasks = make_tasks(["pff"] * 5 + ["fff"] * 5 + ["ppf"] * 2, ["ppf"] * 5 + ["pff"] * 5 + ["pff"] * 2)
    r = paired_verdict(tasks, **FAST)
    assert (r.n_pos, r.n_neg) == (10, 2)
    assert r.p_method == "exact(binomtest)"  # 2/3-1/3 and 1/3-0 are the same d, exactly
    assert r.p_value == pytest.approx(158 / 4096, abs=1e-15)
    assert (r.verdict, r.reason) == ("better", "significant")


def test_unequal_d_exact_permutation_by_hand(make_tasks: Any) -> None:
    # d = +2/3, +1/3, -1/3 (scaled 2, 1, -1; sum 2). The 8 flips give sums 4,2,2,0,0,-2,-2,-4:
    # P(S >= 2) = 3/8, so p = 2 * 3/8 = 0.75.
    tasks = make_tasks(["fff", "fff", "pff"], ["ppf", "pff", "fff"])
    r = paired_verdict(tasks, **FAST)
    assert r.p_method == "exact"
    assert r.p_value == pytest.approx(0.75, abs=1e-12)
    assert r.p_value_exact_convolution == pytest.approx(0.75, abs=1e-12)
    assert r.p_sign_test == pytest.approx(1.0)  # 2 of 3 positive: 2 * 4/8


def test_fewer_than_ten_tasks_is_unresolved_even_when_significant(make_tasks: Any) -> None:
    # 9 tasks, all pack-only passes: p = 2 / 2^9 = 0.00390625 < 0.05, but 9 < 10 tasks.
    tasks = make_tasks(["f"] * 9, ["p"] * 9)
    r = paired_verdict(tasks, **FAST)
    assert r.p_value == 0.00390625
    assert (r.verdict, r.reason) == ("unresolved", "too_few_tasks(<10)")
    assert paired_verdict(tasks, n_min=5, **FAST).verdict == "better"


def test_worse_and_not_significant(make_tasks: Any) -> None:
    # 10 baseline-only passes: p = 2 / 1024 -> worse.
    r = paired_verdict(make_tasks(["p"] * 10, ["f"] * 10), **FAST)
    assert (r.verdict, r.reason, r.p_value) == ("worse", "significant", 2 / 1024)
    # 6 positive, 4 negative, 2 ties: p = 2 * sum_{j<=4} C(10,j) / 1024 = 2 * 386 / 1024.
    mixed = make_tasks(["f"] * 6 + ["p"] * 4 + ["p", "f"], ["p"] * 6 + ["f"] * 4 + ["p", "f"])
    r = paired_verdict(mixed, **FAST)
    assert r.p_value == pytest.approx(772 / 1024)
    assert (r.verdict, r.reason) == ("unresolved", "not_significant(p>=0.05)")
    at_10 = paired_verdict(mixed, alpha=0.1, **FAST)
    assert (at_10.reason, at_10.alpha) == ("not_significant(p>=0.1)", 0.1)


def test_no_passes_in_an_arm_gives_no_cost_value(make_tasks: Any) -> None:
    r = paired_verdict(make_tasks(["f"] * 10, ["p"] * 7 + ["f"] * 3), **FAST)
    base = r.cost_of_pass.baseline
    assert base.passes == 0 and base.value is None and base.ci is None
    assert base.spend == pytest.approx(1.0)
    assert r.cost_of_pass.pack.value == pytest.approx(1.0 / 7)
    assert r.cost_of_pass.pack_minus_baseline is None
    text = r.model_dump_json()
    assert "Infinity" not in text and "NaN" not in text
    none = paired_verdict(make_tasks(["f"] * 10, ["f"] * 10), **FAST)
    assert none.cost_of_pass.pack.value is None and none.cost_of_pass.baseline.value is None


def test_unknown_costs_are_left_out_not_zero(make_tasks: Any) -> None:
    # Baseline: 10 tasks, one trial each, pass in the first 5; costs 0.2 except t000 and t005
    # unknown. Known: 8 trials, spend 1.6, passes among them 4 -> 0.4 per pass, coverage "8/10".
    costs_b = [[None]] + [[0.2]] * 4 + [[None]] + [[0.2]] * 4
    tasks = make_tasks(["p"] * 5 + ["f"] * 5, ["p"] * 10, costs_b=costs_b)
    r = paired_verdict(tasks, **FAST)
    base = r.cost_of_pass.baseline
    assert (base.spend, base.passes, base.cost_coverage) == (pytest.approx(1.6), 4, "8/10")
    assert base.value == pytest.approx(0.4)
    assert r.cost_of_pass.pack.cost_coverage == "10/10"
    assert r.pass_rate_baseline == 0.5  # unknown cost does not change scoring


def test_all_costs_unknown(make_tasks: Any) -> None:
    tasks = make_tasks(["p"] * 10, ["p"] * 10, costs_b=[[None]] * 10)
    base = paired_verdict(tasks, **FAST).cost_of_pass.baseline
    assert (base.spend, base.passes, base.value, base.cost_coverage) == (0.0, 0, None, "0/10")


def test_faults_are_dropped_listed_and_never_zeros(make_tasks: Any) -> None:
    base = ["fxf"] + ["pff"] * 10 + ["xxx"]
    pack = ["ppx"] + ["ppf"] * 10 + ["ppp"]
    r = paired_verdict(make_tasks(base, pack), **FAST)
    assert r.tasks_dropped == ("t011",)
    assert (r.n_tasks_total, r.n_tasks_paired) == (12, 11)
    assert (r.faults.baseline, r.faults.pack) == (4, 1)
    assert r.fault_spend.baseline == pytest.approx(0.4) and r.fault_spend.reason is None
    assert [(f.task_id, f.mode, f.index) for f in r.faulted_trials] == [
        ("t000", "baseline", 1),
        ("t000", "pack", 2),
        ("t011", "baseline", 0),
        ("t011", "baseline", 1),
        ("t011", "baseline", 2),
    ]
    # t000: baseline 0/2 and pack 2/2 over scored trials (a fault is not a fail).
    clean = paired_verdict(make_tasks(["ff"] + ["pff"] * 10, ["pp"] + ["ppf"] * 10), **FAST)
    assert r.delta == clean.delta and r.p_value == clean.p_value
    kinds = {w.kind: w for w in r.warnings}
    assert "many_faults" in kinds and "5 of 72" in kinds["many_faults"].message
    assert kinds["few_trials"].task_ids == ("t000",)


def test_timeouts_count_toward_the_fault_warning() -> None:
    slow = TrialObs(outcome="fail", cost_usd=0.1, timed_out=True)
    ok = TrialObs(outcome="pass", cost_usd=0.1)

    def run(n_slow: int) -> Any:
        tasks = [
            TaskTrials(task_id=f"t{i}", baseline=(ok, ok, slow if i < n_slow else ok), pack=(ok,) * 3)
            for i in range(10)
        ]
        return paired_verdict(tasks, **FAST)

    assert run(3).warnings == ()  # 3 of 60 is exactly 5%: not over the limit
    r = run(4)  # 4 of 60 = 6.7%
    assert [w.kind for w in r.warnings] == ["many_faults"]
    assert "4 of 60" in r.warnings[0].message


def test_mixed_settings_warning(make_tasks: Any) -> None:
    r = paired_verdict(make_tasks(["ppp"] * 10, ["ppp"] * 10), mixed_settings=["model differs"], **FAST)
    assert [(w.kind, w.message) for w in r.warnings] == [
        ("mixed_settings", "trials ran under differing settings: model differs")
    ]


def test_no_tasks_at_all() -> None:
    r = paired_verdict([], **FAST)
    assert (r.verdict, r.reason) == ("unresolved", "too_few_tasks(<10)")
    assert r.delta is None and r.pass_rate_pack is None and r.delta_ci is None
    assert r.cost_of_pass.pack.value is None and r.cost_of_pass.pack.cost_coverage == "0/0"
    json.loads(r.model_dump_json())


def test_exact_up_to_sixteen_informative_tasks_then_monte_carlo(make_tasks: Any) -> None:
    # 16 informative tasks with unequal |d|: exact over all 2^16 flips, equal to the convolution.
    base = ["fff"] * 6 + ["pff"] * 5 + ["ppf"] * 5 + ["ppp"] * 4
    pack = ["ppf"] * 6 + ["ppf"] * 5 + ["pff"] * 5 + ["ppp"] * 4
    r = paired_verdict(make_tasks(base, pack), **FAST)
    assert (r.p_method, r.n_pos + r.n_neg, r.n_tied) == ("exact", 16, 4)
    assert r.p_value == pytest.approx(r.p_value_exact_convolution, abs=1e-12)
    # One more informative task: seeded Monte Carlo, within 4 standard errors of the exact value.
    r = paired_verdict(make_tasks(base + ["fff"], pack + ["pff"]), **FAST)
    assert (r.p_method, r.n_pos + r.n_neg) == ("monte_carlo", 17)
    se = math.sqrt(r.p_value_exact_convolution * (1 - r.p_value_exact_convolution) / 100_000)
    assert abs(r.p_value - r.p_value_exact_convolution) < 4 * se + 1e-4
    again = paired_verdict(make_tasks(base + ["fff"], pack + ["pff"]), **FAST)
    assert again.p_value == r.p_value  # seeded: the same figure every time


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"alpha": 0.0}, "alpha must be in the open interval (0, 1), got 0.0"),
        ({"alpha": 1.5}, "got 1.5"),
        ({"n_min": 0}, "n_min must be an integer >= 1, got 0"),
        ({"mc_resamples": 0}, "mc_resamples must be an integer >= 1, got 0"),
        ({"boot_resamples": -3}, "boot_resamples must be an integer >= 1, got -3"),
        ({"perm_seed": -1}, "perm_seed must be an integer >= 0, got -1"),
        ({"boot_seed": 1.5}, "boot_seed must be an integer >= 0, got 1.5"),
    ],
)
def test_bad_arguments_are_refused_by_name(kwargs: dict[str, Any], fragment: str, make_tasks: Any) -> None:
    with pytest.raises(ValueError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        paired_verdict(make_tasks(["p"], ["p"]), **kwargs)


def test_duplicate_task_ids_are_refused(make_tasks: Any) -> None:
    tasks = make_tasks(["p", "f"], ["p", "p"])
    with pytest.raises(ValueError, match="task id 't000' appears twice"):
        paired_verdict([tasks[0], tasks[1], tasks[0]])


def test_trial_validation() -> None:
    with pytest.raises(pydantic.ValidationError, match="cost_usd must be a finite amount"):
        TrialObs(outcome="pass", cost_usd=-0.1)
    with pytest.raises(pydantic.ValidationError, match="cost_usd"):
        TrialObs(outcome="pass", cost_usd=math.inf)
    with pytest.raises(pydantic.ValidationError):
        TrialObs(outcome="passed")  # type: ignore[arg-type]
    trial = TrialObs(outcome="pass", cost_usd=0.2)
    with pytest.raises(pydantic.ValidationError):
        trial.cost_usd = 0.3  # type: ignore[misc]


def test_fault_spend_with_an_unknown_cost_is_null_not_a_partial_sum(make_tasks: Any) -> None:
    costs_b = [[0.3, None]] + [[0.1]] * 10
    r = paired_verdict(make_tasks(["xx"] + ["p"] * 10, ["p"] * 11, costs_b=costs_b), **FAST)
    assert r.fault_spend.baseline is None and r.fault_spend.pack == 0.0
    assert r.fault_spend.reason == "baseline: cost unknown for 1 of 2 faulted trial(s)"
