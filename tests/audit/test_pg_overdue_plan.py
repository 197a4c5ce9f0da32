"""On PostgreSQL without statistics, the weekly report's overdue list reads each decision by subject.

On a fresh database (no ANALYZE yet: autovacuum's first pass comes up to a minute after an
ingest, and never while it is off), PostgreSQL planned `reads.overdue`'s anti-join as a nested
loop whose inner scan read the team's whole log for every opening: quadratic (0.25 s for 300
openings, 12.6 s for 3,000; `Rows Removed by Join Filter` 2,999,000). Statistics taken while the
log was small did the same (16.8 s for 4,000 openings after an ANALYZE of one event). The
PostgreSQL query is now a `NOT EXISTS` kept as a per-opening subplan (`OFFSET 0`) whose bounds
no other index can serve, so it looks the decision up by (team, subject): measured fresh at 300 to
16,000 openings, after an early ANALYZE and after a full one. (At 150 openings one fresh plan read
the team through (team, seq) per opening instead: 3 ms there, so the test uses 300.) Old code:
150,601 rows touched for these 400 events; this one: under 5 per event.

The check counts the rows the plan touched (`EXPLAIN (ANALYZE, FORMAT JSON)`: rows out and rows
filtered away, times loops), which is about the log's size when each decision is read by subject
and about openings x decisions when each opening reads the log.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from pg_fixture import PgServer, need_pg
from sqlalchemy import event, text

from memeval.audit import EVENT_ADAPTER, SqlAuditStore

OPENINGS = 300
TEAM = "plan"


def _draft(n: int, type_: str, subject: str, day: int) -> object:
    proposed = type_ == "lesson.proposed"
    return EVENT_ADAPTER.validate_python(
        {
            "type": type_,
            "occurred_at": f"2026-11-{day:02d}T09:00:00Z",
            "team": TEAM,
            "sender_event_id": f"e{n}-{type_}",
            "actor": {"kind": "agent" if proposed else "person", "id": "a"},
            "subject": subject,
            "payload": {"text": f"lesson {n} about shipping"} if proposed else {"decision_id": f"d{n}"},
        }
    )


def _touched(node: dict[str, Any]) -> float:
    """Rows a plan node and its children produced or filtered away, over all their loops."""
    loops = node.get("Actual Loops", 1)
    own = sum(node.get(k, 0) for k in ("Actual Rows", "Rows Removed by Filter", "Rows Removed by Join Filter"))
    return own * loops + sum(_touched(child) for child in node.get("Plans", []))


def test_overdue_on_a_fresh_postgres_reads_each_decision_by_subject(pg_server: PgServer | None) -> None:
    store = SqlAuditStore(need_pg(pg_server).new_database(), fingerprint_key=secrets.token_bytes(32))
    try:
        with store.engine.begin() as c:  # no ANALYZE while the test runs: the fresh database as it is
            c.execute(text("ALTER TABLE audit_event SET (autovacuum_enabled = false)"))
        store.append([_draft(n, "lesson.proposed", f"les_{n}", 16 + n % 3) for n in range(OPENINGS)], sender="s")
        decided = [_draft(n, "lesson.approved", f"les_{n}", 20) for n in range(0, OPENINGS, 3)]
        store.append(decided, sender="review", origin="review")  # type: ignore[arg-type]  # drafts
        with store.engine.connect() as c:
            never = c.execute(text("SELECT reltuples < 0 FROM pg_class WHERE relname = 'audit_event'")).scalar()
        assert never, "the table has statistics: this test is about a database without them"
        end = datetime(2026, 11, 23, tzinfo=UTC)
        head = store.reads.head_seq(TEAM)
        after = 48 * 3_600_000_000
        plans: list[Any] = []

        def explain(conn, cursor, statement, parameters, context, executemany) -> None:  # noqa: ANN001  # SQLAlchemy's hook
            if statement.startswith("SELECT COUNT(*) FROM audit_event o"):  # the store's own count, as issued
                sql = "EXPLAIN (ANALYZE, FORMAT JSON) " + statement
                plans.extend(row[0] for row in cursor.connection.execute(sql, parameters))

        event.listen(store.engine, "before_cursor_execute", explain)
        rows, total = store.reads.overdue(TEAM, end, head, after, 1000)
        event.remove(store.engine, "before_cursor_execute", explain)
        [plan] = plans
        touched = _touched(plan[0]["Plan"])
        assert touched <= 5 * head, (touched, head, plan)  # the old plan: about 50,000 rows for 400 events
        undecided = [f"les_{n}" for n in range(OPENINGS) if n % 3]
        assert total == len(rows) == len(undecided)
        assert [r.subject for r in rows] == sorted(undecided, key=lambda s: (16 + int(s[4:]) % 3, int(s[4:])))
    finally:
        store.engine.dispose()
        store._write_engine.dispose()
