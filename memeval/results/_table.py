"""The run's table and verdict, from its trial records: one row a task, and the paired statistics.

Split from `_project.py`, which builds the records from the log and calls `table_and_verdict` last.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypedDict

from memeval.results._plaintable import arm_models, cell, grouped, obs_fields, retried_faults
from memeval.results._records import TableRow, TrialRecord, UnendedTrial
from memeval.stats import TrialObs  # the typed records import memeval.stats already; no numpy here

if TYPE_CHECKING:
    from memeval.eventlog import RunPlanned
    from memeval.stats import PairedVerdict


def trial_obs(r: TrialRecord) -> TrialObs:
    """The statistics' view of a trial (`memeval.results._plaintable.obs_fields`, as the model).

    Its cost is the spend of all its attempts when every answered call of every attempt was priced
    and no attempt was cut mid-turn (a call in flight at a kill is on no record), else unknown (None).
    """
    outcome, cost, timed_out, interrupted = obs_fields(r)
    return TrialObs(outcome=outcome, cost_usd=cost, timed_out=timed_out, interrupted=interrupted)


class _Seeds(TypedDict, total=False):
    """The run's stats seed, as `paired_verdict`'s keyword arguments (absent: its defaults)."""

    perm_seed: int
    boot_seed: int


def table_and_verdict(
    plan: RunPlanned,
    trials: Sequence[TrialRecord],
    unended: Sequence[UnendedTrial],
    superseded: Sequence[TrialRecord] = (),
) -> tuple[tuple[TableRow, ...], PairedVerdict | None]:
    """The run's table (one row a planned task, `_cell` per arm) and its paired verdict.

    The verdict is None when no task has a trial, and for a one-arm run (`memeval ab --arms`, the card's
    `modes`: there is no pair to compare); the statistics are `memeval.stats.paired_verdict`, seeded by
    the plan's `stats` seed.
    """
    # The statistics (numpy, scipy, statsmodels) load only when a verdict is computed, not for a cached
    # projection, a one-arm run or a command's start (`TaskTrials` is a pydantic model alone).
    from memeval.stats import TaskTrials

    by_task, left = grouped(plan, trials, unended)
    rows = []
    inputs = []
    for task_id, arms in by_task.items():
        b = cell(arms["baseline"], left.get((task_id, "baseline"), ()))
        p = cell(arms["pack"], left.get((task_id, "pack"), ()))
        rows.append(
            TableRow(
                task_id=task_id,
                baseline_passes=b.passes,
                baseline_scored=b.scored,
                pack_passes=p.passes,
                pack_scored=p.scored,
                baseline_cost_usd=b.cost_usd,
                pack_cost_usd=p.cost_usd,
                baseline_trials=b.trials,
                pack_trials=p.trials,
                baseline_faults=b.faults,
                pack_faults=p.faults,
                baseline_fault_code=b.fault_code,
                pack_fault_code=p.fault_code,
                baseline_cost_lower_bound=b.cost_lower_bound,
                pack_cost_lower_bound=p.cost_lower_bound,
                baseline_interrupted=b.interrupted,
                pack_interrupted=p.interrupted,
            )
        )
        if arms["baseline"] or arms["pack"]:
            inputs.append(
                TaskTrials(
                    task_id=task_id,
                    baseline=tuple(trial_obs(r) for r in arms["baseline"]),
                    pack=tuple(trial_obs(r) for r in arms["pack"]),
                )
            )
    verdict = None
    if inputs and plan.run_card.modes is None:  # both arms planned: a one-arm run computes no verdict
        from memeval.stats import paired_verdict

        seed = plan.seeds.get("stats")
        kw: _Seeds = {"perm_seed": seed, "boot_seed": seed} if seed is not None else {}
        verdict = paired_verdict(
            inputs, retried_faults=retried_faults(superseded), mixed_settings=arm_models(trials), **kw
        )
    return tuple(rows), verdict
