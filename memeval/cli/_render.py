"""Terminal rendering of a run: the with/without table, the verdict and the run card."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from memeval.cli._print import add_task_column, print_titled
from memeval.formatting import (
    PASSES_COST_UNKNOWN,
    cell_text,
    money,
    p_words,
    paired_tasks,
    passes_cost_unknown,
    run_ref,
    verdict_reason_words,
)
from memeval.results import RunResult, arm_spend
from memeval.runreport import card_fields
from memeval.stats import ArmCostOfPass


def render_ab(result: RunResult, console: Console, run_dir: str) -> None:
    """Print the records page's with/without table, the verdict, the run card and coverage."""
    v = result.verdict
    t = Table()
    add_task_column(t, "Task", (row.task_id for row in result.table), console)  # ids whole at 80 columns
    t.add_column("Cold agent (baseline)", overflow="fold")
    t.add_column("With memory (pack)", overflow="fold")
    ran = result.run_card.modes or ("baseline", "pack")  # a one-arm run (--arms): the other column says so

    def arm(mode: str, text: str) -> str:
        return text if mode in ran else "not run"

    for row in result.table:
        t.add_row(
            escape(row.task_id),
            arm("baseline", cell_text(row.cell("baseline"))),
            arm("pack", cell_text(row.cell("pack"))),
        )
    b_pass = sum(r.baseline_passes for r in result.table)
    b_n = sum(r.baseline_scored for r in result.table)
    p_pass = sum(r.pack_passes for r in result.table)
    p_n = sum(r.pack_scored for r in result.table)
    t.add_section()
    passed = (arm("baseline", f"{b_pass} of {b_n}"), arm("pack", f"{p_pass} of {p_n}"))
    t.add_row("Really passed", *passed, style="bold")
    if v is not None:
        cop = v.cost_of_pass
        t.add_row(
            "Cost of a pass", _cop(cop.baseline, v.pass_rate_baseline), _cop(cop.pack, v.pass_rate_pack), style="bold"
        )
    metered = bool(result.trials) and all(r.physics.source == "meter" for r in result.trials)
    if metered:
        t.add_row("Spent (every attempt)", *(_spent(result, m) for m in ("baseline", "pack")))
    if v is not None and v.verdict_faults_against is not None:
        t.add_row(
            "Verdict",
            f"scored trials: {v.verdict_scored}",
            f"faults counted against: {v.verdict_faults_against}",
        )
    print_titled(console, f"Run {result.run_id} · {result.status}", t)
    if metered and (note := spent_note(result)):
        console.print(escape(note))
    control = result.run_card.agent.get("control")
    if control:
        console.print(
            f"[yellow]Control run ({escape(str(control))}):[/yellow] it checks the tasks, not an agent; control "
            "runs are left out of totals unless asked (memeval results --include-controls)."
        )
    if result.run_card.modes is not None:
        one = " and ".join(result.run_card.modes)
        console.print(
            f"[yellow]One-arm run ({escape(one)} only, --arms {escape(one)}):[/yellow] the other arm was not run, "
            "so no verdict is computed; run both arms (--arms both) to compare."
        )
    console.print(
        "Checked by held-back tests the agent never saw (level L2v). Agents' own claims are recorded and never counted."
    )
    if v is not None:
        p = v.p_value
        if result.sequential is None:
            console.print(
                f"\nVerdict: [bold]{v.verdict}[/bold]  ({escape(verdict_reason_words(v.reason))}; "
                f"{paired_tasks(v.n_tasks_paired)}, {escape(p_words(p, v.p_method))})"
            )
        else:
            render_sequential(result, console)
        if v.delta is not None:
            ci = v.delta_ci
            ci_text = ""
            if ci:
                low, high = max(-1.0, ci[0]), min(1.0, ci[1])
                clipped = " (clipped to [-1, +1])" if (low, high) != (ci[0], ci[1]) else ""
                ci_text = f", 95% CI [{low:+.2f}, {high:+.2f}] ({ci[2]}{clipped})"
            console.print(
                f"Pass rate: baseline {v.pass_rate_baseline:.2f}, pack {v.pass_rate_pack:.2f}, "
                f"difference {v.delta:+.2f}{ci_text}"
            )
        if v.verdict_faults_against is not None:
            console.print(
                f"Faults: with the scored trials alone the verdict is {v.verdict_scored}; with every "
                f"faulted trial counted against it, {v.verdict_faults_against} "
                f"(p = {v.p_value_faults_against:.4g})"
            )
        for w in v.warnings:
            if w.kind == "few_trials" and result.sequential is not None and result.sequential.path.stopped:
                # a sequential run that stopped at a look has few trials by design; its error rate holds
                console.print(
                    f"note: stopped at round {result.sequential.rounds_run}, so each task has fewer than 3 trials "
                    "an arm; the sequential test keeps its error rate at whatever round it stops"
                )
                continue
            console.print(f"[yellow]warning:[/yellow] {escape(w.message)}")
    c = result.coverage
    console.print(
        f"\nCoverage: {c.expected_trials} trials expected, {c.executed_trials} executed, "
        f"{c.completed_trials} scored; {c.observed_measurements} of {c.expected_measurements} measurements"
        + (f"; missing: {', '.join(f'{k} {n}' for k, n in c.missing.items())}" if c.missing else "")
    )
    fields: dict[str, int] = {}
    for r in result.trials:
        if r.fault is None:
            for name in r.physics.missing:
                fields[name] = fields.get(name, 0) + 1
    if fields:
        # fields missing from as many trials for one reason share it: an unmetered run named its reason nine times
        groups: dict[tuple[int, str], list[str]] = {}
        for k, n in sorted(fields.items()):
            groups.setdefault((n, _why(result, k)), []).append(k)
        console.print(
            "  not measured: "
            + "; ".join(f"{', '.join(ks)} in {n} trial(s) ({escape(why)})" for (n, why), ks in groups.items())
        )
    faults = [r for r in result.trials if r.fault]
    for r in faults:
        f = r.fault
        if f is not None:
            # escaped: a fault names what the task wrote (a Dockerfile line `RUN test -e /app/x-[/etc]`
            # ended the run with a MarkupError and no record; `[a-z]` in a line was dropped unsaid)
            console.print(f"[red]fault[/red] {escape(f'{r.trial_id}: {f.code} ({f.phase}): {f.message}')}")
    pack = result.manifest.cells.pack
    slice_ids = result.manifest.slice
    modes = result.run_card.modes
    if pack and modes is not None and "pack" not in modes:  # `--arms baseline --pack P`, or memeval.toml's pack
        console.print(
            f"\nPack: {escape(pack.name)} version {escape(pack.version)}, {len(slice_ids)} item(s) in the slice, "
            f"{pack.hash[:19]}…; given to no trial (the pack arm was not run: --arms {' '.join(modes)})"
        )
    elif pack:
        console.print(
            f"\nPack (pack arm only): {escape(pack.name)} version {escape(pack.version)}, {len(slice_ids)} "
            f"item(s) in the slice, {pack.hash[:19]}…"
        )
    elif result.run_card.modes is not None:
        console.print("\nPack: none")
    else:
        console.print("\nPack: none (both arms cold: an A/A run)")
    console.print("\nRun card:" if result.run_card.modes is not None else "\nRun card (the same in both arms):")
    for k, val in card_fields(result.run_card, absent="—"):
        console.print(f"  {k}: {escape(str(val))}")
    console.print(
        f"\nRun folder: {run_dir}  (memeval replay {run_ref(run_dir, result.run_id)} rebuilds this record)",
        soft_wrap=True,
        highlight=False,
        markup=False,
    )


