"""Options several command groups share, defined once so their help reads the same everywhere."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memeval.cli.app import runs_dir_is_a_folder

DbOpt = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="SQLAlchemy URL of the audit store (default: MEMEVAL_DB, else sqlite:///audit/memeval.sqlite).",
    ),
]
"""`--db`: the audit store; resolved by `memeval.audit.db_url` (value, then MEMEVAL_DB, then the default)."""

PortOpt = Annotated[
    int,
    typer.Option(
        help="TCP port; 0 takes any free port, and the address the server then prints (on stderr, its first "
        "line) names the port it took.",
        min=0,
        max=65535,
    ),
]
"""`--port` of `memeval serve` and `memeval audit serve`: 0 binds an ephemeral port (`_serving.bound_port`)."""

JsonOpt = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON on stdout.")]
"""`--json`: machine-readable output on stdout instead of text."""

RunsDir = Annotated[
    Path,
    typer.Option(
        "--runs-dir", envvar="MEMEVAL_RUNS_DIR", help="Where run folders live.", callback=runs_dir_is_a_folder
    ),
]
"""`--runs-dir` of commands that read or write runs: a folder (made when a run needs it)."""


def option_given(ctx: typer.Context, name: str) -> bool:
    """Whether the option whose parameter is `name` (`base_rate`, not `--base-rate`) was given, not defaulted.

    Given: typed on the command line or set by its environment variable (`MEMEVAL_RUNS_DIR`); a default
    (the option's own, or a context's default map) is not. False for a name the command does not have.
    """
    source = ctx.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")
