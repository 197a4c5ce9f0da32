"""The paired verdict as a model.

`paired_verdict` checks its arguments and validates the fields that
`memeval.stats._verdictcore.verdict_fields` computes into `PairedVerdict`.

The procedure (PRODUCT.md, "Statistics": the task as the unit, the exact sign-flip test, faults
counted against a verdict before it is given) is described where it is computed, in `_verdictcore`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from memeval.stats._models import PairedVerdict, TaskTrials
from memeval.stats._verdictcore import (
    DEFAULT_ALPHA,
    DEFAULT_BOOT_RESAMPLES,
    DEFAULT_BOOT_SEED,
    DEFAULT_EXACT_MAX_NONZERO,
    DEFAULT_MC_RESAMPLES,
    DEFAULT_N_MIN,
    DEFAULT_PERM_SEED,
    MAX_FAULT_SHARE,
    MIN_TRIALS_PER_ARM,
    decide,
    faults_against,
    verdict_fields,
)

__all__ = [
    "DEFAULT_ALPHA",
    "DEFAULT_BOOT_RESAMPLES",
    "DEFAULT_BOOT_SEED",
    "DEFAULT_EXACT_MAX_NONZERO",
    "DEFAULT_MC_RESAMPLES",
    "DEFAULT_N_MIN",
    "DEFAULT_PERM_SEED",
    "MAX_FAULT_SHARE",
    "MIN_TRIALS_PER_ARM",
    "decide",
    "faults_against",
    "paired_verdict",
]


def _validate(tasks: Sequence[TaskTrials], alpha: float, n_min: int, counts: dict[str, int]) -> None:
    if not (isinstance(alpha, float | int) and 0 < alpha < 1):
        raise ValueError(f"alpha must be in the open interval (0, 1), got {alpha!r}")
    if not isinstance(n_min, int) or n_min < 1:
        raise ValueError(f"n_min must be an integer >= 1, got {n_min!r}")
    for name, value in counts.items():
        floor = 1 if name.endswith("resamples") else 0
        if not isinstance(value, int) or isinstance(value, bool) or value < floor:
            raise ValueError(f"{name} must be an integer >= {floor}, got {value!r}")
    seen: set[str] = set()
    for task in tasks:
        if not isinstance(task, TaskTrials):
            raise ValueError(f"tasks must hold TaskTrials, got {type(task).__name__}: {task!r}")
        if task.task_id in seen:
            raise ValueError(f"task id {task.task_id!r} appears twice; give each task one entry")
        seen.add(task.task_id)


def paired_verdict(
    tasks: Sequence[TaskTrials],
    *,
    alpha: float = DEFAULT_ALPHA,
    n_min: int = DEFAULT_N_MIN,
    perm_seed: int = DEFAULT_PERM_SEED,
    mc_resamples: int = DEFAULT_MC_RESAMPLES,
    exact_max_nonzero: int = DEFAULT_EXACT_MAX_NONZERO,
    boot_seed: int = DEFAULT_BOOT_SEED,
    boot_resamples: int = DEFAULT_BOOT_RESAMPLES,
    mixed_settings: Sequence[str] = (),
    retried_faults: Mapping[str, tuple[int, int]] | None = None,
) -> PairedVerdict:
    """Compute the paired A/B verdict of a run (PRODUCT.md, "Statistics").

    Args:
        tasks: each task's trials in both arms; task ids must be unique.
        alpha: two-sided significance level, in (0, 1).
        n_min: fewest paired tasks for a verdict other than `unresolved`.
        perm_seed: seed for the Monte Carlo sign-flip test (more than `exact_max_nonzero`
            informative tasks with unequal |d|).
        mc_resamples: random sign flips for the Monte Carlo test.
        exact_max_nonzero: the most informative tasks tested over all 2^m sign flips.
        boot_seed: seed for the cost-of-pass bootstraps.
        boot_resamples: bootstrap resamples.
        mixed_settings: descriptions of settings that differ across trials, found by the caller;
            non-empty adds a `mixed_settings` warning.
        retried_faults: per task id, (baseline, pack) counts of faulted attempts that a retry
            superseded. They are never scored, but they are counted against the verdict with the
            trials' own faults: an agent that could cause a retried fault (as never calling the
            model it declares once did) could otherwise reroll its failures in one arm.

    Returns:
        The `PairedVerdict`; pass rates and d are fractions, costs USD.

    Raises:
        ValueError: bad alpha, n_min or resample counts, or a duplicate task id (named).
    """
    _validate(
        tasks,
        alpha,
        n_min,
        {
            "perm_seed": perm_seed,
            "boot_seed": boot_seed,
            "mc_resamples": mc_resamples,
            "boot_resamples": boot_resamples,
            "exact_max_nonzero": exact_max_nonzero,
        },
    )
    return PairedVerdict.model_validate(
        verdict_fields(
            tasks,
            alpha=alpha,
            n_min=n_min,
            perm_seed=perm_seed,
            mc_resamples=mc_resamples,
            exact_max_nonzero=exact_max_nonzero,
            boot_seed=boot_seed,
            boot_resamples=boot_resamples,
            mixed_settings=mixed_settings,
            retried_faults=retried_faults,
        )
    )
