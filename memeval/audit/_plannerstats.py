"""PostgreSQL's planner statistics of the write path's tables, kept in step with a store that grows fast.

The write path looks keys up by `= ANY(ids)` under a team (`_project.select_keys`: the stored-ids
check, the projections' prefetch). Without statistics on the team column (a table never analyzed:
a new store, or one filled faster than autovacuum's next round, a minute apart by default)
PostgreSQL guesses that a team's rows are few and reads all of them through the team-only part of
an index, filtering by id, instead of searching the index for each id. Each batch then read every
stored row of its team, and a large ingest's database work grew with the square of its size
(issue 17: 24 CPU s of the PostgreSQL server for 50,000 events against 0.3 s for 5,000; at 20,000
events the stored-ids check averaged 13 ms a batch and reached 86 ms, against 0.1-0.2 ms once
the table had statistics; 2026-12-05, `pg_stat_statements` and `auto_explain`).

So a store on PostgreSQL runs `ANALYZE` on those tables after its process has appended
`FIRST_EVENTS` events, then again each time that count doubles: a few times in a large ingest,
the key columns only (`TABLES`), never more than log2 of the events appended.
SQLite is left as it is (its planner takes the unique index without statistics).
"""

from __future__ import annotations

import logging
import threading

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

log = logging.getLogger(__name__)

FIRST_EVENTS = 1000
"""Events appended by this process before the first `ANALYZE`; each later one waits for twice as many."""

TABLES = {
    "audit_event": ("team", "sender", "sender_event_id"),
    "audit_head": ("team",),
    "memory_state": ("team", "memory_id"),
    "lesson_state": ("team", "lesson_id"),
    "hold_state": ("team", "hold_id"),
    "contradiction_state": ("team", "contradiction_id"),
}
"""The tables the write path reads by key (`_write`, `_project`), each with the columns of its lookups: only
these are analyzed (the log's `body` and the texts would cost most of the time and serve no lookup)."""

ANALYZE = "ANALYZE " + ", ".join(f"{t} ({', '.join(cols)})" for t, cols in TABLES.items())


class PlannerStats:
    """Counts the events a store appends and runs `ANALYZE` on `TABLES` at 1,000, 2,000, 4,000, ... (PostgreSQL only).

    Thread-safe: an HTTP server's batches append from several threads; one of them analyzes and
    the others go on (a batch never waits for it).
    """

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._on = engine.dialect.name == "postgresql"
        self._lock = threading.Lock()
        self._appended = 0
        self._next = FIRST_EVENTS

    def appended(self, events: int) -> None:
        """Count `events` (a batch's stored events, derived ones included) and analyze when the count is due.

        A failed `ANALYZE` is logged (the statistics stay as they were; the next one is tried at the next
        doubling); it never fails the append, which is committed by then.
        """
        if not self._on or events <= 0:
            return
        with self._lock:
            self._appended += events
            if self._appended < self._next:
                return
            self._next = 2 * self._appended
        try:
            with self._engine.connect() as conn:
                conn.exec_driver_sql(ANALYZE)
                conn.commit()
        except SQLAlchemyError as exc:
            log.warning("ANALYZE of the audit tables failed (%s); lookups may read more rows until it runs", exc)
