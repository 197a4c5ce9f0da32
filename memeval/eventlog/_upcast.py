"""Upcasters: bring events written by an older schema version up to the current one.

Each event kind carries `v`. When a kind's payload changes, its `v` goes up and a function that
turns the old payload into the new one is registered here under `(event name, old v)`; a log
written years ago then still reads. Golden logs of every version are kept under
`tests/fixtures/runlog_v*/` and read by every test run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]

UPCASTERS: dict[tuple[str, int], Upcaster] = {}
"""`(event name, version)` -> a function returning the payload at `version + 1`. None yet: every
kind is at version 1."""


def upcast(raw: dict[str, Any]) -> dict[str, Any]:
    """Apply upcasters until no more apply; return the input object itself when none did."""
    out = raw
    while (fn := UPCASTERS.get((str(out.get("event")), int(out.get("v", 1))))) is not None:
        out = fn(dict(out))
    return out
