"""Run a planned `memeval ab` with its progress on stderr, then print it and choose the exit code.

`run_trials` runs the trials (a progress bar on a terminal, a line per ended trial otherwise, nothing
with `--quiet`); on ^C it prints the command that goes on with the run and exits 130. `report_run`
adds the run to a run index when asked, prints the table and the verdict (or the JSON document) and
exits 1 for a run that did not complete, 3 for one that measured nothing.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple

import typer

from memeval._files import write_atomic
from memeval.cli._interrupt import note_interruption_said
from memeval.cli._json import echo_json
from memeval.cli._print import err_console, out_console, visible
from memeval.cli.app import EXIT_FAILURE, EXIT_INTERRUPTED

if TYPE_CHECKING:
    from pathlib import Path

    from memeval.results import RunResult
    from memeval.runner import AbOptions
    from memeval.runner import Progress as RunProgress

NOT_REPEATED = frozenset({"tasks", "resume", "runs_dir"})
"""Parameters the resume hint writes itself (TASKS first, `--resume ID` and its `--runs-dir` last)."""


class ResumeHint(NamedTuple):
    """What `memeval ab` prints after ^C: the command that goes on with the run, and what it leaves out."""

    command: str
    """One shell line: `memeval ab TASKS` with every option given for this run, then `--resume ID`."""
    note: str
    """What the command does not carry and how to supply it (`--env` values, a URL's password), or ''."""


def resume_hint(ctx: typer.Context, run_dir: Path, *, absolute: bool = False) -> ResumeHint:
    """The command that goes on with the run in `run_dir`, as it was started (`ctx`), ready to paste.

    Every option given on the command line is repeated, in `memeval ab --help`'s order: the
    resumed run must be planned with the same agent (`--agent-cmd` is kept only as a hash on the
    run card, so `--resume` cannot read it back), the same pack, model, limits and policies, or it
    is refused as a changed run. Options from variables (MEMEVAL_*) and memeval.toml are found again
    where they were. Two values are not printed: `--env NAME=VALUE` is written `--env NAME` (values
    are never stored or shown), and an `--index-url` holding a password is left out; `note` says so.
    With `absolute`, the task folder and every path option are written absolute (for `record_start`,
    read back from any folder); else as typed (the ^C hint, pasted where it was typed).
    """
    import shlex
    from pathlib import Path

    from typer._click.core import ParameterSource

    from memeval.formatting import run_ref

    def shown(value: object) -> str:
        return str(value.absolute() if absolute and isinstance(value, Path) else value)

    words = ["memeval", "ab", shlex.quote(shown(ctx.params["tasks"]))]
    env_names: list[str] = []
    url_left_out = False
    for param in ctx.command.params:
        name = param.name or ""
        if name in NOT_REPEATED or ctx.get_parameter_source(name) is not ParameterSource.COMMANDLINE:
            continue
        flag, value = param.opts[0], ctx.params[name]
        if isinstance(value, bool):
            off = getattr(param, "secondary_opts", None)
            words += [flag] if value else [off[0]] if off else []
        elif name == "index_url" and _has_password(str(value)):
            url_left_out = True
        else:
            for one in value if isinstance(value, (list, tuple)) else [value]:
                text = shown(one)
                if name == "env" and "=" in text:
                    text = text.partition("=")[0]
                    env_names.append(text)
                words += [flag, shlex.quote(text)]
    words += ["--resume", run_ref(run_dir)]
    notes = []
    if env_names:
        notes.append(
            f"--env values are not shown: set {', '.join(env_names)} in your environment to the values this run "
            "was started with (or give --env NAME=VALUE again)"
        )
    if url_left_out:
        notes.append("--index-url is left out (it holds a password): add it again to index the run")
    return ResumeHint(" ".join(words), "; ".join(notes))


def check_resume_as_started(run_dir: Path, opts: AbOptions) -> None:
    """`memeval.runner.check_resume`, whose refusal also gives the command line the run was started with.

    The refusal named what differs (`timeouts: {...} != {...}`) but not how to go on: a `--resume`
    typed without the run's options (say `--agent-timeout`) was refused with no word of which to give.

    Raises:
        RunCardMismatch: what changed, then the run's own command (`memeval.formatting.resume_command`,
            from the `started-with.txt` `record_start` wrote) and the other way out, a new run.
    """
    from memeval.errors import RunCardMismatch
    from memeval.formatting import resume_command
    from memeval.runner import check_resume

    try:
        check_resume(run_dir, opts)
    except RunCardMismatch as exc:
        raise RunCardMismatch(
            f"{exc}. Resume it with the options it was started with: `{resume_command(run_dir)}`;"
            " or start a new run (leave out --resume)"
        ) from exc


def record_start(ctx: typer.Context, run_dir: Path) -> None:
    """Write the command line that goes on with the run into its folder (`memeval.formatting.STARTED_WITH`).

    The ^C hint's words with every path absolute and without `--resume ID` (the reader adds it,
    named for its own folder), so `memeval results` and `memeval compare` print a resume line that
    names the real task folder instead of `TASKS`. Written at every start and resume, replacing the
    last; `--env` values and a passworded `--index-url` are left out as in the hint.

    Raises:
        OSError: the run folder cannot be written (the run could not be either).
    """
    from memeval.formatting import STARTED_WITH

    line = resume_hint(ctx, run_dir, absolute=True).command.rsplit(" --resume ", 1)[0]
    write_atomic(run_dir / STARTED_WITH, line + "\n")


def _has_password(url: str) -> bool:
    """Whether a database URL carries a password (`scheme://user:PASSWORD@host/...`)."""
    from urllib.parse import urlsplit

    try:
        return urlsplit(url).password is not None
    except ValueError:  # not a URL urlsplit can read: never printed
        return True


EXIT_NOTHING_MEASURED = 3
"""`memeval ab` exit code: the run ended but measured nothing: no paired task was scored (every
trial faulted, or no task has a scored trial in both arms). Its last line says which."""


def run_trials(run_dir: Path, opts: AbOptions, *, quiet: bool, hint: ResumeHint) -> str:
    """Run (or go on with) the run in `run_dir`, showing progress on stderr.

    The line naming the run (its size, agent and folder) is printed once this process holds the
    run, so a run another memeval process is running is refused (exit 2) with nothing before it; a
    run with nothing left to run gets one line saying so instead (exit 0, its record follows).

    Args:
        run_dir: the run's folder (planned by `start_run`, or checked by `check_resume`).
        opts: the run's options.
        quiet: print nothing on stderr.
        hint: the command that goes on with the run, printed on one line after ^C (its note on the next).

    Returns:
        The run's status when it ended (`completed`, `cancelled`, ...).

    Raises:
        typer.Exit: 130, after the hint, when the run was interrupted.
    """
    from memeval.cli._progress import trial_bar
    from memeval.runner import execute

    err = err_console()
    show = not quiet and sys.stderr.isatty()

    def on_start(nothing_left: str | None) -> None:
        # after the run's lock: a run another process holds is refused before any of this
        if quiet:
            return
        if nothing_left is not None:
            err.print(
                f"memeval: run {run_dir.name} has nothing left to run: {nothing_left}; its record follows",
                soft_wrap=True,
                highlight=False,
                markup=False,
            )
            return
        modes = "2 modes" if len(opts.modes) == 2 else f"1 mode ({opts.modes[0]} only)"
        err.print(
            f"memeval: run {run_dir.name}: {len(opts.task_set.tasks)} tasks x {modes} x {opts.repeats} "
            f"repeat(s), agent {opts.agent.name}, {opts.concurrency} at once ({opts.executor})\n  folder {run_dir}"
        )

    status = "completed"
    with trial_bar(err, show=show) as bar:
        job = bar.add_task("trials", total=len(opts.task_set.tasks) * len(opts.modes) * opts.repeats)

        def on_progress(p: RunProgress) -> None:
            running = f"{len(p.running)} running" + (f": {', '.join(p.running[:3])}" if p.running else "")
            bar.update(job, completed=p.done, description=running + (", ..." if len(p.running) > 3 else ""))
            if not show and not quiet and p.kind == "ended":
                err.print(f"  [{p.done}/{p.total}] {p.trial_id}: {p.assessment} ({len(p.running)} running)")

        try:
            status = execute(run_dir, opts, on_progress, on_start=on_start)
        except KeyboardInterrupt:
            # One line however narrow the terminal, nothing coloured inside: the command is copied.
            err.print(f"interrupted: go on with `{hint.command}`", soft_wrap=True, highlight=False, markup=False)
            note_interruption_said()
            if hint.note:
                err.print(f"  ({hint.note})", soft_wrap=True, highlight=False, markup=False)
            raise typer.Exit(EXIT_INTERRUPTED) from None
    return status


def report_run(run_dir: Path, status: str, *, as_json: bool, quiet: bool, index_url: str | None) -> None:
    """Index the run if asked, print it (tables, or JSON with `as_json`) and exit as the run ended.

    An index that cannot be written (its server went away during the run) does not hide the run:
    the run is printed first, then one `error:` line on stderr saying how to index it later (exit 1).

    Raises:
        typer.Exit: 1 when `status` is not `completed`, or the run could not be indexed; 3
            (`EXIT_NOTHING_MEASURED`) when the run measured nothing, said on the last line (stderr
            under `--json`).
    """
    from memeval.errors import RunLogError
    from memeval.results import load_run

    run = load_run(run_dir)
    index_failed = ""
    if index_url:
        from memeval.audit import db_url
        from memeval.results import index_runs

        url = db_url(index_url, "--index-url")
        try:
            index_runs(run_dir, url)
        except RunLogError as exc:  # the server went away during the run: the run itself is still shown
            index_failed = str(exc)
        else:
            if not quiet:
                err_console().print(f"memeval: run {run_dir.name} added to the run index ({url.split(':', 1)[0]})")
    if as_json:
        echo_json(ab_document(run_dir, run.result), sort_keys=True)
    else:
        from memeval.cli._render import render_ab
        from memeval.formatting import run_ref

        render_ab(run.result, out_console(), str(run_dir))
        ref = run_ref(run_dir, run.result.run_id)  # the run folder line names `replay` (JSON) only: say where to look
        typer.echo(
            f"Next: memeval view {ref} (each trial's calls, verifier output and diff, in a browser); "
            f"memeval results {ref} (one row per trial); memeval report-ab {ref} (the PDF report)"
        )
    if index_failed:
        import shlex

        typer.echo(
            f"error: {index_failed}; the run is kept in {run_dir}: add it later with "
            f"`memeval runs --index --runs-dir {shlex.quote(str(run_dir.parent))} --index-url URL`",
            err=True,
        )
        raise typer.Exit(EXIT_FAILURE)
    if status != "completed":
        raise typer.Exit(EXIT_FAILURE)
    nothing = _nothing_measured(run.result)
    if nothing:
        line = f"memeval: run {run.result.run_id} measured nothing: {nothing} (exit {EXIT_NOTHING_MEASURED})"
        typer.echo(line, err=as_json)  # the last line of the output (stderr under --json)
        raise typer.Exit(EXIT_NOTHING_MEASURED)


def ab_document(run_dir: Path, result: RunResult) -> dict[str, Any]:
    """`memeval ab --json`'s document (schema `memeval.ab/1`) of the run in `run_dir`, replayed as `result`.

    Keys: schema, schema_version, run_id, status (`completed`, `cancelled`, ...), run_dir, trials, table, verdict
    (None without a paired task), run_card, coverage, sequential (None unless the run was sequential).
    """
    return {
        "schema": "memeval.ab/1",
        "schema_version": 1,
        "run_id": result.run_id,
        "status": result.status,
        "run_dir": str(run_dir),
        "trials": [t.model_dump(mode="json", by_alias=True) for t in result.trials],
        "table": [r.model_dump(mode="json") for r in result.table],
        "verdict": result.verdict.model_dump(mode="json") if result.verdict is not None else None,
        "run_card": result.run_card.as_logged(),
        "coverage": result.coverage.model_dump(),
        "sequential": result.sequential.model_dump(mode="json") if result.sequential is not None else None,
    }


def print_interrupted(run_dir: Path) -> None:
    """Print the interrupted run's `--json` document as it stands (status `cancelled`).

    A script reading stdout gets the run's id, folder and the trials that ended (the cut-off ones with their
    `cancelled` fault); the resume line is on stderr, as without `--json`.
    """
    from memeval.results import load_run

    echo_json(ab_document(run_dir, load_run(run_dir).result), sort_keys=True)


def _nothing_measured(result: RunResult) -> str:
    """Why a completed run measured nothing (every trial faulted; no paired task scored), or ''.

    When every trial faulted, the line gives the commonest fault's message (`boot: agent command
    not found: ...`) and how many trials share it: the code alone (`boot`) sent the user to
    `memeval results` to learn that the command line was wrong. Newlines in the message are
    spaced, other control characters spelled out, and it is cut at `_FAULT_SHOWN` characters.
    """
    trials = result.trials
    see = f"every trial's fault: memeval results {result.run_id}"
    if trials and all(t.fault is not None for t in trials):
        codes = sorted({t.fault.code for t in trials if t.fault is not None})
        faults = Counter(f"{t.fault.code}: {visible(' '.join(t.fault.message.split()))}" for t in trials if t.fault)
        commonest, n = faults.most_common(1)[0]
        if len(commonest) > _FAULT_SHOWN:
            commonest = commonest[: _FAULT_SHOWN - 3] + "..."
        share = "each with" if n == len(trials) else f"the commonest ({n} of {len(trials)}):"
        return f"every trial faulted ({len(trials)} trials: {', '.join(codes)}), {share} {commonest}; {see}"
    if result.run_card.modes is not None:  # one arm alone (--arms): no pair was planned, none is asked for
        if not any(t.assessment == "scored" for t in trials):
            return f"no trial was scored; {see}"
        return ""
    if result.verdict is None or not result.verdict.n_tasks_paired:
        return f"no paired task was scored (no task has a scored trial in both arms); {see}"
    return ""


_FAULT_SHOWN = 300
"""The most characters of a fault's message the exit-3 line shows (the rest: `memeval results`)."""
