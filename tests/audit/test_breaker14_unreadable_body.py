"""`memeval audit verify` names a row whose body was cut short or edited into a non-event (breaker 14).

The chain walk reported such a row (`the stored body is not a valid event`), but the check of the
current-state tables then replayed the same body, raised pydantic's ValidationError, and the
command ended in a traceback: no verdict for that team, nor for any team after it, and no JSON.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from memeval.cli import app


def _line(i: int, team: str) -> str:
    ev = {"type": "memory.written", "occurred_at": "2026-11-17T10:00:00Z", "team": team,
          "sender_event_id": f"b14-{team}-{i}", "actor": {"kind": "agent", "id": "support-bot"},
          "session": "ses_1", "subject": f"mem_{i}", "payload": {"text": f"Fact number {i}."}}  # fmt: skip
    return json.dumps(ev)


@pytest.mark.parametrize("cut", ["truncated", "bad_value"])
def test_verify_reports_a_body_that_does_not_parse(tmp_path: Path, cut: str) -> None:
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    f = tmp_path / "ev.jsonl"
    f.write_text("\n".join([*(_line(i, "fernhill") for i in range(3)), *(_line(i, "rowan") for i in range(2))]) + "\n")
    r = CliRunner().invoke(app, ["audit", "ingest", str(f), "--db", db, "-q"])
    assert r.exit_code == 0, r.output
    with create_engine(db).begin() as c:
        if cut == "truncated":  # a row cut short (a disk fault or a careless edit)
            c.execute(text("UPDATE audit_event SET body = substr(body, 1, length(body) - 20) "
                           "WHERE team = 'fernhill' AND seq = 2"))  # fmt: skip
        else:  # valid JSON, not a valid event
            c.execute(text("UPDATE audit_event SET body = replace(body, '\"agent\"', '\"robot\"') "
                           "WHERE team = 'fernhill' AND seq = 2"))  # fmt: skip
    r = CliRunner().invoke(app, ["audit", "verify", "--db", db])
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert r.exit_code == 1, r.output
    assert "fernhill: BROKEN at seq 2 after 1 good events" in r.output, r.output
    assert "fernhill: current-state tables DIFFER: not recomputed" in r.output, r.output
    assert "rowan: ok, 2 events, chain intact" in r.output, r.output  # the next team still gets its verdict
    r = CliRunner().invoke(app, ["audit", "verify", "--db", db, "--json"])
    assert r.exit_code == 1, r.output
    teams = {t["team"]: t for t in json.loads(r.output)["teams"]}
    assert teams["fernhill"]["ok"] is False and teams["fernhill"]["broken_seq"] == 2
    assert teams["fernhill"]["projections_ok"] is False and teams["rowan"]["ok"] is True
