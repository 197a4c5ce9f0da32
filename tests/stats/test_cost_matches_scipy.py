"""The cost-of-pass intervals are scipy's percentile bootstrap, drawn from their own seeded stream.

Since projection version 2 the resamples are not scipy's draws (16-bit indices, see
`memeval.stats._cost._Resamples`), so the intervals are no longer scipy's bits. What still holds,
checked here: the interval of a bootstrap distribution is taken as `scipy.stats.bootstrap` takes it
(bit for bit, on scipy's own distributions); and the intervals agree with scipy's bootstrap of the
same data within Monte Carlo error. Their coverage on seeded simulations is in
`bench/bootstrap_coverage.py` (README, "Statistics").
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from scipy import stats

from memeval.stats._cost import ArmCostData, _percentile_bounds, cost_of_pass
from memeval.stats._intervals import CONFIDENCE


def _scipy(data: tuple[np.ndarray, ...], statistic, seed: int, resamples: int):  # noqa: ANN202
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        warnings.simplefilter("ignore", stats.DegenerateDataWarning)
        return stats.bootstrap(
            data,
            statistic,
            paired=True,
            vectorized=True,
            method="percentile",
            confidence_level=CONFIDENCE,
            n_resamples=resamples,
            rng=np.random.default_rng(seed),
        )


def _ratio(s: np.ndarray, p: np.ndarray, axis: int = -1) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return s.sum(axis=axis) / p.sum(axis=axis)


def _diff(sb, pb, sp, pp, axis: int = -1) -> np.ndarray:  # noqa: ANN001
    with np.errstate(invalid="ignore"):
        return _ratio(sp, pp, axis) - _ratio(sb, pb, axis)


def _arms(rng: np.random.Generator, n: int, sparse: bool) -> tuple[ArmCostData, ArmCostData]:
    def arm() -> ArmCostData:
        passes = rng.integers(0, 3, n) * (rng.random(n) < (0.15 if sparse else 0.8))
        spend = rng.random(n) * float(rng.choice([0.01, 1.0, 37.3]))
        return ArmCostData(tuple(float(x) for x in spend), tuple(int(x) for x in passes), n, n)

    b, p = arm(), arm()
    if sum(b.passes) == 0 or sum(p.passes) == 0:
        b = ArmCostData(b.spend, (1, *b.passes[1:]), n, n)
        p = ArmCostData(p.spend, (*p.passes[:-1], 1), n, n)
    return b, p


def _data(a: ArmCostData) -> tuple[np.ndarray, np.ndarray]:
    return np.asarray(a.spend), np.asarray(a.passes, dtype=np.float64)


@pytest.mark.parametrize("case", range(12))
def test_the_interval_of_a_distribution_is_taken_as_scipy_takes_it(case: int) -> None:
    rng = np.random.default_rng(1000 + case)
    n = int(rng.integers(2, 30))
    resamples = int(rng.choice([99, 999, 1999]))
    b, p = _arms(rng, n, sparse=case % 3 == 0)  # sparse: some resamples have no pass (unbounded ends)
    seed = int(rng.integers(0, 2**31))
    for data, statistic in (((*_data(b),), _ratio), ((*_data(b), *_data(p)), _diff)):
        res = _scipy(data, statistic, seed, resamples)
        want = tuple(float(x) if np.isfinite(x) else None for x in res.confidence_interval)
        assert tuple(_percentile_bounds(res.bootstrap_distribution)) == want


@pytest.mark.parametrize("case", range(6))
def test_the_intervals_agree_with_scipys_bootstrap_within_monte_carlo_error(case: int) -> None:
    """9,999 resamples of 60-400 tasks: each end within 6% of scipy's (its Monte Carlo error is about 1%)."""
    rng = np.random.default_rng(2000 + case)
    n = int(rng.integers(60, 400))
    b, p = _arms(rng, n, sparse=False)
    block = cost_of_pass(b, p, boot_seed=case, boot_resamples=9999)
    assert block.baseline.ci is not None and block.pack.ci is not None and block.pack_minus_baseline is not None
    scale = {}
    for name, data, statistic, got in (
        ("baseline", _data(b), _ratio, block.baseline.ci),
        ("pack", _data(p), _ratio, block.pack.ci),
        ("difference", (*_data(b), *_data(p)), _diff, block.pack_minus_baseline.ci),
    ):
        want = _scipy(tuple(data), statistic, case + 100, 9999).confidence_interval
        scale[name] = float(want.high - want.low)
        for g, w in zip(got, (want.low, want.high), strict=True):
            assert g is not None and abs(g - w) <= 0.06 * scale[name], (name, got, want)
