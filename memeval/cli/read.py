"""Commands that read runs: `compare`, `report-ab`, `view`, `runs`, `check-tasks`.

How runs are printed lives in `_print.py` (also used by `memeval results`), whose names are
re-exported here; `memeval plan` lives in `plan.py`.
"""

from __future__ import annotations

import signal
import sys
from contextlib import ExitStack
from pathlib import Path
from types import FrameType
from typing import Annotated

import typer

from memeval.cli._ab_params import QuietOpt
from memeval.cli._interrupt import say_interrupted
from memeval.cli._json import JSON_INDENT, echo_json
from memeval.cli._options import RunsDir
from memeval.cli._outfile import file_path, folders_to_make, say_made
from memeval.cli._print import (
    add_task_column,
    compare_or_refuse,
    escape,
    out_console,
    per_arm_rate,
    print_comparison,
    print_index_listing,
    print_listing,
    print_results,
    print_titled,
    visible,
)
from memeval.cli._progress import control_progress
from memeval.cli.app import EXIT_FAILURE, EXIT_INTERRUPTED, command_app, runs_dir_to_read, translate_errors
from memeval.errors import UsageError
from memeval.types import MAX_SECONDS

__all__ = ["app", "escape", "print_comparison", "print_listing", "print_results", "visible"]

app = command_app()  # this module's commands; the root app loads them by name (memeval.cli.app.COMMANDS)

REPORT_NAME = "report.pdf"
"""`memeval report-ab RUN` with neither `--pdf` nor `--html` writes the PDF here, inside the run's folder."""

RUN_INDEX_SCHEMA = "memeval.run-index/1"
"""`memeval runs --from-index --json`: {schema, schema_version, runs: [one row of the SQL run index per run,
`memeval.results.IndexedRun`'s fields in order, run_id first]}."""

# Domain modules are imported inside each command (and the statistics only where a verdict or an
# interval is computed), so these commands start without scipy, statsmodels or the web stack.


@app.command()
@translate_errors
def compare(
    run_a: Annotated[str, typer.Argument(help="The reference run (id or folder).")],
    run_b: Annotated[str, typer.Argument(help="The run compared with it (id or folder).")],
    vary: Annotated[
        list[str] | None,
        typer.Option(
            "--vary",
            help="A run-card field meant to differ, or `pack` for the pack arm's pack (repeatable): "
            "a warning instead of a refusal.",
        ),
    ] = None,
    runs_dir: RunsDir = Path("runs"),
    as_json: Annotated[
        bool,
        typer.Option("--json", help="The comparison document (schemas/comparison.schema.json)."),
    ] = False,
) -> None:
    """Compare two runs task by task: which tasks flipped each way in each arm.

    Refuses (exit 2) when the run cards differ in anything but the --vary fields. Names each
    run's pack, and warns when they differ (`--vary pack` says it is meant). Warns too when an
    arm's calls were answered by other models in B than in A, or by the same two or more in
    shares over 10 points apart (the verdict's own rule, README "What you see").
    """
    from memeval.cli._find import locate_run
    from memeval.results import load_run

    found = locate_run(run_a, runs_dir), locate_run(run_b, runs_dir)  # a mistyped id is said before the heavy imports
    c = compare_or_refuse(load_run(found[0]), load_run(found[1]), vary or ())
    if as_json:
        echo_json(c, by_alias=True)
        return
    print_comparison(c, out_console())


