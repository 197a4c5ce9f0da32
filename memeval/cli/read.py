"""Commands that read runs: `compare`, `report-ab`, `view`, `runs`, `plan`, `check-tasks`.

`memeval results` (in `ab.py`) uses `print_results` and `print_listing` from here for its summary
line, its folder-of-runs listing and its two-run comparison.
"""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from memeval.cli.app import (
    EXIT_FAILURE,
    command_app,
    how_to_make_runs,
    runs_dir_is_a_folder,
    runs_dir_to_read,
    translate_errors,
)
from memeval.errors import UsageError
from memeval.formatting import money
from memeval.types import MAX_SECONDS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import Console

    from memeval._runlist import ListedRun
    from memeval.results import Run, RunListing
    from memeval.runreport import Comparison
    from memeval.stats import PilotSpread, TaskTrials

app = command_app()  # this module's commands; the root app loads them by name (memeval.cli.app.COMMANDS)

# Domain modules are imported inside each command (and the statistics only where a verdict or an
# interval is computed), so these commands start without scipy, statsmodels or the web stack.

RunsDir = Annotated[
    Path,
    typer.Option(
        "--runs-dir", envvar="MEMEVAL_RUNS_DIR", help="Where run folders live.", callback=runs_dir_is_a_folder
    ),
]


def escape(text: str) -> str:
    """Rich markup escaping, imported on first use (rich is not needed to start a command)."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


def _console() -> Console:
    import sys

    from rich.console import Console

    return Console() if sys.stdout.isatty() else Console(width=160)


def _status_text(status: str) -> str:
    return (
        "interrupted: no memeval process runs it; continue with memeval ab --resume"
        if status == "interrupted"
        else status
    )


def print_results(run: Run, console: Console, include_controls: bool = False) -> None:
    """One row per trial, then the summary lines and the warnings (`memeval results RUN`)."""
    from rich.table import Table

    from memeval.runreport import summarize, summary_lines

    recs = run.to_records(include_controls=True)
    t = Table(title=f"{run.result.run_id} ({_status_text(run.status)})", title_justify="left")
    for col in (
        "task",
        "mode",
        "rep",
        "reward",
        "execution",
        "assessment",
        "level",
        "fault",
        "time",
        "tokens in/out",
        "cost",
        "control",
        "tamper",
    ):
        t.add_column(col)
    unmeasured = {r.trial_id: r.physics.unmeasured_calls for r in run.result.trials}
    for x in recs:
        tok = (
            f"{x['input_tokens'] if x['input_tokens'] is not None else '—'}/"
            f"{x['output_tokens'] if x['output_tokens'] is not None else '—'}"
        )
        if unmeasured.get(x["trial_id"]) and (x["input_tokens"] is not None or x["output_tokens"] is not None):
            tok = f"at least {tok} ({unmeasured[x['trial_id']]} call(s) unmeasured)"
        t.add_row(
            escape(x["task_id"]),
            x["mode"],
            str(x["repeat"]),
            "—" if x["reward"] is None else f"{x['reward']:g}",
            x["execution"],
            x["assessment"],
            x["level"] or "—",
            x["fault"] or "",
            "—" if x["wall_ms"] is None else f"{x['wall_ms'] / 1000:.1f}s",
            tok,
            money(x["cost_usd"], 4),
            (x["control"] or "") + (" (left out)" if x["control"] and not include_controls else ""),
            "—" if x["tamper"] is None else str(x["tamper"]),
        )
    console.print(t)
    s = summarize(run, include_controls=include_controls)
    for line in summary_lines(s):
        console.print(escape(line), highlight=False)
    if run.result.sequential is not None:
        from memeval.cli._render import render_sequential

        render_sequential(run.result, console)
    for w in s.warnings:
        console.print(f"[yellow]warning:[/yellow] {escape(w)}", highlight=False)


def print_listing(runs_dir: str, rows: Sequence[ListedRun | RunListing]) -> None:
    """One line per run folder, in aligned columns (`memeval runs`, `memeval results FOLDER`).

    Plain text, no rich: `memeval runs` starts without it. Text from a run's log (task set, agent,
    an unreadable log's error) is printed with control characters spelled out.
    """
    if not rows:
        typer.echo(f"no run folders in {visible(runs_dir)} yet: {how_to_make_runs(visible(runs_dir))}")
        return
    head = ("run", "started (UTC)", "task set", "agent", "status", "trials", "verdict", "p")
    table = [head]
    for r in rows:
        agent = (r.agent or "—") + (" (control)" if r.control else "")
        table.append(
            (
                visible(r.run_id),
                (r.started_at or "—")[:19].replace("T", " "),
                visible(r.task_set or "—"),
                visible(agent),
                r.status if not r.error else f"unreadable: {visible(r.error)}",
                f"{r.trials}/{r.planned}{_faulted(r.trials, r.faulted)}",
                _verdict_so_far(r.status, r.verdict),
                "—" if r.p_value is None else f"{r.p_value:.3g}",
            )
        )
    widths = [max(len(row[i]) for row in table) for i in range(len(head))]
    typer.echo(f"Runs in {visible(runs_dir)}")
    for row in table:
        typer.echo("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())


def visible(text: str) -> str:
    r"""`text` with control and other unprintable characters written as escapes (`\x1b`), one line."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def _verdict_so_far(status: str, verdict: str | None) -> str:
    """A listing's verdict cell: final only for a `completed` run, else `WORD so far` (more trials may come)."""
    if not verdict:
        return "—"
    return verdict if status == "completed" else f"{verdict} so far"


