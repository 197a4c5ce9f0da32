"""A ^C that lands inside the database driver during a write reaches the command as `KeyboardInterrupt`.

CI caught `memeval audit ingest` ending "audit store write failed: PendingRollbackError", exit 1,
after a terminal's Ctrl-C (`tests/audit/test_ingest_ctrl_c.py`, about one run in twenty): the
interrupt arrived while the driver ran the write's stored-ids lookup, SQLAlchemy invalidated the
connection as it does for every exit exception, and the write's `finally` (`forget_keys`) read the
invalidated connection's `info`, which raised `PendingRollbackError` over the `KeyboardInterrupt`.
Here the SIGINT is raised for real (`signal.raise_signal`, Python's own handler turns it into
`KeyboardInterrupt`) from a cursor hook on the lookup's statement (SQLite; on PostgreSQL the
lookups, the new rows and the head go through psycopg's pipeline and `COPY`, so there on the write's
first statement through a cursor: the `UPDATE` of a memory stored before, which the batch retires).
"""

from __future__ import annotations

import signal
from typing import Any

import pytest
from sqlalchemy import event

from memeval.audit import SqlAuditStore


def test_ctrl_c_inside_the_driver_during_a_write_is_a_keyboard_interrupt(store: SqlAuditStore, make: Any) -> None:
    def started(i: int) -> Any:
        return make("session.started", None, {"slice_id": "sl", "slice_hash": "h"}, id=f"e{i}", session=f"s_{i}")

    store.append([started(0), make("memory.written", "m1", {"text": "Refunds within 14 days."}, id="m0")], sender="s")
    fired: list[str] = []
    lookup = "sender_event_id" if store.is_sqlite else ""

    def interrupt(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        # SQLite: the stored-ids lookup (`select_keys`); PostgreSQL runs the lookups and inserts through psycopg
        # itself, outside SQLAlchemy's cursors, so there the write's first statement through them (the retiring)
        if (lookup in statement) and not fired:
            fired.append(statement)
            signal.raise_signal(signal.SIGINT)

    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    event.listen(store._write_engine, "before_cursor_execute", interrupt)
    try:
        with pytest.raises(KeyboardInterrupt):
            store.append([started(1), make("memory.retired", "m1", {"reason": "Gone."}, id="r1")], sender="s")
    finally:
        event.remove(store._write_engine, "before_cursor_execute", interrupt)
    assert fired, "the hook never saw the lookup: the test no longer interrupts the write"
    # the store is still usable and the interrupted batch left nothing
    store.append([started(2)], sender="s")
    ids = [e.sender_event_id for e in store.events("fernhill")]
    assert ids == ["e0", "m0", "e2"], ids
