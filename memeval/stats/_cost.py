"""Cost of a pass per arm, with a seeded task-level percentile bootstrap interval.

Cost of a pass = the arm's spend / its passes, both over the scored trials whose cost is known.
The bootstrap resamples whole tasks, as scipy `bootstrap` (`paired=True`, `method="percentile"`)
does with a fresh `numpy.random.default_rng(boot_seed)` per interval; the three intervals share
one draw of the resamples (see `_Resamples`), which gives the same bits as three scipy calls. A resample with no pass
has an infinite cost of a pass; an interval end that lands on such resamples is reported as `None`
(unbounded), never as infinity.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from scipy import stats

from memeval.stats._intervals import CONFIDENCE
from memeval.stats._models import ArmCostOfPass, Bounds, CostDifference, CostOfPassBlock


@dataclass(frozen=True)
class ArmCostData:
    """Per paired task: known spend (USD) and passes among trials of known cost; trial counts."""

    spend: tuple[float, ...]
    passes: tuple[int, ...]
    known: int
    scored: int


def _finite_or_none(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _percentile_bounds(theta: NDArray[np.float64]) -> Bounds:
    """The percentile interval of a bootstrap distribution, as `scipy.stats.bootstrap` takes it."""
    alpha = np.asarray((1 - CONFIDENCE) / 2, dtype=theta.dtype)
    with warnings.catch_warnings():
        # inf - inf = nan in the difference; such ends become None below.
        warnings.simplefilter("ignore", RuntimeWarning)
        ci = stats.quantile(theta, np.stack((alpha, 1 - alpha), axis=-1), axis=-1)
    return Bounds(_finite_or_none(float(ci[0])), _finite_or_none(float(ci[1])))


class _Resamples:
    """The task-level resamples every interval of one verdict shares, drawn once.

    `scipy.stats.bootstrap(paired=True, vectorized=True, method="percentile")` with a fresh
    `numpy.random.default_rng(seed)` draws `rng.integers(0, n, (resamples, n))` row indices and
    applies the statistic to each sample gathered by them; with the same seed and the same number
    of tasks every call draws the same indices. So they are drawn once here, each arm's spend and
    passes gathered and summed once, and the arm ratios and their difference computed from those
    sums: the same operations on the same numbers as the three scipy calls, so the same bits
    (checked against scipy in tests/stats), at about a third of the work.
    """

    def __init__(
        self, n: int, seed: int, resamples: int, arms: tuple[tuple[NDArray[np.float64], NDArray[np.float64]], ...]
    ) -> None:
        # int32 indices are the same draws as scipy's int64 ones (numpy draws both with its 32-bit bounded
        # sampler while n < 2**32) at half the memory; int64 beyond.
        dtype = "int32" if n < 2**31 else "int64"
        self._rows = np.random.default_rng(seed).integers(0, n, (resamples, n), dtype=dtype)
        self._sums = dict(zip((id(spend) for spend, _ in arms), self._gathered_sums(arms), strict=True))

    def ratio(self, spend: NDArray[np.float64], passes: NDArray[np.float64]) -> NDArray[np.float64]:
        """Each resample's spend / passes of the arm whose `spend` array this is (one given when made)."""
        s, p = self._sums[id(spend)]
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.asarray(s / p)

    def _gathered_sums(
        self, arms: tuple[tuple[NDArray[np.float64], NDArray[np.float64]], ...]
    ) -> list[tuple[NDArray[np.float64], NDArray[np.float64]]]:
        """Each resample's spend and passes per arm, all arms in one pass, `_CHUNK_ROWS` resamples at a time.

        Each row is reduced along its own contiguous axis exactly as one gather of every row
        would be (numpy's pairwise sum runs per row), so the sums are the same bits; a chunk's
        gather fits in the CPU cache instead of a (resamples x tasks) array of float64 per arm,
        and its indices are made native (`intp`) once for all the arms' gathers (numpy converts
        int32 indices again for each gather, which cost more than the gather). Passes are whole
        numbers: they are summed as integers (exact, as float64 sums of small whole numbers are),
        the arms' passes together, each arm in its own bits of one int64 (so one gather serves all
        arms), and turned to float64 once; passes that are not such numbers are summed as floats.
        """
        rows = self._rows
        count, n = rows.shape
        spend_sums = [np.empty(count, dtype=np.float64) for _ in arms]
        bits = 63 // max(1, len(arms))  # each arm's sums (at most n * max(passes)) below 2**bits: no carry
        packable = all(
            bool(np.all(p == np.round(p))) and float(p.min(initial=0)) >= 0 and float(p.max(initial=0)) * n < 2**bits
            for _, p in arms
        )
        packed = None
        if packable:
            packed = np.zeros(n, dtype=np.int64)
            for k, (_, p) in enumerate(arms):
                packed += p.astype(np.int64) << (bits * k)
        packed_sums = np.empty(count if packable else 0, dtype=np.int64)
        pass_sums = [np.empty(0 if packable else count, dtype=np.float64) for _ in arms]
        for start in range(0, count, _CHUNK_ROWS):
            block = rows[start : start + _CHUNK_ROWS].astype(np.intp)
            stop = start + block.shape[0]
            for (spend, passes), s, p in zip(arms, spend_sums, pass_sums, strict=True):
                s[start:stop] = spend[block].sum(axis=-1)
                if packed is None:
                    p[start:stop] = passes[block].sum(axis=-1)
            if packed is not None:
                packed_sums[start:stop] = packed[block].sum(axis=-1)
        if packed is not None:
            mask = (1 << bits) - 1
            pass_sums = [((packed_sums >> (bits * k)) & mask).astype(np.float64) for k in range(len(arms))]
        return list(zip(spend_sums, pass_sums, strict=True))


