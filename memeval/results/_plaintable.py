"""The table's cells and the verdict's inputs from a run's records, without pydantic.

What `memeval.results._table.table_and_verdict` computes, shared: a cell's values (`cell`), the
faulted attempts a retry superseded (`retried_faults`), the arms' models (`arm_models`), and
`plain_table_and_verdict`, the table's rows as `TableRowOut` and the verdict as `PairedVerdict`'s
fields (`memeval.stats._verdictcore.verdict_fields`), for a plain replay
(`memeval.results._plainbody`). Where the models would refuse an input (a negative or infinite
cost, an empty task id, a negative seed) it raises `Differs`, and the caller leaves the result
to the models, which refuse it with their own error.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from memeval._runlist import INTERRUPTED_FAULT
from memeval.formatting import CellValue, cell_text
from memeval.results._spend import sum_spend

if TYPE_CHECKING:
    from memeval.eventlog import PlanView, RunPlanned
    from memeval.results._records import TrialRecord, UnendedTrial


class Differs(Exception):
    """The plain path would not write (or refuse) this result as the models do: leave it to them."""


def cell(recs: Sequence[TrialRecord], unended: Sequence[UnendedTrial]) -> CellValue:
    """A table cell's values: trials, passes, scored trials, faults, interrupted trials and spend (`sum_spend`).

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
    stopped = sum(code == INTERRUPTED_FAULT for code in faults)  # the run's stop: no harness fault
    return CellValue(
        trials=len(recs),
        passes=passes,
        scored=scored,
        faults=len(faults) - stopped,
        fault_code=faults[0] if len(recs) == 1 and faults else None,
        scored_single=len(recs) == 1 and recs[0].assessment == "scored",
        cost_usd=round(spent.cost_usd, 6) if metered else None,
        cost_lower_bound=spent.lower_bound,
        interrupted=stopped,
    )


def obs_fields(r: TrialRecord) -> tuple[str, float | None, bool, bool]:
    """`memeval.results.trial_obs(r)`'s fields: outcome, cost (None: unknown), whether timed out, whether interrupted.

    Interrupted: its fault is `cancelled` (the run was stopped; `memeval ab --resume` runs it again).

    Its cost is the spend of all its attempts when every answered call of every attempt was priced
    and no attempt was cut mid-turn (a call in flight at a kill is on no record), else unknown (None).
    """
    outcome = "fault" if r.fault or r.assessment != "scored" else ("pass" if r.verified else "fail")
    interrupted = r.fault is not None and r.fault.code == INTERRUPTED_FAULT
    if not r.spend:  # a record with no attempt spends: its own figure
        return outcome, r.physics.cost_usd, r.execution == "timed_out", interrupted
    known = r.physics.cost_usd is not None
    if known:
        for a in r.spend:
            if a.calls_cost_unknown or a.cut_mid_turn:
                known = False
                break
    # Unknown when any attempt's spend is: the last attempt's own cost alone would undercount.
    cost = r.spend_usd if known else None
    return outcome, cost, r.execution == "timed_out", interrupted


def retried_faults(superseded: Sequence[TrialRecord]) -> dict[str, tuple[int, int]]:
    """Per task, (baseline, pack) faulted attempts a retry superseded, for the verdict's recount.

    `cancelled` is left out: an interrupt is the user's doing, never the agent's.
    """
    out: dict[str, tuple[int, int]] = {}
    for r in superseded:
        if r.control is None and r.fault is not None and r.fault.code != "cancelled":
            b, p = out.get(r.task_id, (0, 0))
            out[r.task_id] = (b + (r.mode == "baseline"), p + (r.mode == "pack"))
    return out


MODEL_SHARE_GAP = 0.10
"""How far apart (absolute, as a fraction of the arm's calls) two arms' shares of one model's calls may be before
the verdict warns that they mixed the same models differently. Not from a study: memeval's own round figure,
chosen so that the shift it names (one call in ten moved to the other model) is one that a price or quality gap
of several times between two models makes matter, while a run of a few trials on one model with one or two calls
to another (a fallback, a retry) stays quiet. Set here; `arm_models` states it in its warning."""


def _shares(trials: Sequence[TrialRecord]) -> dict[str, float]:
    """Each model's share of an arm's calls: `Physics.model_calls`, or `engine_calls` for a trial of one model."""
    calls: dict[str, int] = {}
    for r in trials:
        p = r.physics
        if p.model_calls:
            for m, n in p.model_calls.items():
                calls[m] = calls.get(m, 0) + n
        elif len(p.models) == 1:
            calls[p.models[0]] = calls.get(p.models[0], 0) + (p.engine_calls or 0)
    total = sum(calls.values())
    return {m: n / total for m, n in calls.items()} if total else {}