def _faulted(trials: int, faulted: int) -> str:
    """The listing's mark for faulted trials: none, `, N faulted`, or `, all faulted` (measured nothing)."""
    if not faulted:
        return ""
    return ", all faulted: measured nothing" if faulted == trials else f", {faulted} faulted"


def _rate(p: int, n: int) -> str:
    return "—" if n == 0 else f"{p}/{n}"


def print_comparison(c: Comparison, console: Console) -> None:
    """The comparison task by task, the flips per arm and the paired verdict B vs A per arm."""
    from rich.table import Table

    from memeval.runreport import ARM_LABEL

    for w in c.warnings:
        console.print(f"[yellow]warning:[/yellow] {escape(w)}", highlight=False)
    t = Table(
        title=f"A = {c.run_a} (verdict {c.verdict_a}), B = {c.run_b} (verdict {c.verdict_b})",
        title_justify="left",
    )
    for col in ("task", "baseline A", "baseline B", "pack A", "pack B", "change (baseline / pack)"):
        t.add_column(col)
    by = {(x.task_id, x.mode): x for x in c.tasks}
    for task_id in dict.fromkeys(x.task_id for x in c.tasks):
        b, p = by.get((task_id, "baseline")), by.get((task_id, "pack"))
        cells = []
        for x in (b, p):
            cells += ["—", "—"] if x is None else [_rate(x.a_passes, x.a_scored), _rate(x.b_passes, x.b_scored)]
        t.add_row(escape(task_id), *cells, f"{b.change if b else '—'} / {p.change if p else '—'}")
    console.print(t)
    for arm in c.arms:
        console.print(
            f"\n[bold]{ARM_LABEL[arm.mode]}[/bold]: A {arm.a_passes}/{arm.a_scored} passed, "
            f"B {arm.b_passes}/{arm.b_scored} passed",
            highlight=False,
        )
        console.print(f"  flipped to pass in B ({len(arm.improved)}): {escape(', '.join(arm.improved)) or '—'}")
        console.print(f"  flipped to fail in B ({len(arm.regressed)}): {escape(', '.join(arm.regressed)) or '—'}")
        if arm.verdict:
            v = arm.verdict
            console.print(
                f"  B against A: [bold]{v.verdict}[/bold] ({v.reason}; "
                f"p = {v.p_value:.4g} "
                f"by {v.p_method}, {v.n_tasks_paired} tasks)",
                highlight=False,
            )


@app.command()
@translate_errors
def compare(
    run_a: Annotated[str, typer.Argument(help="The reference run (id or folder).")],
    run_b: Annotated[str, typer.Argument(help="The run compared with it (id or folder).")],
    vary: Annotated[
        list[str] | None,
        typer.Option(
            "--vary",
            help="A run-card field meant to differ (repeatable): a warning instead of a refusal.",
        ),
    ] = None,
    runs_dir: RunsDir = Path("runs"),
    as_json: Annotated[
        bool,
        typer.Option("--json", help="The comparison document (schemas/comparison.schema.json)."),
    ] = False,
) -> None:
    """Compare two runs task by task: which tasks flipped each way in each arm.

    Refuses (exit 2) when the run cards differ in anything but the --vary fields.
    """
    from memeval.results import find_run, load_run
    from memeval.runreport import compare_runs

    a, b = load_run(find_run(run_a, runs_dir)), load_run(find_run(run_b, runs_dir))
    c = compare_runs(a, b, vary or ())
    if as_json:
        typer.echo(c.model_dump_json(by_alias=True, indent=2))
        return
    print_comparison(c, _console())


