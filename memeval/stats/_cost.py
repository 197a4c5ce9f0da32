"""Cost of a pass per arm, with a seeded task-level percentile bootstrap interval.

Cost of a pass = the arm's spend / its passes, both over the scored trials whose cost is known.
The bootstrap resamples whole tasks (as scipy `bootstrap` with `paired=True`,
`method="percentile"` does) from a `numpy.random.default_rng(boot_seed)`; the three intervals
share one draw of the resamples, drawn in 16-bit indices and summed chunk by chunk (see
`_Resamples`: its stream is its own, not scipy's, and fixed by the seed). A resample with no pass
has an infinite cost of a pass; an interval end that lands on such resamples is reported as `None`
(unbounded), never as infinity.
"""

from __future__ import annotations

import math
import threading
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from memeval.stats._intervals import CONFIDENCE
from memeval.stats._shapes import Bounds

if TYPE_CHECKING:
    from memeval.stats._models import CostOfPassBlock


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
    """The percentile interval of a bootstrap distribution, as `scipy.stats.bootstrap` takes it.

    scipy `stats.quantile(theta, (a, 1 - a))` with its default `method="linear"` (Hyndman and Fan
    1996, "Sample quantiles in statistical packages", Am. Stat. 50:361-365, definition 7), in the
    same float operations and order, without importing scipy: sort; j + 1 = floor(p n + 1 - p),
    g its fractional part (0 where j < 0); q = (1 - g) y[j] + g y[j + 1], indices clipped to the
    sample; any NaN in theta makes both ends NaN (scipy's `nan_policy="propagate"`). Ends that
    are not finite become None.
    """
    if theta.size == 0 or bool(np.isnan(theta).any()):
        return Bounds(None, None)
    alpha = np.asarray((1 - CONFIDENCE) / 2, dtype=theta.dtype)
    p = np.stack((alpha, 1 - alpha), axis=-1)
    y = np.sort(theta)
    n = np.asarray(y.size, dtype=y.dtype)
    with warnings.catch_warnings():
        # inf - inf = nan in the difference, and 0 * inf; such ends become None below.
        warnings.simplefilter("ignore", RuntimeWarning)
        jg = p * n + (1 - p)
        jp1 = jg // 1
        j = jp1 - 1
        g = jg % 1
        g[j < 0] = 0
        j = np.clip(j, 0.0, n - 1)
        jp1 = np.clip(jp1, 0.0, n - 1)
        ci = (1 - g) * y[j.astype(np.int64)] + g * y[jp1.astype(np.int64)]
    return Bounds(_finite_or_none(float(ci[0])), _finite_or_none(float(ci[1])))