def model_mix(groups: Mapping[str, Sequence[TrialRecord]], who: str, not_: str) -> str | None:
    """A warning when two groups of trials were answered by different models, or by the same in other shares.

    The one definition of "the models differ" for the verdict's arms (`arm_models`) and for one arm of two
    runs (`memeval compare`, `memeval.runreport._compare`): the sets of response models (`Physics.models`)
    differ, or they are the same two or more and one model's share of a group's calls (`_shares`) differs
    between the groups by over `MODEL_SHARE_GAP`.

    Args:
        groups: two groups of trials by label (`baseline`/`pack`, or `A`/`B`), in the order to name them.
        who: whose agents, as the sentence names them ("the arms' agents").
        not_: what the models' difference may be mistaken for ("the memory").

    Returns:
        The warning's sentence, or None when the models agree or a group had no answered call (it says
        nothing of its model).
    """
    used = {g: {m for r in trials for m in r.physics.models} for g, trials in groups.items()}
    first, second = used.values()
    if not (first and second):
        return None
    if first == second:
        if len(first) < 2:
            return None
        shares = {g: _shares(trials) for g, trials in groups.items()}
        a, b = shares.values()
        if max(abs(a.get(m, 0.0) - b.get(m, 0.0)) for m in first) <= MODEL_SHARE_GAP:
            return None
        split = "; ".join(
            f"{g} " + ", ".join(f"{m} {shares[g].get(m, 0.0):.0%}" for m in sorted(first)) for g in shares
        )
        return (
            f"{who} split their calls between the same models differently ({split} of the arm's calls; "
            f"over {MODEL_SHARE_GAP:.0%} apart): the model mix, not {not_}, may explain it"
        )
    named = "; ".join(f"{g} {', '.join(sorted(ms)) or 'none'}" for g, ms in used.items())
    return f"{who} were answered by different models ({named}): the model, not {not_}, may explain it"


def arm_models(trials: Sequence[TrialRecord]) -> tuple[str, ...]:
    """A `mixed_settings` line when the arms' agents were answered by different models, else ().

    The agent names the model of every call and the proxy forwards any, so a pack that tells the
    agent to use another model would otherwise read as memory that helps. Arms on the same models
    are compared by each model's share of the arm's calls: a gap over `MODEL_SHARE_GAP` (a pack
    that sends the larger model most of the calls the baseline sent the smaller) is named too
    (`model_mix`).
    """
    arms = {arm: [r for r in trials if r.mode == arm] for arm in ("baseline", "pack")}
    line = model_mix(arms, "the arms' agents", "the memory")
    return (line,) if line is not None else ()


def grouped(
    plan: RunPlanned | PlanView, trials: Sequence[TrialRecord], unended: Sequence[UnendedTrial]
) -> tuple[dict[str, dict[str, list[TrialRecord]]], dict[tuple[str, str], list[UnendedTrial]]]:
    """The records by task (in the plan's order) and arm, and the unended trials by task and arm."""
    by_task: dict[str, dict[str, list[TrialRecord]]] = {}
    for t in plan.trials:
        if t.task_id not in by_task:
            by_task[t.task_id] = {"baseline": [], "pack": []}
    for r in trials:
        by_task[r.task_id][r.mode].append(r)
    left: dict[tuple[str, str], list[UnendedTrial]] = {}
    for u in unended:
        left.setdefault((u.task_id, u.mode), []).append(u)
    return by_task, left