@app.command("report-ab")
@translate_errors
def report_ab(
    run: Annotated[str, typer.Argument(help="A run id or run folder.")],
    html: Annotated[
        Path | None,
        typer.Option(
            "--html", help="Write the self-contained HTML page here.", parser=file_path("report.html"), metavar="<path>"
        ),
    ] = None,
    pdf: Annotated[
        Path | None,
        typer.Option("--pdf", help="Write the PDF (A4) here.", parser=file_path("report.pdf"), metavar="<path>"),
    ] = None,
    runs_dir: RunsDir = Path("runs"),
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No progress on stderr (shown only when stderr is a terminal).")
    ] = False,
) -> None:
    """Write the A/B report as HTML and/or PDF (default: report.pdf in the run's folder).

    The with/without table, really passed, cost of a pass, the verdict, the charts, the run card
    and coverage. Each step (seconds in all, most of them the PDF's layout) shows on stderr when it
    is a terminal.

    A missing folder on the way to --pdf or --html is made (and said); either naming a folder, or a
    path through a file, is refused (exit 2).
    """
    from memeval.cli._find import locate_run
    from memeval.cli._progress import steps_on
    from memeval.results import load_run
    from memeval.runreport import write_report

    path = locate_run(run, runs_dir)
    with steps_on(sys.stderr, quiet) as progress:
        progress("reading the run's log")
        r = load_run(path)
        if html is None and pdf is None:
            pdf = r.path / REPORT_NAME  # beside the run, wherever the command is typed: never a new folder here
        made: list[Path] = []
        for opt, p in (("--html", html), ("--pdf", pdf)):
            if p is not None:
                made += [f for f in folders_to_make(opt, p, f"{r.result.run_id}.{opt[2:]}") if f not in made]
        try:
            ctx = write_report(r, html=html, pdf=pdf, progress=progress)
        except OSError as exc:  # a folder that takes no new file (/proc, read-only, a full disk): no traceback
            where = Path(exc.filename).parent if exc.filename else None
            named = ((o, q) for o, q in (("--html", html), ("--pdf", pdf)) if q is not None and q.parent == where)
            opt, p = next(named, ("--pdf" if html is None else "--html", pdf if html is None else html))
            raise UsageError(
                f"{opt} {str(p)!r} cannot be written ({exc.strerror or exc}): pick a folder you can write to"
            ) from exc
    say_made(made)
    for p in (html, pdf):
        if p is not None:
            typer.echo(f"wrote {p}")
    if ctx.verdict == "none":  # a one-arm run computes none: `unresolved` would be a word of the paired test
        typer.echo(f"no verdict: {ctx.verdict_reason}")
    else:
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
    faults. SIGTERM (`kill PID`, a service manager's stop) is a normal stop, as for `serve` and
    `audit serve`: a line on stderr and exit 0; Ctrl-C is an interruption (exit 130).
    """
    from memeval.cli._find import locate_run
    from memeval.cli._serving import bind_port, sigterm_ends_loading

    path = locate_run(run, runs_dir)
    if port:  # a taken port said at once, not after reading the run (seconds; 23 s at load 23): newuser35
        bind_port("127.0.0.1", port, who="another `memeval view`?").close()
    with sigterm_ends_loading("memeval view"):  # a SIGTERM from the first line on stops it at once, with the usual line
        # said at once: the imports and the run's overview took 23 s of silence at load 23 before the address
        typer.echo(
            f"memeval view: reading run {path.name} and starting the viewer (seconds on a busy machine) ...", err=True
        )
        from memeval.results import load_run
        from memeval.runreport import build_context
        from memeval.viewer import start_viewer

        # Fail here, with the CLI's message, if the log is unreadable; building the overview once also
        # loads the statistics before the address is printed, so the first page answers at once.
        build_context(load_run(path))
    with ExitStack() as stack:
        try:
            server = stack.enter_context(start_viewer(path, port=port))
        except OSError as exc:
            raise UsageError(str(exc)) from exc
        stopped: list[int] = []

        def _term(sig: int, _frame: FrameType | None) -> None:
            # the viewer's uvicorn runs in a thread, which installs no handler: left to Python's
            # default, SIGTERM ended the process with no word (exit 143) where `serve` exits 0
            stopped.append(sig)
            server.server.should_exit = True

        previous = signal.signal(signal.SIGTERM, _term)
        try:
            typer.echo(f"memeval view: {server.url}  (Ctrl-C stops it)")
            if not no_browser:
                import webbrowser

                webbrowser.open(server.url)
            server.wait()
        finally:
            signal.signal(signal.SIGTERM, previous)
    if stopped:
        typer.echo("memeval view: stopped by SIGTERM, shut down cleanly", err=True)


@app.command()
@translate_errors
def runs(
    ctx: typer.Context,
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
            help="Also (re)write the run index in the SQL store that --index-url names; it is derived and can be "
            "rebuilt from the folders at any time.",
        ),
    ] = False,
    from_index: Annotated[
        bool,
        typer.Option(
            "--from-index",
            help="List the SQL store's run index instead of reading the folders (with --index: after indexing them).",
        ),
    ] = False,
    index_url: Annotated[
        str | None,
        typer.Option(
            "--index-url",
            envvar="MEMEVAL_INDEX_URL",
            help="The run index's store for --index and --from-index (a SQLAlchemy URL, e.g. a team's shared "
            "postgresql+psycopg://host/db). Without it: MEMEVAL_INDEX_URL, else MEMEVAL_DB, else "
            "sqlite:///audit/memeval.sqlite.",
        ),
    ] = None,
) -> None:
    """List the run folders: id, start, task set, agent, status, trials and verdict."""
    from typer._click.core import ParameterSource

    from memeval._runlist import list_run_folders

    if from_index and not index and ctx.get_parameter_source("runs_dir") is ParameterSource.COMMANDLINE:
        raise UsageError(
            f"--runs-dir {str(runs_dir)!r} names folders to read, and --from-index lists the run index instead "
            "(every folder indexed into it): drop --runs-dir, or add --index to index that folder first"
        )
    if (
        index_url is not None
        and not (from_index or index)
        and ctx.get_parameter_source("index_url") is ParameterSource.COMMANDLINE
    ):
        raise UsageError(
            "--index-url names the run index's store, which only --index and --from-index read, and this lists "
            "the folders under --runs-dir: add --from-index to list that index, or --index to write it"
        )
    if from_index or index:
        from memeval.audit import db_url
        from memeval.results import index_runs, indexed_runs

        url = db_url(index_url, "--index-url")
    if index:  # first, so --index --from-index lists what it wrote (it said "no runs in the run index yet")
        written = index_runs(runs_dir, url)
        typer.echo(f"indexed {len(written)} run(s) from {runs_dir} in the SQL store", err=True)
    if from_index:
        indexed = indexed_runs(url)
        if as_json:
            # Keys in the row's declared order (run_id first), not the order SQLAlchemy loaded them in.
            dumped = [r.model_dump(mode="json") for r in indexed]
            listed = [{k: d[k] for k in type(r).model_fields} for r, d in zip(indexed, dumped, strict=True)]
            echo_json({"schema": RUN_INDEX_SCHEMA, "schema_version": 1, "runs": listed})
            return
        from memeval.cli._store import store_name

        if not indexed:
            typer.echo(
                f"no runs in the run index at {store_name(url)} yet: `memeval runs --index --runs-dir DIR` "
                "adds a folder's runs (or `memeval ab ... --index-url URL`, each run as it ends)"
            )
            return
        print_index_listing(store_name(url), indexed)
        return
    rows = list_run_folders(runs_dir)
    if as_json:  # the typed document's bytes without building its pydantic model (`runs_json_text`)
        from memeval._runlist import runs_json_text

        typer.echo(runs_json_text(runs_dir, rows, JSON_INDENT))
        return
    print_listing(str(runs_dir), rows)


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
        bool,
        typer.Option(
            "--json",
            help="The check as JSON (schemas/task-check.schema.json); a task's counts are out of 2, one trial per arm.",
        ),
    ] = False,
    quiet: QuietOpt = False,
    concurrency: Annotated[
        int | None,
        typer.Option(
            help="Control trials run at once (default: as `memeval ab`, twice the cores, at most 8; "
            "1 runs one at a time). The oracle's run ends before nop's starts.",
            min=1,
        ),
    ] = None,
) -> None:
    """List broken tasks: run oracle and nop on every task, with no network.

    oracle runs the task's solution, nop does nothing. A task is broken when the oracle fails,
    nop passes, or a control trial is unscored. Exits 1 if any task is broken. Progress goes to
    stderr (a bar on a terminal, a line per ended trial otherwise) unless --quiet. Trials run
    several at once, as `memeval ab`'s do (--concurrency).
    """
    from rich.table import Table

    from memeval.project import load_project
    from memeval.runner import broken_lines, check_tasks, default_concurrency
    from memeval.tasks import load_task_set_listing_invalid

    proj = load_project(taskset) if taskset.is_dir() else None
    folder = proj.tasks if proj else taskset
    # A task that cannot be loaded is one more broken task: list it and check the others.
    task_set, malformed = load_task_set_listing_invalid(folder, only)
    at_once = concurrency or default_concurrency()
    try:
        with control_progress(quiet) as on_progress:
            if task_set is not None:
                on_progress.announce(len(task_set.tasks), runs_dir, at_once)
            report = check_tasks(
                task_set,
                runs_dir,
                agent_timeout_s=agent_timeout,
                on_progress=on_progress,
                malformed=malformed,
                name=folder.resolve().name,
                concurrency=at_once,
            )
    except KeyboardInterrupt:
        # It said "interrupted" alone: nothing on what was left or how to go on, where `ab` names its --resume.
        import shlex

        again = f"memeval {shlex.join(sys.argv[1:])}"
        listing = "memeval runs" + ("" if runs_dir == Path("runs") else f" --runs-dir {shlex.quote(str(runs_dir))}")
        say_interrupted(
            f"interrupted: check-tasks does not resume; check every task again with `{again}`"
            f" (the stopped control run stays in {runs_dir}, listed as cancelled by `{listing}`)"
        )
        raise typer.Exit(EXIT_INTERRUPTED) from None
    if as_json:
        echo_json(report, by_alias=True)
    else:
        con = out_console()
        t = Table()
        add_task_column(t, "task", (x.task_id for x in report.tasks), con)
        for col in ("oracle passed", "nop passed", "problems"):
            t.add_column(col)
        for x in report.tasks:
            t.add_row(
                escape(x.task_id),
                per_arm_rate(x.oracle_passes, x.oracle_scored, x.oracle_trials),
                per_arm_rate(x.nop_passes, x.nop_scored, x.nop_trials),
                ", ".join(x.problems) or "ok",
            )
        title = f"Controls on {report.task_set} (runs {report.oracle_run or '—'}, {report.nop_run or '—'})"
        print_titled(con, title, t)
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