def _spent(result: RunResult, mode: str) -> str:
    """The "Spent" cell: `$0.3545 over 16 attempt(s), 120 call(s)`, with `+` when it is a lower bound.

    Why it is a lower bound goes under the table (`spent_note`): written in the cell (`+ whatever 1
    attempt(s) killed mid-turn ... had in flight (at least this much)`), it widened each arm's column, and
    so every row of the table, by about 90 characters after a kill and `--resume`.
    """
    s = arm_spend(result, mode)
    return f"{money(s.cost_usd, 4, lower_bound=s.lower_bound)} over {s.attempts} attempt(s), {s.calls} call(s)"


def spent_note(result: RunResult) -> str | None:
    """The line under the table saying why an arm's "Spent" is a lower bound (`+`), or None when neither is.

    Per arm, the answered calls whose cost is not known (`ArmSpend.calls_cost_unknown`) and the attempts
    killed mid-turn or with calls in flight (`ArmSpend.attempts_cut`: a call in flight at the kill is on
    no record), e.g. `Spent +: at least this much (a call in flight at a kill is on no record); baseline: 1
    attempt(s) killed mid-turn or with calls in flight; pack: 2 call(s) of unknown cost`.
    """
    parts = []
    for mode in ("baseline", "pack"):
        s = arm_spend(result, mode)
        why = []
        if s.calls_cost_unknown:
            why.append(f"{s.calls_cost_unknown} call(s) of unknown cost")
        if s.attempts_cut:
            why.append(f"{s.attempts_cut} attempt(s) killed mid-turn or with calls in flight")
        if why:
            parts.append(f"{mode}: {', '.join(why)}")
    cut = any(arm_spend(result, m).attempts_cut for m in ("baseline", "pack"))
    on_record = " (a call in flight at a kill is on no record)" if cut else ""
    return f"Spent +: at least this much{on_record}; {'; '.join(parts)}" if parts else None


