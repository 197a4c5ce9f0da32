"""`memeval.stats._distributions` against scipy, closed forms and exact arithmetic.

Tolerances, each from a measurement (the largest relative difference seen, then room):
- `sign_test_p` is the exact value correctly rounded (an independent `math.comb` sum as a
  `Fraction`), so it is checked bit for bit; scipy's `binomtest` sums float tails and is within
  `1e-14` per decade of the p-value's exponent of it (see test_intervals_match_statsmodels).
- `normal_upper_quantile`: within 4 ulps of scipy's `norm.isf` for tails up to 0.4 (z >= 0.25),
  and equal to it at the verdict's 95% (the Wilson intervals of the golden projections hold that
  constant's bits).
- `t_two_sided_p`: 2e-13 relative for df <= 1000, 1e-11 for df up to 10^5. Measured against an
  exact 60-digit series (even df): below |t| = 1.75 (the positive series) at most 6e-15; beyond it
  (the continued fraction, whose rounding grows with its length, about sqrt(df) terms) 7e-14 for
  df <= 1000 and 3.3e-12 at df = 99,998. scipy is within 1e-15 of the series, so these bounds hold
  against it too. Closed forms for df = 1 and 2 (written without cancellation): 1e-14.
- `t_upper_quantile`: the same bounds (the p-value's relative error over its relative slope, about
  1 at the 95% quantile; measured 5e-13 at df = 99,999).
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext
from fractions import Fraction

import numpy as np
import pytest
from scipy import special, stats

from memeval.stats._distributions import normal_upper_quantile, sign_test_p, t_two_sided_p, t_upper_quantile
from memeval.stats._intervals import CONFIDENCE, paired_t_p, t_interval

TAIL = (1 - CONFIDENCE) / 2
DFS = [*range(1, 101), 151, 333, 500, 1000, 1665, 5000, 20_000, 99_999]
TS = [0.0, 1e-6, 0.01, 0.3, 1.0, 1.5, 1.96, 2.0, 2.5, 3.0, 5.0, 10.0, 30.0, 100.0, 1e3, 1e5]


def _t_rtol(df: int) -> float:
    return 2e-13 if df <= 1000 else 1e-11


@pytest.mark.parametrize("n", [*range(0, 101), 150, 501, 1000, 1666, 3001])
def test_sign_test_is_the_exact_tail_correctly_rounded(n: int) -> None:
    for k in range(n + 1) if n <= 200 else sorted({0, 1, n // 4, n // 2 - 1, n // 2, n // 2 + 1, n - 1, n}):
        low = min(k, n - k)
        exact = min(Fraction(1), Fraction(2 * sum(math.comb(n, i) for i in range(low + 1)), 2**n))
        got = sign_test_p(k, n)
        assert got == float(exact), (k, n)
        if n:
            want = float(stats.binomtest(k, n, 0.5).pvalue)
            rtol = 1e-14 * max(1.0, -math.log10(want)) if want > 0 else 0.0
            assert math.isclose(got, want, rel_tol=rtol, abs_tol=1e-323), (k, n, got, want)


def test_sign_test_refuses_counts_outside_the_trials() -> None:
    with pytest.raises(ValueError, match="successes"):
        sign_test_p(4, 3)
    with pytest.raises(ValueError, match="successes"):
        sign_test_p(-1, 3)


def test_the_normal_quantile_is_scipys_within_4_ulps_and_its_bits_at_the_verdicts_level() -> None:
    for tail in [*np.linspace(1e-6, 0.4, 997).tolist(), 1e-12, 1e-30, 1e-300, TAIL]:
        want = float(stats.norm.isf(tail))
        assert abs(normal_upper_quantile(tail) - want) <= 4 * math.ulp(want), tail
    assert normal_upper_quantile(TAIL) == float(stats.norm.isf(TAIL))
    for tail in (0.0, 0.5, 0.9):
        with pytest.raises(ValueError, match="tail"):
            normal_upper_quantile(tail)


@pytest.mark.parametrize("df", DFS)
def test_the_t_p_value_is_scipys(df: int) -> None:
    for t in TS:
        want = float(2 * special.stdtr(df, -t))
        got = t_two_sided_p(t, df)
        if t < 1e-3:
            # scipy's own error near t = 0 is larger than this (0.9999999905 for 1 - 6.4e-9 at df = 1):
            # compare with 1 - the density's area, which is exact to first order there.
            want = 1.0 - 2 * t * math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
            assert math.isclose(got, want, rel_tol=1e-14), (df, t, got, want)
        elif want > 1e-290:
            assert math.isclose(got, want, rel_tol=_t_rtol(df)), (df, t, got, want)
        else:
            assert got <= 1e-280, (df, t, got)
    assert t_two_sided_p(math.inf, df) == 0.0 and t_two_sided_p(-3.0, df) == t_two_sided_p(3.0, df)


def test_the_t_p_value_matches_closed_forms() -> None:
    for t in [0.001, 0.1, 0.5, 1.0, 2.0, 10.0, 1e4]:
        cauchy = 2 * math.atan2(1.0, t) / math.pi  # df = 1: 1 - 2 atan(t) / pi
        assert math.isclose(t_two_sided_p(t, 1), cauchy, rel_tol=1e-14), t
        s = math.sqrt(2 + t * t)
        two = 2 / (s * (s + t))  # df = 2: 1 - t / sqrt(2 + t^2)
        assert math.isclose(t_two_sided_p(t, 2), two, rel_tol=1e-14), t


def _exact_even_df_p(t: float, df: int) -> float:
    """P(|T| >= t) for even df from the finite series of A&S 26.7.4, in 60-digit decimals."""
    with localcontext() as ctx:
        ctx.prec = 60
        tt, nu = Decimal(t), Decimal(df)
        cos2 = nu / (nu + tt * tt)
        term = total = Decimal(1)
        for j in range(1, df // 2):
            term = term * (2 * j - 1) / (2 * j) * cos2
            total += term
        return float(1 - tt / (nu + tt * tt).sqrt() * total)


@pytest.mark.parametrize("df", [2, 10, 100, 1000, 20_000, 99_998])
def test_the_t_p_value_matches_an_exact_series(df: int) -> None:
    for t in [0.5, 1.0, 1.96, 2.5, 3.0, 4.0]:
        assert math.isclose(t_two_sided_p(t, df), _exact_even_df_p(t, df), rel_tol=_t_rtol(df)), (df, t)


@pytest.mark.parametrize("df", DFS)
def test_the_t_quantile_is_scipys(df: int) -> None:
    for tail in (TAIL, 0.005, 0.1, 0.3):
        want = float(special.stdtrit(df, 1 - tail))
        got = t_upper_quantile(tail, df)
        assert math.isclose(got, want, rel_tol=_t_rtol(df)), (df, tail, got, want)
        assert math.isclose(t_two_sided_p(got, df), 2 * tail, rel_tol=_t_rtol(df))


def test_the_t_quantile_refuses_a_tail_outside_0_to_half() -> None:
    for tail in (0.0, 0.5, 0.7):
        with pytest.raises(ValueError, match="tail"):
            t_upper_quantile(tail, 3)
    with pytest.raises(ValueError, match="df"):
        t_two_sided_p(1.0, 0)


@pytest.mark.parametrize("seed", range(8))
def test_t_interval_and_p_are_scipys_ttest(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 400))
    values = (rng.integers(-3, 4, n) / 3).tolist() if seed % 2 else rng.normal(0.1, 1, n).tolist()
    res = stats.ttest_1samp(values, 0.0)
    ci = res.confidence_interval(CONFIDENCE)
    interval = t_interval(values)
    assert interval is not None
    assert math.isclose(interval[0], float(ci.low), rel_tol=1e-13, abs_tol=1e-15)
    assert math.isclose(interval[1], float(ci.high), rel_tol=1e-13, abs_tol=1e-15)
    assert math.isclose(paired_t_p(values) or 0.0, float(res.pvalue), rel_tol=1e-12)
    assert t_interval([1.0]) is None and t_interval([0.5, 0.5]) is None and paired_t_p([2.0, 2.0]) is None
