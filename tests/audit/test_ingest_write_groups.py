"""A file ingest's writer appends the workers' batches a group at a time, one transaction a group.

Batches of one file that workers sanitised go to the store about `_tasks.WRITE_EVENTS` events at a
time in one transaction (`SqlAuditStore.append_group`): one commit (SQLite's fsync) and one lock
a group instead of one a batch. What is stored is what one batch at a time stores, byte for byte;
a batch refused inside a group is refused with its own line, and the batches before it stay
stored, as before. Real worker processes, real SQLite and PostgreSQL.
"""

from __future__ import annotations

import datetime
import itertools
import json
import secrets
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from pg_fixture import PgServer, need_pg
from sqlalchemy import text

from memeval.audit import SqlAuditStore, _tasks, _write, ingest_lines
from memeval.errors import AuditEventRejected

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))
from make_week import build, resolve_hold_ids, split_week  # noqa: E402

TABLES = ("audit_event", "audit_head", "lesson_state", "contradiction_state", "hold_state", "memory_state")


def _lines(sender: str, copies: int = 2) -> list[str]:
    """The sample week's ingest events, `copies` times with their ids made unique per copy."""
    week = split_week(resolve_hold_ids(build(), sender))[0]
    out = []
    for c in range(copies):
        for e in week:
            e = {**e, "sender_event_id": f"c{c}-{e['sender_event_id']}"}
            if e.get("subject"):
                e["subject"] = f"c{c}-{e['subject']}"
            out.append(json.dumps(e))
    return out


def _fixed(monkeypatch: pytest.MonkeyPatch, store: SqlAuditStore) -> None:
    """Event ids from a counter and a clock that steps 1 ms a call, so two stores' bytes can be compared."""
    count = itertools.count(1)
    monkeypatch.setattr(_write, "new_event_id", lambda: "ev_" + uuid.UUID(int=next(count) << 64).hex[:24])
    start = datetime.datetime(2026, 12, 2, tzinfo=datetime.UTC)
    steps = itertools.count()
    store.clock = lambda: start + datetime.timedelta(microseconds=next(steps) * 1001)


def _dump(store: SqlAuditStore) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every audit table (the database's own `id` column too), sorted."""
    with store.engine.connect() as c:
        return {t: sorted(tuple(map(str, r)) for r in c.execute(text(f"SELECT * FROM {t}"))) for t in TABLES}


def _transactions(monkeypatch: pytest.MonkeyPatch, store: SqlAuditStore) -> list[int]:
    """A list that grows by one for each write transaction (`write_session`) of `store` from now on."""
    began: list[int] = []
    real = store.write_session

    def counted(**kwargs: Any) -> Any:
        began.append(1)
        return real(**kwargs)

    monkeypatch.setattr(store, "write_session", counted)
    return began


@pytest.fixture
def small_inputs_use_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    import memeval.audit._ingest as ing
    import memeval.audit._parallel as par

    monkeypatch.setattr(ing, "MIN_EVENTS", 0)
    monkeypatch.setattr(par, "MIN_EVENTS", 0)


@pytest.fixture
def two_urls(backend: str, tmp_path: Path, pg_server: PgServer | None) -> list[str]:
    """Two empty stores of the backend: SQLite files, or PostgreSQL databases of the session's server."""
    if backend == "sqlite":
        return [f"sqlite:///{tmp_path / f'{k}.sqlite'}" for k in range(2)]
    return [need_pg(pg_server).new_database() for _ in range(2)]


def test_worker_batches_are_written_a_group_a_transaction_and_store_the_same_bytes(
    two_urls, monkeypatch, small_inputs_use_workers
):
    """Before, each batch of 20 was its own transaction (one commit and fsync a batch): 25 for 490 events."""
    key = secrets.token_bytes(32)
    lines = _lines("grp")
    assert len(lines) == 490
    dumps, began = [], []
    # the writer alone (one batch a transaction), then the workers' batches in groups
    for workers, url in zip(("0", "2"), two_urls, strict=True):
        monkeypatch.setenv("MEMEVAL_AUDIT_WORKERS", workers)
        store = SqlAuditStore(url, fingerprint_key=key)
        _fixed(monkeypatch, store)
        began.append(_transactions(monkeypatch, store))
        done = ingest_lines(store, lines, sender="grp", batch_size=20)
        assert done.batches == 25 and done.result.held > 0 and done.result.secrets_blanked > 0
        dumps.append(_dump(store))
        store.engine.dispose()
        store.write_engine.dispose()
    assert len(began[0]) == 25  # one a batch without workers
    assert _tasks.write_group(20) == 40
    assert len(began[1]) == 1  # the 25 batches in one group (`_tasks.write_group`): one transaction
    assert dumps[1] == dumps[0]


def test_a_batch_refused_inside_a_group_keeps_the_batches_before_it(tmp_path, monkeypatch, small_inputs_use_workers):
    """The group is rolled back and appended again one batch at a time: the same refusal, line and stored batches."""
    key = secrets.token_bytes(32)
    lines = _lines("grp")
    other = json.loads(lines[70])  # in the fourth batch of 20 (of one group): stored first under another sender name
    outcomes = []
    for workers in ("0", "2"):
        monkeypatch.setenv("MEMEVAL_AUDIT_WORKERS", workers)
        store = SqlAuditStore(f"sqlite:///{tmp_path / f'w{workers}.sqlite'}", fingerprint_key=key)
        _fixed(monkeypatch, store)
        ingest_lines(store, [json.dumps(other)], sender="someone-else")
        seen: list[tuple[int, int]] = []
        with pytest.raises(AuditEventRejected) as refused:
            ingest_lines(store, lines, sender="grp", batch_size=20, on_progress=lambda d, t, to=seen: to.append((d, t)))
        outcomes.append((str(refused.value), refused.value.line, refused.value.stored_batches, seen, _dump(store)))
        store.engine.dispose()
        store.write_engine.dispose()
    assert outcomes[0][1] == 71 and outcomes[0][2] == 3 and "someone-else" in outcomes[0][0]
    assert outcomes[1][:4] == outcomes[0][:4]
    assert outcomes[1][4] == outcomes[0][4]  # the three batches before it, stored byte for byte alike