@app.command("report-ab")
@translate_errors
def report_ab(
    run: Annotated[str, typer.Argument(help="A run id or run folder.")],
    html: Annotated[Path | None, typer.Option("--html", help="Write the self-contained HTML page here.")] = None,
    pdf: Annotated[Path | None, typer.Option("--pdf", help="Write the PDF (A4) here.")] = None,
    runs_dir: RunsDir = Path("runs"),
) -> None:
    """Write the A/B report as HTML and/or PDF (default: reports/<run id>.pdf).

    The with/without table, really passed, cost of a pass, the verdict, the charts, the run card
    and coverage.
    """
    from memeval.results import find_run, load_run
    from memeval.runreport import write_report

    r = load_run(find_run(run, runs_dir))
    if html is None and pdf is None:
        pdf = Path("reports") / f"{r.result.run_id}.pdf"
    made: list[Path] = []
    for opt, p in (("--html", html), ("--pdf", pdf)):
        if p is None:
            continue
        if p.is_dir():
            raise UsageError(
                f"{opt} {str(p)!r} is a folder; give a file name, e.g. {str(p / f'{r.result.run_id}.{opt[2:]}')!r}"
            )
        blocking = next((a for a in (p.parent, *p.parent.parents) if a.exists() and not a.is_dir()), None)
        if blocking is not None:
            raise UsageError(f"{opt} {str(p)!r}: {str(blocking)!r} is a file, not a folder; pick another path")
        if not p.parent.exists() and p.parent not in made:
            made.append(p.parent)
    ctx = write_report(r, html=html, pdf=pdf)
    for folder in made:
        typer.echo(f"made folder {folder} (it did not exist)")
    for p in (html, pdf):
        if p is not None:
            typer.echo(f"wrote {p}")
    typer.echo(f"verdict: {ctx.verdict} ({ctx.verdict_reason}); {ctx.p_text}")


@app.command()
@translate_errors
def view(
    run: Annotated[str, typer.Argument(help="A run id or run folder.")],
    port: Annotated[
        int, typer.Option(help="Port on 127.0.0.1 (default 0: any free port, printed).", min=0, max=65535)
    ] = 0,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Do not open a browser.")] = False,
    runs_dir: RunsDir = Path("runs"),
) -> None:
    """Serve a local viewer of the run on 127.0.0.1 (stop with Ctrl-C).

    The overview, then each trial's model calls, claim, verifier output, workspace diff and
    faults.
    """
    from memeval.results import find_run, load_run
    from memeval.runreport import build_context
    from memeval.viewer import start_viewer

    path = find_run(run, runs_dir)
    # Fail here, with the CLI's message, if the log is unreadable; building the overview once also
    # loads the statistics before the address is printed, so the first page answers at once.
    build_context(load_run(path))
    with ExitStack() as stack:
        try:
            server = stack.enter_context(start_viewer(path, port=port))
        except OSError as exc:
            raise UsageError(str(exc)) from exc
        typer.echo(f"memeval view: {server.url}  (Ctrl-C stops it)")
        if not no_browser:
            import webbrowser

            webbrowser.open(server.url)
        server.wait()


