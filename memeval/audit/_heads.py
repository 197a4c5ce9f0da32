"""The heads of the teams' hash chains while a batch is appended: read under the write lock, written once.

`audit_head` holds each team's last `seq` and `hash`; the write path (`_write._append_locked`) reads
the heads of its batch's teams with the lock (`load_heads`; on PostgreSQL in the lock's round trip,
`head_query`), moves them in memory as it chains each event (`Chain`), and writes the moved ones
once at the end (`head_statements`).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection

from memeval.audit._project import KeyQuery, Statement, select_keys


@dataclass
class Chain:
    """A team's chain position while a batch is appended; its `audit_head` row is written once, at the end.

    Attributes:
        seq, hash: the last event's (the head's when nothing was appended yet).
        start: the head's `seq` when the batch began (0 for a new team).
        stored: whether the team has an `audit_head` row (else `head_statements` inserts it).
    """

    seq: int
    hash: str
    start: int
    stored: bool = True


_HEAD_NAMES = ("team", "seq", "hash")


def head_query(teams: list[str]) -> KeyQuery:
    """The `select_keys` query of `load_heads` for `teams` (sorted), for `preload_keys`."""
    return ("audit_head", _HEAD_NAMES, (), "team", tuple(teams))


def load_heads(conn: Connection, teams: list[str]) -> dict[str, Chain]:
    """Each of `teams` (sorted) with an `audit_head` row -> its chain position, read through the driver.

    Read under the write lock, as the ORM's `session.get` of each head was; on PostgreSQL it comes
    with the lock's round trip (`head_query` is among the batch's `lock_ahead` queries).
    """
    return {
        team: Chain(int(seq), digest, int(seq))
        for team, seq, digest in select_keys(conn, *head_query(teams)[:2], {}, "team", teams)
    }


def head_statements(conn: Connection, heads: dict[str, Chain]) -> list[Statement]:
    """Each moved chain's head write: `UPDATE` a stored team's `audit_head` row, `INSERT` a new team's.

    Returned for `insert_tables` to run after the batch's rows (on PostgreSQL in the same round trip
    as the small tables' rows); none when no chain moved.
    """
    quote = conn.dialect.identifier_preparer.quote
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    table, team, seq, digest = (quote(n) for n in ("audit_head", *_HEAD_NAMES))
    moved = [c for c in heads.items() if c[1].seq != c[1].start]
    updates = [(c.seq, c.hash, t) for t, c in moved if c.stored]
    inserts = [(t, c.seq, c.hash) for t, c in moved if not c.stored]
    return [
        (sql, rows)
        for sql, rows in (
            (f"UPDATE {table} SET {seq} = {mark}, {digest} = {mark} WHERE {team} = {mark}", updates),
            (f"INSERT INTO {table} ({team}, {seq}, {digest}) VALUES ({mark}, {mark}, {mark})", inserts),
        )
        if rows
    ]
