"""Seeded calibration of the procedure under no difference, its power, and run planning.

Calibration: 120 scenarios drawn from pass rates 0.2-0.8, 10-200 tasks and 1-5 repeats (half with
task pass rates spread +-0.15 around the mean), 100 simulated runs each: 12,000 runs with no true
difference. The pooled share of `better` + `worse` must stay at or under 5% plus a binomial slack
of 3 standard errors at 5% (3 * sqrt(0.05 * 0.95 / 12000) = 0.0060). Twelve grid corners get 400
runs each and may not exceed the 99.9% binomial quantile at 5% (30 of 400). The simulation takes
its verdicts by the same rule and p-values as `paired_verdict` (checked here run by run).
"""

from __future__ import annotations

import math
from itertools import product

import numpy as np
import pytest
from scipy import stats

from memeval.stats import TaskTrials, TrialObs, paired_verdict, simulate_verdicts, tasks_for_power
from memeval.stats._simulate import sign_flip_p_values

N_SCENARIOS, SIMS_PER_SCENARIO = 120, 100


def test_no_difference_gives_at_most_five_percent_verdicts() -> None:
    rng = np.random.default_rng(20240601)
    decisive = total = 0
    for i in range(N_SCENARIOS):
        summary = simulate_verdicts(
            n_tasks=int(rng.integers(10, 201)),
            repeats=int(rng.integers(1, 6)),
            rate_baseline=(rate := float(rng.uniform(0.2, 0.8))),
            rate_pack=rate,
            n_sims=SIMS_PER_SCENARIO,
            rng=rng,
            spread=0.15 if i % 2 else 0.0,
        )
        decisive += summary.better + summary.worse
        total += summary.n_sims
    slack = 3 * math.sqrt(0.05 * 0.95 / total)
    assert total == 12_000
    assert decisive / total <= 0.05 + slack, f"{decisive} of {total} runs gave a verdict"
    assert decisive > 0  # a procedure that never decides would pass trivially


@pytest.mark.parametrize(("rate", "n_tasks", "repeats"), list(product([0.2, 0.5, 0.8], [10, 200], [1, 5])))
def test_no_difference_at_the_grid_corners(rate: float, n_tasks: int, repeats: int) -> None:
    summary = simulate_verdicts(
        n_tasks=n_tasks,
        repeats=repeats,
        rate_baseline=rate,
        rate_pack=rate,
        n_sims=400,
        rng=np.random.default_rng(n_tasks * 10 + repeats + int(rate * 100)),
    )
    assert summary.better + summary.worse <= stats.binom.ppf(0.999, 400, 0.05)  # 30 of 400


def test_power_at_fifteen_points_with_the_planned_run() -> None:
    # 100 tasks x 3 repeats at 0.50 -> 0.65: planning says about 60 tasks reach 80%, so well over.
    summary = simulate_verdicts(
        n_tasks=100,
        repeats=3,
        rate_baseline=0.5,
        rate_pack=0.65,
        n_sims=400,
        rng=np.random.default_rng(3),
    )
    assert summary.better / summary.n_sims >= 0.85
    assert summary.worse == 0
    worse = simulate_verdicts(
        n_tasks=100,
        repeats=3,
        rate_baseline=0.65,
        rate_pack=0.5,
        n_sims=400,
        rng=np.random.default_rng(3),
    )
    assert worse.worse / worse.n_sims >= 0.85


def _random_run(rng: np.random.Generator) -> tuple[list[TaskTrials], np.ndarray]:
    n, k = int(rng.integers(10, 25)), int(rng.integers(1, 4))
    base = rng.binomial(k, rng.uniform(0.1, 0.9, n))
    pack = rng.binomial(k, rng.uniform(0.1, 0.9, n))

    def arm(passes: int) -> tuple[TrialObs, ...]:
        return tuple(TrialObs(outcome="pass" if j < passes else "fail", cost_usd=0.1) for j in range(k))

    tasks = [
        TaskTrials(task_id=f"t{i}", baseline=arm(b), pack=arm(p))
        for i, (b, p) in enumerate(zip(base, pack, strict=True))
    ]
    return tasks, (pack - base).astype(np.int64)


def test_simulation_uses_the_same_p_values_as_paired_verdict() -> None:
    rng = np.random.default_rng(11)
    methods = set()
    for _ in range(30):
        tasks, d = _random_run(rng)
        # A lower exact limit (12) keeps the exact enumerations small; the rule is the same.
        result = paired_verdict(tasks, boot_resamples=9, mc_resamples=5_000, exact_max_nonzero=12)
        (p_sim,) = sign_flip_p_values(d[None, :])
        methods.add(result.p_method)
        if result.p_method == "monte_carlo":
            assert abs(result.p_value - p_sim) < 4 * math.sqrt(p_sim * (1 - p_sim) / 5_000) + 1e-3
        else:
            assert result.p_value == pytest.approx(p_sim, abs=1e-12)
    assert {"exact", "exact(binomtest)", "monte_carlo"} <= methods


def test_tasks_for_power() -> None:
    n3 = tasks_for_power(0.15, 3, seed=5)
    n1 = tasks_for_power(0.15, 1, seed=5)
    assert 10 <= n3 < n1
    assert 30 <= n3 <= 120  # about 60 by the normal approximation for 3 repeats
    assert tasks_for_power(0.3, 3, seed=5) < n3
    assert tasks_for_power(0.15, 3, seed=5) == n3  # seeded
    assert tasks_for_power(-0.15, 3, seed=5) == pytest.approx(n3, rel=0.25)


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"effect": 0.0, "repeats": 3}, "effect 0.0"),
        ({"effect": 0.6, "repeats": 3}, "effect 0.6"),
        ({"effect": 0.1, "repeats": 3, "power": 1.0}, "power must be in"),
        ({"effect": 0.02, "repeats": 1, "max_tasks": 40}, "max_tasks=40"),
    ],
)
def test_tasks_for_power_refuses(kwargs: dict, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        tasks_for_power(**kwargs)