@app.command()
@translate_errors
def runs(
    runs_dir: Annotated[
        Path,
        typer.Option(
            "--runs-dir", envvar="MEMEVAL_RUNS_DIR", help="Where run folders live.", callback=runs_dir_to_read
        ),
    ] = Path("runs"),
    as_json: Annotated[bool, typer.Option("--json", help="The listing document (schemas/runs.schema.json).")] = False,
    index: Annotated[
        bool,
        typer.Option(
            "--index",
            help="Also (re)write the run index in the SQL store (MEMEVAL_DB, default sqlite:///audit/memeval.sqlite);"
            " it is derived and can be rebuilt from the folders at any time.",
        ),
    ] = False,
    from_index: Annotated[
        bool, typer.Option("--from-index", help="List the SQL store's run index instead of reading the folders.")
    ] = False,
    index_url: Annotated[
        str | None,
        typer.Option(
            "--index-url",
            envvar="MEMEVAL_INDEX_URL",
            help="The run index's store for --index and --from-index (a SQLAlchemy URL, e.g. a team's shared "
            "postgresql+psycopg://host/db); default MEMEVAL_DB.",
        ),
    ] = None,
) -> None:
    """List the run folders: id, start, task set, agent, status, trials and verdict."""
    from memeval._runlist import list_run_folders

    if from_index or index:
        from memeval.audit import db_url
        from memeval.results import index_runs, indexed_runs

        url = db_url(index_url)
    if from_index:
        indexed = indexed_runs(url)
        if as_json:
            import json

            # Keys in the row's declared order (run_id first), not the order SQLAlchemy loaded them in.
            dumped = [r.model_dump(mode="json") for r in indexed]
            typer.echo(
                json.dumps(
                    [{k: d[k] for k in type(r).model_fields} for r, d in zip(indexed, dumped, strict=True)], indent=2
                )
            )
            return
        if not indexed:
            from memeval.cli._store import store_name

            typer.echo(
                f"no runs in the run index at {store_name(url)} yet: `memeval runs --index --runs-dir DIR` "
                "adds a folder's runs (or `memeval ab ... --index-url URL`, each run as it ends)"
            )
            return
        for r in indexed:
            word = _verdict_so_far(r.status, r.verdict).replace("—", "-")
            verdict = f"{word} (p={r.p_value:.3g})" if r.verdict and r.p_value is not None else word
            typer.echo(
                f"{r.run_id}  {r.started_at or '-'}  {r.task_set or '-'}  {r.agent or '-'}  {r.status}  "
                f"{r.trials}/{r.planned} trials  {verdict}  {r.path}"
            )
        return
    if index:
        written = index_runs(runs_dir, url)
        typer.echo(f"indexed {len(written)} run(s) from {runs_dir} in the SQL store", err=True)
    rows = list_run_folders(runs_dir)
    if as_json:
        from memeval.results import runs_document

        typer.echo(runs_document(runs_dir, rows).model_dump_json(by_alias=True, indent=2))
        return
    print_listing(str(runs_dir), rows)


@app.command()
@translate_errors
def plan(
    effect: Annotated[float, typer.Option(help="The difference in pass rate to detect, e.g. 0.15 for 15 points.")],
    repeats: Annotated[int, typer.Option(help="Trials per task and arm.", min=1)] = 3,
    base_rate: Annotated[float, typer.Option(help="The baseline pass rate you expect.")] = 0.5,
    power: Annotated[float, typer.Option(help="Share of runs that should find the effect.")] = 0.8,
    seed: Annotated[int, typer.Option(help="Seed of the simulation.")] = 20240601,
    pilot: Annotated[
        str | None,
        typer.Option(
            "--from",
            help="A pilot run (folder or id): plan from the spread of its per-task differences.",
        ),
    ] = None,
    sequential: Annotated[
        bool,
        typer.Option(
            "--sequential/--no-sequential",
            help="With --from: also size the sequential design (ab --until-decided) by simulation on the pilot's "
            "tasks: tasks, most rounds, expected trials at the effect and at no difference.",
        ),
    ] = False,
    sims: Annotated[
        int, typer.Option(help="With --sequential: simulated runs per size tried (more is surer and slower).", min=20)
    ] = 200,
    runs_dir: RunsDir = Path("runs"),
    as_json: Annotated[bool, typer.Option("--json", help="Print the plan as JSON.")] = False,
) -> None:
    """How many tasks a run needs to find a given effect with 80% power.

    Without --from: a seeded simulation of the verdict procedure at --base-rate; treat the answer
    as +-10%. With --from RUN: the spread of per-task differences is estimated from the pilot run
    (between-task and within-task variance, as Miller's "Adding Error Bars to Evals" does) and
    the answer is given for 1, 2, 3 and 5 repeats.
    """
    if not -1.0 <= effect <= 1.0:  # also nan and inf, which every later check let through or misprinted
        raise UsageError(f"effect {effect!r} (--effect) must be a difference in pass rate from -1 to +1, e.g. 0.15")
    if not 0.0 <= base_rate <= 1.0:
        raise UsageError(f"base rate {base_rate!r} (--base-rate) must be a pass rate from 0 to 1, e.g. 0.5")
    if not 0.0 < power < 1.0:
        raise UsageError(f"power {power!r} (--power) must be a share between 0 and 1, not either end, e.g. 0.8")
    if pilot is not None:
        _plan_from_pilot(pilot, effect, power, seed, runs_dir, sequential, sims, as_json)
        return
    from memeval.stats import tasks_for_power

    try:
        n = tasks_for_power(effect, repeats, base_rate=base_rate, power=power, seed=seed)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    doc = {
        "schema": "memeval.plan/1",
        "schema_version": 1,
        "effect": effect,
        "repeats": repeats,
        "base_rate": base_rate,
        "power": power,
        "seed": seed,
        "tasks": n,
        "trials": n * repeats * 2,
    }
    if as_json:
        import json

        typer.echo(json.dumps(doc, indent=2))
        return
    typer.echo(
        f"{n} tasks x {repeats} repeats x 2 arms = {n * repeats * 2} trials give "
        f"{power:.0%} power to find "
        f"{100 * effect:+.0f} points from a {base_rate:.0%} baseline (alpha 0.05; simulated, +-10%)."
    )


