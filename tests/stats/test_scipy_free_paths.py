"""The exact sign-flip test and the bootstrap's percentile ends give scipy's floats, bit for bit.

Both were scipy calls (`permutation_test`, `stats.quantile`) until projection 3; they are computed
without scipy now (a replay must not pay its import), and must give the same bits: the exact test
counts the same 2^m sign flips, and the quantile does the same float operations in the same order.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

from memeval.stats._cost import _percentile_bounds
from memeval.stats._intervals import CONFIDENCE
from memeval.stats._signflip import exact_sign_flip_counts_p, scale_to_integers


def _mean(x: np.ndarray, axis: int = -1) -> np.ndarray:
    return np.mean(x, axis=axis)


@pytest.mark.parametrize("seed", range(40))
def test_the_exact_sign_flip_test_is_scipys_permutation_test(seed: int) -> None:
    rng = np.random.default_rng(seed)
    m = int(rng.integers(1, 17))
    repeats = int(rng.integers(1, 6))
    d = [Fraction(int(rng.integers(-repeats, repeats + 1)), repeats) for _ in range(m)]
    v = scale_to_integers(d)
    nonzero = v[v != 0]
    if nonzero.size < 2:  # scipy needs two; one flip either way is its own mirror image
        assert exact_sign_flip_counts_p(v) == 1.0
        return
    want = stats.permutation_test(
        (nonzero.astype(np.float64),),
        _mean,
        permutation_type="samples",
        vectorized=True,
        n_resamples=np.inf,
        alternative="two-sided",
    ).pvalue
    assert exact_sign_flip_counts_p(v) == float(want), d


def test_the_exact_sign_flip_test_refuses_more_than_62_tasks() -> None:
    with pytest.raises(ValueError, match="over 62"):
        exact_sign_flip_counts_p(np.arange(1, 64, dtype=np.int64))


@pytest.mark.parametrize(
    "theta",
    [
        [1.0],
        [2.0, 1.0],
        [0.5, 0.25, 3.0, 1.0, 2.0],
        [1.0, np.inf, 2.0, np.inf, np.inf],
        [np.inf] * 7,
        [-np.inf, 1.0, 2.0, 3.0, np.inf],
        [1.0, np.nan, 2.0],
        np.linspace(0.1, 9.9, 9999).tolist(),
        np.random.default_rng(3).lognormal(0, 1, 4001).tolist(),
        [*np.random.default_rng(4).normal(0, 1, 997).tolist(), *[np.inf] * 40],
    ],
)
def test_the_percentile_ends_are_scipys_quantile(theta: list[float]) -> None:
    x = np.asarray(theta, dtype=np.float64)
    alpha = np.asarray((1 - CONFIDENCE) / 2, dtype=x.dtype)
    with np.errstate(invalid="ignore"):
        want = stats.quantile(x, np.stack((alpha, 1 - alpha), axis=-1), axis=-1)
    expected = tuple(float(w) if np.isfinite(w) else None for w in want)
    assert tuple(_percentile_bounds(x)) == expected
