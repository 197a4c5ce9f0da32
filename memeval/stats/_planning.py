"""Multiple comparisons (Holm) and run planning (tasks needed for a given power)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from memeval.stats._models import TaskTrials
from memeval.stats._simulate import simulate_verdicts
from memeval.stats._verdict import DEFAULT_ALPHA, DEFAULT_N_MIN


def holm_adjust(p_values: Sequence[float]) -> list[float]:
    """Holm-Bonferroni adjusted p-values (Holm 1979, step-down), in the input order.

    With p sorted ascending, adjusted p_(i) = max over j <= i of min(1, (m - j + 1) * p_(j)); reject
    the hypotheses whose adjusted p is below alpha (family-wise error rate <= alpha).

    Args:
        p_values: raw p-values, each in [0, 1].

    Returns:
        Adjusted p-values, same length and order.

    Raises:
        ValueError: a p-value outside [0, 1] or NaN, naming it.
    """
    for p in p_values:
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p-values must be in [0, 1], got {p!r}")
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def tasks_for_power(
    effect: float,
    repeats: int,
    base_rate: float = 0.5,
    power: float = 0.8,
    alpha: float = DEFAULT_ALPHA,
    seed: int = 20240601,
    *,
    n_sims: int = 400,
    max_tasks: int = 2000,
    spread: float = 0.0,
) -> int:
    """Fewest tasks for which the procedure reaches `power`, by seeded simulation.

    Power at n tasks is the share of simulated runs (`simulate_verdicts`, pack rate
    `base_rate + effect`) whose verdict has the sign of `effect`. Every n reuses the same seed
    (common random numbers); n is found by doubling from `n_min` then bisection. With 400 runs the
    power estimate has a standard error of about 2 points, so treat the answer as +-10%.

    Args:
        effect: true difference in pass rate (pack - baseline), non-zero, e.g. 0.15.
        repeats: trials per task per arm, >= 1.
        base_rate: baseline pass rate, in [0, 1].
        power: target share of runs with the right verdict, in (0, 1).
        alpha: significance level, in (0, 1).
        seed: seed of the simulation's `numpy.random.Generator`.
        n_sims: simulated runs per candidate n.
        max_tasks: largest n tried.
        spread: half-width of the spread of task pass rates around `base_rate`.

    Returns:
        The number of tasks.

    Raises:
        ValueError: a bad argument, or `power` not reached by `max_tasks` tasks (both named).
    """
    if effect == 0 or not 0.0 <= base_rate + effect <= 1.0 or not 0.0 <= base_rate <= 1.0:
        raise ValueError(
            f"effect {effect!r} (--effect) with base rate {base_rate!r} (--base-rate) must be non-zero and keep "
            f"both rates in [0, 1]: use an effect between {-base_rate:+g} and {1 - base_rate:+g}, not 0"
        )
    if not 0.0 < power < 1.0:
        raise ValueError(f"power must be in (0, 1), got {power!r}")
    if not 0.0 < alpha < 1.0:
        raise ValueError(f"alpha must be in (0, 1), got {alpha!r}")
    want = "better" if effect > 0 else "worse"

    def reached(n: int) -> bool:
        summary = simulate_verdicts(
            n_tasks=n,
            repeats=repeats,
            rate_baseline=base_rate,
            rate_pack=base_rate + effect,
            n_sims=n_sims,
            rng=np.random.default_rng(seed),
            spread=spread,
            alpha=alpha,
        )
        hits: int = summary.better if want == "better" else summary.worse
        return hits / n_sims >= power

    low, high = DEFAULT_N_MIN - 1, DEFAULT_N_MIN
    while not reached(high):
        if high >= max_tasks:
            raise ValueError(
                f"power {power} for effect {effect} at {repeats} repeat(s) is not reached with "
                f"max_tasks={max_tasks} tasks; raise max_tasks or the repeats"
            )
        low, high = high, min(2 * high, max_tasks)
    while high - low > 1:
        mid = (low + high) // 2
        if reached(mid):
            high = mid
        else:
            low = mid
    return high


class PilotSpread(NamedTuple):
    """What a pilot run says about per-task differences (Miller, "Adding Error Bars to Evals", 2024).

    A task's observed difference d_i (pack pass rate - baseline pass rate over k repeats) varies
    for two reasons: tasks differ in their true difference (between-task variance `between`), and
    each trial is a coin flip (within-task variance of one trial's difference, `within`, which
    shrinks as within / k). So Var(d_i) = between + within / k.
    """

    n_tasks: int
    repeats: int
    """Scored trials per task and arm in the pilot (the smallest over paired tasks)."""
    mean_difference: float
    between: float
    """Between-task variance of the true difference, >= 0 (moment estimate, floored at 0)."""
    within: float
    """Variance of one trial's pass/fail difference, averaged over tasks (unbiased per task)."""
    mean_baseline: float
    """Mean baseline pass rate over paired tasks."""


