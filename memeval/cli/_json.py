r"""How every `--json` prints: one JSON document on stdout, indented 2 spaces, ending in a newline.

One rule for all commands, whether stdout is a terminal, a pipe or a file, so a script that reads
one command's output reads them all alike and a person can read any of them. Text is written as
UTF-8 characters (`é`, not `\u00e9`), as pydantic writes a model. The keys keep each document's
own order (a model's declaration order, or sorted where the command sorts them); sorted or not, an
object's `schema` and `schema_version` come first, so a reader (or a person with `head`) sees what
the document is before anything else (`ab --json` and `audit ingest --json` printed `run_id` or
`added` first, since `r` and `a` sort before `s`).
"""

from __future__ import annotations

import json
from typing import Any

import typer

JSON_INDENT = 2
"""Spaces per level of every `--json` document."""

LEADING_KEYS = ("schema", "schema_version")
"""Keys an object of a `--json` document opens with, in this order, when it has them."""


def _sorted_keys(value: Any) -> Any:
    """`value` with every object's keys sorted, `LEADING_KEYS` first (lists keep their order)."""
    if isinstance(value, dict):
        lead = [k for k in LEADING_KEYS if k in value]
        rest = sorted(k for k in value if k not in LEADING_KEYS)
        return {k: _sorted_keys(value[k]) for k in (*lead, *rest)}
    if isinstance(value, list):
        return [_sorted_keys(v) for v in value]
    return value


def echo_json(doc: Any, *, by_alias: bool = False, sort_keys: bool = False) -> None:
    """Print `doc` as a `--json` document (`JSON_INDENT`), then a newline.

    Args:
        doc: a pydantic model (dumped with `model_dump_json`) or plain JSON data (dicts, lists,
            text, numbers, None).
        by_alias: a model's fields by their aliases (`schema`, not `schema_`).
        sort_keys: plain data's keys sorted at every level, each object's `schema` and
            `schema_version` first (a model keeps its declaration order).
    """
    if hasattr(doc, "model_dump_json"):
        typer.echo(doc.model_dump_json(by_alias=by_alias, indent=JSON_INDENT))
    else:
        typer.echo(json.dumps(_sorted_keys(doc) if sort_keys else doc, indent=JSON_INDENT, ensure_ascii=False))
