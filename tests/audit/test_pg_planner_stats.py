"""A store on PostgreSQL gives the planner statistics of its key columns as it grows (`_plannerstats`).

Without them (a new table, or one filled faster than autovacuum's next round) PostgreSQL guessed
that a team's rows were few and read all of them for each batch's id lookups: a file ingest's
database CPU grew with the square of its size (24 s of server CPU for 50,000 events against 0.3 s
for 5,000). These tests fill a fresh store through its write path only, as an ingest does, and
read the statistics PostgreSQL then has (`test_existing_ids_lookup` checks the plan it makes with them).
"""

from __future__ import annotations

from typing import Any

from pg_fixture import PgServer, need_pg

from memeval.audit import SqlAuditStore
from memeval.audit._plannerstats import FIRST_EVENTS, TABLES

_SLICE = {"slice_id": "sl", "slice_hash": "h"}


def _fill(store: SqlAuditStore, make: Any, first: int, end: int) -> None:
    """Events `e<first>` to `e<end - 1>` of team `t1` from sender `a`, appended in batches of 100 as an ingest does."""
    for start in range(first, end, 100):
        store.append([make("session.started", None, _SLICE, team="t1", id=f"e{i}") for i in range(start, start + 100)],
                     sender="a")  # fmt: skip


def _analyzed(store: SqlAuditStore, table: str) -> set[str]:
    with store.engine.connect() as conn:
        rows = conn.exec_driver_sql("SELECT attname FROM pg_stats WHERE tablename = %s", (table,)).fetchall()
    return {r[0] for r in rows}


def test_the_write_path_analyzes_the_key_columns_once_enough_is_appended(pg_server: PgServer | None, make: Any) -> None:
    store = SqlAuditStore(need_pg(pg_server).new_database(), fingerprint_key=b"k" * 32)
    try:
        # Only the write path may analyze here: autovacuum visits a new database within its naptime (a
        # minute) and analyzes every column of a table past 50 rows, so it could fill pg_stats mid-test
        # (CI's one server for all workers, or a slow fill) and make either check below pass or fail by chance.
        with store.engine.begin() as conn:
            conn.exec_driver_sql("ALTER TABLE audit_event SET (autovacuum_enabled = false)")
        _fill(store, make, 0, FIRST_EVENTS - 100)
        assert _analyzed(store, "audit_event") == set()  # not yet
        _fill(store, make, FIRST_EVENTS - 100, FIRST_EVENTS + 100)
        assert _analyzed(store, "audit_event") == set(TABLES["audit_event"])  # the key columns, and only they
    finally:
        store.engine.dispose()


def test_a_store_on_psycopg_plans_each_statement_for_its_values(pg_server: PgServer | None) -> None:
    """No server-side prepared statements: psycopg's fifth run of a statement made it prepared, and its
    generic plan, made while the tables were nearly empty, was kept as they grew."""
    store = SqlAuditStore(need_pg(pg_server).new_database(), fingerprint_key=b"k" * 32)
    try:
        with store.engine.connect() as conn:
            for _ in range(6):
                conn.exec_driver_sql("SELECT count(*) FROM audit_event WHERE team = %s", ("t1",)).fetchall()
            prepared = conn.exec_driver_sql("SELECT count(*) FROM pg_prepared_statements").scalar()
        assert prepared == 0
    finally:
        store.engine.dispose()