_CHUNK_ROWS = 256
"""Resamples gathered at once by `_Resamples`: 256 x 1,000 tasks x 8 bytes = 2 MB."""


def _arrays(arm: ArmCostData) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    return np.asarray(arm.spend, dtype=np.float64), np.asarray(arm.passes, dtype=np.float64)


def _arm_block(
    arm: ArmCostData, data: tuple[NDArray[np.float64], NDArray[np.float64]], draws: _Resamples | None
) -> ArmCostOfPass:
    spend, passes = data
    total_spend = float(np.sum(spend))
    total_passes = int(sum(arm.passes))
    value = total_spend / total_passes if total_passes > 0 else None
    ci = _percentile_bounds(draws.ratio(spend, passes)) if value is not None and draws is not None else None
    return ArmCostOfPass(
        spend=total_spend,
        passes=total_passes,
        n_tasks=len(arm.spend),
        value=value,
        ci=ci,
        cost_coverage=f"{arm.known}/{arm.scored}",
    )


def cost_of_pass(baseline: ArmCostData, pack: ArmCostData, *, boot_seed: int, boot_resamples: int) -> CostOfPassBlock:
    """Cost of a pass in each arm and pack minus baseline, with bootstrap intervals.

    Args:
        baseline: the baseline arm's per-task spend and passes (same task order as `pack`).
        pack: the pack arm's.
        boot_seed: seed of each bootstrap's `numpy.random.Generator`.
        boot_resamples: bootstrap resamples.

    Returns:
        The `cost_of_pass` block; values in USD per pass. An interval needs two tasks or more
        (None otherwise).
    """
    bd, pd = _arrays(baseline), _arrays(pack)
    n = bd[0].size
    draws = _Resamples(n, boot_seed, boot_resamples, (bd, pd)) if n >= 2 and pd[0].size == n else None
    b = _arm_block(baseline, bd, draws)
    p = _arm_block(pack, pd, draws)
    diff = None
    if b.value is not None and p.value is not None:
        ci = None
        if draws is not None:
            with np.errstate(invalid="ignore"):  # inf - inf: a resample with no pass in both arms
                ci = _percentile_bounds(draws.ratio(*pd) - draws.ratio(*bd))
        diff = CostDifference(value=p.value - b.value, ci=ci)
    return CostOfPassBlock(baseline=b, pack=p, pack_minus_baseline=diff)
