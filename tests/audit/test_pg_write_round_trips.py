"""On PostgreSQL, a batch's small projection tables, its chain head and its COMMIT go to the server in one round trip.

The write path inserted each table's new rows with a `COPY` (two round trips: the statement, then
the rows) and moved each team's head with its own `UPDATE` (one more), all with the write lock
held, so other batches waited on each. A batch of 100 sample events adds a few rows to the
lessons', contradictions' and holds' tables: those now go as one-row `INSERT`s in one pipeline
with the head's `UPDATE` (`_project.insert_tables`, `PIPELINE_MAX_ROWS`), and only the tables with
more rows (the log's, the memories') are copied, and the pipeline ends with the `COMMIT` when the
batch changed no row stored before: 7 round trips a batch instead of 14 (BEGIN, the lock with the
batch's lookups, two `COPY`s, the pipeline). The messages are read from
libpq's own trace; the tables must hold what replaying the log gives (`rebuild_projections`).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from pg_fixture import PgServer, need_pg
from pg_trace import Sent, round_trips, traced_messages
from sqlalchemy import text

from memeval.audit import SqlAuditStore
from memeval.audit._ingest import parse_lines
from memeval.audit._project import PIPELINE_MAX_ROWS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))
from make_week import build, resolve_hold_ids, split_week  # noqa: E402

TABLES = ("audit_event", "audit_head", "memory_state", "lesson_state", "contradiction_state", "hold_state")


def _counts(store: SqlAuditStore) -> dict[str, int]:
    with store.engine.connect() as conn:
        return {t: int(conn.execute(text(f"SELECT count(*) FROM {t}")).scalar_one()) for t in TABLES}


def _dump(store: SqlAuditStore) -> dict[str, list[Any]]:
    """Every projection table's rows (all columns but a database id), sorted."""
    out: dict[str, list[Any]] = {}
    with store.engine.connect() as conn:
        for t in TABLES[2:]:
            rows = conn.execute(text(f"SELECT * FROM {t}")).mappings().all()
            out[t] = sorted(tuple(sorted((k, repr(v)) for k, v in r.items() if k != "id")) for r in rows)
    return out


_INSERT = re.compile(r'"INSERT INTO (\w+) ')
_HEAD_WRITES = ('"UPDATE audit_head ', '"INSERT INTO audit_head ')


def _copied(trip: list[Sent]) -> str | None:
    """The table a round trip's `COPY` statement writes, else None."""
    kind, sql = trip[-1]
    words = sql.strip().strip('"').split()
    return words[1] if kind == "Query" and words[:1] == ["COPY"] else None


def test_a_batchs_small_tables_and_head_share_one_round_trip(pg_server: PgServer | None, tmp_path: Path) -> None:
    store = SqlAuditStore(need_pg(pg_server).new_database(), fingerprint_key=b"k" * 32)
    try:
        events = split_week(resolve_hold_ids(build(), "sample"))[0]
        drafts = [ev for _, ev in parse_lines([json.dumps(e) for e in events])]
        batches = [drafts[k : k + 100] for k in range(0, len(drafts), 100)]
        small_seen = 0
        for n, batch in enumerate(batches):
            before = _counts(store)
            trace = tmp_path / f"trace{n}.txt"
            sent = traced_messages(store.engine, trace, lambda b=batch: store.append(b, sender="s"))
            added = {t: c - before[t] for t, c in _counts(store).items()}
            trips = round_trips(sent)
            # the write's own, from its BEGIN (before it: the stored-ids read outside the lock, `stored_already`)
            trips = trips[next(i for i, trip in enumerate(trips) if '"BEGIN ' in trip[0][1]) :]
            # the tables of a few new rows: none copied, all in the round trip of the head's write
            few = {t for t in TABLES[2:] if 0 < added[t] <= PIPELINE_MAX_ROWS}
            small_seen += len(few)
            copied = [t for t in map(_copied, trips) if t is not None]
            assert set(copied) == {t for t in ("audit_event", *TABLES[2:]) if added[t] > PIPELINE_MAX_ROWS}, (n, added)
            head = [trip for trip in trips if any(w in sql for _, sql in trip for w in _HEAD_WRITES)]
            assert len(head) == 1, (n, head)
            inserted = {m[1] for kind, sql in head[0] if kind == "Parse" and (m := _INSERT.search(sql))}
            assert few <= inserted, (n, few, inserted)
            # BEGIN, the lock with the lookups, two round trips a COPY, the pipeline ending with the COMMIT (a
            # batch that changes rows stored before flushes them, then commits: none in this week's ingest)
            assert any(kind == "Parse" and '"COMMIT"' in sql for kind, sql in head[0]), (n, head[0][-3:])
            assert len(trips) == 3 + 2 * len(copied), (n, [(t[0][1][:60], t[-1]) for t in trips[-3:]])
        assert small_seen >= 3  # the week's batches did add a few rows to small tables
        kept = _dump(store)
        store.rebuild_projections()
        assert _dump(store) == kept
    finally:
        store.engine.dispose()
