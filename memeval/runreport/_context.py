"""The A/B report's context: every figure the templates print, already worded.

The templates (`templates/ab/report.html` and its macros) only lay out what is here: they compute
nothing, so the HTML page, the PDF and the viewer cannot disagree on a figure. A test checks that
the report template reads every field and no other name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from memeval._runlist import INTERRUPTED_FAULT
from memeval.eventlog import RunCard
from memeval.formatting import (
    PASSES_COST_UNKNOWN,
    cell_text,
    p_words,
    paired_tasks,
    passes_cost_unknown,
    verdict_reason_words,
)
from memeval.results import Run, SequentialRecord, TrialRecord
from memeval.runreport._summary import RunSummary, summarize
from memeval.runreport._text import ARM_LABEL, INTERRUPTED_ONE, money, pct, summary_lines
from memeval.types import CHECK_LEVELS, MODES

GridOutcome = str
"""`pass`, `fail`, `fault`, `unscored` or `missing` (the trial never ended)."""


@dataclass(frozen=True)
class ArmView:
    """One arm, as the report prints it.

    Attributes:
        mode: `baseline` or `pack`.
        label: the column head, e.g. `Cold agent (baseline)`.
        passes: trials the held-back tests passed ("really passed").
        scored: trials the verifier scored (the M of "N of M").
        rate: pass rate in [0, 1] used by the chart: the verdict's mean per-task rate over paired
            tasks, or passes / scored without a verdict; None with nothing scored.
        rate_text: `rate` as a percentage.
        ci: 95% interval on `rate` as (lower, upper), or None.
        ci_text: e.g. `60.1–96.0% (wilson)`, or an em dash.
        cost_of_pass: the arm's known spend / its passes among trials with a known cost, e.g.
            `$0.03`; `no pass` when none of them passed; `not known` when no cost was metered;
            `not known (no passing trial's cost is known)` when the arm passed but no passing trial's cost is known.
        cost_of_pass_ci: the seeded bootstrap 95% interval, e.g. `$0.02 – $0.04` (`unbounded`
            for an end the data cannot bound).
        cost_coverage: `known/total` scored trials with a known cost.
        spend: the arm's whole metered spend over counted trials, or an em dash.
        levels: passes per check level, e.g. `L2v: 12`.
        ran: False for the arm a one-arm run (`memeval ab --arms`) left out: its cells read `not run`, not
            `0 of 0` with a spend of $0.00.
    """

    mode: str
    label: str
    passes: int
    scored: int
    rate: float | None
    rate_text: str
    ci: tuple[float, float] | None
    ci_text: str
    cost_of_pass: str
    cost_of_pass_ci: str
    cost_coverage: str
    spend: str
    levels: str
    ran: bool = True


@dataclass(frozen=True)
class GridCell:
    """One trial in the per-task outcome grid: its mode, repeat, outcome and a tooltip."""

    mode: str
    repeat: int
    outcome: GridOutcome
    title: str


@dataclass(frozen=True)
class TaskRow:
    """One task of the with/without table: the two cells as worded text, and its grid cells."""

    task_id: str
    baseline: str
    pack: str
    cells: tuple[GridCell, ...]


@dataclass(frozen=True)
class ReportContext:
    """Everything `templates/ab/report.html` prints. Strings are final text; the template escapes.

    Attributes:
        title: the page title.
        run_id: the run's id (printed in a mono font).
        status: `completed`, `cancelled`, `error` or `running`.
        log_hash: SHA-256 of the log the report was projected from.
        run_dir: where the run's files are.
        verdict: `better`, `worse` or `unresolved`; `none` for a one-arm run (`memeval ab --arms`), which
            computes no verdict (shown as "no verdict", never as `unresolved`, a word of the paired test).
        verdict_reason: the procedure's reason in words (`memeval.formatting.verdict_reason_words`), e.g.
            `significant` or `too few tasks to decide (a verdict needs 10 paired)`.
        p_text: e.g. `p = 0.0117 by exact(binomtest), 14 paired tasks`.
        delta_text: the difference in pass rate with its interval, e.g. `+64.3 points, 95% CI ...`.
        cost_delta_text: pack minus baseline cost of a pass with its interval, or an em dash.
        arms: baseline then pack.
        rows: the table, one row per task, in plan order.
        repeats: repeats per task (columns per arm in the grid).
        card: the run card as (field, value) pairs.
        coverage: coverage as (what, figure) pairs.
        summary: the summary lines (score, outcomes, cost, time, artifacts).
        warnings: sentences naming what weakens the reading.
        faults: one line per faulted trial or run fault; a trial the run's stop cut short (fault
            `cancelled`) reads `interrupted (...)`, `--resume` runs it again.
        tamper: one line per trial whose agent left files that can steer the verifier.
        checked_by: how passes were checked (the run card's `checked_by`).
        sequential: a sequential run's path (`--until-decided`), drawn as a chart; None otherwise.
    """

    title: str
    run_id: str
    status: str
    log_hash: str
    run_dir: str
    verdict: str
    verdict_reason: str
    p_text: str
    delta_text: str
    cost_delta_text: str
    arms: tuple[ArmView, ...]
    rows: tuple[TaskRow, ...]
    repeats: int
    card: tuple[tuple[str, str], ...]
    coverage: tuple[tuple[str, str], ...]
    summary: tuple[str, ...]
    warnings: tuple[str, ...]
    faults: tuple[str, ...]
    checked_by: str
    tamper: tuple[str, ...] = ()
    sequential: SequentialRecord | None = None


def tamper_line(r: TrialRecord, shown: int = 6) -> str:
    """One line for a trial with tamper findings: id, outcome, then `path (kind)` for the first few."""
    assert r.tamper is not None
    outcome = "passed" if r.verified else ("scored failed (--tamper fail)" if r.tamper.failed else "failed")
    if r.verified is None:
        outcome = "not scored"
    items = [f"{f.path} ({f.kind})" for f in r.tamper.findings[:shown]]
    more = len(r.tamper.findings) - shown + r.tamper.omitted
    return f"{r.trial_id} ({outcome}): " + "; ".join(items) + (f"; and {more} more" if more > 0 else "")


CARD_FIELDS = (
    "model",
    "upstream",
    "task_set",
    "checked_by",
    "tools_allowed",
    "agent",
    "timeouts",
    "network",
    "repeats",
    "budget_usd",
    "sandbox",
    "environment_hash",
    "memeval",
    "tamper",
    "concurrency",
    "executor",
    "sequential",
    "modes",
)


def _value(v: Any) -> str:
    if isinstance(v, dict):
        return ", ".join(f"{a}={b}" for a, b in v.items() if b)
    if isinstance(v, list | tuple):
        return ", ".join(str(x) for x in v)
    return "—" if v is None else str(v)


def card_fields(card: RunCard, absent: str | None = None) -> tuple[tuple[str, str], ...]:
    """The run card as (field, text) pairs, in `CARD_FIELDS` order, for the terminal and the report.

    A mapping reads `key=value, ...` (empty values left out), a list `a, b`, None an em dash.
    `sequential` is left out of a fixed-size run, `modes` out of a paired one (both arms).

    Args:
        card: the run's card (`RunResult.run_card`).
        absent: the text for a field the run's log did not record (a log older than the field);
            None leaves such a field out.
    """
    out = []
    for k in CARD_FIELDS:
        recorded = k in card.model_fields_set
        if (k == "sequential" and card.sequential is None) or (k == "modes" and card.modes is None):
            continue  # a fixed-size run; a paired run (both arms)
        if recorded:
            out.append((k, _value(getattr(card, k))))
        elif absent is not None:
            out.append((k, absent))
    return tuple(out)


def _bound(v: float | None) -> str:
    return "unbounded" if v is None else money(v)


def _outcome(r: TrialRecord) -> GridOutcome:
    if r.fault is not None:
        return "fault"
    if r.assessment != "scored":
        return "unscored"
    return "pass" if r.verified else "fail"


def _arm(mode: str, run: Run, s: RunSummary, ran: bool = True) -> ArmView:
    v = run.result.verdict
    score = next(a for a in s.arms if a.mode == mode)
    passes = sum(getattr(r, f"{mode}_passes") for r in run.result.table)
    scored = sum(getattr(r, f"{mode}_scored") for r in run.result.table)
    rate, ci, method = score.rate_scored, score.ci, score.ci_method
    cop_text, cop_ci, coverage = "—", "—", "—"
    arm_rate = None if v is None else (v.pass_rate_baseline if mode == "baseline" else v.pass_rate_pack)
    if v is not None and arm_rate is not None:
        rate = arm_rate
        raw = v.pass_rate_ci_baseline if mode == "baseline" else v.pass_rate_ci_pack
        ci, method = ((raw[0], raw[1]), raw[2]) if raw else (None, None)
    if v is not None:
        cop = v.cost_of_pass.baseline if mode == "baseline" else v.cost_of_pass.pack
        if cop.value is not None:
            cop_text = money(cop.value)
        elif cop.cost_known == 0:
            cop_text = "not known"  # no trial had a metered, priced cost: never shown as 0
        else:
            unknown = passes_cost_unknown(cop.value, cop.passes, cop.cost_known, arm_rate)
            cop_text = f"not known ({PASSES_COST_UNKNOWN})" if unknown else ("no pass" if cop.passes == 0 else "—")
        if cop.ci:
            cop_ci = f"{_bound(cop.ci[0])} – {_bound(cop.ci[1])}"
        coverage = cop.cost_coverage
    levels: dict[str, int] = {}
    for r in run.result.trials:
        if r.mode == mode and r.fault is None and r.assessment == "scored" and r.verified and r.checks:
            levels[r.checks[0].level] = levels.get(r.checks[0].level, 0) + 1
    level_text = ", ".join(f"{lv}: {levels[lv]}" for lv in CHECK_LEVELS if lv in levels) or "no pass"
    return ArmView(
        mode=mode,
        label=ARM_LABEL[mode],
        passes=passes,
        scored=scored,
        rate=rate,
        rate_text=pct(rate),
        ci=ci,
        ci_text="—" if ci is None else f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f}% ({method})",
        cost_of_pass=cop_text,
        cost_of_pass_ci=cop_ci,
        cost_coverage=coverage,
        spend=money(s.cost_by_arm.get(mode), lower_bound=mode in s.cost_at_least),
        levels=level_text,
        ran=ran,
    )


def build_context(run: Run, include_controls: bool = True) -> ReportContext:
    """Word every figure of a run for the report.

    Args:
        run: a loaded run (`memeval.results.load_run`).
        include_controls: count control trials in the summary lines (a report on a control run
            is about the controls, so the default counts them).
    """
    res = run.result
    s = summarize(run, include_controls=include_controls)
    v = res.verdict
    repeats = max([t.repeat for t in res.trials] + [res.run_card.repeats])
    by_key = {(r.task_id, r.mode, r.repeat): r for r in res.trials}
    ran = res.run_card.modes or MODES  # a one-arm run (`memeval ab --arms`): the other arm's cells say so
    rows = []
    for row in res.table:
        cells = []
        for mode in MODES:
            for rep in range(1, repeats + 1):
                r = by_key.get((row.task_id, mode, rep))
                outcome = _outcome(r) if r else "missing"
                cells.append(
                    GridCell(
                        mode=mode,
                        repeat=rep,
                        outcome=outcome,
                        title=f"{row.task_id} · {mode} · repeat {rep}: {outcome}",
                    )
                )
        rows.append(
            TaskRow(
                task_id=row.task_id,
                baseline=cell_text(row.cell("baseline")) if "baseline" in ran else "not run",
                pack=cell_text(row.cell("pack")) if "pack" in ran else "not run",
                cells=tuple(cells),
            )
        )
    one_arm = f"a one-arm run (--arms {' and '.join(ran)}): the other arm was not run, so no verdict is computed"
    one_arm_run = res.run_card.modes is not None
    verdict, reason, p_text, delta_text, cost_delta = (
        "none" if one_arm_run else "unresolved",
        one_arm if one_arm_run else "no task was scored in both arms",
        "—",
        "—",
        "—",
    )
    if v is not None:
        verdict, reason = v.verdict, verdict_reason_words(v.reason)
        p_text = f"{p_words(v.p_value, v.p_method)}, {paired_tasks(v.n_tasks_paired)}"
        if res.sequential is not None:
            p_text += " (the fixed-size p, descriptive only: the sequential boundaries below decide)"
        if v.verdict_faults_against is not None:
            p_text += (
                f"; scored trials alone: {v.verdict_scored}, faulted trials counted against it: "
                f"{v.verdict_faults_against} (p = {v.p_value_faults_against:.4g})"
            )
        if v.delta is not None:
            ci = v.delta_ci
            ci_part = f", 95% CI {100 * ci[0]:+.1f} to {100 * ci[1]:+.1f} ({ci[2]})" if ci else ""
            delta_text = f"{100 * v.delta:+.1f} points{ci_part}"
        diff = v.cost_of_pass.pack_minus_baseline
        if diff is not None:
            dci = diff.ci
            cost_delta = f"{'+' if diff.value >= 0 else ''}{money(diff.value)} per pass" + (
                f", 95% CI {_bound(dci[0])} to {_bound(dci[1])}" if dci else ""
            )
    c = res.coverage
    coverage = (
        ("Trials expected", str(c.expected_trials)),
        ("Trials executed", str(c.executed_trials)),
        ("Trials scored", str(c.completed_trials)),
        ("Measurements observed", f"{c.observed_measurements} of {c.expected_measurements}"),
    ) + tuple((f"Missing: {k}", str(n)) for k, n in c.missing.items())
    faults = tuple(
        f"{r.trial_id}: interrupted ({r.fault.phase}): {r.fault.message}; {INTERRUPTED_ONE}"
        if r.fault.code == INTERRUPTED_FAULT
        else f"{r.trial_id}: {r.fault.code} ({r.fault.phase}): {r.fault.message}"
        for r in res.trials
        if r.fault
    ) + tuple(f"run: {f.code} ({f.phase}): {f.message}" for f in res.run_faults)
    tamper = tuple(
        tamper_line(r) for r in res.trials if r.tamper is not None and (r.tamper.findings or r.tamper.omitted)
    )
    return ReportContext(
        sequential=res.sequential,
        title=f"A/B report · run {res.run_id}",
        run_id=res.run_id,
        status=s.status,
        log_hash=res.log_hash,
        run_dir=str(run.path),
        verdict=verdict,
        verdict_reason=reason,
        p_text=p_text,
        delta_text=delta_text,
        cost_delta_text=cost_delta,
        arms=tuple(_arm(m, run, s, ran=m in ran) for m in MODES),
        rows=tuple(rows),
        repeats=repeats,
        card=card_fields(res.run_card),
        coverage=coverage,
        summary=tuple(summary_lines(s)),
        warnings=s.warnings,
        faults=faults,
        checked_by=res.run_card.checked_by,
        tamper=tamper,
    )
