"""A NUL character in an event's text (breaker, round of 2026-12-03).

`{"text": "a\\u0000b"}` is valid JSON and a valid Python string. On SQLite the event was stored; on
PostgreSQL, which keeps no NUL in text, `memeval audit ingest` stopped with `error: audit store
write failed: DataError in COPY` and exit 1: no line, no field, no fix, and a batch of thousands
refused for one character. The same file gave two different stores two different logs. Now a NUL in
any string of an event (free text or not) is refused before redaction, on every store, naming the
line, the field and the fix, exit 2, and nothing of the batch is stored.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memeval.audit import SqlAuditStore
from memeval.cli import app


def _line(i: int, **payload: object) -> str:
    return json.dumps(
        {
            "type": "memory.written",
            "occurred_at": "2026-11-20T10:00:00Z",
            "team": "fernhill",
            "sender_event_id": f"nul-{i}",
            "actor": {"kind": "agent", "id": "support-bot"},
            "session": "ses_1",
            "subject": f"mem_{i}",
            "payload": payload,
        }
    )


@pytest.mark.parametrize("backend", ["sqlite", "postgres"], indirect=True)
def test_a_nul_in_text_is_refused_naming_line_and_field_and_nothing_is_stored(
    db_url: str, tmp_path: Path, store: SqlAuditStore
) -> None:
    f = tmp_path / "events.jsonl"
    f.write_text("\n".join([_line(1, text="first, fine"), _line(2, text="ship the seeds\u0000 on Monday")]) + "\n")
    r = CliRunner().invoke(app, ["audit", "ingest", str(f), "--db", db_url])
    assert r.exit_code == 2, r.output
    assert "line 2" in r.output and "payload.text" in r.output and "NUL" in r.output, r.output
    assert "DataError" not in r.output
    assert list(store.events("fernhill")) == []
    # the fix the message names works: the same file without the character is stored whole, as sent
    f.write_text("\n".join([_line(1, text="first, fine"), _line(2, text="ship the seeds on Monday")]) + "\n")
    r = CliRunner().invoke(app, ["audit", "ingest", str(f), "--db", db_url])
    assert r.exit_code == 0, r.output
    texts = [e.payload.text for e in store.events("fernhill") if e.type == "memory.written"]  # type: ignore[union-attr]  # memory.written events have text
    assert texts == ["first, fine", "ship the seeds on Monday"]


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_a_nul_in_a_field_that_is_not_free_text_is_refused_too(db_url: str, tmp_path: Path) -> None:
    f = tmp_path / "events.jsonl"
    line = json.dumps(
        {
            "type": "session.started",
            "occurred_at": "2026-11-20T10:00:00Z",
            "team": "fernhill",
            "sender_event_id": "nul-3",
            "actor": {"kind": "agent", "id": "support-bot"},
            "session": "ses_1",
            "payload": {"slice_id": "sl_1", "slice_hash": "sha256:ab\u0000cd"},
        }
    )
    f.write_text(line + "\n")
    r = CliRunner().invoke(app, ["audit", "ingest", str(f), "--db", db_url])
    assert r.exit_code == 2, r.output
    assert "line 1" in r.output and "payload.slice_hash" in r.output and "NUL" in r.output, r.output
