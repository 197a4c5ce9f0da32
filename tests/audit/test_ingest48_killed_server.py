"""A killed `memeval audit serve` loses no batch it answered, with two senders posting at once.

The server answers a batch only after its transaction's commit, and SQLite's commit syncs the WAL
(`SqlAuditStore.SQLITE_DURABILITY`); batches of several senders that wait together share one
commit (`memeval.audit._combine`), each answered after it. Real server process, two senders with
their own tokens posting from two threads, SIGKILL of the server's whole process group while
they post, then the store read back by another process's connection.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import sys
import threading
import time
from pathlib import Path

import httpx
from ingest_events import post_events
from patience import patient
from served import served

from memeval.audit import SqlAuditStore, add_token
from memeval.audit._verify import verify_chain

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))
from make_week import build, resolve_hold_ids, split_week  # noqa: E402

PER_BATCH = 30


def _batch(sender: str, k: int) -> list[dict[str, object]]:
    """Batch `k` of `sender`: the sample week's first ingest events, ids and subjects made unique to it."""
    week = split_week(resolve_hold_ids(build(), sender))[0][:PER_BATCH]
    out = []
    for e in week:
        e = {**e, "sender_event_id": f"{sender}-b{k}-{e['sender_event_id']}"}
        if e.get("subject"):
            e["subject"] = f"{sender}-b{k}-{e['subject']}"
        out.append(e)
    return out


def test_a_killed_server_keeps_every_answered_event_of_two_senders_once(tmp_path):
    answered: dict[str, list[str]] = {"memsys": [], "memsys2": []}
    stop = threading.Event()
    with served(tmp_path, {}) as srv:
        store = SqlAuditStore(srv.db, fingerprint_key=bytes.fromhex("ab" * 32))
        tokens = {"memsys": srv.token, "memsys2": add_token(store, "fernhill", "memsys2")}
        store.engine.dispose()
        store.write_engine.dispose()

        def post(sender: str) -> None:
            for k in range(1000):
                if stop.is_set():
                    return
                batch = _batch(sender, k)
                try:
                    r = post_events(srv.url, tokens[sender], batch, patient(120))
                except httpx.TransportError:  # the server is gone: this batch was never answered
                    return
                assert r.status_code == 200, r.text[:300]
                answered[sender] += [str(e["sender_event_id"]) for e in batch]

        threads = [threading.Thread(target=post, args=(s,), daemon=True) for s in tokens]
        for t in threads:
            t.start()
        end = time.monotonic() + patient(300)
        while min(len(v) for v in answered.values()) < 2 * PER_BATCH:  # two batches of each answered
            assert time.monotonic() < end, "the senders' batches were not answered"
            time.sleep(0.02)
        os.killpg(srv.proc.pid, signal.SIGKILL)  # the server and its guards, mid-batch
        srv.proc.wait()
        stop.set()
        for t in threads:
            t.join(patient(120))
    conn = sqlite3.connect(srv.db.removeprefix("sqlite:///"))
    try:
        rows = conn.execute("SELECT sender, sender_event_id, count(*) FROM audit_event GROUP BY 1, 2").fetchall()
    finally:
        conn.close()
    stored = {(s, e): n for s, e, n in rows}
    for sender, ids in answered.items():
        assert all(stored.get((sender, eid)) == 1 for eid in ids), sender  # every answered event, once
    store = SqlAuditStore(srv.db, fingerprint_key=bytes.fromhex("ab" * 32))
    try:
        assert verify_chain(store, "fernhill").ok
    finally:
        store.engine.dispose()
        store.write_engine.dispose()


def test_every_sqlite_connection_of_the_store_syncs_its_commits(tmp_path):
    """WAL with `synchronous=FULL` on the read and write engines: set by the store, not left to SQLite's build."""
    store = SqlAuditStore(f"sqlite:///{tmp_path / 'a.sqlite'}", fingerprint_key=bytes.fromhex("ab" * 32))
    try:
        for engine in (store.engine, store.write_engine):
            with engine.connect() as c:
                assert c.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
                assert c.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    finally:
        store.engine.dispose()
        store.write_engine.dispose()
