"""Run a planned `memeval ab` with its progress on stderr, then print it and choose the exit code.

`run_trials` runs the trials (a progress bar on a terminal, a line per ended trial otherwise, nothing
with `--quiet`); on ^C it prints the command that goes on with the run and exits 130. `report_run`
adds the run to a run index when asked, prints the table and the verdict (or the JSON document) and
exits 1 for a run that did not complete, 3 for one that measured nothing.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import typer

from memeval.cli._json import echo_json
from memeval.cli._print import out_console
from memeval.cli.app import EXIT_FAILURE, EXIT_INTERRUPTED

if TYPE_CHECKING:
    from pathlib import Path

    from memeval.results import RunResult
    from memeval.runner import AbOptions
    from memeval.runner import Progress as RunProgress

EXIT_NOTHING_MEASURED = 3
"""`memeval ab` exit code: the run ended but measured nothing: no paired task was scored (every
trial faulted, or no task has a scored trial in both arms). Its last line says which."""


def run_trials(run_dir: Path, opts: AbOptions, *, quiet: bool, resume_hint: str) -> str:
    """Run (or go on with) the run in `run_dir`, showing progress on stderr.

    Args:
        run_dir: the run's folder (planned by `start_run`, or checked by `check_resume`).
        opts: the run's options.
        quiet: print nothing on stderr.
        resume_hint: the command that goes on with the run, printed on one line after ^C.

    Returns:
        The run's status when it ended (`completed`, `cancelled`, ...).

    Raises:
        typer.Exit: 130, after the hint, when the run was interrupted.
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from memeval.runner import execute

    err = Console(stderr=True)
    show = not quiet and sys.stderr.isatty()
    if not quiet:
        err.print(
            f"memeval: run {run_dir.name}: {len(opts.task_set.tasks)} tasks x 2 modes x {opts.repeats} "
            f"repeat(s), agent {opts.agent.name}, {opts.concurrency} at once ({opts.executor})\n  folder {run_dir}"
        )
    status = "completed"
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=not show,
    ) as bar:
        job = bar.add_task("trials", total=len(opts.task_set.tasks) * 2 * opts.repeats)

        def on_progress(p: RunProgress) -> None:
            running = f"{len(p.running)} running" + (f": {', '.join(p.running[:3])}" if p.running else "")
            bar.update(job, completed=p.done, description=running + (", ..." if len(p.running) > 3 else ""))
            if not show and not quiet and p.kind == "ended":
                err.print(f"  [{p.done}/{p.total}] {p.trial_id}: {p.assessment} ({len(p.running)} running)")

        try:
            status = execute(run_dir, opts, on_progress)
        except KeyboardInterrupt:
            # One line however narrow the terminal, nothing coloured inside: the command is copied.
            err.print(
                f"interrupted: go on with `{resume_hint}`",
                soft_wrap=True,
                highlight=False,
                markup=False,
            )
            raise typer.Exit(EXIT_INTERRUPTED) from None
    return status


def report_run(run_dir: Path, status: str, *, as_json: bool, quiet: bool, index_url: str | None) -> None:
    """Index the run if asked, print it (tables, or JSON with `as_json`) and exit as the run ended.

    Raises:
        typer.Exit: 1 when `status` is not `completed`; 3 (`EXIT_NOTHING_MEASURED`) when the run
            measured nothing, said on the last line (stderr under `--json`).
    """
    from rich.console import Console

    from memeval.results import load_run

    run = load_run(run_dir)
    if index_url:
        from memeval.audit import db_url
        from memeval.results import index_runs

        url = db_url(index_url, "--index-url")
        index_runs(run_dir, url)
        if not quiet:
            Console(stderr=True).print(f"memeval: run {run_dir.name} added to the run index ({url.split(':', 1)[0]})")
    if as_json:
        doc = {
            "schema": "memeval.ab/1",
            "schema_version": 1,
            "run_id": run.result.run_id,
            "status": run.result.status,
            "run_dir": str(run_dir),
            "trials": [t.model_dump(mode="json", by_alias=True) for t in run.result.trials],
            "table": [r.model_dump(mode="json") for r in run.result.table],
            "verdict": run.result.verdict.model_dump(mode="json") if run.result.verdict is not None else None,
            "run_card": run.result.run_card.as_logged(),
            "coverage": run.result.coverage.model_dump(),
            "sequential": (
                run.result.sequential.model_dump(mode="json") if run.result.sequential is not None else None
            ),
        }
        echo_json(doc, sort_keys=True)
    else:
        from memeval.cli._render import render_ab

        render_ab(run.result, out_console(), str(run_dir))
    if status != "completed":
        raise typer.Exit(EXIT_FAILURE)
    nothing = _nothing_measured(run.result)
    if nothing:
        line = f"memeval: run {run.result.run_id} measured nothing: {nothing} (exit {EXIT_NOTHING_MEASURED})"
        typer.echo(line, err=as_json)  # the last line of the output (stderr under --json)
        raise typer.Exit(EXIT_NOTHING_MEASURED)


def _nothing_measured(result: RunResult) -> str:
    """Why a completed run measured nothing (every trial faulted; no paired task scored), or ''."""
    trials = result.trials
    if trials and all(t.fault is not None for t in trials):
        codes = sorted({t.fault.code for t in trials if t.fault is not None})
        return f"every trial faulted ({len(trials)} trials: {', '.join(codes)})"
    if result.verdict is None or not result.verdict.n_tasks_paired:
        return "no paired task was scored (no task has a scored trial in both arms)"
    return ""
