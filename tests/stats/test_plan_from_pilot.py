"""Planning from a pilot run: the spread of per-task differences, checked by hand."""

from __future__ import annotations

import math
import os
from typing import Any

import pytest

from memeval.stats import TaskTrials, TrialObs
from memeval.stats._planning import pilot_spread, tasks_for_effect


def _task(i: int, base: str, pack: str) -> TaskTrials:
    arm = {"p": "pass", "f": "fail", "x": "fault"}
    return TaskTrials(
        task_id=f"t{i}",
        baseline=tuple(TrialObs(outcome=arm[c]) for c in base),  # type: ignore[arg-type]
        pack=tuple(TrialObs(outcome=arm[c]) for c in pack),  # type: ignore[arg-type]
    )


def test_spread_by_hand_with_two_repeats() -> None:
    # d = (+1, 0, -0.5, +0.5): mean 0.25, sample variance ((.75)^2 + (.25)^2 + (.75)^2 + (.25)^2)/3
    # = 1.25 / 3. One trial's variance per arm: a 1-of-2 arm gives 0.5 * 0.5 * 2 = 0.5, a 0-of-2 or
    # 2-of-2 arm gives 0; arm pairs give 0, 0.5+0.5, 0+0.5, 0.5+0 -> within = 2 / 4 = 0.5.
    # between = 1.25/3 - 0.5 / 2 = 0.1666...
    tasks = [_task(0, "ff", "pp"), _task(1, "pf", "fp"), _task(2, "pp", "pf"), _task(3, "pf", "pp")]
    s = pilot_spread(tasks)
    assert (s.n_tasks, s.repeats) == (4, 2)
    assert s.mean_difference == pytest.approx(0.25)
    assert s.within == pytest.approx(0.5)
    assert s.between == pytest.approx(1.25 / 3 - 0.25)


def test_faulted_trials_are_left_out_and_unpaired_tasks_dropped() -> None:
    tasks = [_task(0, "fx", "px"), _task(1, "xx", "pp"), _task(2, "p", "f")]
    s = pilot_spread(tasks)
    assert s.n_tasks == 2 and s.repeats == 1


def test_a_pilot_needs_two_paired_tasks() -> None:
    with pytest.raises(ValueError, match="got 1"):
        pilot_spread([_task(0, "p", "f")])


def test_tasks_for_effect_by_hand() -> None:
    # (1.959964 + 0.841621)^2 = 7.84887; var = 0.1 + 0.4 / 3 = 0.233333; / 0.15^2 -> 81.39 -> 82.
    s = pilot_spread([_task(0, "ff", "pp"), _task(1, "pf", "fp")])._replace(between=0.1, within=0.4)
    assert tasks_for_effect(s, 0.15, 3) == math.ceil(7.848872 * (0.1 + 0.4 / 3) / 0.0225)
    assert tasks_for_effect(s, 0.15, 3) == 82
    with pytest.raises(ValueError, match="effect=0"):
        tasks_for_effect(s, 0.0, 3)


def test_the_sequential_plan_is_the_smallest_size_that_reaches_the_power() -> None:
    import numpy as np

    from memeval.stats import default_sequential_design
    from memeval.stats._seqplan import plan_sequential
    from memeval.stats._seqsim import simulate_sequential

    s = pilot_spread([_task(0, "ff", "pp"), _task(1, "pf", "fp")])._replace(between=0.02, within=0.25)
    rates = np.array([0.3, 0.4, 0.5, 0.6])
    design = default_sequential_design(1, n_flips=300)
    plan = plan_sequential(s, rates, 0.3, power=0.8, design=design, rounds=(2,), sims=100, seed=9)
    assert plan.max_rounds == 2 and plan.max_trials == 4 * plan.tasks
    assert plan.power >= 0.8 and 0 < plan.trials_at_effect <= plan.max_trials
    assert 0 < plan.trials_at_zero <= plan.max_trials and plan.fixed_tasks == tasks_for_effect(s, 0.3, 2)

    def power_at(n: int) -> float:
        sim = simulate_sequential(
            n_tasks=n,
            design=design.model_copy(update={"max_rounds": 2}),
            base=float(rates.mean()),
            effect=0.3,
            model="pilot",
            null="none",
            n_sims=100,
            rng=np.random.default_rng(9),
            rates=rates,
        )
        return sim.better / 100

    # The same seeded simulation: the plan's size reaches the power and one task fewer does not.
    assert power_at(plan.tasks) == plan.power
    if plan.tasks > design.n_min:
        assert power_at(plan.tasks - 1) < 0.8


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: BLAS runs one thread anyway")
def test_the_sequential_simulation_multiplies_on_one_blas_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """`memeval plan --sequential` took about 1 min 45 s on the sample's pilot (2 cores, loaded):
    half its time in `eps @ d`, a 10,000 x tasks product OpenBLAS split over spinning threads
    (20-28 ms a product, 2-4 ms on one thread). The simulation now holds BLAS to one thread."""
    import numpy as np
    from threadpoolctl import threadpool_info

    from memeval.stats import _seqsim, default_sequential_design

    seen: list[int] = []
    real = _seqsim.looks_from_counts

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.extend(p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas")
        return real(*args, **kwargs)

    monkeypatch.setattr(_seqsim, "looks_from_counts", spy)
    _seqsim.simulate_sequential(
        n_tasks=12,
        design=default_sequential_design(2, n_flips=200),
        base=0.5,
        effect=0.2,
        model="pilot",
        null="none",
        n_sims=3,
        rng=np.random.default_rng(1),
        rates=np.array([0.2, 0.5, 0.8]),
    )
    assert seen and set(seen) == {1}, (seen, threadpool_info())
