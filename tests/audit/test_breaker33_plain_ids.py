"""An id of plain lower-case parts that names a password and holds it was stored unscanned (breaker33).

Ingest stores ids as sent, so it reads each with the credential rules and refuses one that holds a
key; ids of lower-case words and short parts (`mem_07`, `les/fernhill/l1`) were taken as too plain
to hold one and not read at all (`memeval.audit._idscan._PLAIN_ID`, a speed-up). But
`password:hunter2secret`, `db/password:s3cretpassw0rd`, `token:ab12cd34ef56ab78` and a role
`passwd-hunter2hunter2` have that shape, and the credential rules read each as a password: sent as a
session, a subject, an actor's id or role, or a slice id, they went through `memeval audit ingest`
into the store as sent, where nothing is ever blanked. An id with a word credentials are named by
(`pass`, `pwd`, `secret`, `token`, `key`, `auth`, `cred`) is no longer plain, so the rules read it
and ingest refuses it (exit 2, nothing of the batch stored), on SQLite and on PostgreSQL; the
sample's ids are still plain. One case a database runs as a real `memeval` process, the rest as the same
command line in the test's process.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pg_fixture import PgServer, need_pg
from shared_cache import shared_cache
from usage_line import set_up_memeval

from memeval.audit import open_store
from memeval.audit._idscan import plain_id

ROOT = Path(__file__).resolve().parents[2]
CASES = [
    ("session", "password:hunter2secret"),
    ("subject", "db/password:s3cretpassw0rd"),
    ("actor.id", "token:ab12cd34ef56ab78"),
    ("actor.role", "passwd-hunter2hunter2"),
    ("payload.slice_id", "apikey:deadbeefcafebabe"),
]


def _event(field: str, value: str) -> dict[str, object]:
    ev: dict[str, object] = {
        "type": "session.started", "occurred_at": "2026-11-20T10:00:00Z", "team": "fernhill",
        "sender_event_id": "ev-1", "actor": {"kind": "agent", "id": "support-bot"}, "session": "ses_1",
        "payload": {"slice_id": "slice-a", "slice_hash": "sha256:" + "0" * 64},
    }  # fmt: skip
    if field == "actor.id" or field == "actor.role":
        ev["actor"] = {"kind": "agent", "id": "support-bot", field.split(".")[1]: value}
    elif field == "payload.slice_id":
        ev["payload"] = {"slice_id": value, "slice_hash": "sha256:" + "0" * 64}
    elif field == "subject":
        ev |= {"type": "memory.written", "subject": value, "payload": {"text": "Ship seeds in padded envelopes."}}
    else:
        ev[field] = value
    return ev


def _ingest_each(tmp_path: Path, db: str) -> None:
    """The store's first event, then each case alone: refused (exit 2, named, not echoed), nothing of it stored.

    The first case runs as a real `memeval audit ingest` process; the store's first event and the other
    cases run the same command line in this process (`set_up_memeval`: typer's runner, the same code and
    exit code), which builds the redactor once instead of once a process (each process 1.5-2 CPU s).
    """
    home = tmp_path / "home"
    home.mkdir()
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), **shared_cache(), "PYTHONPATH": str(ROOT),
           "MEMEVAL_AUDIT_WORKERS": "0"}  # fmt: skip
    here = {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"), "MEMEVAL_AUDIT_WORKERS": "0"}
    ok = tmp_path / "ok.jsonl"
    ok.write_text(json.dumps(_event("session", "ses_042")) + "\n", encoding="utf-8")
    first = set_up_memeval("audit", "ingest", str(ok), "--db", db, "--sender", "bot", cwd=ROOT, env=here)
    assert first.returncode == 0, first.stderr[-2000:]
    for i, (field, value) in enumerate(CASES):
        ev = _event(field, value)
        ev["sender_event_id"] = f"ev-{i + 2}"
        f = tmp_path / f"case{i}.jsonl"
        f.write_text(json.dumps(ev) + "\n", encoding="utf-8")
        args = ["audit", "ingest", str(f), "--db", db, "--sender", "bot"]
        if i == 0:
            proc = subprocess.run([sys.executable, "-m", "memeval", *args], capture_output=True, text=True, cwd=ROOT,
                                  env=env, timeout=600)  # fmt: skip
        else:
            proc = set_up_memeval(*args, cwd=ROOT, env=here)
        assert proc.returncode == 2, (field, proc.returncode, proc.stdout[-500:], proc.stderr[-1000:])
        assert f"field {field} is not an id" in proc.stderr or field in proc.stderr, proc.stderr[-1000:]
        assert value not in proc.stderr + proc.stdout, (field, proc.stderr[-1000:])
    store = open_store(db)
    try:
        stored = [e.model_dump_json() for e in store.events("fernhill")]
    finally:
        store.engine.dispose()
    assert len(stored) == 1, stored
    for _, value in CASES:
        assert not [s for s in stored if value in s], value


@pytest.mark.slow  # a memeval process and the redactor built in this one (was six processes, 24 s in a suite)
def test_a_password_in_a_plain_looking_id_is_refused_on_sqlite(tmp_path: Path) -> None:
    for value in ("fh-47-00232", "ses_042", "mem_0064", "les/fernhill/l1", "reviewer", "support-bot"):
        assert plain_id(value), value  # the sample's ids: still not scanned
    (tmp_path / "store").mkdir()
    db_file = tmp_path / "store" / "audit.sqlite"
    _ingest_each(tmp_path, f"sqlite:///{db_file}")
    raw = b"".join(p.read_bytes() for p in db_file.parent.iterdir() if p.is_file())
    for _, value in CASES:
        assert value.encode() not in raw, value


@pytest.mark.slow  # a PostgreSQL database, a memeval process and the redactor built in this one
def test_a_password_in_a_plain_looking_id_is_refused_on_postgres(tmp_path: Path, pg_server: PgServer | None) -> None:
    _ingest_each(tmp_path, need_pg(pg_server).new_database())
