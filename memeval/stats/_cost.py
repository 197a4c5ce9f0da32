"""Cost of a pass per arm, with a seeded task-level percentile bootstrap interval.

Cost of a pass = the arm's spend / its passes, both over the scored trials whose cost is known.
The bootstrap resamples whole tasks (scipy `bootstrap`, `paired=True`, `method="percentile"`),
each bootstrap call with a fresh `numpy.random.default_rng(boot_seed)`. A resample with no pass
has an infinite cost of a pass; an interval end that lands on such resamples is reported as `None`
(unbounded), never as infinity.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
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


def _ratio(
    spend: NDArray[np.float64], passes: NDArray[np.float64], axis: int
) -> NDArray[np.float64]:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.asarray(spend.sum(axis=axis) / passes.sum(axis=axis))


def _arm_statistic(
    spend: NDArray[np.float64], passes: NDArray[np.float64], axis: int = -1
) -> NDArray[np.float64]:
    return _ratio(spend, passes, axis)


def _difference_statistic(
    spend_b: NDArray[np.float64],
    passes_b: NDArray[np.float64],
    spend_p: NDArray[np.float64],
    passes_p: NDArray[np.float64],
    axis: int = -1,
) -> NDArray[np.float64]:
    return _ratio(spend_p, passes_p, axis) - _ratio(spend_b, passes_b, axis)


def _finite_or_none(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _bootstrap(
    data: Sequence[NDArray[np.float64]], statistic: object, seed: int, resamples: int
) -> Bounds | None:
    if data[0].size < 2:
        return None
    with warnings.catch_warnings():
        # Resamples with no pass give inf (or inf - inf = nan); scipy then warns while computing
        # the standard error it reports alongside, which we do not use. Those ends become None.
        warnings.simplefilter("ignore", RuntimeWarning)
        warnings.simplefilter("ignore", stats.DegenerateDataWarning)
        res = stats.bootstrap(
            tuple(data),
            statistic,
            paired=True,
            vectorized=True,
            method="percentile",
            confidence_level=CONFIDENCE,
            n_resamples=resamples,
            rng=np.random.default_rng(seed),
        )
    ci = res.confidence_interval
    return Bounds(_finite_or_none(float(ci.low)), _finite_or_none(float(ci.high)))


def _arrays(arm: ArmCostData) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    return np.asarray(arm.spend, dtype=np.float64), np.asarray(arm.passes, dtype=np.float64)


def _arm_block(arm: ArmCostData, seed: int, resamples: int) -> ArmCostOfPass:
    spend, passes = _arrays(arm)
    total_spend = float(np.sum(spend))
    total_passes = int(sum(arm.passes))
    value = total_spend / total_passes if total_passes > 0 else None
    ci = _bootstrap((spend, passes), _arm_statistic, seed, resamples) if value is not None else None
    return ArmCostOfPass(
        spend=total_spend,
        passes=total_passes,
        n_tasks=len(arm.spend),
        value=value,
        ci=ci,
        cost_coverage=f"{arm.known}/{arm.scored}",
    )


def cost_of_pass(
    baseline: ArmCostData, pack: ArmCostData, *, boot_seed: int, boot_resamples: int
) -> CostOfPassBlock:
    """Cost of a pass in each arm and pack minus baseline, with bootstrap intervals.

    Args:
        baseline: the baseline arm's per-task spend and passes (same task order as `pack`).
        pack: the pack arm's.
        boot_seed: seed of each bootstrap's `numpy.random.Generator`.
        boot_resamples: bootstrap resamples.

    Returns:
        The `cost_of_pass` block; values in USD per pass.
    """
    b = _arm_block(baseline, boot_seed, boot_resamples)
    p = _arm_block(pack, boot_seed, boot_resamples)
    diff = None
    if b.value is not None and p.value is not None:
        data = (*_arrays(baseline), *_arrays(pack))
        ci = _bootstrap(data, _difference_statistic, boot_seed, boot_resamples)
        diff = CostDifference(value=p.value - b.value, ci=ci)
    return CostOfPassBlock(baseline=b, pack=p, pack_minus_baseline=diff)
