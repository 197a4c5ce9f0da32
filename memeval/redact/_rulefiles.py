"""The packaged rule files (`memeval/redact/rules/*.toml`), each read and parsed once per process.

Five recognizers read the same files when the redactor is built: `_context` (every rule file),
`_keyend` and `_cutkeywords` (the scanners' rule files again), `_glued` and `_keyend` (`veles.toml`
twice more), `_cuts` (`context.toml`). `tomllib` is pure Python: the 260 KB `kingfisher.toml` alone
took about 0.03 s of CPU a parse, and all the parses about 0.13 s of every process that redacts
(`audit ingest`, `audit serve`, each of its workers and guards; issue 17). Now each file is parsed on
first use and the same document is handed to every reader, which only reads it: nothing is kept
outside the process, so nothing another process wrote is ever read.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from typing import Any

__all__ = ["rule_file", "rules_of"]


@functools.cache
def rule_file(name: str) -> dict[str, Any]:
    """`rules/<name>` as `tomllib` reads it, parsed on first use and shared: callers read it, never change it.

    Raises:
        FileNotFoundError: no such packaged file.
        tomllib.TOMLDecodeError: the file is not valid TOML.
    """
    text = resources.files("memeval.redact").joinpath("rules", name).read_text("utf-8")
    return tomllib.loads(text)


def rules_of(name: str) -> list[dict[str, Any]]:
    """The `[[rule]]` tables of `rules/<name>` (`rule_file`; an empty list when it has none)."""
    rules: list[dict[str, Any]] = rule_file(name).get("rule", [])
    return rules
