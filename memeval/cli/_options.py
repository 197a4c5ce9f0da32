"""Options several command groups share, defined once so their help reads the same everywhere."""

from __future__ import annotations

from typing import Annotated

import typer

DbOpt = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="SQLAlchemy URL of the audit store (default: MEMEVAL_DB, else sqlite:///audit/memeval.sqlite).",
    ),
]
"""`--db`: the audit store; resolved by `memeval.audit.db_url` (value, then MEMEVAL_DB, then the default)."""

JsonOpt = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON on stdout.")]
"""`--json`: machine-readable output on stdout instead of text."""
