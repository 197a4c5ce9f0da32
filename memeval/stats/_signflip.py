"""The two-sided sign-flip test on per-task differences d, and its exact convolution check.

Under no difference between the arms each task's d is as likely to be +d as -d, so the null
distribution of the sum of d is that of sum(+-|d_i|) with fair, independent signs. Tasks with
d = 0 carry no sign and drop out (they would only shift every flip by 0).

The d are rationals (differences of pass fractions), so they are scaled to integers by the least
common multiple of their denominators before any comparison: ties are then exact, and the exact
p-value can be computed by convolving the distributions of the +-v_i (`exact_sign_flip_p`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from memeval.stats._distributions import sign_test_p
from memeval.stats._shapes import PMethod

_MC_CHUNK = 4096
"""Random sign flips summed at once by `monte_carlo_sign_flip_p` (part of its stream: each draw's shape)."""

_BYTE_BITS = (np.arange(256, dtype=np.int64)[:, None] >> np.arange(8, dtype=np.int64)) & 1
"""Row b: the 8 bits of the byte b, lowest first (one byte of random bits: 8 tasks' signs)."""


@dataclass(frozen=True)
class SignFlipResult:
    """The outcome of the sign-flip test; p-values are two-sided, in [0, 1]."""

    p_value: float
    p_method: PMethod
    p_sign_test: float
    p_exact_convolution: float
    n_pos: int
    n_neg: int
    n_tied: int


def scale_to_integers(d: Sequence[Fraction]) -> NDArray[np.int64]:
    """Scale rational differences to the smallest integers with the same ratios.

    Args:
        d: per-task differences as exact fractions.

    Returns:
        An int64 array `v` with `v = d * c` for one positive constant `c` (all zeros stay zeros).
    """
    if not d:
        return np.zeros(0, dtype=np.int64)
    lcm = math.lcm(*(x.denominator for x in d))
    # x * lcm is a whole number (lcm is a multiple of x's denominator): the same integer in int
    # arithmetic, without a Fraction made and normalised per task.
    ints = [x.numerator * (lcm // x.denominator) for x in d]
    gcd = math.gcd(*ints)
    if gcd > 1:
        ints = [i // gcd for i in ints]
    return np.asarray(ints, dtype=np.int64)


def exact_sign_flip_p(v: NDArray[np.int64]) -> float:
    """Exact two-sided sign-flip p-value of the sum of integer differences, by convolution.

    p = min(1, 2 * min(P(S >= s), P(S <= s))) where s = sum(v) and S = sum(+-|v_i|) with fair
    independent signs: the same two-sided rule scipy's `permutation_test` applies.

    Args:
        v: per-task differences scaled to integers (zeros allowed; they do not count).

    Returns:
        The p-value in [0, 1]; 1.0 when every v is 0.
    """
    mags = np.abs(v[v != 0])
    if mags.size == 0:
        return 1.0
    total = int(mags.sum())
    # Tasks of equal |v| = m contribute m * (2B - c) with B ~ Binomial(c, 1/2): convolve one
    # binomial kernel (spread at stride 2m) per distinct magnitude.
    values, counts = np.unique(mags, return_counts=True)
    pmf = np.ones(1)
    for m, c in zip(values.tolist(), counts.tolist(), strict=True):
        kernel = np.zeros(2 * m * c + 1)
        flips = 2**c
        kernel[:: 2 * m] = [k / flips for k in _binomial_coefficients(c)]  # int / int: correctly rounded
        pmf = np.convolve(pmf, kernel)
    s = int(v.sum())
    upper = float(pmf[s + total :].sum())
    lower = float(pmf[: s + total + 1].sum())
    return min(1.0, 2.0 * min(upper, lower))


def exact_sign_flip_counts_p(v: NDArray[np.int64]) -> float:
    """Exact two-sided sign-flip p-value over all 2^m sign flips of the m non-zero integer differences, counted.

    p = min(1, 2 min(#(S <= s), #(S >= s)) / 2^m), s = sum(v), S = sum(+-|v_i|) over the 2^m sign
    patterns: scipy `permutation_test(..., permutation_type="samples", n_resamples=inf)` on the
    mean, whose flips are the same 2^m patterns; here the patterns are counted, not listed, by
    convolving integer binomial coefficients (as `exact_sign_flip_p`, but in exact int64 counts),
    so ties need no tolerance and the one rounding is the final division by 2^m (exact in a
    float for m <= 62).

    Args:
        v: per-task differences scaled to integers; zeros do not count; at most 62 non-zero.

    Returns:
        The p-value in (0, 1]; 1.0 when every v is 0.

    Raises:
        ValueError: with more than 62 non-zero differences (the counts would overflow int64).
    """
    mags = np.abs(v[v != 0])
    if mags.size == 0:
        return 1.0
    if mags.size > 62:
        raise ValueError(f"exact_sign_flip_counts_p counts 2^m flips in int64; m={mags.size} is over 62")
    total = int(mags.sum())
    values, counts = np.unique(mags, return_counts=True)
    ways = np.ones(1, dtype=np.int64)
    for m, c in zip(values.tolist(), counts.tolist(), strict=True):
        kernel = np.zeros(2 * m * c + 1, dtype=np.int64)
        kernel[:: 2 * m] = _binomial_coefficients(c)
        ways = np.convolve(ways, kernel)
    s = int(v.sum())
    at_least = int(ways[s + total :].sum())
    at_most = int(ways[: s + total + 1].sum())
    p: float = 2 * min(at_most, at_least) / 2**mags.size
    return min(1.0, p)


def _binomial_coefficients(c: int) -> list[int]:
    """`[math.comb(c, j) for j in range(c + 1)]`, each from the one before (exact integers)."""
    out = [1] * (c + 1)
    k = 1
    for j in range(c):
        k = k * (c - j) // (j + 1)
        out[j + 1] = k
    return out


def monte_carlo_sign_flip_p(v: NDArray[np.int64], resamples: int, seed: int) -> float:
    """Two-sided Monte Carlo sign-flip p-value of the sum of integer differences, from seeded random flips.

    Each resample gives every task a fair random sign: one bit of `numpy.random.default_rng(seed)`'s
    `integers(0, 256, dtype=uint8)` draws (`_MC_CHUNK` resamples of one byte per 8 tasks at a
    time), so a resample's flipped sum is `2 * (sum of |v_i| whose bit is set) - sum |v_i|`, read
    8 tasks at a time from a 256-entry table per byte: integer arithmetic, so ties are exact.
    p = min(1, 2 * min(#(S <= s) + 1, #(S >= s) + 1) / (resamples + 1)), s the observed sum: the
    rule scipy's `permutation_test` applies to Monte Carlo resamples (Phipson and Smyth 2010, "Permutation
    p-values should never be zero", Stat. Appl. Genet. Mol. Biol. 9(1):39; the observed sum counts
    as one of the flips).

    Args:
        v: per-task differences scaled to integers, every one non-zero.
        resamples: random sign flips, >= 1.
        seed: the seed of the generator.

    Returns:
        The p-value in (0, 1].
    """
    mags = np.abs(v.astype(np.int64))
    groups = -(-mags.size // 8)
    padded = np.zeros(groups * 8, dtype=np.int64)
    padded[: mags.size] = mags
    table = (padded.reshape(groups, 8) @ _BYTE_BITS.T).ravel()  # entry 256 g + b: group g's |v| where b's bits are set
    offsets = np.arange(groups, dtype=np.intp) * 256
    total, observed = int(mags.sum()), int(v.sum())
    rng = np.random.default_rng(seed)
    at_most = at_least = 0
    for start in range(0, resamples, _MC_CHUNK):
        rows = min(_MC_CHUNK, resamples - start)
        signs = rng.integers(0, 256, (rows, groups), dtype=np.uint8)
        flipped = 2 * table[signs + offsets].sum(axis=-1) - total
        at_most += int(np.count_nonzero(flipped <= observed))
        at_least += int(np.count_nonzero(flipped >= observed))
    return min(1.0, 2.0 * min(at_most + 1, at_least + 1) / (resamples + 1))


def sign_flip_test(
    d: Sequence[Fraction], *, exact_max_nonzero: int, mc_resamples: int, perm_seed: int
) -> SignFlipResult:
    """Run the two-sided sign-flip test on per-task differences.

    The exact binomial sign test on the signs when every non-zero |d| is equal (`sign_test_p`,
    scipy `binomtest`'s test; for one repeat per task this is the exact McNemar test); otherwise
    the exact test over all sign flips up to `exact_max_nonzero` informative tasks
    (`exact_sign_flip_counts_p`, scipy `permutation_test`'s), and above that `mc_resamples`
    seeded random flips (`monte_carlo_sign_flip_p`). Neither loads scipy.

    Args:
        d: per-task differences (pack rate - baseline rate) as exact fractions.
        exact_max_nonzero: the most informative (d != 0) tasks tested exactly.
        mc_resamples: random sign flips for the Monte Carlo test.
        perm_seed: seed of the `numpy.random.Generator` for the Monte Carlo test.

    Returns:
        The p-value, how it was computed, the binomial sign test, the exact convolution check and
        the counts of positive, negative and tied tasks.
    """
    v = scale_to_integers(d)
    nonzero = v[v != 0]
    n_pos = int((nonzero > 0).sum())
    n_neg = int((nonzero < 0).sum())
    n_tied = int(v.size - nonzero.size)
    p_conv = exact_sign_flip_p(v)
    if nonzero.size == 0:
        return SignFlipResult(1.0, "no_informative_tasks", 1.0, p_conv, n_pos, n_neg, n_tied)
    p_sign = sign_test_p(n_pos, n_pos + n_neg)
    if np.all(np.abs(nonzero) == abs(int(nonzero[0]))):
        return SignFlipResult(p_sign, "exact(binomtest)", p_sign, p_conv, n_pos, n_neg, n_tied)
    if nonzero.size > exact_max_nonzero:
        p_mc = monte_carlo_sign_flip_p(nonzero, mc_resamples, perm_seed)
        return SignFlipResult(p_mc, "monte_carlo", p_sign, p_conv, n_pos, n_neg, n_tied)
    if nonzero.size > 62:
        raise ValueError(f"exact_max_nonzero={exact_max_nonzero} is over 62, the most tasks tested exactly")
    p_exact = exact_sign_flip_counts_p(nonzero)
    return SignFlipResult(p_exact, "exact", p_sign, p_conv, n_pos, n_neg, n_tied)
