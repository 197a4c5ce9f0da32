"""The cost-of-pass intervals, drawn once for all three, equal scipy's bootstrap bit for bit."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from scipy import stats

from memeval.stats._cost import ArmCostData, cost_of_pass
from memeval.stats._intervals import CONFIDENCE


def _scipy_bounds(data: tuple[np.ndarray, ...], statistic, seed: int, resamples: int) -> tuple[float | None, ...]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        warnings.simplefilter("ignore", stats.DegenerateDataWarning)
        res = stats.bootstrap(
            data,
            statistic,
            paired=True,
            vectorized=True,
            method="percentile",
            confidence_level=CONFIDENCE,
            n_resamples=resamples,
            rng=np.random.default_rng(seed),
        )
    ci = res.confidence_interval
    return tuple(float(x) if np.isfinite(x) else None for x in (ci.low, ci.high))


def _ratio(s: np.ndarray, p: np.ndarray, axis: int = -1) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return s.sum(axis=axis) / p.sum(axis=axis)


def _diff(sb, pb, sp, pp, axis: int = -1) -> np.ndarray:
    with np.errstate(invalid="ignore"):
        return _ratio(sp, pp, axis) - _ratio(sb, pb, axis)


@pytest.mark.parametrize("case", range(12))
def test_intervals_equal_three_scipy_bootstraps(case: int) -> None:
    rng = np.random.default_rng(1000 + case)
    n = int(rng.integers(2, 30))
    resamples = int(rng.choice([99, 999, 1999]))
    sparse = case % 3 == 0  # few passes: some resamples have none (unbounded ends)

    def arm() -> ArmCostData:
        passes = rng.integers(0, 3, n) * (rng.random(n) < (0.15 if sparse else 0.8))
        spend = rng.random(n) * float(rng.choice([0.01, 1.0, 37.3]))
        return ArmCostData(tuple(float(x) for x in spend), tuple(int(x) for x in passes), n, n)

    b, p = arm(), arm()
    if sum(b.passes) == 0 or sum(p.passes) == 0:
        b = ArmCostData(b.spend, (1, *b.passes[1:]), n, n)
        p = ArmCostData(p.spend, (*p.passes[:-1], 1), n, n)
    seed = int(rng.integers(0, 2**31))
    block = cost_of_pass(b, p, boot_seed=seed, boot_resamples=resamples)
    sb, pb = np.asarray(b.spend), np.asarray(b.passes, dtype=np.float64)
    sp, pp = np.asarray(p.spend), np.asarray(p.passes, dtype=np.float64)
    assert block.baseline.ci is not None and block.pack.ci is not None and block.pack_minus_baseline is not None
    assert tuple(block.baseline.ci) == _scipy_bounds((sb, pb), _ratio, seed, resamples)
    assert tuple(block.pack.ci) == _scipy_bounds((sp, pp), _ratio, seed, resamples)
    assert tuple(block.pack_minus_baseline.ci) == _scipy_bounds((sb, pb, sp, pp), _diff, seed, resamples)


@pytest.mark.parametrize("n", [257, 1666])
def test_large_runs_equal_scipy_too(n: int) -> None:
    """Many tasks (the chunked gather of a 100,000-event run's size) give scipy's bits as well."""
    rng = np.random.default_rng(n)
    passes = tuple(int(x) for x in rng.integers(0, 2, n))
    b = ArmCostData(tuple(float(x) for x in rng.random(n) * 0.3), passes, n, n)
    p = ArmCostData(tuple(float(x) for x in rng.random(n) * 0.2), passes[::-1], n, n)
    block = cost_of_pass(b, p, boot_seed=7, boot_resamples=999)
    sb, pb = np.asarray(b.spend), np.asarray(b.passes, dtype=np.float64)
    sp, pp = np.asarray(p.spend), np.asarray(p.passes, dtype=np.float64)
    assert block.baseline.ci is not None and block.pack_minus_baseline is not None
    assert tuple(block.baseline.ci) == _scipy_bounds((sb, pb), _ratio, 7, 999)
    assert tuple(block.pack_minus_baseline.ci) == _scipy_bounds((sb, pb, sp, pp), _diff, 7, 999)