def _plan_from_pilot(
    ref: str, effect: float, power: float, seed: int, runs_dir: Path, sequential: bool, sims: int, as_json: bool
) -> None:

    from memeval.results import find_run, load_run
    from memeval.stats import TaskTrials, TrialObs, pilot_spread, tasks_for_effect

    run = load_run(find_run(ref, runs_dir))
    arms: dict[str, dict[str, list[TrialObs]]] = {}
    for r in run.result.trials:
        if r.control is not None:
            continue
        outcome = "fault" if r.fault or r.assessment != "scored" else ("pass" if r.verified else "fail")
        arms.setdefault(r.task_id, {"baseline": [], "pack": []})[r.mode].append(TrialObs(outcome=outcome))
    tasks = [TaskTrials(task_id=t, baseline=tuple(a["baseline"]), pack=tuple(a["pack"])) for t, a in arms.items()]
    seq_doc: dict[str, object] | None = None
    try:
        spread = pilot_spread(tasks)
        rows = []
        for k in (1, 2, 3, 5):
            n = tasks_for_effect(spread, effect, k, power=power)
            rows.append({"repeats": k, "tasks": n, "trials": 2 * n * k})
        if sequential:
            seq_doc = _sequential_plan(tasks, spread, effect, power, seed, sims)
    except ValueError as exc:
        raise UsageError(f"{exc}; pick a larger pilot run or an --effect that is not 0") from exc
    warnings = []
    if spread.repeats == 1:
        warnings.append(
            "the pilot ran 1 repeat per task, so a task's own spread cannot be told from the spread between "
            "tasks: the plans assume the least task-to-task spread the data allow and may need more tasks; "
            "pilot with --repeats 2 or more for a firmer plan"
        )
    doc = {
        "schema": "memeval.plan/2",
        "schema_version": 2,
        "pilot": str(run.path),
        "effect": effect,
        "power": power,
        "seed": seed,
        "spread": spread._asdict(),
        "plans": rows,
        "warnings": warnings,
    }
    if seq_doc is not None:
        doc["sequential"] = seq_doc
    if as_json:
        import json

        typer.echo(json.dumps(doc, indent=2))
        return
    typer.echo(
        f"Pilot {run.path.name}: {spread.n_tasks} paired tasks x {spread.repeats} repeat(s); "
        f"mean difference {spread.mean_difference:+.3f}; between-task variance {spread.between:.4f}, "
        f"one trial's variance {spread.within:.4f}."
    )
    for row in rows:
        typer.echo(
            f"  {row['repeats']} repeat(s): {row['tasks']} tasks, {row['trials']} trials for "
            f"{power:.0%} power at {100 * effect:+.0f} points (fixed size, normal approximation)"
        )
    if seq_doc is not None:
        typer.echo(
            f"Sequential (ab --until-decided --max-repeats {seq_doc['max_rounds']}): {seq_doc['tasks']} tasks x "
            f"at most {seq_doc['max_rounds']} rounds, at most {seq_doc['max_trials']} "
            f"trials; power {seq_doc['power']:.2f} at {100 * effect:+.0f} points; expected trials "
            f"{seq_doc['expected_trials_at_effect']:.0f} at {100 * effect:+.0f} points and "
            f"{seq_doc['expected_trials_at_zero']:.0f} at no difference (simulated on the pilot's tasks, "
            f"{seq_doc['sims']} runs each; the fixed {seq_doc['max_rounds']}-repeat plan needs "
            f"{seq_doc['fixed_trials']} trials)."
        )
    for w in warnings:
        typer.echo(f"warning: {w}")


