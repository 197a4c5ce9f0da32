"""`memeval audit verify` walks every team the store holds, not only those with a head row (breaker 14).

Verify listed teams from the head table alone: with a team's head row deleted, its events were
never walked. With every head row deleted, it said "nothing to verify: no events in store" and
exited 0 over a log of events whose waiting items the review queue still listed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from memeval.cli import app


def _ingest(tmp_path: Path) -> str:
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    f = tmp_path / "ev.jsonl"
    evs = [{"type": "lesson.proposed", "occurred_at": "2026-11-17T10:00:00Z", "team": team,
            "sender_event_id": f"b14-{team}-{i}", "actor": {"kind": "agent", "id": "support-bot"},
            "session": "ses_1", "subject": f"les_{i}", "payload": {"text": f"Lesson {i}: ship seeds flat."}}
           for team in ("fernhill", "rowan") for i in range(2)]  # fmt: skip
    f.write_text("".join(json.dumps(e) + "\n" for e in evs))
    r = CliRunner().invoke(app, ["audit", "ingest", str(f), "--db", db, "-q"])
    assert r.exit_code == 0, r.output
    return db


@pytest.mark.parametrize("deleted", ["fernhill", "all"])
def test_verify_names_a_team_whose_head_row_is_gone(tmp_path: Path, deleted: str) -> None:
    db = _ingest(tmp_path)
    eng = create_engine(db)
    with eng.begin() as c:
        c.execute(text("DELETE FROM audit_head" + (" WHERE team = 'fernhill'" if deleted == "fernhill" else "")))
    eng.dispose()
    r = CliRunner().invoke(app, ["audit", "verify", "--db", db])
    assert r.exit_code == 1, r.output
    assert "fernhill: BROKEN at seq 3 after 2 good events: the chain has 2 events but no head row" in r.output, r.output
    assert "nothing to verify" not in r.output
    assert ("rowan: ok, 2 events" in r.output) == (deleted == "fernhill"), r.output
