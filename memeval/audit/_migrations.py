"""Numbered migrations of the audit store, recorded in `schema_migrations`.

Each migration runs once, in order, inside one transaction with its `schema_migrations` row. To
change the schema, append `(version, name, function)` to `MIGRATIONS`; never edit an applied one.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy import Connection, MetaData, Table, insert, inspect, select, text

from memeval.audit import _tables as t
from memeval.audit._lifecycle import LIFECYCLES
from memeval.errors import AuditStoreError


def _m0001_initial(conn: Connection) -> None:
    tables = [
        m.__table__  # type: ignore[union-attr]  # set by SQLAlchemy, absent from sqlmodel's types
        for m in (
            t.AuditEventRow,
            t.AuditHead,
            t.LessonState,
            t.ContradictionState,
            t.HoldState,
            t.MemoryState,
            t.SenderToken,
            t.TeamRow,
        )
    ]
    t.AuditBase.metadata.create_all(conn, tables=tables)


def _m0002_covering_count_index(conn: Connection) -> None:
    """Replace the (team, type, occurred_us) and (team, subject) indexes by ones that also hold the columns counts read.

    The weekly report's counts and its joins of items to decisions then read the indexes alone
    (measured in bench/report_render.py).
    """
    conn.execute(text("DROP INDEX IF EXISTS ix_audit_event_team_type_occurred"))
    conn.execute(
        text(
            "CREATE INDEX IF NOT EXISTS ix_audit_event_counts ON audit_event "
            "(team, type, occurred_us, seq, facet, quantity, subject, actor_kind)"
        )
    )
    conn.execute(text("DROP INDEX IF EXISTS ix_audit_event_team_subject"))
    conn.execute(
        text("CREATE INDEX IF NOT EXISTS ix_audit_event_subject ON audit_event (team, subject, type, seq, occurred_us)")
    )


MIGRATIONS: tuple[tuple[int, str, Callable[[Connection], None]], ...] = (
    (1, "0001_initial", _m0001_initial),
    (2, "0002_covering_count_index", _m0002_covering_count_index),
    *sorted(lc.migration for lc in LIFECYCLES.values() if lc.migration is not None),
)
"""(version, name, function) in order; a reviewable kind added later brings its own (`Lifecycle.migration`)."""


Migration = tuple[int, str, Callable[[Connection], None]]


def apply_migrations(
    conn: Connection, table: Table, metadata: MetaData, migrations: tuple[Migration, ...], what: str
) -> list[int]:
    """Apply, in order, every migration of `migrations` not yet recorded in `table`; the caller commits.

    Args:
        conn: a connection inside the caller's transaction.
        table: the table recording applied versions (columns `version`, `name`, `applied_us`).
        metadata: the metadata that creates `table` when it is missing.
        migrations: (version, name, function), in order.
        what: the schema's name for messages, e.g. "the audit database".

    Returns:
        The versions applied now (empty when the schema was current).

    Raises:
        AuditStoreError: the database records a version this memeval does not know (it is newer).
    """
    if not inspect(conn).has_table(table.name):
        metadata.create_all(conn, tables=[table])
    done = set(conn.execute(select(table.c.version)).scalars())
    known = {v for v, _, _ in migrations}
    if done - known:
        raise AuditStoreError(
            f"{what} has schema versions {sorted(done - known)} that this memeval does not know "
            f"(it knows up to {max(known)}): upgrade memeval"
        )
    applied = []
    for version, name, fn in migrations:
        if version in done:
            continue
        fn(conn)
        now_us = int(datetime.now(UTC).timestamp() * 1_000_000)
        conn.execute(insert(table).values(version=version, name=name, applied_us=now_us))
        applied.append(version)
    return applied


def migrate(conn: Connection) -> list[int]:
    """Apply every migration of the audit store not yet recorded; the caller commits.

    Returns:
        The versions applied now (empty when the schema was current).

    Raises:
        AuditStoreError: the database records a version this memeval does not know (it is newer).
    """
    table = t.SchemaMigration.__table__  # type: ignore[attr-defined]  # set by SQLAlchemy, absent from sqlmodel's types
    return apply_migrations(conn, table, t.AuditBase.metadata, MIGRATIONS, "the audit database")
