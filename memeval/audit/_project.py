"""Projections: apply one stored event to the current-state tables.

Used by the write path (after each append) and by `rebuild_projections` (replaying the log in
`seq` order), so both give the same tables. Only projection rows are ever updated; log rows never.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any, TypeVar

from sqlalchemy import Connection, select
from sqlmodel import Session

from memeval.audit import _payloads as p
from memeval.audit._events import AuditEvent
from memeval.audit._lifecycle import LIFECYCLES, for_event
from memeval.audit._tables import ContradictionState, HoldState, LessonState, MemoryState, new_row
from memeval.audit._time import to_us
from memeval.errors import AuditStoreError

_Row = TypeVar("_Row", bound=LessonState | ContradictionState | HoldState | MemoryState)


def get_row(session: Session, model: type[_Row], team: str, key: str) -> _Row | None:
    """A projection row by primary key, seeing rows added earlier in this transaction.

    Rows added by `project` are remembered in `session.info`, so lookups need no autoflush
    (one flush per batch instead of one per event).
    """
    cache: dict[tuple[type, str, str], object] = session.info.setdefault("audit_rows", {})
    hit = cache.get((model, team, key))
    if hit is None:
        with session.no_autoflush:
            hit = session.get(model, (team, key))
        cache[(model, team, key)] = _ABSENT if hit is None else hit
    return None if hit is _ABSENT else hit  # type: ignore[return-value]  # the cache holds rows of `model` only


_ABSENT = object()

_SUBJECT_MODEL: dict[str, tuple[type, str]] = {
    **{t: (lc.table, lc.key) for lc in LIFECYCLES.values() for t in lc.event_types},
    "memory.written": (MemoryState, "memory_id"),
    "memory.retired": (MemoryState, "memory_id"),
}
"""Event type -> (projection table, key column) of the row it touches."""


def _prefetch_groups(
    events: list[AuditEvent], cache: dict[tuple[type, str, str], object]
) -> dict[tuple[type, str, str], list[str]]:
    """(model, key column, team) -> the keys `prefetch_for` looks up (not in the session's row `cache`), sorted."""
    wanted: dict[tuple[type, str, str], set[str]] = {}
    for ev in events:
        if ev.type in _SUBJECT_MODEL and ev.subject:
            model, col = _SUBJECT_MODEL[ev.type]
            wanted.setdefault((model, col, ev.team), set()).add(ev.subject)
    return {
        (model, col, team): sorted(k for k in keys if (model, team, k) not in cache)
        for (model, col, team), keys in wanted.items()
    }


def prefetch_queries(events: list[AuditEvent]) -> list[KeyQuery]:
    """The `select_keys` queries `prefetch_for` runs in a new session (no rows cached), for `preload_keys`."""
    out: list[KeyQuery] = []
    for (model, col, team), missing in _prefetch_groups(events, {}).items():
        table = model.__table__.name  # type: ignore[attr-defined]  # model: one of the item tables
        out += [
            (table, (col,), (("team", team),), col, tuple(missing[i : i + 500])) for i in range(0, len(missing), 500)
        ]
    return out


def prefetch_for(session: Session, events: list[AuditEvent]) -> None:
    """Load, in one query per table and team, the projection rows `events` will touch."""
    cache: dict[tuple[type, str, str], object] = session.info.setdefault("audit_rows", {})
    for (model, col, team), missing in _prefetch_groups(events, cache).items():
        for i in range(0, len(missing), 500):
            chunk = missing[i : i + 500]
            found: dict[str, Any] = {}
            with session.no_autoflush:
                # which keys have a row, through the driver (cheap); ORM rows are loaded for those only
                # (most keys of an ingest batch are new items)
                table = model.__table__.name  # type: ignore[attr-defined]  # model: one of the item tables
                stored = [k for (k,) in select_keys(session.connection(), table, (col,), {"team": team}, col, chunk)]
                if stored:
                    rows = session.execute(
                        select(model).where(model.team == team, getattr(model, col).in_(stored))  # type: ignore[attr-defined]  # model: one of the item tables, a union mypy does not narrow
                    ).scalars()
                    found = {getattr(r, col): r for r in rows}
            for k in chunk:
                cache[(model, team, k)] = found.get(k, _ABSENT)


KeyQuery = tuple[str, tuple[str, ...], tuple[tuple[str, Any], ...], str, tuple[str, ...]]
"""The arguments of one `select_keys` call as a key: (table, names, equal's items, key, values)."""

KEYS_AHEAD = "memeval_keys_ahead"
"""`Connection.info` key: answers of `select_keys` queries run ahead together (`preload_keys`)."""


def preload_keys(conn: Connection, queries: Sequence[KeyQuery], first: str | None = None) -> bool:
    """Run `select_keys` queries ahead, together, so that the calls that follow find their answers.

    On PostgreSQL through psycopg 3 the queries go in one pipeline, after the statement `first`
    when given (the write transaction's lock) and the transaction's `BEGIN`: one round trip to
    the server for all of them instead of one each (on a busy machine a round trip waits for the
    server process to be scheduled). Each answer is kept for the one `select_keys` call with
    exactly these arguments, which takes it (so a later call asks the database again); the
    caller runs those calls before it writes anything and then `forget_keys`. Elsewhere this
    does nothing (SQLite's queries cost no round trip) and `first` is not run.

    Returns:
        Whether it ran (then `first` ran too).

    Raises:
        AuditStoreError: the server refused a statement or the connection failed.
    """
    if not _psycopg(conn):
        return False
    import psycopg

    raw: Any = conn.connection.dbapi_connection
    cache: dict[KeyQuery, list[tuple[Any, ...]]] = conn.info.setdefault(KEYS_AHEAD, {})
    cursors = []
    try:
        with raw.pipeline():
            if first is not None:
                raw.execute(first)
            for q in dict.fromkeys(queries):
                sql, params = _key_sql(conn, q[0], q[1], dict(q[2]), q[3], list(q[4]))
                cur = raw.cursor()
                cur.execute(sql, params)
                cursors.append((q, cur))
        for q, cur in cursors:
            cache[q] = [tuple(r) for r in cur.fetchall()]
            cur.close()
    except psycopg.Error as exc:
        raise AuditStoreError(f"audit store read failed: {type(exc).__name__} in a pipelined SELECT") from exc
    return True


def forget_keys(conn: Connection) -> None:
    """Drop answers `preload_keys` kept that no call took.

    An invalidated connection is left alone: an exit exception inside the driver (^C, SIGTERM's
    `SystemExit`) or a lost link invalidates it, the pool clears its `info` when it reconnects,
    and reading `info` would raise `PendingRollbackError` in place of the error that invalidated
    it (a Ctrl-C during a write then ended "audit store write failed", exit 1, not exit 130).
    """
    if not conn.invalidated:
        conn.info.pop(KEYS_AHEAD, None)


def select_keys(
    conn: Connection, table: str, names: tuple[str, ...], equal: dict[str, Any], key: str, values: list[str]
) -> list[tuple[Any, ...]]:
    """`SELECT names FROM table WHERE <each of equal> AND key IN values` through the database driver.

    For the write path's lookups of many keys at once (`prefetch_for`, the store's stored-ids
    check), where building the statement with the ORM costs more than running it. `table` and the
    column names are the code's own (quoted by the dialect); only `equal`'s and `values`' values
    are parameters. With psycopg 3 the keys go as one array parameter (`key = ANY(%s)`, the same
    rows as `IN`), so the statement's text is the same whatever their number and the driver
    converts it once, not once per call for hundreds of placeholders.

    An `equal` value `EVERY_STORED` matches every value of that column (see there): for an index
    whose columns are `equal`'s and then `key`, with a column between them not to be filtered on.

    Raises:
        AuditStoreError: the driver's parameter style is neither `?` nor `%s`.
    """
    if not values:
        return []
    ahead = conn.info.get(KEYS_AHEAD)
    if ahead:
        hit = ahead.pop((table, names, tuple(equal.items()), key, tuple(values)), None)
        if hit is not None:
            return hit  # type: ignore[no-any-return]  # rows `preload_keys` read for exactly these arguments
    sql, params = _key_sql(conn, table, names, equal, key, values)
    return [tuple(r) for r in conn.exec_driver_sql(sql, params).fetchall()]


def _key_sql(
    conn: Connection, table: str, names: tuple[str, ...], equal: dict[str, Any], key: str, values: list[str]
) -> tuple[str, tuple[Any, ...]]:
    """The statement and parameters of `select_keys` (see there)."""
    mark = _mark(conn)
    quote = conn.dialect.identifier_preparer.quote
    pg = _psycopg(conn)
    where: list[str] = []
    fixed: list[Any] = []
    params: list[Any] = []
    for c, v in equal.items():
        if v is EVERY_STORED:
            spread = _stored_values_sql(quote(table), quote(c), where, mark)
            where.append(f"{quote(c)} = ANY(ARRAY({spread}))" if pg else f"{quote(c)} IN ({spread})")
            params += fixed * 2
        else:
            where.append(f"{quote(c)} = {mark}")
            fixed.append(v)
            params.append(v)
    if pg:
        where.append(f"{quote(key)} = ANY({mark})")
        params.append(list(values))
    else:
        where.append(f"{quote(key)} IN ({', '.join([mark] * len(values))})")
        params += values
    sql = f"SELECT {', '.join(quote(n) for n in names)} FROM {quote(table)} WHERE {' AND '.join(where)}"
    return sql, tuple(params)


class _EveryStored:
    """The type of `EVERY_STORED`."""

    def __repr__(self) -> str:
        return "EVERY_STORED"


EVERY_STORED = _EveryStored()
"""A `select_keys` `equal` value: the column may hold any value stored (under the equalities before it).

`select_keys(conn, "audit_event", names, {"team": t, "sender": EVERY_STORED}, "sender_event_id", ids)`
finds the ids under every sender. Filtering on team and ids alone, the databases use the
(team, sender, sender_event_id) index for the team only and read every row of the team, so each
batch's lookup grew with the store (3 ms a batch on PostgreSQL at 5,000 stored events); this lists
the column's stored values under the equalities first (a recursive query that jumps from one value
to the next in the index: one index search a value) and then searches the index for each
(value, key) pair."""


def _stored_values_sql(table: str, column: str, where: list[str], mark: str) -> str:
    """A query of the distinct values of `column` in `table` under the conditions `where` (each with one `mark`).

    A loose index scan: the smallest value, then again and again the smallest one above the last,
    one index search each (for an index whose columns are those of `where`, then `column`). Its
    parameters are those of `where`, twice. Runs on SQLite and PostgreSQL.
    """
    cond = " AND ".join(where) or "TRUE"
    first = f"SELECT {column} FROM {table} WHERE {cond} ORDER BY {column} LIMIT 1"
    after = f"SELECT {column} FROM {table} WHERE {cond} AND {column} > s.v ORDER BY {column} LIMIT 1"
    return (
        f"WITH RECURSIVE s(v) AS (SELECT ({first}) UNION ALL SELECT ({after}) FROM s WHERE s.v IS NOT NULL) "
        "SELECT v FROM s WHERE v IS NOT NULL"
    )


def _psycopg(conn: Connection) -> bool:
    """True on PostgreSQL through psycopg 3 (arrays as parameters, `COPY` from the client)."""
    return conn.dialect.name == "postgresql" and conn.dialect.driver == "psycopg"


def _mark(conn: Connection) -> str:
    mark = {"qmark": "?", "format": "%s", "pyformat": "%s"}.get(conn.dialect.paramstyle)
    if mark is None:
        raise AuditStoreError(f"database driver parameter style {conn.dialect.paramstyle!r} is not supported")
    return mark


BULK = "audit_bulk_rows"
"""`session.info` key: when set (to a list), `project` keeps the rows it creates out of the session
and lists them there, for `insert_new_rows` to insert together before the commit."""


def _add(session: Session, row: _Row, key: str) -> None:
    pending = session.info.get(BULK)
    if pending is None:
        session.add(row)
    else:
        pending.append(row)
    session.info.setdefault("audit_rows", {})[(type(row), row.team, key)] = row


def insert_new_rows(
    session: Session, first: Table | None = None, then: Sequence[Statement] = (), *, commit: bool = False
) -> int:
    """Insert the rows `project` created under `BULK` (one executemany per table), with their values now.

    The write path projects a batch with `session.info[BULK] = []`: the rows it creates stay out
    of the ORM session (whose per-object flush costs more than the rest of projecting) and are
    found through the session's row cache (`get_row`), where later events of the batch change
    them; this inserts each with its values at the end. Rows read from the database are ORM
    rows as before, flushed by the session.

    Args:
        session: the write session.
        first: rows of another table to insert before them in the same call (`insert_tables`): the
            batch's log rows.
        then: statements to run after the rows (`insert_tables`): the chains' heads.
        commit: end the transaction with them (`insert_tables`; PostgreSQL only): only when the
            session has nothing left to flush, which this checks.

    Returns:
        The number of projection rows inserted.
    """
    pending: list[Any] = session.info.get(BULK) or []
    by_table: dict[Any, list[Any]] = {}
    for row in pending:
        by_table.setdefault(type(row).__table__, []).append(row)
    tables: list[Table] = [first] if first is not None else []
    for table, rows in by_table.items():
        names = tuple(c.name for c in table.columns)
        # each row's values straight from its instance dict, where `new_row` put every field
        # and the attribute instrumentation keeps later assignments (one C call a row, not one a column)
        values = itemgetter(*names)
        tables.append((table.name, names, [tuple(values(r.__dict__)) for r in rows]))
    pending_orm = bool(session.dirty or session.new or session.deleted)
    insert_tables(session.connection(), tables, then, commit=commit and not pending_orm)
    pending.clear()
    return sum(len(r) for r in by_table.values())


Table = tuple[str, tuple[str, ...], list[tuple[Any, ...]]]
"""Rows for one table: (table name, column names, rows of values in that order)."""

Statement = tuple[str, Sequence[tuple[Any, ...]]]
"""A statement in the driver's parameter style and the parameter rows to run it with, once each."""


def insert_tables(
    conn: Connection, tables: Sequence[Table], then: Sequence[Statement] = (), *, commit: bool = False
) -> None:
    """Insert the rows of several tables, in order, through the database driver; then run the statements `then`.

    On PostgreSQL through psycopg 3 a table of more than `PIPELINE_MAX_ROWS` rows goes in one
    `COPY` (`insert_rows`), two round trips to the server; the tables with fewer rows (in a
    batch of 100 bench events: the lessons', contradictions' and holds', 2-4 rows each) go as
    one-row `INSERT`s, with `then`, in one pipeline: one round trip for all of them instead of two
    a table and one a statement. Elsewhere each table's rows go as `insert_rows` inserts them,
    then `then`. One pipeline of `executemany` `INSERT`s for every table (the log's 100 rows too)
    was measured and not kept: about 0.01 ms more client CPU a row (0.017-0.020 against 0.010 ms)
    for the same wall time on a busy two-core machine, where CPU is what ingest runs out of.

    With `commit` (the write path, when its session has nothing left to flush), on PostgreSQL the
    pipeline ends with the transaction's `COMMIT` (one round trip fewer); the session's own commit
    then finds the connection's transaction ended and sends nothing. Elsewhere it is ignored.

    Raises:
        AuditStoreError: the driver's parameter style is neither `?` nor `%s`, or the server refused a row
            (or the commit).
    """
    pg = _psycopg(conn)
    few: list[Table] = []
    for table, names, rows in tables:
        if pg and 0 < len(rows) <= PIPELINE_MAX_ROWS:
            few.append((table, names, rows))
        elif rows:
            insert_rows(conn, table, names, rows)
    if pg:
        if few or then or commit:
            _pipelined(conn, few, then, commit)
        return
    for sql, params in then:
        conn.exec_driver_sql(sql, params[0] if len(params) == 1 else list(params))


PIPELINE_MAX_ROWS = 8
"""On PostgreSQL, a table with at most this many rows to insert goes in `insert_tables`' pipeline, not a `COPY`."""


def _pipelined(conn: Connection, tables: Sequence[Table], then: Sequence[Statement], commit: bool = False) -> None:
    """One-row `INSERT`s of each of `tables`' rows, in order, then `then` (and `COMMIT`), in one psycopg pipeline.

    One `executemany` a table, not one multi-row `INSERT` (whose text changes with the row count):
    the writer's client instructions for 1,000 bench events were 373.8 M this way and 387.4 M
    that way, against 373.1 M with a `COPY` a table (`bench/audit_ingest_writer.py --callgrind`).

    Raises:
        AuditStoreError: the server refused a statement or the connection failed (the caller's
            session then rolls the transaction back, as after a failed `COPY`).
    """
    import psycopg

    quote = conn.dialect.identifier_preparer.quote
    raw: Any = conn.connection.dbapi_connection
    try:
        with raw.pipeline(), raw.cursor() as cur:
            for table, names, rows in tables:
                marks = ", ".join(["%s"] * len(names))
                cur.executemany(
                    f"INSERT INTO {quote(table)} ({', '.join(quote(n) for n in names)}) VALUES ({marks})", rows
                )
            for sql, params in then:
                cur.executemany(sql, params)
            if commit:
                cur.execute("COMMIT")  # in this pipeline (`conn.commit()` here would sync it apart: one more wait)
    except psycopg.Error as exc:
        raise AuditStoreError(f"audit store write failed: {type(exc).__name__} in a pipelined INSERT") from exc


ROWS_PER_STATEMENT = 200
"""Rows per multi-row `INSERT` on PostgreSQL (`insert_rows`)."""


def insert_rows(conn: Connection, table: str, names: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    """Insert `rows` (values in the order of `names`) into `table` through the database driver.

    SQLite: one `executemany` of a one-row `INSERT` (a loop inside the driver). PostgreSQL with
    psycopg 3: one `COPY ... FROM STDIN` of all the rows, in order (the driver writes them in
    PostgreSQL's text format; no statement to parse per row or per chunk). Another PostgreSQL
    driver: one multi-row `INSERT ... VALUES (...), (...)` per `ROWS_PER_STATEMENT` rows. Values go
    to the driver as they are (text, integers and None here).

    Raises:
        AuditStoreError: the driver's parameter style is neither `?` nor `%s`, or `COPY` failed.
    """
    if not rows:
        return
    mark = _mark(conn)
    quote = conn.dialect.identifier_preparer.quote
    columns = ", ".join(quote(n) for n in names)
    if _psycopg(conn):
        _copy_rows(conn, f"COPY {quote(table)} ({columns}) FROM STDIN", rows)
        return
    head = f"INSERT INTO {quote(table)} ({columns}) VALUES "
    one = f"({', '.join([mark] * len(names))})"
    if mark == "?":
        conn.exec_driver_sql(head + one, rows)
        return
    for k in range(0, len(rows), ROWS_PER_STATEMENT):
        chunk = rows[k : k + ROWS_PER_STATEMENT]
        conn.exec_driver_sql(head + ", ".join([one] * len(chunk)), tuple(v for row in chunk for v in row))


def _copy_rows(conn: Connection, statement: str, rows: list[tuple[Any, ...]]) -> None:
    """Run `statement` (a `COPY ... FROM STDIN`) on `conn`'s psycopg connection, in its transaction, writing `rows`.

    Raises:
        AuditStoreError: the server refused a row or the connection failed (the transaction is then
            rolled back by the caller's session, as after a failed `INSERT`).
    """
    import psycopg

    raw: Any = conn.connection.dbapi_connection
    try:
        with raw.cursor() as cur, cur.copy(statement) as copy:
            for row in rows:
                copy.write_row(row)
    except psycopg.Error as exc:
        raise AuditStoreError(f"audit store write failed: {type(exc).__name__} in COPY") from exc


def project(session: Session, ev: AuditEvent, seq: int | None = None) -> None:
    """Update the projection tables for stored event `ev` at position `seq` (default: `ev.seq`).

    The write path passes the draft and the `seq` it assigned (projecting reads no other store field).
    """
    pl = ev.payload
    subject = ev.subject or ""
    seq = (ev.seq or 0) if seq is None else seq
    us = to_us(ev.occurred_at)
    lc = for_event(ev.type)
    if lc is not None:
        if ev.type == lc.opening:
            _add(session, lc.new_row(ev, seq, us), subject)
        else:
            item = get_row(session, lc.table, ev.team, subject)
            _decide(item, ev, seq, lc.decision(ev.type).leads_to)
            if item is not None and lc.on_decision is not None:
                lc.on_decision(item, ev)
    elif isinstance(pl, p.MemoryWritten):
        row = get_row(session, MemoryState, ev.team, subject)
        if row is None:
            row = new_row(
                MemoryState,
                team=ev.team,
                memory_id=subject,
                status="active",
                kind=pl.kind,
                text=pl.text,
                released_hold=pl.released_hold,
                session=ev.session,
                written_seq=seq,
                written_us=us,
            )
            _add(session, row, subject)
        else:
            row.status, row.kind, row.text = "active", pl.kind, pl.text
            row.released_hold, row.session = pl.released_hold, ev.session
            row.written_seq, row.written_us = seq, us
    elif isinstance(pl, p.MemoryRetired):
        row = get_row(session, MemoryState, ev.team, subject)
        if row is not None:
            row.status = "retired"


def _decide(row: LessonState | ContradictionState | HoldState | None, ev: AuditEvent, seq: int, status: str) -> None:
    if row is None:  # the state machine refuses this before append; a replay keeps going
        return
    row.status = status
    row.decision_id = getattr(ev.payload, "decision_id", None)
    if "decision_type" in type(row).model_fields:  # kept by lessons and holds
        row.decision_type = ev.type
    row.decided_by = ev.actor.id
    row.decided_seq = seq