class _Resamples:
    """The task-level resamples every interval of one verdict shares, drawn once.

    A resample is `n` task indices drawn uniformly with replacement (the task-level percentile
    bootstrap of `scipy.stats.bootstrap(paired=True, method="percentile")`), from
    `numpy.random.default_rng(seed)`: `_CHUNK_ROWS` resamples at a time, each chunk one call of
    `Generator.integers(0, n, (rows, n))` in the narrowest unsigned type that holds `n - 1` (16 bits
    for up to 65,536 tasks: half the random bits of scipy's 64-bit draws, so not scipy's stream;
    the stream is fixed by the seed, the task count and `_CHUNK_ROWS`, so the same log gives the
    same intervals). Each chunk's indices are used at once, while they are in the CPU cache: every
    arm's spend in one gather (two arms as the real and imaginary parts of one complex array) and
    every arm's passes in one more (small whole numbers, each arm in its own bits of one int64).
    The arm ratios and their difference are then computed from those per-resample sums.
    """

    def __init__(
        self, n: int, seed: int, resamples: int, arms: tuple[tuple[NDArray[np.float64], NDArray[np.float64]], ...]
    ) -> None:
        blocks = _drawn(n, seed, resamples)
        spends = [spend for spend, _ in arms]
        # Two arms' spends as one complex array: one gather and one sum give both (real, imaginary).
        pairs = []
        for k in range(0, len(spends), 2):
            if k + 1 < len(spends):
                pairs.append(spends[k] + 1j * spends[k + 1])
            else:
                pairs.append(spends[k].astype(np.complex128))
        packed, bits = _packed_passes([p for _, p in arms], n)
        pair_sums = [np.empty(resamples, dtype=np.complex128) for _ in pairs]
        packed_sums = np.empty(resamples if packed is not None else 0, dtype=np.int64)
        float_sums = [np.empty(0 if packed is not None else resamples) for _ in arms]
        for start in range(0, resamples, _CHUNK_ROWS):
            stop = min(start + _CHUNK_ROWS, resamples)
            block = next(blocks).astype(np.intp)
            # `np.take`, not `values[block]`: the same elements (every index is in range), gathered
            # by a simpler loop than fancy indexing's (about a fifth less time for these gathers).
            for values, out in zip(pairs, pair_sums, strict=True):
                out[start:stop] = np.take(values, block).sum(axis=-1)
            if packed is not None:
                packed_sums[start:stop] = np.take(packed, block).sum(axis=-1)
            else:
                for (_, passes), arm_out in zip(arms, float_sums, strict=True):
                    arm_out[start:stop] = np.take(passes, block).sum(axis=-1)
        spend_sums = [part for s in pair_sums for part in (s.real, s.imag)][: len(arms)]
        if packed is not None:
            mask = (1 << bits) - 1
            float_sums = [((packed_sums >> (bits * k)) & mask).astype(np.float64) for k in range(len(arms))]
        self._sums = {id(spend): (s, p) for spend, s, p in zip(spends, spend_sums, float_sums, strict=True)}

    def ratio(self, spend: NDArray[np.float64], passes: NDArray[np.float64]) -> NDArray[np.float64]:
        """Each resample's spend / passes of the arm whose `spend` array this is (one given when made)."""
        s, p = self._sums[id(spend)]
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.asarray(s / p)


def _packed_passes(passes: list[NDArray[np.float64]], n: int) -> tuple[NDArray[np.int64] | None, int]:
    """The arms' passes in one int64 per task, each arm in its own `bits` bits, or None when they do not fit.

    Passes are whole numbers, summed exactly either way; packed, one gather serves every arm. They
    fit when every arm's sum over `n` draws (at most `n * max(passes)`) stays below `2**bits`.
    """
    bits = 63 // max(1, len(passes))
    fits = all(
        bool(np.all(p == np.round(p))) and float(p.min(initial=0)) >= 0 and float(p.max(initial=0)) * n < 2**bits
        for p in passes
    )
    if not fits:
        return None, bits
    packed = np.zeros(n, dtype=np.int64)
    for k, p in enumerate(passes):
        packed += p.astype(np.int64) << (bits * k)
    return packed, bits


_CHUNK_ROWS = 64
"""Resamples drawn and gathered at once by `_Resamples` (part of its stream: it sets each draw's shape)."""


def _draws(n: int, seed: int, resamples: int) -> Iterator[NDArray[np.unsignedinteger[Any]]]:
    """The resamples' task indices, `_CHUNK_ROWS` rows at a time, as `_Resamples` documents its stream."""
    rng = np.random.default_rng(seed)
    dtype = np.uint16 if n <= 2**16 else np.uint32 if n <= 2**32 else np.int64
    for start in range(0, resamples, _CHUNK_ROWS):
        yield rng.integers(0, n, (min(start + _CHUNK_ROWS, resamples) - start, n), dtype=dtype)


class _Ahead:
    """`_draws(n, seed, resamples)` drawn whole by a thread of its own while the caller does other work.

    numpy draws with Python's global lock released, so on a second core the draws cost a replay
    no wall time; `_drawn` takes them when a bootstrap of the same shape and seed asks for them.
    """

    def __init__(self, n: int, seed: int, resamples: int) -> None:
        self.key = (n, seed, resamples)
        self.blocks: list[NDArray[np.unsignedinteger[Any]]] = []
        self.thread = threading.Thread(target=self._run, name="memeval-draws", daemon=True)

    def _run(self) -> None:
        # A failure (memory) leaves `blocks` short: `_drawn` then draws them itself.
        self.blocks.extend(_draws(*self.key))


_AHEAD: dict[tuple[int, int, int], _Ahead] = {}