class TableRowOut(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """`TableRow` as its JSON writes it: its fields in order, then its cells' words (`baseline`, `pack`)."""

    task_id: str
    baseline_passes: int
    baseline_scored: int
    pack_passes: int
    pack_scored: int
    baseline_cost_usd: float | None
    pack_cost_usd: float | None
    baseline_trials: int
    pack_trials: int
    baseline_faults: int
    pack_faults: int
    baseline_fault_code: str | None
    pack_fault_code: str | None
    baseline_cost_lower_bound: bool
    pack_cost_lower_bound: bool
    baseline_interrupted: int
    pack_interrupted: int
    baseline: str
    pack: str


def alike(x: float | None) -> float | None:
    """`x` as pydantic holds a float field (an int made a float), or `Differs` where msgspec would write it otherwise.

    Both write the shortest digits that read back the same, but from 1e16 on msgspec writes `1e16`
    where pydantic writes `1e+16`; pydantic writes a NaN or an infinity as null.
    """
    if x is None:
        return None
    x = float(x)
    if not -1e16 < x < 1e16:
        raise Differs
    return x


def _row(task_id: str, b: CellValue, p: CellValue) -> TableRowOut:
    b_cost, p_cost = alike(b.cost_usd), alike(p.cost_usd)
    # The cells' words from the row's own values, as `TableRow.cell` gives them to `cell_text` (each
    # cell made anew rather than by `_replace`, which builds a dict and calls `_make`: a third of `_row`).
    words = [
        cell_text(
            CellValue(
                c.trials,
                c.passes,
                c.scored,
                c.faults,
                c.fault_code,
                c.trials == 1 and c.scored == 1,
                cost,
                c.cost_lower_bound,
                c.interrupted,
            )
        )
        for c, cost in ((b, b_cost), (p, p_cost))
    ]
    return TableRowOut(
        task_id=task_id,
        baseline_passes=b.passes,
        baseline_scored=b.scored,
        pack_passes=p.passes,
        pack_scored=p.scored,
        baseline_cost_usd=b_cost,
        pack_cost_usd=p_cost,
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
        baseline=words[0],
        pack=words[1],
    )


def plain_table_and_verdict(
    plan: PlanView,
    trials: Sequence[TrialRecord],
    unended: Sequence[UnendedTrial],
    superseded: Sequence[TrialRecord] = (),
) -> tuple[tuple[TableRowOut, ...], dict[str, Any] | None]:
    """`table_and_verdict`'s table as `TableRowOut` rows and its verdict as `PairedVerdict`'s fields, without pydantic.

    Raises:
        Differs: an input the models would refuse (`TrialObs`: a cost that is negative or not
            finite; `TaskTrials`: an empty task id; `paired_verdict`: a negative seed).
    """
    by_task, left = grouped(plan, trials, unended)
    rows = []
    scored = []
    for task_id, arms in by_task.items():
        b = cell(arms["baseline"], left.get((task_id, "baseline"), ()))
        p = cell(arms["pack"], left.get((task_id, "pack"), ()))
        rows.append(_row(task_id, b, p))
        if arms["baseline"] or arms["pack"]:
            if not task_id:
                raise Differs
            scored.append((task_id, tuple(tuple(_obs(r) for r in arms[m]) for m in ("baseline", "pack"))))
    verdict = None
    if scored and plan.run_card.modes is None:  # both arms planned: a one-arm run computes no verdict (`_table`)
        from memeval.stats import Obs, Task, verdict_fields  # numpy: only for a verdict

        inputs = [Task(t, *(tuple(Obs(*o) for o in arm) for arm in arms)) for t, arms in scored]
        seed = plan.seeds.get("stats")
        if seed is not None and seed < 0:
            raise Differs
        kw = {"perm_seed": seed, "boot_seed": seed} if seed is not None else {}
        verdict = verdict_fields(
            inputs, retried_faults=retried_faults(superseded), mixed_settings=arm_models(trials), **kw
        )
    return tuple(rows), verdict


def draw_bootstrap_ahead(plan: RunPlanned | PlanView) -> tuple[int, int, int] | None:
    """Start drawing the cost-of-pass bootstrap's indices for the verdict `plan`'s run has when complete.

    The verdict bootstraps the tasks scored in both arms with the plan's `stats` seed: guessed
    here as the plan's tasks with trials in both arms (`memeval.stats.draw_verdict_ahead`, whose
    draws the verdict uses only when the guess was right; the same numbers either way). Returns
    the draws' key, for `memeval.stats.forget_ahead` once the replay is done, or None.
    """
    if plan.run_card.modes is not None:  # a one-arm run: no verdict to draw for (nor numpy to load)
        return None
    from memeval.stats import draw_verdict_ahead

    arms: dict[str, set[str]] = {}
    for t in plan.trials:
        arms.setdefault(t.task_id, set()).add(t.mode)
    return draw_verdict_ahead(sum(1 for modes in arms.values() if len(modes) == 2), plan.seeds.get("stats"))


def _obs(r: TrialRecord) -> tuple[str, float | None, bool, bool]:
    """`r` as the statistics see a trial: `obs_fields` (`memeval.stats.Obs`'s fields), checked as `TrialObs` does."""
    outcome, cost, timed_out, interrupted = obs_fields(r)
    if cost is not None and (not math.isfinite(cost) or cost < 0):
        raise Differs  # `TrialObs` refuses it
    return outcome, cost, timed_out, interrupted
