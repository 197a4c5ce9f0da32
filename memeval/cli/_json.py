r"""How every `--json` prints: one JSON document on stdout, indented 2 spaces, ending in a newline.

One rule for all commands, whether stdout is a terminal, a pipe or a file, so a script that reads
one command's output reads them all alike and a person can read any of them. Text is written as
UTF-8 characters (`é`, not `\u00e9`), as pydantic writes a model. The keys keep each document's
own order (a model's declaration order, or sorted where the command sorts them).
"""

from __future__ import annotations

import json
from typing import Any

import typer

JSON_INDENT = 2
"""Spaces per level of every `--json` document."""


def echo_json(doc: Any, *, by_alias: bool = False, sort_keys: bool = False) -> None:
    """Print `doc` as a `--json` document (`JSON_INDENT`), then a newline.

    Args:
        doc: a pydantic model (dumped with `model_dump_json`) or plain JSON data (dicts, lists,
            text, numbers, None).
        by_alias: a model's fields by their aliases (`schema`, not `schema_`).
        sort_keys: plain data's keys sorted (a model keeps its declaration order).
    """
    if hasattr(doc, "model_dump_json"):
        typer.echo(doc.model_dump_json(by_alias=by_alias, indent=JSON_INDENT))
    else:
        typer.echo(json.dumps(doc, indent=JSON_INDENT, sort_keys=sort_keys, ensure_ascii=False))