def pilot_spread(tasks: Sequence[TaskTrials]) -> PilotSpread:
    """Estimate the spread of per-task differences from a pilot run's trials.

    Per arm and task, with s scored trials and pass rate p, the unbiased variance of one trial is
    p (1 - p) s / (s - 1); `within` is the mean over tasks of the two arms' values. `between` is the
    sample variance of d_i minus within / k (method of moments; floored at 0). With one repeat the
    two cannot be told apart: `within` is then the mean Bernoulli variance p (1 - p) of both arms,
    which attributes as little as the data allow to tasks.

    Args:
        tasks: the pilot's trials per task (faulted trials are left out).

    Returns:
        The estimates.

    Raises:
        ValueError: fewer than 2 tasks with a scored trial in both arms.
    """
    rows = []
    for t in tasks:
        b = [x.outcome == "pass" for x in t.baseline if x.outcome != "fault"]
        p = [x.outcome == "pass" for x in t.pack if x.outcome != "fault"]
        if b and p:
            rows.append((b, p))
    if len(rows) < 2:
        raise ValueError(f"a pilot needs at least 2 tasks with a scored trial in both arms, got {len(rows)}")
    d = np.array([np.mean(p) - np.mean(b) for b, p in rows])
    k = min(min(len(b), len(p)) for b, p in rows)

    def trial_var(xs: list[bool]) -> float:
        s, m = len(xs), float(np.mean(xs))
        return m * (1 - m) * (s / (s - 1) if s > 1 else 1.0)

    if k > 1:
        within = float(np.mean([trial_var(b) + trial_var(p) for b, p in rows]))
    else:
        mb = float(np.mean([np.mean(b) for b, _ in rows]))
        mp = float(np.mean([np.mean(p) for _, p in rows]))
        within = mb * (1 - mb) + mp * (1 - mp)
    between = max(0.0, float(np.var(d, ddof=1)) - within / k)
    return PilotSpread(
        n_tasks=len(rows),
        repeats=k,
        mean_difference=float(d.mean()),
        between=between,
        within=within,
        mean_baseline=float(np.mean([np.mean(b) for b, _ in rows])),
    )


def tasks_for_effect(
    spread: PilotSpread, effect: float, repeats: int, *, power: float = 0.8, alpha: float = DEFAULT_ALPHA
) -> int:
    """Tasks a fixed run of `repeats` repeats needs to find `effect` (normal approximation).

    n = (z_{1-alpha/2} + z_power)^2 (between + within / repeats) / effect^2, at least `n_min`
    (Miller 2024, section on power analysis, with the variance of a task's mean difference).

    Raises:
        ValueError: effect 0, repeats < 1, power or alpha outside (0, 1).
    """
    if effect == 0 or repeats < 1 or not 0 < power < 1 or not 0 < alpha < 1:
        raise ValueError(
            f"need effect != 0, repeats >= 1, power and alpha in (0, 1); got effect={effect!r}, "
            f"repeats={repeats!r}, power={power!r}, alpha={alpha!r}"
        )
    from scipy import stats

    z = float(stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(power))
    var = spread.between + spread.within / repeats
    return max(DEFAULT_N_MIN, int(np.ceil(z * z * var / (effect * effect))))
