"""A copy of the `runlog_killed` fixture's run log with one event changed, for the newer-log refusal tests.

Shared by `tests/eventlog/test_fault27_newer_log.py` and `tests/project/test_newuser24_newer_run.py`.
"""

from __future__ import annotations

import json
from pathlib import Path

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "runlog_killed" / "events.jsonl"
"""The run log both tests edit (a killed sample run; `tests/fixtures/runlog_killed/`)."""
FIX = "the run was written by a newer memeval; upgrade memeval to read it"
"""The fix the refusal names."""


def edited_log(seq: int, change: dict[str, object]) -> bytes:
    """The fixture's log, as bytes, with the event at position `seq` updated by `change`.

    Keys are written sorted, as memeval's writer writes them (a new key takes its sorted place); every other
    line is written again the same way. A `seq` no event has (e.g. -1) gives the same events unchanged.
    """
    lines = []
    for line in FIXTURE.read_text(encoding="utf-8").splitlines():
        ev = json.loads(line)
        if ev["seq"] == seq:
            ev = dict(sorted({**ev, **change}.items()))
        lines.append(json.dumps(ev, separators=(",", ":"), ensure_ascii=False))
    return ("\n".join(lines) + "\n").encode()
