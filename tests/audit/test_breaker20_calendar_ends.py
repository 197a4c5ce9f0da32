"""Weeks and times at the ends of the calendar are usage errors, never a traceback or an HTTP 500.

Python's dates run from year 0001 to 9999. On main, `--week 9999-W52` (its window ends in year 10000)
and `--week 0001-W01 --tz Asia/Tokyo` (its Monday midnight there is in year 0 in UTC; a weekly report
also reads the eight weeks before) ended every command taking `--week` with an `OverflowError`
traceback, exit 1; and an event sent with `"occurred_at": "0001-01-01T00:00:00+14:00"` (a valid ISO 8601
time whose UTC instant is in year 0) did the same to `memeval audit ingest` and was answered
`500 Internal Server Error` over HTTP, with the traceback in the server's log. Now each is refused
(exit 2 / 422) with the value and the fix named, and nothing is stored.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from live_server import LiveServer
from patience import patient

from memeval.audit import SqlAuditStore, add_token, create_ingest_app

ROOT = Path(__file__).resolve().parents[2]


def _event(n: int, at: str) -> dict:
    return {
        "actor": {"id": "support-bot", "kind": "agent", "role": "support"},
        "occurred_at": at,
        "session": "ses_042",
        "team": "fernhill",
        "type": "memory.written",
        "sender_event_id": f"fh-cal-{n:05d}",
        "subject": f"mem_{n:04d}",
        "payload": {"kind": "fact", "source": "agent", "text": "The payment mock must run first."},
    }


OUT_OF_RANGE = ("0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-12:00")
"""Valid ISO 8601 times whose UTC instant falls in year 0 or year 10000."""


def _memeval(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )


def test_a_time_whose_utc_instant_leaves_the_calendar_is_refused_by_the_cli(tmp_path: Path) -> None:
    src = tmp_path / "events.jsonl"
    src.write_text("".join(json.dumps(_event(n, at)) + "\n" for n, at in enumerate(OUT_OF_RANGE)))
    r = _memeval(tmp_path, "audit", "ingest", str(src), "--db", f"sqlite:///{tmp_path / 'audit.sqlite'}")
    assert r.returncode == 2, (r.returncode, r.stderr[-2000:])
    assert "Traceback" not in r.stderr, r.stderr[-2000:]
    assert "line 1: memory.written.occurred_at: this time falls outside years 0001-9999" in r.stderr, r.stderr
    assert "line 2: memory.written.occurred_at" in r.stderr, r.stderr
    assert not (tmp_path / "audit.sqlite").exists()  # refused before any store was made


WEEKS_PAST_THE_END = (
    ("audit", "counts", "--team", "fernhill", "--week", "9999-W52"),
    ("audit", "counts", "--team", "fernhill", "--week", "0001-W01", "--tz", "Asia/Tokyo"),
    ("report", "weekly", "--team", "fernhill", "--week", "0001-W03", "--preview"),
    ("report", "subscribe", "--team", "fernhill", "--to", "ops@fernhill.example", "--since", "9999-W52"),
)
"""Commands whose week's window (or a week a report compares it with) leaves the calendar."""


def test_times_and_weeks_past_the_calendars_end_are_refused_over_http_and_by_the_cli(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMEVAL_FINGERPRINT_KEY", "ab" * 32)
    monkeypatch.setenv("MEMEVAL_AUDIT_WORKERS", "0")
    db = f"sqlite:///{tmp_path / 'audit.sqlite'}"
    store = SqlAuditStore(db, fingerprint_key=b"k" * 32)
    token = add_token(store, "fernhill", "memsys")
    try:
        with (
            LiveServer(create_ingest_app(store), lifespan="auto") as srv,
            httpx.Client(base_url=srv.url, timeout=patient(60), headers={"Authorization": f"Bearer {token}"}) as c,
        ):
            for n, at in enumerate(OUT_OF_RANGE):
                batch = [_event(100 + n, "2026-11-16T10:56:00Z"), _event(n, at)]
                r = c.post("/api/v1/events", json={"events": batch})
                assert r.status_code == 422, (at, r.status_code, r.text)
                assert r.json()["error"]["index"] == 1 and "outside years 0001-9999" in r.text, r.text
            r = c.post("/api/v1/events", json={"events": [_event(200, "2026-11-16T10:56:00+14:00")]})
            assert r.status_code == 200, r.text
        assert len(list(store.events("fernhill"))) == 1
    finally:
        store.engine.dispose()
    # the store now has an event of the team, so each command gets past "no events" to the week itself
    for args in WEEKS_PAST_THE_END:
        r = _memeval(tmp_path, *args, "--db", db)
        assert r.returncode == 2, (args, r.returncode, r.stderr[-2000:])
        assert "Traceback" not in r.stderr and "OverflowError" not in r.stderr, r.stderr[-2000:]
        assert "0002 to 9998" in r.stderr, r.stderr
