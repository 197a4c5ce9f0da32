"""An ingested event dated before the first week any report counts (newuser33).

The mirror of breaker42's future-dated events: an `access.refused` dated `0001-01-01` was stored (HTTP 200,
`memeval audit ingest` exit 0), yet `report weekly` and `audit counts` refuse every week of year 0001 (their
windows leave Python's calendar), so the refusal fell in no week any report is made for. Now an ingest refuses
a time before `memeval.audit._time.EARLIEST_EVENT` (exit 2 naming the line, nothing of the file stored); the
first reportable day is still taken.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memeval.audit import SqlAuditStore
from memeval.cli import app


def _refusal(n: int, at: str) -> dict:
    return {
        "type": "access.refused", "occurred_at": at, "team": "fernhill", "sender_event_id": f"old-r{n}",
        "actor": {"kind": "agent", "id": "support-bot", "role": "support"}, "session": "ses_1",
        "payload": {"reason_code": "outside_slice", "text": "Asked for payroll data.", "requested": "payroll/export"},
    }  # fmt: skip


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_an_event_no_week_would_count_is_refused(db_url: str, tmp_path: Path, store: SqlAuditStore) -> None:
    f = tmp_path / "events.jsonl"
    f.write_text(
        "".join(
            json.dumps(e) + "\n" for e in [_refusal(1, "2026-11-20T10:00:00Z"), _refusal(2, "0001-01-01T00:00:00Z")]
        )
    )
    r = CliRunner().invoke(app, ["audit", "ingest", str(f), "--db", db_url])
    assert r.exit_code == 2, r.output
    assert "line 2" in r.output and "occurred_at 0001-01-01" in r.output and "no weekly report" in r.output, r.output
    assert list(store.events("fernhill")) == []
    f.write_text(json.dumps(_refusal(3, "0002-01-01T00:00:00Z")) + "\n")  # the first day of 0002-W01's window in UTC
    r = CliRunner().invoke(app, ["audit", "ingest", str(f), "--db", db_url])
    assert r.exit_code == 0, r.output
    assert [e.type for e in store.events("fernhill")] == ["access.refused"]
