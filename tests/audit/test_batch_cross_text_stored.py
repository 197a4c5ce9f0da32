"""A password must not reach the store because a rule's match ran from one event's text into the next.

The ingest redacts a batch's texts joined (one scanner call); betterleaks' `curl-auth-user` read
from a `curl ... \\` line ending one memory on into the next memory and took its LAST `-u`, so
the first password of that memory was stored raw (each memory alone was blanked). Real parts:
`memeval audit ingest` as a subprocess, and a real `memeval audit serve` on 127.0.0.1 (the group's
shared server, `plain_server`, this test a team of its own), each on a SQLite store whose bytes (with
its WAL) are then searched for the password.
"""

from __future__ import annotations

import json
import random
import string
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from served import Served
from shared_cache import shared_cache

ROOT = Path(__file__).resolve().parents[2]


def _password(rng: random.Random) -> str:
    """A password no scanner knows, from a seeded `rng`: drawn with `secrets`, one starting `x` (stored
    raw by a redaction bug of its own) failed about 1.6% of runs."""
    alphabet = string.ascii_letters + string.digits
    while True:
        pw = "".join(rng.choice(alphabet) for _ in range(14))
        if any(c.isdigit() for c in pw) and any(c.isupper() for c in pw) and any(c.islower() for c in pw):
            return pw


def _events(p1: str, p2: str, team: str = "fernhill") -> list[dict]:
    texts = [
        "curl -X POST https://api.example.com/v1/items \\",
        f'curl -u ":{p1}" https://localhost:9200\ncurl --user deploy:{p2} https://b.example.com',
    ]
    return [
        {
            "type": "memory.written",
            "occurred_at": f"2026-11-20T10:00:0{i}Z",
            "team": team,
            "sender_event_id": f"cross-{i}",
            "actor": {"kind": "agent", "id": "support-bot"},
            "session": "ses_cross",
            "subject": f"mem_{i}",
            "payload": {"text": text},
        }
        for i, text in enumerate(texts)
    ]


def _store_bytes(db_file: Path) -> bytes:
    """The SQLite file and its `-wal` / `-shm` companions, as stored."""
    return b"".join(p.read_bytes() for p in db_file.parent.iterdir() if p.name.startswith(db_file.name))


@pytest.mark.slow  # a real CLI building the redactor (~3 CPU s)
def test_cli_ingest_stores_neither_password(tmp_path: Path) -> None:
    rng = random.Random("cli ingest")
    p1, p2 = _password(rng), _password(rng)
    f = tmp_path / "events.jsonl"
    f.write_text("\n".join(json.dumps(e) for e in _events(p1, p2)) + "\n")
    (tmp_path / "store").mkdir()
    (tmp_path / "home").mkdir()
    db_file = tmp_path / "store" / "audit.sqlite"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "home"), **shared_cache(), "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "ingest", str(f), "--db", f"sqlite:///{db_file}"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    raw = _store_bytes(db_file)
    assert b"mem_1" in raw  # the memory was stored (blanked)
    for pw in (p1, p2):
        assert pw.encode() not in raw
        assert pw not in proc.stdout + proc.stderr


@pytest.mark.xdist_group("plain-served")  # one worker starts the shared server (`plain_server`)
def test_http_ingest_stores_neither_password(served_team: Served) -> None:
    rng = random.Random("http ingest")
    p1, p2 = _password(rng), _password(rng)
    srv = served_team
    r = httpx.post(
        f"{srv.url}/api/v1/events",
        json={"events": _events(p1, p2, srv.team)},
        headers={"Authorization": f"Bearer {srv.token}"},
        timeout=120,
    )
    assert r.status_code == 200, r.text
    assert r.json()["stored"] >= 2
    raw = srv.stored_bytes()
    log = srv.log
    assert b"mem_1" in raw
    assert {"cross-0", "cross-1"} <= set(srv.texts())  # this test's team's memories were stored (blanked)
    for pw in (p1, p2):
        assert pw.encode() not in raw
        assert pw not in log
