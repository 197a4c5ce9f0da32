"""Plan a sequential run (`memeval ab --until-decided`) from a pilot run's tasks.

For each most-rounds R in `rounds`, the fewest tasks n whose simulated sequential design reaches
the wanted power at the given effect is found by bisection, starting from the fixed-size plan of
R repeats (`tasks_for_effect`, normal approximation on the pilot's spread); the plan is the (n, R)
whose expected trials at the effect are fewest. Its expected trials at no difference and its
maximum (2 n R) are given beside it.

The simulation is `simulate_sequential` under the `pilot` generating model: task baseline rates
drawn with replacement from the pilot's (smoothed) per-task rates, the pack fixing a fraction of
failures so that the mean gain is the effect (`memeval.stats._seqsim`). Every evaluation uses
the same seed (common random numbers), so the bisection compares sizes, not noise.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from memeval.stats._planning import PilotSpread, tasks_for_effect
from memeval.stats._seqmodels import SequentialDesign
from memeval.stats._seqsim import simulate_sequential


@dataclass(frozen=True)
class SequentialPlan:
    """A sequential design sized from a pilot, with what it is expected to use."""

    tasks: int
    max_rounds: int
    max_trials: int
    """2 x tasks x max_rounds: the trials if no look stops the run."""
    power: float
    """Simulated share of runs that find the effect (better for a gain, worse for a loss)."""
    trials_at_effect: float
    """Simulated mean trials (both arms) at the planned effect."""
    trials_at_zero: float
    """Simulated mean trials at no difference (the sharp null)."""
    false_at_zero: float
    """Simulated share of runs that say better or worse at no difference (should be <= alpha)."""
    fixed_tasks: int
    """The fixed-size plan at max_rounds repeats (normal approximation), for comparison."""
    sims: int


def plan_sequential(
    spread: PilotSpread,
    rates: NDArray[np.float64],
    effect: float,
    *,
    power: float = 0.8,
    design: SequentialDesign,
    rounds: Sequence[int] = (2, 3, 4, 5),
    sims: int = 200,
    seed: int = 20240601,
    progress: Callable[[str], None] | None = None,
) -> SequentialPlan:
    """The sequential design with the fewest expected trials at `effect` that reaches `power`.

    Args:
        spread: the pilot's spread (`pilot_spread`), for the fixed-size starting points.
        rates: the pilot's per-task baseline pass rates, each in [0, 1].
        effect: the pass-rate difference to find, non-zero, |effect| < 1.
        power: wanted share of runs that find it, in (0, 1).
        design: the design's settings (spending, futility, flips); `max_rounds` is replaced.
        rounds: the most-rounds values to try, each >= 1.
        sims: simulated runs per evaluated size (power to about +-0.03 at 200).
        seed: seed of every evaluation.
        progress: called with a short line before each size is simulated.

    Returns:
        The plan. When no size up to 4x the fixed plan reaches the power, the most powerful tried
        (its `power` says so).

    Raises:
        ValueError: effect 0 or rates empty (from `tasks_for_effect` or the simulation).
    """
    if rates.size == 0:
        raise ValueError("the pilot has no task with a baseline trial")

    def run(n: int, r: int, eff: float) -> tuple[float, float, float]:
        d = design.model_copy(update={"max_rounds": r})
        s = simulate_sequential(
            n_tasks=n,
            design=d,
            base=float(rates.mean()),
            effect=eff,
            model="pilot",
            null="none" if eff else "sharp",
            n_sims=sims,
            rng=np.random.default_rng(seed),
            rates=rates,
        )
        hit = s.better if effect > 0 else s.worse
        return hit / sims, s.mean_trials, s.decisive_rate

    cache: dict[tuple[int, int], tuple[float, float, float]] = {}

    def at(n: int, r: int) -> tuple[float, float, float]:
        if (n, r) not in cache:
            if progress is not None:
                progress(f"simulating {n} tasks x <= {r} rounds ({sims} runs)")
            cache[(n, r)] = run(n, r, effect)
        return cache[(n, r)]

    best: tuple[bool, float, int, int, float, float, int] | None = None
    for r in rounds:
        fixed = tasks_for_effect(spread, effect, r, power=power)
        lo, hi = max(design.n_min, math.ceil(0.5 * fixed)), max(design.n_min + 1, 4 * fixed)
        if at(lo, r)[0] >= power:
            hi = lo
        else:
            probe = max(lo + 1, math.ceil(1.1 * fixed))
            while probe < hi and at(probe, r)[0] < power:
                lo, probe = probe, min(hi, math.ceil(probe * 1.3))
            hi = probe
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if at(mid, r)[0] >= power:
                    hi = mid
                else:
                    lo = mid
        p, trials, _ = at(hi, r)
        # Sizes that reach the power rank by expected trials; if none does, the most powerful.
        key = (p < power, trials if p >= power else -p, hi, r, p, trials, fixed)
        if best is None or key[:2] < best[:2]:
            best = key
    assert best is not None
    n, r, p, trials, fixed = best[2:]
    if progress is not None:
        progress(f"simulating {n} tasks x <= {r} rounds at no difference ({sims} runs)")
    _, trials_zero, false_zero = run(n, r, 0.0)
    return SequentialPlan(
        tasks=n,
        max_rounds=r,
        max_trials=2 * n * r,
        power=p,
        trials_at_effect=trials,
        trials_at_zero=trials_zero,
        false_at_zero=false_zero,
        fixed_tasks=fixed,
        sims=sims,
    )
