"""`memeval replay` (a run's full record as JSON) and `memeval results` (one row per trial).

`memeval result` is `replay`'s old name, kept hidden for scripts. How the rows, the summary, a
folder's listing and a two-run comparison print lives in `_print.py`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memeval.cli._json import echo_json
from memeval.cli._options import RunsDir
from memeval.cli._print import out_console
from memeval.cli.app import command_app, held_until_exit, translate_errors
from memeval.errors import UsageError

app = command_app()  # this module's commands; the root app loads them by name (memeval.cli.app.COMMANDS)

RESULTS_SCHEMA = "memeval.results/1"
"""`memeval results RUN --json`: {schema, schema_version, run_id, trials}, each trial a `memeval.trial/1`
object as `Run.to_records` makes it (schemas/trial.schema.json); keys sorted."""

# The run's folder is found before anything heavy is imported; the statistics come with load_run.


@app.command()
@translate_errors
def replay(
    run: Annotated[str, typer.Argument(help="A run id or run folder.")],
    runs_dir: RunsDir = Path("runs"),
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="The record is JSON anyway (schemas/run-result.schema.json); taken so a script may pass --json "
            "to every reader.",
        ),
    ] = False,
) -> None:
    """Rebuild a run's full record from its event log, as JSON.

    Every trial, coverage, the table and the verdict; the same log gives the same bytes on any
    machine, any time later.
    """
    # A plain `memeval replay RUN [--runs-dir DIR]` from the `memeval` script or `python -m memeval`
    # is replayed by `memeval._console` without building this command line, with the same output.
    from memeval._console import single_blas_thread
    from memeval.cli._find import locate_run

    single_blas_thread()
    from memeval.results import load_run, result_bytes

    # Under the `memeval` script what the replay built outlives this call: the process ends
    # right after without freeing them (`held_until_exit`).
    held = held_until_exit()
    loaded = load_run(locate_run(run, runs_dir), hold=held)
    typer.echo(result_bytes(loaded), nl=False)  # bytes: written to stdout's buffer as they are
    if held is not None:
        held.append(loaded)


@app.command("result", hidden=True, deprecated=True)
@translate_errors
def result(
    run: Annotated[str, typer.Argument(help="A run id or run folder.")],
    runs_dir: RunsDir = Path("runs"),
) -> None:
    """Old name of `memeval replay`, one letter from `results`; kept for scripts, with a note."""
    typer.echo("note: `memeval result` is now `memeval replay` (same output); the old name will go.", err=True)
    replay(run, runs_dir)


@app.command()
@translate_errors
def results(
    run: Annotated[
        list[str], typer.Argument(help="A run id or folder; a folder of runs (a list); or two runs (a comparison).")
    ],
    runs_dir: RunsDir = Path("runs"),
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="One run: {schema memeval.results/1, run_id, trials: one memeval.trial/1 object per trial}; "
            "a folder: the runs listing; two runs: the comparison.",
        ),
    ] = False,
    include_controls: Annotated[
        bool, typer.Option("--include-controls", help="One run only: count oracle/nop trials in its totals.")
    ] = False,
    vary: Annotated[
        list[str] | None,
        typer.Option(
            "--vary",
            help="Two runs only: a run-card field meant to differ, or `pack` (repeatable), as `memeval compare` "
            "takes it: a warning instead of a refusal.",
        ),
    ] = None,
) -> None:
    """One row per trial, then the summary and the warnings; a folder of runs lists them.

    Rows: task, mode, repeat, reward, execution, assessment, level, fault, time, tokens, cost,
    control, tamper. The summary: score per arm over scored and attempted trials with its interval,
    outcomes (scored / unscored / errored), cost, time and where the files are. Two runs: a
    comparison, as `memeval compare A B` prints it (refused, exit 2, when the run cards differ in a
    field --vary does not name).
    """
    from memeval.cli._find import locate_run
    from memeval.cli._print import compare_or_refuse, print_comparison, print_listing, print_results
    from memeval.results import is_runs_dir, list_runs, load_run

    # Each run is found before anything heavy is imported: a mistyped id is said at once.
    if vary and len(run) != 2:
        raise UsageError(
            f"--vary is for two runs (a comparison), and {len(run)} {'was' if len(run) == 1 else 'were'} given: "
            "name two runs (`memeval results A B --vary FIELD`), or drop --vary"
        )
    if include_controls and len(run) == 2:
        raise UsageError(
            "--include-controls is for one run's totals: a comparison of two runs compares control (oracle/nop) "
            "trials like any other and says so; drop --include-controls"
        )
    if len(run) == 2:
        found = locate_run(run[0], runs_dir), locate_run(run[1], runs_dir)
        c = compare_or_refuse(load_run(found[0]), load_run(found[1]), vary or ())
        if as_json:
            echo_json(c, by_alias=True)
        else:
            print_comparison(c, out_console())
        return
    if len(run) != 1:
        raise UsageError(f"memeval results takes one run, a folder of runs, or two runs; got {len(run)}")
    if is_runs_dir(Path(run[0])):
        if include_controls:
            raise UsageError(
                f"--include-controls is for one run's totals, and {run[0]!r} is a folder of runs, which lists each "
                "run's status and verdict without totals: name one run (`memeval results RUN --include-controls`), "
                "or drop --include-controls"
            )
        doc = list_runs(Path(run[0]))
        if as_json:
            echo_json(doc, by_alias=True)
        else:
            print_listing(doc.runs_dir, doc.runs)
        return
    r = load_run(locate_run(run[0], runs_dir, folder_of_runs=True))
    if as_json:
        echo_json({"schema": RESULTS_SCHEMA, "schema_version": 1, "run_id": r.result.run_id, "trials": r.to_records()},
                  sort_keys=True)  # fmt: skip
        return
    print_results(r, out_console(), include_controls)