def _sequential_plan(
    tasks: list[TaskTrials], spread: PilotSpread, effect: float, power: float, seed: int, sims: int
) -> dict[str, object]:
    """The sequential plan of `plan --from RUN --sequential` as a JSON-ready dict."""
    import numpy as np
    from rich.console import Console

    from memeval.stats import default_sequential_design, plan_sequential

    rates = np.array(
        [(sum(o.outcome == "pass" for o in t.baseline) + 0.5) / (len(t.baseline) + 1) for t in tasks if t.baseline]
    )
    err = Console(stderr=True)
    plan = plan_sequential(
        spread,
        rates,
        effect,
        power=power,
        design=default_sequential_design(
            max_rounds=1, n_flips=500
        ),  # a plan needs speed more than the last 0.1% of alpha
        seed=seed,
        sims=sims,
        progress=lambda line: err.print(f"plan: {line}", highlight=False),
    )
    doc: dict[str, object] = {
        "tasks": plan.tasks,
        "max_rounds": plan.max_rounds,
        "max_trials": plan.max_trials,
        "power": plan.power,
        "expected_trials_at_effect": plan.trials_at_effect,
        "expected_trials_at_zero": plan.trials_at_zero,
        "false_verdicts_at_zero": plan.false_at_zero,
        "fixed_tasks": plan.fixed_tasks,
        "fixed_trials": 2 * plan.fixed_tasks * plan.max_rounds,
        "sims": plan.sims,
    }
    return doc


@app.command("check-tasks")
@translate_errors
def check_tasks_cmd(
    taskset: Annotated[
        Path, typer.Argument(help="A folder of Harbor-layout tasks, one task, or a team folder with memeval.toml.")
    ],
    only: Annotated[
        list[str] | None, typer.Option("--tasks", help="Check only these task ids (repeatable; default: every task).")
    ] = None,
    agent_timeout: Annotated[
        float | None,
        typer.Option(help="Agent turn budget in seconds (default: the task's).", min=0.001, max=MAX_SECONDS),
    ] = None,
    runs_dir: RunsDir = Path("runs"),
    as_json: Annotated[
        bool, typer.Option("--json", help="The check as JSON (schemas/task-check.schema.json).")
    ] = False,
) -> None:
    """List broken tasks: run oracle and nop on every task, with no network.

    oracle runs the task's solution, nop does nothing. A task is broken when the oracle fails,
    nop passes, or a control trial is unscored. Exits 1 if any task is broken.
    """
    from rich.table import Table

    from memeval.project import load_project
    from memeval.runner import broken_lines, check_tasks
    from memeval.tasks import load_task_set_listing_invalid

    proj = load_project(taskset) if taskset.is_dir() else None
    folder = proj.tasks if proj else taskset
    # A task that cannot be loaded is one more broken task: list it and check the others.
    task_set, malformed = load_task_set_listing_invalid(folder, only)
    report = check_tasks(
        task_set, runs_dir, agent_timeout_s=agent_timeout, malformed=malformed, name=folder.resolve().name
    )
    if as_json:
        typer.echo(report.model_dump_json(by_alias=True, indent=2))
    else:
        con = _console()
        t = Table(
            title=f"Controls on {report.task_set} (runs {report.oracle_run or '—'}, {report.nop_run or '—'})",
            title_justify="left",
        )
        for col in ("task", "oracle passed", "nop passed", "problems"):
            t.add_column(col)
        for x in report.tasks:
            t.add_row(
                escape(x.task_id),
                _rate(x.oracle_passes, x.oracle_scored),
                _rate(x.nop_passes, x.nop_scored),
                ", ".join(x.problems) or "ok",
            )
        con.print(t)
        for x in report.broken:
            for d in x.details:
                con.print(f"[red]broken[/red] {escape(x.task_id)}: {escape(d)}", highlight=False)
        con.print(
            f"{len(report.broken)} of {len(report.tasks)} tasks broken"
            + (": " + "; ".join(broken_lines(report)) if report.broken else ""),
            highlight=False,
        )
    if report.broken:
        raise typer.Exit(EXIT_FAILURE)
