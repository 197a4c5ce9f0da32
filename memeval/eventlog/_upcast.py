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


def _model_called_v1_v2(raw: dict[str, Any]) -> dict[str, Any]:
    """`model.called` v1 -> v2.

    v1's `call` was an untyped JSON object holding the meter's record; v2 declares those very
    fields (`ModelCallRecord`) and requires `call.trial_id` to equal the event's `trial_id` (v1
    writers already stored it so; it is set from the event here so a v1 line can never fail on
    it). A v1 object that lacks a field or carries another fails v2's validation, and the log
    reader names the line.
    """
    call = raw.get("call")
    if isinstance(call, dict) and "trial_id" in raw:
        call = {**call, "trial_id": raw["trial_id"]}
    return {**raw, "call": call, "v": 2}


def _model_called_v2_v3(raw: dict[str, Any]) -> dict[str, Any]:
    """`model.called` v2 -> v3.

    v3 adds `attempt`, the attempt whose turn made the call. A v2 line never said it: it stays absent
    (None), and the projection counts the call in the trial's latest attempt at that point of the log,
    as it did when the line was written, so an old log projects to the same bytes.
    """
    return {**raw, "v": 3}


def _run_planned_v1_v2(raw: dict[str, Any]) -> dict[str, Any]:
    """`run.planned` v1 -> v2.

    v1's `manifest` and `run_card` were untyped JSON objects; v2 declares the very fields they
    held (`memeval.eventlog.Manifest`, `RunCard`), so the objects pass unchanged. Fields a v1
    writer did not know yet stay absent (`Logged.as_logged` leaves them out again, so the
    projection of a v1 log is byte for byte what it was); an object carrying a field v2 does
    not declare fails v2's validation, and the log reader names the line.
    """
    return {**raw, "v": 2}


UPCASTERS: dict[tuple[str, int], Upcaster] = {
    ("model.called", 1): _model_called_v1_v2,
    ("model.called", 2): _model_called_v2_v3,
    ("run.planned", 1): _run_planned_v1_v2,
}
"""`(event name, version)` -> a function returning the payload at `version + 1`."""


def upcast(raw: dict[str, Any]) -> dict[str, Any]:
    """Apply upcasters until no more apply; return the input object itself when none did."""
    out = raw
    while (fn := UPCASTERS.get((str(out.get("event")), int(out.get("v", 1))))) is not None:
        out = fn(dict(out))
    return out
