"""Descriptive 95% intervals: Wilson, Newcombe's paired square-and-add, and t intervals.

Sources:
- Wilson score interval (Wilson 1927, "Probable inference, the law of succession, and statistical
  inference", JASA 22:209-212): the same arithmetic, in the same order, as statsmodels
  `proportion_confint(method="wilson")`, so the same floats (checked against it in the tests);
  written here so that a verdict does not load statsmodels (and pandas, which it imports).
- Newcombe (1998), "Improved confidence intervals for the difference between binomial proportions
  based on paired data", Statistics in Medicine 17:2635-2650, method 10: the Wilson limits of the
  two marginal rates combined by square-and-add with the correlation phi of the 2x2 table, where
  phi's numerator AD - BC is reduced by N/2 when it exceeds N/2 and set to 0 when it lies in
  [0, N/2] (the form used by the R package `contingencytables`, whose published test value is
  checked in the tests).
- t intervals and the t-test: scipy `ttest_1samp(...)` (its `pvalue` and `confidence_interval`),
  in the same arithmetic and order, with Student's t from `memeval.stats._distributions`
  (without scipy, whose import a replay would pay).
- The normal quantile and the exact binomial tail, also from `_distributions`: see there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from memeval.stats._distributions import normal_upper_quantile, sign_test_p, t_two_sided_p, t_upper_quantile

CONFIDENCE = 0.95


def wilson_interval(successes: int, n: int) -> tuple[float, float]:
    """Wilson score 95% interval for a binomial proportion.

    Args:
        successes: number of successes, 0 <= successes <= n.
        n: number of trials, >= 1.

    Returns:
        (lower, upper) in [0, 1].
    """
    q = successes / n
    crit = normal_upper_quantile((1 - CONFIDENCE) / 2)
    crit2 = crit**2
    denom = 1 + crit2 / n
    center = (q + crit2 / (2 * n)) / denom
    dist = crit * math.sqrt(q * (1.0 - q) / n + crit2 / (4.0 * n**2))
    dist /= denom
    return min(max(center - dist, 0.0), 1.0), min(max(center + dist, 0.0), 1.0)


def mcnemar_exact_p(table: tuple[tuple[int, int], tuple[int, int]]) -> float:
    """The exact McNemar p-value of a paired 2x2 table: a two-sided binomial test on its discordant cells.

    2 P(X <= min(b, c)) with X ~ Binomial(b + c, 1/2), at most 1, from exact integers
    (`sign_test_p`): statsmodels `mcnemar(table, exact=True).pvalue` to within its floating-point
    rounding (checked in the tests), without loading statsmodels or scipy.

    Args:
        table: ((a, b), (c, d)), b and c the discordant pairs.

    Returns:
        The p-value in (0, 1]; 1.0 when b = c (including b = c = 0).
    """
    b, c = table[0][1], table[1][0]
    return sign_test_p(min(b, c), b + c)


def newcombe_paired_interval(table: tuple[tuple[int, int], tuple[int, int]]) -> tuple[float, float]:
    """Newcombe's method 10 interval for the difference of paired proportions.

    Args:
        table: ((a, b), (c, d)) with rows the first rating (pass, fail) and columns the second
            rating (pass, fail); the difference is row rate - column rate = (b - c) / N.

    Returns:
        (lower, upper) of the 95% interval for (a + b)/N - (a + c)/N, within [-1, 1].

    Raises:
        ValueError: if the table is empty.
    """
    (a, b), (c, d) = table
    n = a + b + c + d
    if n <= 0:
        raise ValueError(f"the 2x2 table {table!r} is empty; it needs at least one pair")
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson_interval(a + b, n)
    l2, u2 = wilson_interval(a + c, n)
    cross = float(a * d - b * c)
    if cross > n / 2:
        cross -= n / 2
    elif cross >= 0:
        cross = 0.0
    denominator = (a + b) * (c + d) * (a + c) * (b + d)
    phi = cross / math.sqrt(denominator) if denominator > 0 else 0.0
    theta = p1 - p2
    lower_sq = (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2
    upper_sq = (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2
    lower = theta - math.sqrt(max(lower_sq, 0.0))
    upper = theta + math.sqrt(max(upper_sq, 0.0))
    return max(lower, -1.0), min(upper, 1.0)


class _TTest(NamedTuple):
    mean: float
    standard_error: float
    df: int


def _t_test(values: Sequence[float]) -> _TTest | None:
    """Mean, standard error and degrees of freedom as scipy `ttest_1samp` computes them, or None (see callers)."""
    x = np.asarray(values, dtype=np.float64)
    if x.size < 2 or float(np.ptp(x)) == 0.0:
        return None
    n = x.size
    mean = np.mean(x)
    var = np.mean((x - mean) ** 2) * (n / (n - 1))
    return _TTest(float(mean), float(np.sqrt(var / n)), n - 1)


def t_interval(values: Sequence[float]) -> tuple[float, float] | None:
    """One-sample t 95% interval for the mean (descriptive; not clipped).

    mean -+ t(df, (1 - CONFIDENCE) / 2 upper quantile) * standard error, df = n - 1.

    Args:
        values: one number per task (a pass rate, or a difference d).

    Returns:
        (lower, upper), or None with fewer than 2 values or no spread (the interval is undefined).
    """
    test = _t_test(values)
    if test is None:
        return None
    q = t_upper_quantile((1 - CONFIDENCE) / 2, test.df)
    return -q * test.standard_error + test.mean, q * test.standard_error + test.mean


def paired_t_p(d: Sequence[float]) -> float | None:
    """Two-sided one-sample t-test p-value of mean(d) = 0 (descriptive).

    Args:
        d: per-task differences.

    Returns:
        The p-value, or None with fewer than 2 values or no spread.
    """
    test = _t_test(d)
    if test is None:
        return None
    return t_two_sided_p(test.mean / test.standard_error, test.df)