def _why(result: RunResult, field: str) -> str:
    for r in result.trials:
        if field in r.physics.missing:
            return r.physics.missing[field]
    return ""


def _cop(arm: ArmCostOfPass, pass_rate: float | None) -> str:
    if arm.value is None:
        if arm.cost_known == 0:
            return "not known (no trial's cost was metered)"
        if passes_cost_unknown(arm.value, arm.passes, arm.cost_known, pass_rate):
            return f"not known ({PASSES_COST_UNKNOWN})"
        return "no pass" if arm.passes == 0 else "—"
    ci = arm.ci
    rng = ""
    if ci and (ci[0] is not None or ci[1] is not None):
        low = money(ci[0]) if ci[0] is not None else "unbounded"
        high = money(ci[1]) if ci[1] is not None else "unbounded"
        rng = f" (95% CI {low} – {high})"
    return f"{money(arm.value)}{rng} · cost known {arm.cost_coverage}"


LOOK_WORDS = {
    "continue": "go on",
    "better": "better",
    "worse": "worse",
    "futility": "stop for futility",
    "max_reached": "stop: the most rounds ran",
    "too_few_tasks": "go on (too few tasks yet)",
}
"""What a look of `--until-decided` decided (`memeval.stats.LookDecision`), in words; the JSON keeps the codes."""


def render_sequential(result: RunResult, console: Console) -> None:
    """The verdict of a sequential run and its path: one line per look, then what stopping saved."""
    seq = result.sequential
    assert seq is not None
    path = seq.path
    d = path.design
    console.print(
        f"\nVerdict: [bold]{path.verdict}[/bold]  (sequential: {escape(verdict_reason_words(path.reason))}; "
        f"{seq.rounds_run} of "
        f"{seq.max_rounds} rounds, {d.spending.replace('_', '-')}"
        f"{f' gamma {d.gamma:g}' if d.spending == 'hsd' else ''} spending, alpha {d.alpha:g})"
    )
    for look in path.looks:
        est = "—" if look.estimate is None else f"{look.estimate:+.3f}"
        bound = "none reachable" if look.boundary is None else f"±{look.boundary:.3f}"
        cp = (
            ""
            if look.conditional_power is None
            else f", chance of a verdict if the trend holds {look.conditional_power:.2f}"
        )
        where = f"round {look.round}"
        if d.looks_per_round > 1:
            part = ((look.look or look.round) - 1) % d.looks_per_round + 1
            where += f", look {part}/{d.looks_per_round}"
        console.print(
            f"  {where}: difference {est} (must pass {bound}; alpha spent {look.alpha_spent:.4f}"
            f"{cp}) -> {LOOK_WORDS.get(look.decision, look.decision)}",
            highlight=False,
        )
    if seq.trials_saved:
        spend = "" if seq.spend_saved_usd is None else f", about {money(seq.spend_saved_usd)} (estimated)"
        console.print(
            f"  stopped early: {seq.trials_run} trials run, {seq.trials_saved} fewer than the fixed "
            f"{seq.max_rounds}-repeat design{spend}",
            highlight=False,
        )