def draw_ahead(n: int, seed: int, resamples: int) -> tuple[int, int, int]:
    """Start drawing the task indices of a bootstrap of `n` tasks (`_Resamples(n, seed, resamples, ...)`) in a thread.

    For a caller that knows the bootstrap's shape long before its values (a replay knows the
    paired tasks from its plan, then reads the log): the draws (about 0.07 s of CPU for 10,000
    resamples of 1,666 tasks) are made meanwhile, on another core when one is free. The same
    numbers in the same order as `_Resamples` would draw, so the same intervals; when the
    bootstrap turns out to have another shape, or is never made, they are not used. Costs one
    thread and the indices' memory (2 bytes each while up to 65,536 tasks: 33 MB at that size),
    until a bootstrap takes them or the caller lets them go (`forget_ahead` of the key returned).
    """
    ahead = _Ahead(n, seed, resamples)
    _AHEAD[ahead.key] = ahead
    ahead.thread.start()
    return ahead.key


def forget_ahead(key: tuple[int, int, int]) -> None:
    """Let go of draws made ahead (`draw_ahead`'s key) that no bootstrap took (its thread ends by itself)."""
    _AHEAD.pop(key, None)


def _drawn(n: int, seed: int, resamples: int) -> Iterator[NDArray[np.unsignedinteger[Any]]]:
    """`_draws(n, seed, resamples)`: those drawn ahead (`draw_ahead`) when they were, else drawn now."""
    ahead = _AHEAD.pop((n, seed, resamples), None)
    if ahead is not None:
        ahead.thread.join()
        if len(ahead.blocks) == -(-resamples // _CHUNK_ROWS):
            return iter(ahead.blocks)
    return _draws(n, seed, resamples)


def _arrays(arm: ArmCostData) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    return np.asarray(arm.spend, dtype=np.float64), np.asarray(arm.passes, dtype=np.float64)


def _arm_block(
    arm: ArmCostData, data: tuple[NDArray[np.float64], NDArray[np.float64]], draws: _Resamples | None
) -> dict[str, Any]:
    """`ArmCostOfPass`'s fields, in its order."""
    spend, passes = data
    total_spend = float(np.sum(spend))
    total_passes = int(sum(arm.passes))
    value = total_spend / total_passes if total_passes > 0 else None
    ci = _percentile_bounds(draws.ratio(spend, passes)) if value is not None and draws is not None else None
    return {
        "spend": total_spend,
        "passes": total_passes,
        "n_tasks": len(arm.spend),
        "value": value,
        "ci": ci,
        "cost_coverage": f"{arm.known}/{arm.scored}",
    }


def cost_of_pass(baseline: ArmCostData, pack: ArmCostData, *, boot_seed: int, boot_resamples: int) -> CostOfPassBlock:
    """Cost of a pass in each arm and pack minus baseline, with bootstrap intervals: `cost_of_pass_fields`'s model.

    Args and returns as `cost_of_pass_fields`, as the typed `CostOfPassBlock`.
    """
    from memeval.stats._models import CostOfPassBlock

    return CostOfPassBlock.model_validate(
        cost_of_pass_fields(baseline, pack, boot_seed=boot_seed, boot_resamples=boot_resamples)
    )


def cost_of_pass_fields(
    baseline: ArmCostData, pack: ArmCostData, *, boot_seed: int, boot_resamples: int
) -> dict[str, Any]:
    """Cost of a pass in each arm and pack minus baseline, with bootstrap intervals, as `CostOfPassBlock`'s fields.

    The fields of the block and of its parts in their models' order (`ArmCostOfPass`,
    `CostDifference`), as plain values (floats, ints, `Bounds`): what `cost_of_pass` validates,
    and what a plain replay writes as the models would (without pydantic).

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
    if b["value"] is not None and p["value"] is not None:
        ci = None
        if draws is not None:
            with np.errstate(invalid="ignore"):  # inf - inf: a resample with no pass in both arms
                ci = _percentile_bounds(draws.ratio(*pd) - draws.ratio(*bd))
        diff = {"value": p["value"] - b["value"], "ci": ci}
    return {"baseline": b, "pack": p, "pack_minus_baseline": diff}
