"""The sequential path of a run (`memeval ab --until-decided`), projected from its trials."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from memeval.eventlog import RunPlanned
from memeval.results._records import SequentialRecord, TrialRecord
from memeval.stats import SequentialDesign, SequentialResult


def sequential_record(
    plan: RunPlanned, trials: Sequence[TrialRecord], outcome_of: Callable[[TrialRecord], str]
) -> SequentialRecord | None:
    """The looks of a sequential run and what stopping saved, or None for a fixed-size run.

    Args:
        plan: the run's `run.planned` event (its run card carries the design).
        trials: each trial's latest ended attempt.
        outcome_of: a trial's outcome for the statistics (`pass`, `fail`, `fault`, or
            `interrupted` for a trial the run's stop ended), the same rule the fixed-size verdict uses.

    Returns:
        The record: the path over the complete looks, the rounds run, the trials run and saved
        against the fixed design of `max_rounds` repeats, and an estimate of the spend saved
        (mean known cost per trial so far times the trials saved; None when no cost is known).
    """
    raw = plan.run_card.sequential
    if not raw:
        return None
    from memeval.stats import path_from_outcomes

    design = SequentialDesign.model_validate(raw)
    task_ids = sorted({t.task_id for t in plan.trials if t.control is None})
    outcomes: dict[tuple[str, str, int], str] = {
        (r.task_id, r.mode, r.repeat): outcome_of(r) for r in trials if r.control is None
    }
    path = path_from_outcomes(outcomes, task_ids, design)
    covered = repeats_looked_at(path, task_ids)
    run = [r for r in trials if r.control is None and r.repeat <= covered.get(r.task_id, 0)]
    saved = 2 * (len(task_ids) * design.max_rounds - sum(covered.values())) if path.stopped else 0
    costs = [r.physics.cost_usd for r in run if r.physics.cost_usd is not None]
    return SequentialRecord(
        path=path,
        max_rounds=design.max_rounds,
        rounds_run=path.rounds_run,
        trials_run=len(run),
        trials_saved=saved,
        spend_saved_usd=(sum(costs) / len(costs) * saved) if costs else None,
    )


def repeats_looked_at(path: SequentialResult, task_ids: Sequence[str]) -> dict[str, int]:
    """Each task's repeats per arm that the path's looks cover (`memeval.stats.look_repeats`).

    With one look a round that is the rounds looked at for every task; with g looks a round, the
    tasks of the groups the last round's looks reached have one more than the others.
    """
    if not path.looks:
        return dict.fromkeys(task_ids, 0)
    from memeval.stats import look_repeats

    ordered = sorted(task_ids)
    last = path.looks[-1].look or path.looks[-1].round
    k = look_repeats(len(ordered), last, path.design.looks_per_round)[:, -1]
    return {t: int(v) for t, v in zip(ordered, k.tolist(), strict=True)}
