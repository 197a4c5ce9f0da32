"""The reference set's bounds of the sequential test: alpha spending, thresholds, futility.

Steps 2, 3 and 5 of the procedure `memeval.stats._sequential` describes (its module docstring
gives the sources): the seeded sign flips that make the reference set (`_flips`), the cumulative
alpha each look may spend (`alpha_spent`), the crossing threshold of each look over the
reference set (`_thresholds`), and the conditional power under the current trend with the
futility rule it drives (`_conditional_power`, `_futility_checks`). Every function here works on
arrays the path code (`_sequential.looks_from_counts`) has built, and holds no state.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray
from scipy import special, stats

from memeval.stats._seqmodels import SequentialDesign, SpendingFunction


def alpha_spent(spending: SpendingFunction, t: float, alpha: float, gamma: float = 0.0) -> float:
    """Cumulative alpha spent at information fraction t (Lan and DeMets 1983).

    Args:
        spending: `obrien_fleming` (2 - 2 Phi(z_{1-alpha/2} / sqrt(t))), `pocock`
            (alpha ln(1 + (e - 1) t)) or `hsd`, the Hwang-Shih-DeCani family
            alpha (1 - e^{-gamma t}) / (1 - e^{-gamma}), alpha t at gamma = 0 (Hwang, Shih and
            DeCani, "Group sequential designs using a family of type I error probability spending
            functions", Statistics in Medicine 1990).
        t: information fraction in [0, 1].
        alpha: total two-sided alpha in (0, 1).
        gamma: the `hsd` parameter (ignored by the other two).

    Returns:
        A value in [0, alpha]; alpha at t = 1.

    Raises:
        ValueError: t outside [0, 1].
    """
    if not 0.0 <= t <= 1.0:
        raise ValueError(f"information fraction must be in [0, 1], got {t!r}")
    if t == 0.0:
        return 0.0
    if t == 1.0:
        return alpha
    if spending == "obrien_fleming":
        z = float(stats.norm.ppf(1.0 - alpha / 2.0))
        return float(min(alpha, 2.0 - 2.0 * stats.norm.cdf(z / math.sqrt(t))))
    if spending == "hsd":
        if gamma == 0.0:
            return alpha * t
        return float(min(alpha, alpha * -math.expm1(-gamma * t) / -math.expm1(-gamma)))
    return float(min(alpha, alpha * math.log(1.0 + (math.e - 1.0) * t)))


def _thresholds(
    sums: NDArray[np.float64],
    alphas: Sequence[float],
    n_flips: int,
    futile: NDArray[np.bool_] | None = None,
) -> tuple[list[float], NDArray[np.bool_], NDArray[np.bool_]]:
    """Crossing thresholds per look over a reference set of paths.

    Args:
        sums: shape (n_flips, looks), |S_j| of each reference path (row 0 the observed one).
        alphas: cumulative alpha per look.
        n_flips: rows of `sums`.
        futile: shape (n_flips, looks), where each reference path meets the futility rule (binding
            futility): a path that meets it at look j without crossing there is stopped, so it
            neither crosses nor uses alpha at later looks. None for non-binding futility.

    Returns:
        (tau, crossed_at, crossed_alive_by): tau[j] such that a path crosses look j when
        |S_j| > tau[j] (inf when no path may); for row 0 whether |S_j| > tau[j] at each look; and
        whether row 0 has crossed at some look <= j while still alive (before any crossing and,
        binding, before the futility rule stopped it): the event whose chance the budget bounds.
    """
    alive = np.ones(n_flips, dtype=np.bool_)
    crossed_total = 0
    taus: list[float] = []
    observed = np.zeros(sums.shape[1], dtype=np.bool_)
    ever = np.zeros(sums.shape[1], dtype=np.bool_)
    crossed_alive = False
    for j, a in enumerate(alphas):
        budget = math.floor(a * n_flips + 1e-9) - crossed_total
        values = sums[alive, j]
        if budget <= 0 or values.size == 0:
            tau = math.inf
        elif budget >= values.size:
            tau = 0.0
        else:
            # The (budget+1)-th largest value: strictly above it are at most `budget` paths.
            tau = max(float(np.partition(values, values.size - budget - 1)[values.size - budget - 1]), 0.0)
        cross = alive & (sums[:, j] > tau)
        # The observed path may stop at any look it crosses, even after an earlier crossing that
        # the fault check did not let stand: that only narrows "ever crosses", whose chance is <= alpha.
        observed[j] = bool(sums[0, j] > tau)
        crossed_alive = crossed_alive or bool(cross[0])
        ever[j] = crossed_alive
        crossed_total += int(cross.sum())
        alive &= ~cross
        if futile is not None:
            alive &= ~futile[:, j]
        taus.append(tau)
    return taus, observed, ever


def _flips(n_tasks: int, n_flips: int, seed: int) -> NDArray[np.float64]:
    rng = np.random.default_rng(seed)
    eps = (rng.integers(0, 2, size=(n_flips, n_tasks)) * 2 - 1).astype(np.float64)
    eps[0] = 1  # the observed path itself belongs to the reference set
    return eps


def _conditional_power(
    signed: NDArray[np.float64], d: NDArray[np.float64], t: NDArray[np.float64], alpha: float
) -> NDArray[np.float64]:
    """Conditional power under the current trend of every reference path at some looks (step 5).

    Args:
        signed: S_j of each reference path, shape (n_flips, looks).
        d: the task values x_i(j) at those looks, shape (tasks, looks); sum_i x_i(j)^2 is the same
            for every sign flip of the path.
        t: information fraction of each look, shape (looks,), each in (0, 1).
        alpha: the design's two-sided alpha.

    Returns:
        Shape (n_flips, looks). `scipy.special.ndtr` and `ndtri` are the normal cdf and its inverse
        (what `scipy.stats.norm` computes, without its per-call checks).
    """
    norm = np.sqrt((d**2).sum(axis=0))
    z = np.abs(signed) / np.where(norm > 0, norm, 1.0)
    b = z * np.sqrt(t)
    drift = b / t
    z_final = float(special.ndtri(1.0 - alpha / 2.0))
    return np.asarray(1.0 - special.ndtr((z_final - b - drift * (1.0 - t)) / np.sqrt(1.0 - t)), dtype=np.float64)


def _futility_checks(
    signed: NDArray[np.float64], d: NDArray[np.float64], paired: NDArray[np.bool_], design: SequentialDesign
) -> tuple[NDArray[np.float64], NDArray[np.bool_]]:
    """Conditional power and the futility rule of every reference path at every look.

    Args:
        signed: S_j of each reference path, shape (n_flips, looks).
        d: task paths, shape (tasks, looks).
        paired: shape (tasks, looks), as `_scaled_d` gives.
        design: the design (its `futility_power`, `max_rounds`, `looks_per_round`, `n_min`, `alpha`).

    Returns:
        (cp, futile), both shape (n_flips, looks): conditional power (NaN at the last look and at
        looks with fewer than `n_min` paired tasks) and whether the rule stops the path there (never
        at the looks of round 1, nor where cp is NaN).
    """
    total_looks = design.max_rounds * design.looks_per_round
    cp = np.full(signed.shape, np.nan)
    looks = np.arange(1, signed.shape[1] + 1)
    apply = (looks < total_looks) & (paired.sum(axis=0) >= design.n_min)
    if apply.any():
        cp[:, apply] = _conditional_power(signed[:, apply], d[:, apply], looks[apply] / total_looks, design.alpha)
    futile = np.zeros(signed.shape, dtype=np.bool_)
    first = design.looks_per_round  # the rule applies from the first look after round 1
    if design.futility_power > 0:
        futile[:, first:] = np.nan_to_num(cp[:, first:], nan=1.0) < design.futility_power
    return cp, futile
