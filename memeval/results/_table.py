"""The run's table and verdict, from its trial records: one row a task, and the paired statistics.

Split from `_project.py`, which builds the records from the log and calls `table_and_verdict` last.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypedDict

from memeval.formatting import CellValue
from memeval.results._records import TableRow, TrialRecord, UnendedTrial
from memeval.results._spend import sum_spend
from memeval.stats import TrialObs  # the typed records import memeval.stats already; no numpy here

if TYPE_CHECKING:
    from memeval.eventlog import RunPlanned
    from memeval.stats import PairedVerdict


def _cell(recs: Sequence[TrialRecord], unended: Sequence[UnendedTrial]) -> CellValue:
    """A table cell's values: trials, passes, scored trials, faults and spend (`sum_spend`).

    A spend with calls of unknown cost, or with an attempt cut mid-turn, is marked a lower bound.
    """
    spent = sum_spend([a for r in recs for a in r.spend] + [a for u in unended for a in u.spend])
    passes = scored = 0
    metered = bool(recs)
    faults = []
    for r in recs:
        if r.assessment == "scored":
            scored += 1
            if r.verified:
                passes += 1
        if r.physics.source != "meter":
            metered = False
        if r.fault:
            faults.append(r.fault.code)
    return CellValue(
        trials=len(recs),
        passes=passes,
        scored=scored,
        faults=len(faults),
        fault_code=faults[0] if len(recs) == 1 and faults else None,
        scored_single=len(recs) == 1 and recs[0].assessment == "scored",
        cost_usd=round(spent.cost_usd, 6) if metered else None,
        cost_lower_bound=spent.lower_bound,
    )


def trial_obs(r: TrialRecord) -> TrialObs:
    """The statistics' view of a trial.

    Its cost is the spend of all its attempts when every answered call of every attempt was priced
    and no attempt was cut mid-turn (a call in flight at a kill is on no record), else unknown (None).
    """
    outcome = "fault" if r.fault or r.assessment != "scored" else ("pass" if r.verified else "fail")
    if not r.spend:  # a record with no attempt spends: its own figure
        return TrialObs(outcome=outcome, cost_usd=r.physics.cost_usd, timed_out=r.execution == "timed_out")
    known = r.physics.cost_usd is not None
    if known:
        for a in r.spend:
            if a.calls_cost_unknown or a.cut_mid_turn:
                known = False
                break
    # Unknown when any attempt's spend is: the last attempt's own cost alone would undercount.
    cost = r.spend_usd if known else None
    return TrialObs(outcome=outcome, cost_usd=cost, timed_out=r.execution == "timed_out")


class _Seeds(TypedDict, total=False):
    """The run's stats seed, as `paired_verdict`'s keyword arguments (absent: its defaults)."""

    perm_seed: int
    boot_seed: int


def _retried_faults(superseded: Sequence[TrialRecord]) -> dict[str, tuple[int, int]]:
    """Per task, (baseline, pack) faulted attempts a retry superseded, for the verdict's recount.

    `cancelled` is left out: an interrupt is the user's doing, never the agent's.
    """
    out: dict[str, tuple[int, int]] = {}
    for r in superseded:
        if r.control is None and r.fault is not None and r.fault.code != "cancelled":
            b, p = out.get(r.task_id, (0, 0))
            out[r.task_id] = (b + (r.mode == "baseline"), p + (r.mode == "pack"))
    return out


def table_and_verdict(
    plan: RunPlanned,
    trials: Sequence[TrialRecord],
    unended: Sequence[UnendedTrial],
    superseded: Sequence[TrialRecord] = (),
) -> tuple[tuple[TableRow, ...], PairedVerdict | None]:
    """The run's table (one row a planned task, `_cell` per arm) and its paired verdict.

    The verdict is None when no task has a trial; the statistics are `memeval.stats.paired_verdict`,
    seeded by the plan's `stats` seed.
    """
    # The statistics (scipy, statsmodels) load only when a verdict is computed, not for a cached
    # projection or a command's start.
    from memeval.stats import TaskTrials, paired_verdict

    by_task: dict[str, dict[str, list[TrialRecord]]] = {}
    for t in plan.trials:
        if t.task_id not in by_task:
            by_task[t.task_id] = {"baseline": [], "pack": []}
    for r in trials:
        by_task[r.task_id][r.mode].append(r)
    left: dict[tuple[str, str], list[UnendedTrial]] = {}
    for u in unended:
        left.setdefault((u.task_id, u.mode), []).append(u)
    rows = []
    inputs = []
    for task_id, arms in by_task.items():
        b = _cell(arms["baseline"], left.get((task_id, "baseline"), ()))
        p = _cell(arms["pack"], left.get((task_id, "pack"), ()))
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
    if inputs:
        seed = plan.seeds.get("stats")
        kw: _Seeds = {"perm_seed": seed, "boot_seed": seed} if seed is not None else {}
        verdict = paired_verdict(
            inputs, retried_faults=_retried_faults(superseded), mixed_settings=_arm_models(trials), **kw
        )
    return tuple(rows), verdict


def _arm_models(trials: Sequence[TrialRecord]) -> tuple[str, ...]:
    """A `mixed_settings` line when the arms' agents were answered by different models, else ().

    The agent names the model of every call and the proxy forwards any, so a pack that tells the
    agent to use another model would otherwise read as memory that helps.
    """
    used: dict[str, set[str]] = {"baseline": set(), "pack": set()}
    for r in trials:
        used[r.mode].update(r.physics.models)
    if used["baseline"] == used["pack"] or not (used["baseline"] and used["pack"]):
        return ()  # an arm with no answered call says nothing about its model
    arms = "; ".join(f"{arm} {', '.join(sorted(ms)) or 'none'}" for arm, ms in used.items())
    return (f"the arms' agents were answered by different models ({arms}): the model, not the memory, may explain it",)
