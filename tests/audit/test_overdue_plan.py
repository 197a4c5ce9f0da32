"""The weekly report's overdue list and an item's history read by subject, not through the team's whole log.

Found by the never-stored corpus test (its report phase took about 30 s for 1,175 waiting items):
SQLite planned `reads.overdue`'s anti-join with the bound `d.seq <= :q` on the (team, seq) index, so
for every opening it read every row of the team up to the cut: quadratic in the week's events
(3.6 s for the count alone on 3,600 events). With the bound as `d.seq + 0` it reads the decision
through `ix_audit_event_subject` (team, subject, ...). The rows are the same (`test_reads.py`'s
sample week, and below on a store with decided and undecided lessons).

The same for `subject_events` (an item page's and API item's history): ordered by `seq` itself,
SQLite read the team's log through the (team, seq) index to skip a sort, about 5 ms a page on
3,600 events (most of a page's CPU); ordered by `seq + 0` it reads the subject's rows by index.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import event, text

from memeval.audit import EVENT_ADAPTER, SqlAuditStore
from memeval.audit._logrow import to_us
from memeval.audit._reads import _overdue_where

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


def test_overdue_reads_each_decision_by_subject_and_finds_the_undecided(tmp_path: Path) -> None:
    store = SqlAuditStore(f"sqlite:///{tmp_path / 'audit.sqlite'}", fingerprint_key=secrets.token_bytes(32))
    try:
        store.clock = lambda: datetime(2026, 11, 16, 9, tzinfo=UTC)  # received as sent (overdue counts from receipt)
        store.append([_draft(n, "lesson.proposed", f"les_{n}", 16 + n % 3) for n in range(30)], sender="s")
        decided = [_draft(n, "lesson.approved", f"les_{n}", 20) for n in range(0, 30, 3)]
        store.append(decided, sender="review", origin="review")  # type: ignore[arg-type]  # drafts
        end = datetime(2026, 11, 23, tzinfo=UTC)
        head = store.reads.head_seq(TEAM)
        params = {"t": TEAM, "q": head, "e": to_us(end), "c": to_us(end) - 48 * 3_600_000_000}
        with store.engine.connect() as c:
            plan = [row[3] for row in c.execute(text(f"EXPLAIN QUERY PLAN SELECT COUNT(*) {_overdue_where()}"), params)]
        [looked_up] = [step for step in plan if "SEARCH d " in step]
        assert "ix_audit_event_subject" in looked_up and "subject=?" in looked_up, plan
        rows, total = store.reads.overdue(TEAM, end, head, 48 * 3_600_000_000, 100)
        assert total == len(rows) == 20
        assert sorted(r.subject for r in rows) == sorted(f"les_{n}" for n in range(30) if n % 3)
    finally:
        store.engine.dispose()
        store._write_engine.dispose()


def test_an_items_history_is_read_by_subject_in_seq_order(tmp_path: Path) -> None:
    store = SqlAuditStore(f"sqlite:///{tmp_path / 'audit.sqlite'}", fingerprint_key=secrets.token_bytes(32))
    try:
        store.append([_draft(n, "lesson.proposed", f"les_{n}", 16) for n in range(30)], sender="s")
        store.append([_draft(7, "lesson.approved", "les_7", 20)], sender="review", origin="review")  # type: ignore[list-item]  # a draft
        plans: list[str] = []

        def explain(conn, cursor, statement, parameters, context, executemany) -> None:  # noqa: ANN001  # SQLAlchemy's hook
            if "audit_event.subject = " in statement and statement.lstrip().upper().startswith("SELECT"):
                plans.extend(row[3] for row in cursor.connection.execute("EXPLAIN QUERY PLAN " + statement, parameters))

        event.listen(store.engine, "before_cursor_execute", explain)
        got = store.subject_events(TEAM, "les_7")
        event.remove(store.engine, "before_cursor_execute", explain)
        assert [(e.type, e.sender_event_id) for e in got] == [
            ("lesson.proposed", "e7-lesson.proposed"),
            ("lesson.approved", "e7-lesson.approved"),
        ]
        assert got[0].seq == 8 and got[1].seq == 31, [e.seq for e in got]  # seq order: the 8th event, the 31st
        assert plans and any("ix_audit_event_subject" in p and "subject=?" in p for p in plans), plans
    finally:
        store.engine.dispose()
        store._write_engine.dispose()
