"""Batches appended at once from several threads share one write transaction (`memeval.audit._combine`).

`memeval audit serve` appends each request's batch from its own thread. While one writes, the
others wait; the next to write takes the waiting batches of the same sender in one transaction.
Each thread still gets its own batch's result, a refused batch is refused with its own index and
stores nothing, and the others are stored. Real threads, real SQLite and PostgreSQL; the store's
write lock is held from another connection so that the batches are sure to wait together.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from pg_fixture import PgServer, need_pg
from sqlalchemy import text

from memeval.audit import AuditEvent, SqlAuditStore
from memeval.audit._ingest import parse_lines
from memeval.audit._verify import verify_chain
from memeval.errors import AuditEventRejected

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))
from make_week import build, resolve_hold_ids, split_week  # noqa: E402

WAIT_S = 120.0
"""Longest wait for the threads to reach a point (a deadline for a stuck test, not a timing)."""


def _batches(sender: str, n: int, team: str | None = None) -> list[list[AuditEvent]]:
    """`n` batches of the sample week's ingest events (of `team` when given), each copy's ids made unique."""
    week = split_week(resolve_hold_ids(build(), sender))[0][:60]
    out = []
    for c in range(n):
        lines = []
        for e in week:
            e = {**e, "sender_event_id": f"b{c}-{e['sender_event_id']}", **({"team": team} if team else {})}
            if e.get("subject"):
                e["subject"] = f"b{c}-{e['subject']}"
            lines.append(json.dumps(e))
        out.append([ev for _, ev in parse_lines(lines)])
    return out


@pytest.fixture
def two_urls(backend: str, tmp_path: Path, pg_server: PgServer | None) -> list[str]:
    """Two empty stores of the backend: SQLite files, or PostgreSQL databases of the session's server."""
    if backend == "sqlite":
        return [f"sqlite:///{tmp_path / f'{k}.sqlite'}" for k in range(2)]
    return [need_pg(pg_server).new_database() for _ in range(2)]


@contextmanager
def _write_lock_held(store: SqlAuditStore) -> Iterator[None]:
    """The store's write lock held by another connection for the block (SQLite `BEGIN IMMEDIATE`, PG's lock)."""
    if store.is_sqlite:
        c = sqlite3.connect(store.url.removeprefix("sqlite:///"), isolation_level=None, timeout=30)
        c.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            c.execute("ROLLBACK")
            c.close()
        return
    with store.engine.connect() as conn:
        conn.exec_driver_sql("LOCK TABLE audit_head IN SHARE ROW EXCLUSIVE MODE")
        try:
            yield
        finally:
            conn.rollback()


def _until(what: str, ready: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT_S
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.01)


def _transactions(monkeypatch: pytest.MonkeyPatch, store: SqlAuditStore) -> list[int]:
    """A list that grows by one for each write transaction (`write_session`) of `store` from now on."""
    began: list[int] = []
    real = store.write_session

    def counted(**kwargs: Any) -> Any:
        began.append(1)
        return real(**kwargs)

    monkeypatch.setattr(store, "write_session", counted)
    return began


def _sanitized(monkeypatch: pytest.MonkeyPatch, store: SqlAuditStore) -> list[int]:
    """A list that grows by one each time a batch's sanitising (before the write lock) is done."""
    done: list[int] = []
    san = store.sanitizer
    real = type(san).sanitize_many

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        out = real(self, *args, **kwargs)
        if self is san:
            done.append(1)
        return out

    monkeypatch.setattr(type(san), "sanitize_many", counted)  # a frozen dataclass: patched on its class
    return done


class _Appender(threading.Thread):
    """Appends one batch as `sender` and keeps its result or error."""

    def __init__(self, store: SqlAuditStore, batch: list[AuditEvent], sender: str) -> None:
        super().__init__(daemon=True)
        self.store, self.batch, self.sender = store, batch, sender
        self.result: Any = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.result = self.store.append(self.batch, sender=self.sender, origin="ingest")
        except BaseException as exc:  # noqa: BLE001 - checked by the test in its own thread
            self.error = exc


def _append_queued(store: SqlAuditStore, threads: list[_Appender]) -> None:
    """Runs `threads` with the first holding the write turn and the others queued behind it in order (the write
    lock held until all are waiting), then waits for all of them."""
    q = store.combiner
    with _write_lock_held(store):
        threads[0].start()  # takes the turn and waits for the lock
        _until("the first batch's turn", lambda: q._busy and not q._queue)
        for k, t in enumerate(threads[1:], start=1):
            t.start()
            _until(f"batch {k} waiting", lambda k=k: len(q._queue) == k)
    for t in threads:
        t.join(WAIT_S)


def _counted(res: Any) -> tuple[Any, ...]:
    """An `AppendResult` without its sequence numbers (which depend on the order the batches were written in)."""
    return (res.stored, res.duplicates, res.noops, res.held, res.secrets_blanked, res.released, res.changed_resends)


def _stored(store: SqlAuditStore) -> dict[str, list[tuple[str, ...]]]:
    """What is stored, without what depends on the order of the batches (seq, hashes, times, ids)."""
    with store.engine.connect() as c:
        return {
            "audit_event": sorted(
                c.execute(text("SELECT team, sender, sender_event_id, type, coalesce(subject, '') FROM audit_event"))
            ),
            "memory_state": sorted(c.execute(text("SELECT team, memory_id, status, text FROM memory_state"))),
            "lesson_state": sorted(c.execute(text("SELECT team, lesson_id, status, text FROM lesson_state"))),
            "hold_state": sorted(c.execute(text("SELECT team, hold_id, status, origin, item_id FROM hold_state"))),
        }


