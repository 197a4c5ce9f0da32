"""The week's A/B runs, read from run folders, each arm's passes, level and cost side by side.

A run belongs to the week when its `run.planned` record time falls in the week's window. The
figures come from the run's projected result (`memeval.results.load_run`): passes verified by
held-back tests, the check level of each pass, metered spend and cost of a pass from the paired
verdict. Nothing here blends them into one number, reads an agent's claim as a pass, or reads
cost the agent reported about itself.

The run modules (`memeval.results`, `memeval.stats`, `memeval.eventlog`) are imported only when
the runs folder has a run folder in it: a week without runs does not pay for loading them
(about 0.07 s of CPU, a twentieth of `memeval report weekly` on a small week).
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from pydantic import AwareDatetime, TypeAdapter, ValidationError

from memeval.auditreport._context import ArmLine, RunLine
from memeval.errors import RunLogError
from memeval.formatting import PASSES_COST_UNKNOWN, money, passes_cost_unknown
from memeval.types import CHECK_LEVELS

if TYPE_CHECKING:
    from memeval.results import RunResult, TrialRecord
    from memeval.stats import ArmCostOfPass


@cache
def _at_adapter() -> TypeAdapter[datetime]:
    return TypeAdapter(AwareDatetime)


def planned_at(run_dir: Path) -> datetime | None:
    """The `at` of a run folder's first log line (`run.planned`), or None when unreadable."""
    from memeval.eventlog import LOG_NAME

    log = run_dir / LOG_NAME
    try:
        with log.open("rb") as fh:
            first = json.loads(fh.readline() or b"{}")
        return _at_adapter().validate_python(first.get("at"))
    except (OSError, ValueError, ValidationError):
        return None


def week_runs(runs_dir: Path, start: datetime, end: datetime, tz: str) -> tuple[RunLine, ...]:
    """Summaries of the runs under `runs_dir` planned in [start, end), oldest first.

    Raises:
        RunLogError: a run of the week has a log that cannot be projected (named in the message).
    """
    if not runs_dir.is_dir():
        return ()
    found: list[tuple[datetime, Path]] = []
    for d in sorted(runs_dir.iterdir()):
        at = planned_at(d) if d.is_dir() else None
        if at is not None and start <= at < end:
            found.append((at, d))
    return tuple(_summary(d, at, tz) for at, d in sorted(found))


def _summary(run_dir: Path, at: datetime, tz: str) -> RunLine:
    from memeval.results import load_run

    try:
        run = load_run(run_dir)
    except RunLogError as exc:
        raise RunLogError(f"run {run_dir} of the week cannot be read: {exc}") from exc
    res = run.result
    trials = [t for t in res.trials if t.control is None]
    v = res.verdict
    cop = v.cost_of_pass if v is not None else None
    return RunLine(
        run_id=res.run_id,
        started=at.astimezone(ZoneInfo(tz)).strftime("%a %d %b %H:%M"),
        status=run.status,  # `interrupted`, not `running`, for a run killed halfway
        model=str(res.run_card.model if "model" in res.run_card.model_fields_set else "unknown"),
        tasks=len({t.task_id for t in trials}),
        baseline=_arm("baseline", trials, cop.baseline if cop else None, res),
        pack=_arm("pack", trials, cop.pack if cop else None, res),
        verdict=v.verdict if v else "none",
        reason=v.reason if v else "no paired task",
        claims=sum(1 for t in trials if t.claim is not None),
        self_reports=sum(1 for t in trials if t.claim is not None and t.claim.self_reported),
    )


def _arm(mode: str, trials: list[TrialRecord], cost: ArmCostOfPass | None, res: RunResult) -> ArmLine:
    mine = [t for t in trials if t.mode == mode]
    scored = [t for t in mine if t.assessment == "scored" and t.fault is None]
    passed = [t for t in scored if t.verified]
    levels = Counter(max((c.level for c in t.checks if c.passed), key=CHECK_LEVELS.index, default="L0")
                     for t in passed)  # fmt: skip
    level_text = ", ".join(f"{lv} {levels[lv]}" for lv in reversed(CHECK_LEVELS) if levels[lv])
    if cost is None:
        spend, per_pass = "missing: no paired task", "none: no paired task"
    else:
        known, value = cost.cost_coverage, cost.value
        if cost.cost_known == 0:
            spend, per_pass = "missing: no trial was metered", "missing: not metered"
        else:
            from memeval.results import arm_spend

            spent = arm_spend(res, mode)  # every attempt, faulted and superseded ones too
            total = money(spent.cost_usd, 4, lower_bound=spent.lower_bound)
            spend = f"{total} ({known} trials metered, {spent.attempts} attempts)"
            rate = None if res.verdict is None else getattr(res.verdict, f"pass_rate_{mode}")
            unknown = passes_cost_unknown(value, cost.passes, cost.cost_known, rate)
            per_pass = money(value, unknown=f"missing: {PASSES_COST_UNKNOWN}" if unknown else "none: no pass")
    return ArmLine(mode=mode, passes=len(passed), scored=len(scored), levels=level_text,
                   cost_of_pass=per_pass, spend=spend)  # fmt: skip
