"""A malformed event's reason says what to write, not pydantic's regex (a real `memeval audit ingest`).

Found by a new user: a session id with a space was refused as "memory.written.session: String
should match pattern '^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,127}$'" (a pattern that lets `@` and `+`
through, which the id check then refuses), a team name with a capital letter the same way, and a
time without a zone as "Input should have timezone info". Now each says the shape in words with an
example, or how to write the time; the value itself is still not shown. The HTTP endpoint words its
422 with the same function (`describe_validation`).
"""

from __future__ import annotations

import json
from pathlib import Path

from usage_line import run_memeval

GOOD = {
    "actor": {"id": "ops-bot", "kind": "agent", "role": "ops"},
    "occurred_at": "2026-11-24T09:05:00Z",
    "payload": {"kind": "fact", "source": "agent", "text": "Deploys go out on Tuesdays."},
    "sender_event_id": "acme-0001",
    "session": "ses_a1",
    "subject": "mem_001",
    "team": "acme",
    "type": "memory.written",
}


def test_each_bad_line_says_what_to_write(tmp_path: Path) -> None:
    bad = [
        {**GOOD, "session": "ses a1"},
        {**GOOD, "team": "Acme Corp"},
        {**GOOD, "occurred_at": "2026-11-24T09:05:00"},
        {**GOOD, "occurred_at": "last tuesday"},
        {**GOOD, "actor": {"id": "ops-bot", "kind": "agent", "role": "Ops Team"}},
        {**GOOD, "occurred_at": 5},  # was stored as 1970-01-01T00:00:05Z (newuser13)
        {**GOOD, "occurred_at": 1764000000.5},
    ]
    events = tmp_path / "week.jsonl"
    events.write_text("".join(json.dumps(e) + "\n" for e in bad))
    db = tmp_path / "audit" / "a.sqlite"
    out = run_memeval(
        "audit", "ingest", str(events), "--sender", "bot", cwd=tmp_path, env={"MEMEVAL_DB": f"sqlite:///{db}"}
    )
    assert out.returncode == 2, out.stderr
    lines = {ln.split(":", 1)[0].strip(): ln for ln in out.stderr.splitlines() if ln.startswith("  line ")}
    assert "not an id: use 1-128 ASCII letters, digits and _ . : / -" in lines["line 1"], out.stderr
    assert "not a team name: use 1-63 lower-case" in lines["line 2"] and "(e.g. fernhill)" in lines["line 2"]
    assert "a time with no time zone: write it in ISO 8601 with its zone, e.g. 2026-11-24T09:05:00Z" in lines["line 3"]
    assert "not a date and time: write it in ISO 8601" in lines["line 4"], out.stderr
    assert "actor.role: not a role: use a lower-case label" in lines["line 5"], out.stderr
    for n in (6, 7):  # a bare number is not read as seconds since 1970
        assert "occurred_at: not a date and time: write it in ISO 8601" in lines[f"line {n}"], out.stderr
    assert "pattern" not in out.stderr and "^[" not in out.stderr and "timezone info" not in out.stderr
    for value in ("ses a1", "Acme Corp", "last tuesday", "Ops Team"):  # a value may be a secret: never echoed
        assert value not in out.stderr
    assert not db.exists()  # every line is read before the store opens