def _chains_whole(store: SqlAuditStore) -> bool:
    return all(verify_chain(store, t).ok for t in store.teams())


def _close(store: SqlAuditStore) -> None:
    store.engine.dispose()
    store.write_engine.dispose()


def test_batches_appended_at_once_share_a_transaction_with_each_ones_result(two_urls, monkeypatch):
    """Before, four batches waiting at once were four transactions (each its lock, lookups, COPY and commit)."""
    key = secrets.token_bytes(32)
    batches = _batches("grp", 4)
    alone = SqlAuditStore(two_urls[0], fingerprint_key=key)
    expected = [_counted(alone.append(b, sender="grp", origin="ingest")) for b in batches]
    assert all(e[0] > 0 for e in expected) and sum(e[3] for e in expected) > 0  # stored, some held

    store = SqlAuditStore(two_urls[1], fingerprint_key=key)
    store.append(_batches("warm", 1, team="warm-up")[0], sender="warm", origin="ingest")  # the engines loaded
    sanitized = _sanitized(monkeypatch, store)
    began = _transactions(monkeypatch, store)
    threads = [_Appender(store, b, "grp") for b in batches]
    with _write_lock_held(store):
        for t in threads:
            t.start()
        _until("the four batches sanitised", lambda: len(sanitized) == 4)
        time.sleep(0.2)  # let the last one reach the queue (a late one only makes one more transaction)
    for t in threads:
        t.join(WAIT_S)
    assert [t.error for t in threads] == [None] * 4
    assert [_counted(t.result) for t in threads] == expected
    assert len(began) < 4  # the first alone (it held the turn while the others came), then the rest together
    mine = {k: [r for r in v if r[0] != "warm-up"] for k, v in _stored(store).items()}
    assert mine == _stored(alone)
    assert _chains_whole(store)
    _close(alone)
    _close(store)


def test_a_refused_batch_in_a_group_stores_nothing_and_the_others_are_stored(two_urls, monkeypatch):
    """The group's transaction is rolled back and each batch written again alone, in order, with its own error."""
    key = secrets.token_bytes(32)
    batches = _batches("grp", 4)
    taken = batches[2][5]  # stored first by another sender: batch 2 is refused (`ResentUnderAnotherSender`)
    alone = SqlAuditStore(two_urls[0], fingerprint_key=key)
    alone.append([taken], sender="someone-else", origin="ingest")
    expected: list[Any] = []
    for b in batches:
        try:
            expected.append(_counted(alone.append(b, sender="grp", origin="ingest")))
        except AuditEventRejected as exc:
            expected.append((type(exc).__name__, exc.index))
    assert expected[2] == ("ResentUnderAnotherSender", 5)

    store = SqlAuditStore(two_urls[1], fingerprint_key=key)
    store.append([taken], sender="someone-else", origin="ingest")  # also loads the engines
    began = _transactions(monkeypatch, store)
    threads = [_Appender(store, b, "grp") for b in batches]
    q = store.combiner
    _append_queued(store, threads)
    outcomes = [
        _counted(t.result) if t.error is None else (type(t.error).__name__, getattr(t.error, "index", None))
        for t in threads
    ]
    assert outcomes == expected
    assert (q.groups, q.regrouped) == (0, 1)  # batches 1-3 tried together, refused, then one at a time
    assert len(began) == 1 + 1 + 3
    assert _stored(store) == _stored(alone)  # nothing of batch 2; batches 0, 1 and 3 whole
    assert _chains_whole(store)
    _close(alone)
    _close(store)


def test_batches_of_several_senders_appended_at_once_share_a_transaction(two_urls, monkeypatch):
    """Before, only one sender's waiting batches went together: four senders at once were four transactions.

    Each sender's result is its own (its duplicates and changed resends counted against what it
    stored before), every event is stored once under its own sender, and the chain is whole.
    """
    key = secrets.token_bytes(32)
    senders = [f"s{k}" for k in range(4)]
    batches = _batches("grp", 4)  # one a sender; their ids and subjects disjoint, as several memory systems' are
    resent = batches[1][:7]  # sender s1 sent these before: skipped as its duplicates
    alone = SqlAuditStore(two_urls[0], fingerprint_key=key)
    alone.append(resent, sender="s1", origin="ingest")
    expected = [_counted(alone.append(b, sender=s, origin="ingest")) for s, b in zip(senders, batches, strict=True)]
    assert expected[1][1] == 7 and all(e[0] > 0 for e in expected)

    store = SqlAuditStore(two_urls[1], fingerprint_key=key)
    store.append(resent, sender="s1", origin="ingest")  # also loads the engines
    began = _transactions(monkeypatch, store)
    threads = [_Appender(store, b, s) for s, b in zip(senders, batches, strict=True)]
    q = store.combiner
    _append_queued(store, threads)
    assert [t.error for t in threads] == [None] * 4
    assert [_counted(t.result) for t in threads] == expected
    assert (len(began), q.groups, q.together) == (2, 1, 3)  # the first alone, then the three waiting together
    assert _stored(store) == _stored(alone)  # each event once, under its own sender
    with store.engine.connect() as c:
        per_sender = dict(c.execute(text("SELECT sender, count(*) FROM audit_event GROUP BY sender")).all())
    assert per_sender == {
        s: r.stored + (7 if s == "s1" else 0) for s, r in zip(senders, (t.result for t in threads), strict=True)
    }
    assert _chains_whole(store)
    _close(alone)
    _close(store)
