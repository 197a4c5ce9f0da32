"""On PostgreSQL without statistics, the report's overdue and open-contradiction lists stay linear.

On a fresh database (no ANALYZE yet: autovacuum's first pass comes up to a minute after an
ingest, and never while it is off), PostgreSQL estimated one opening and planned the lists'
anti-join as a nested loop whose inner scan read the team's whole log for every opening:
quadratic (the overdue list 0.25 s for 300 openings, 12.6 s for 3,000; the open contradictions
14.5-16.3 s for 16,000). Statistics taken while the log was small did the same (16.8 s for 4,000
openings after an ANALYZE of one event). These reads now run with nested loops off for their one
transaction (`AuditReads._prepared`), so PostgreSQL takes a hash or merge join, linear whatever
the statistics say, and the plan it chose anyway once they exist.

The check counts the rows the plans touched (`EXPLAIN (ANALYZE, FORMAT JSON)`: rows out and rows
filtered away, times loops): a few per event for a hash or merge join, about openings x decisions
when each opening reads the log. Main on this test's 800 events: 602,000 / 601,201 / 60,700 rows
(overdue page, count, open contradictions); now 3,600 / 2,801 / 1,200.
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


def _payload(n: int, type_: str) -> dict[str, str]:
    if type_ == "lesson.proposed":
        return {"text": f"lesson {n} about shipping"}
    if type_ == "contradiction.opened":
        return {"a_item": f"m{n}a", "a_text": "ship on fridays", "b_item": f"m{n}b", "b_text": "never ship on fridays"}
    return {"decision_id": f"d{n}", "kept": "a"} if type_ == "contradiction.settled" else {"decision_id": f"d{n}"}


def _draft(n: int, type_: str, subject: str, day: int) -> object:
    proposed = type_ in ("lesson.proposed", "contradiction.opened")
    return EVENT_ADAPTER.validate_python(
        {
            "type": type_,
            "occurred_at": f"2026-11-{day:02d}T09:00:00Z",
            "team": TEAM,
            "sender_event_id": f"e{n}-{type_}",
            "actor": {"kind": "agent" if proposed else "person", "id": "a"},
            "subject": subject,
            "payload": _payload(n, type_),
        }
    )


def _touched(node: dict[str, Any]) -> float:
    """Rows a plan node and its children produced or filtered away, over all their loops."""
    loops = node.get("Actual Loops", 1)
    own = sum(node.get(k, 0) for k in ("Actual Rows", "Rows Removed by Filter", "Rows Removed by Join Filter"))
    return own * loops + sum(_touched(child) for child in node.get("Plans", []))


def test_waiting_lists_on_a_fresh_postgres_stay_linear(pg_server: PgServer | None) -> None:
    store = SqlAuditStore(need_pg(pg_server).new_database(), fingerprint_key=secrets.token_bytes(32))
    try:
        with store.engine.begin() as c:  # no ANALYZE while the test runs: the fresh database as it is
            c.execute(text("ALTER TABLE audit_event SET (autovacuum_enabled = false)"))
        for kind, opening, decision in (("les", "lesson.proposed", "lesson.approved"),
                                        ("con", "contradiction.opened", "contradiction.settled")):  # fmt: skip
            # received as sent: the overdue list ages an item from when the store received it
            days = iter([datetime(2026, 11, 16 + n % 3, 9, tzinfo=UTC) for n in range(OPENINGS)])
            store.clock = days.__next__
            store.append([_draft(n, opening, f"{kind}_{n}", 16 + n % 3) for n in range(OPENINGS)], sender="s")
            store.clock = lambda: datetime(2026, 11, 20, 9, tzinfo=UTC)
            decided = [_draft(n, decision, f"{kind}_{n}", 20) for n in range(0, OPENINGS, 3)]
            store.append(decided, sender="review", origin="review")  # type: ignore[arg-type]  # drafts
        with store.engine.connect() as c:
            never = c.execute(text("SELECT reltuples < 0 FROM pg_class WHERE relname = 'audit_event'")).scalar()
        assert never, "the table has statistics: this test is about a database without them"
        end = datetime(2026, 11, 23, tzinfo=UTC)
        head = store.reads.head_seq(TEAM)
        after = 48 * 3_600_000_000
        plans: list[Any] = []

        def explain(conn, cursor, statement, parameters, context, executemany) -> None:  # noqa: ANN001  # SQLAlchemy's hook
            if "FROM audit_event o " in statement:  # the store's own queries, as issued
                sql = "EXPLAIN (ANALYZE, FORMAT JSON) " + statement
                plans.extend(row[0] for row in cursor.connection.execute(sql, parameters))

        event.listen(store.engine, "before_cursor_execute", explain)
        rows, total = store.reads.overdue(TEAM, end, head, after, 1000)
        contradictions = store.reads.open_contradictions(TEAM, end, head, 1000)
        event.remove(store.engine, "before_cursor_execute", explain)
        assert len(plans) == 3, plans  # the overdue page and count, the open contradictions
        touched = [_touched(plan[0]["Plan"]) for plan in plans]
        assert max(touched) <= 10 * head, (touched, head)  # main's plans: up to 602,000 rows for 800 events
        undecided = [n for n in range(OPENINGS) if n % 3]
        by_age = sorted(undecided, key=lambda n: (16 + n % 3, n))
        assert total == len(rows) == 2 * len(undecided)
        assert [r.subject for r in rows if r.type == "lesson.proposed"] == [f"les_{n}" for n in by_age]
        assert [r.subject for r in contradictions] == [f"con_{n}" for n in by_age]
    finally:
        store.engine.dispose()
        store._write_engine.dispose()
