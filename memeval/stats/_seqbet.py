"""A betting test for the mean task-level difference: the other sequential design of issue 19.

Compared by simulation with the group-sequential sign-flip test of `_sequential` in
`bench/sequential_calibration.py`; it is not what `memeval ab --until-decided` uses (it needed
more trials for the same power there; see README).

The design
----------
Tasks are taken one after another in an order fixed before any outcome is seen (in practice in
batches: every task of a batch is run `repeats` times in both arms, then a look). Task i gives
d_i = pack pass rate - baseline pass rate over its scored trials, in [-1, 1]; tasks are a sample
from a population of tasks, so the d_i are i.i.d. with mean mu, and "no difference" is mu = 0.
With y_i = (d_i + 1) / 2 in [0, 1] and m = 1/2 (the value of mean y under mu = 0), the hedged
capital process of Waudby-Smith and Ramdas ("Estimating means of bounded random variables by
betting", JRSS-B 2024, section 4, the hedged capital process, and section 5.1, the predictable
plug-in bets) is

    K_t = 1/2 prod_{i<=t} (1 + l_i (y_i - m)) + 1/2 prod_{i<=t} (1 - l_i (y_i - m)),

with the predictable bet l_i = min(c / m, sqrt(2 ln(2 / alpha) / (s2_{i-1} * h_i))) where
s2_{i-1} = (1/4 + sum_{j<i} (y_j - ybar_j)^2) / i, ybar_j = (1/2 + sum_{k<j} y_k) / j (the running mean
before y_j), c = 3/4, and h_i = i ln(1 + i) (the paper's anytime choice) or h_i = n_max (tuned to
a known most tasks, the paper's fixed-horizon choice). Both products are non-negative
martingales under mu = 0 (each factor has mean 1 given the past, as l_i depends only on the
past), so by Ville's inequality K_t ever reaches 1/alpha with chance at most alpha: stopping at
the first look with K_t >= 1/alpha gives a false better/worse rate at most alpha at any stopping
time. The word is `better` when the first product is the larger, else `worse`.

Faults cannot make a verdict (the rule of issue 12): the product betting on mu > 0 reads each
task's d with its faulted trials counted against "better" (a fail in the pack arm, a pass in the
baseline arm), the product betting on mu < 0 with them counted against "worse". Each is then, under
no difference, at most the fault-free d in its own direction, so each product stays a non-negative
supermartingale whatever the faults are.
"""

from __future__ import annotations

import math
from typing import Literal

import numpy as np
from numpy.typing import NDArray

BetHorizon = Literal["anytime", "fixed"]


def hedged_capital(
    d: NDArray[np.float64], *, alpha: float = 0.05, horizon: BetHorizon = "anytime", c: float = 0.75
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The two betting capitals after each task, for one or many runs at once.

    Args:
        d: task-level differences in [-1, 1], shape (tasks,) or (runs, tasks), in run order; NaN
            marks a task with no scored trial in an arm (it is skipped: bet 0, capital unchanged).
        alpha: the test's level (sets the bet size).
        horizon: `anytime` (h_i = i ln(1 + i)) or `fixed` (h_i = the number of tasks).
        c: truncation of the bet, l_i <= c / m with m = 1/2.

    Returns:
        (up, down): the capital betting on mu > 0 and on mu < 0 after each task, each of d's shape;
        the hedged capital is (up + down) / 2.

    Raises:
        ValueError: a value of d outside [-1, 1].
    """
    d = np.atleast_2d(np.asarray(d, dtype=np.float64))
    seen = ~np.isnan(d)
    if np.any(np.abs(d[seen]) > 1.0):
        raise ValueError("task differences must lie in [-1, 1]")
    m = 0.5
    y = np.where(seen, (d + 1.0) / 2.0, m)
    n = d.shape[1]
    count = np.cumsum(seen, axis=1)  # scored tasks up to and including i
    before = count - seen  # scored tasks strictly before i
    total = np.cumsum(np.where(seen, y, 0.0), axis=1)
    ybar = (0.5 + total - np.where(seen, y, 0.0)) / (before + 1.0)  # running mean before y_i
    sq = np.where(seen, (y - ybar) ** 2, 0.0)
    s2_prev = (0.25 + np.cumsum(sq, axis=1) - sq) / (before + 1.0)
    i = before + 1.0
    h = i * np.log1p(i) if horizon == "anytime" else np.full_like(i, float(n))
    bet = np.minimum(c / m, np.sqrt(2.0 * math.log(2.0 / alpha) / (s2_prev * h)))
    bet = np.where(seen, bet, 0.0)
    up = np.cumprod(1.0 + bet * (y - m), axis=1)
    down = np.cumprod(1.0 - bet * (y - m), axis=1)
    return up.astype(np.float64), down.astype(np.float64)


def betting_decisions(
    d: NDArray[np.float64],
    looks: NDArray[np.int64],
    *,
    alpha: float = 0.05,
    horizon: BetHorizon = "anytime",
    d_down: NDArray[np.float64] | None = None,
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Verdicts and stopping looks of the betting test over many runs.

    Args:
        d: shape (runs, tasks), as for `hedged_capital`; the d the product betting on mu > 0 reads.
        d_down: the d the product betting on mu < 0 reads (faults counted against "worse"); `d` when None.
        looks: increasing task counts at which the capital is read (the last one is the most tasks).
        alpha: level.
        horizon: bet tuning, as for `hedged_capital`.

    Returns:
        (verdict, stop): verdict +1 better, -1 worse, 0 unresolved per run; stop the index into
        `looks` of the look the run stopped at (the last look when it never crossed).
    """
    up, down = hedged_capital(d, alpha=alpha, horizon=horizon)
    if d_down is not None:
        _, down = hedged_capital(d_down, alpha=alpha, horizon=horizon)
    cols = np.asarray(looks, dtype=np.int64) - 1
    hedged = (up[:, cols] + down[:, cols]) / 2.0
    crossed = hedged >= 1.0 / alpha
    any_cross = crossed.any(axis=1)
    stop = np.where(any_cross, crossed.argmax(axis=1), len(cols) - 1)
    rows = np.arange(d.shape[0])
    sign = np.where(up[rows, cols[stop]] >= down[rows, cols[stop]], 1, -1)
    return np.where(any_cross, sign, 0).astype(np.int64), stop.astype(np.int64)
