"""Walking a team's hash chain: `memeval audit verify`.

For each stored row in `seq` order it checks that the sequence has no gap, that `prev_hash` is the
previous row's `hash` (the first row's is `GENESIS_HASH`), that `hash` is the SHA-256 of the
stored body, that the body's own `prev_hash`/`seq`/`team` agree, and that every indexed column
(type, times, actor, subject, facet, quantity, ...) equals what the body says. The first failure
is reported; later rows are not trusted past it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import sqlmodel
from pydantic import ValidationError
from sqlalchemy import Row, select

from memeval.audit._events import GENESIS_HASH
from memeval.audit._logrow import event_from_body, row_values
from memeval.audit._store import SqlAuditStore
from memeval.audit._tables import AuditEventRow, AuditHead

_COLUMNS = (
    "event_id",
    "team",
    "seq",
    "type",
    "occurred_us",
    "recorded_us",
    "sender",
    "sender_event_id",
    "actor_kind",
    "actor_id",
    "session",
    "subject",
    "facet",
    "quantity",
    "prev_hash",
    "hash",
)


@dataclass(frozen=True)
class ChainReport:
    """The result of verifying one team's chain.

    Attributes:
        team: the team.
        checked: rows that passed, in order, before the first break (all of them when ok).
        ok: True when the whole chain holds and the head row agrees.
        broken_seq: `seq` of the first broken row (None when ok).
        problem: what is wrong with it, in words (None when ok).
    """

    team: str
    checked: int
    ok: bool
    broken_seq: int | None = None
    problem: str | None = None


def logged_teams(store: SqlAuditStore) -> list[str]:
    """Every team the store holds anything of, sorted: a head row, a logged event or a current-state row.

    `SqlAuditStore.teams` reads the head rows alone, so a team whose head row was deleted (or whose
    events were, its tables left) would not be verified at all; `memeval audit verify` walks these.
    """
    from memeval.audit._lifecycle import projection_tables

    with store.read_session() as s:
        found = set(s.execute(select(sqlmodel.col(AuditHead.team))).scalars()) | set(
            s.execute(select(sqlmodel.col(AuditEventRow.team)).distinct()).scalars()
        )
        for model in projection_tables():
            found |= set(s.execute(select(model.__table__.c.team).distinct()).scalars())
    return sorted(found)


def verify_chain(store: SqlAuditStore, team: str) -> ChainReport:
    """Verify `team`'s chain (see the module docstring); reads in pages of 1000 rows."""
    prev_hash, prev_seq, checked = GENESIS_HASH, 0, 0
    with store.read_session() as s:
        while True:
            rows = (
                s.execute(
                    select(AuditEventRow)
                    .where(sqlmodel.col(AuditEventRow.team) == team, sqlmodel.col(AuditEventRow.seq) > prev_seq)
                    .order_by(sqlmodel.col(AuditEventRow.seq))
                    .limit(1000)
                )
                .scalars()
                .all()
            )
            if not rows:
                break
            for row in rows:
                problem = check_row(row, prev_hash, prev_seq + 1)
                if problem:
                    return ChainReport(team, checked, False, prev_seq + 1, problem)
                prev_hash, prev_seq, checked = row.hash, row.seq, checked + 1
        head = s.get(AuditHead, team)
    problem = check_head(head, checked, prev_seq, prev_hash)
    if problem:
        return ChainReport(team, checked, False, prev_seq + 1, problem)
    return ChainReport(team, checked, True)


def check_head(head: AuditHead | None, checked: int, last_seq: int, last_hash: str) -> str | None:
    """What is wrong with a team's head row after `checked` rows ending at `last_seq`, `last_hash` (None: fine)."""
    if head is None and checked:
        return f"the chain has {checked} events but no head row: the head row was deleted"
    if head is None or (head.seq, head.hash) != (last_seq, last_hash):
        got = None if head is None else (head.seq, head.hash)
        return f"the chain ends at seq {last_seq} but the head says {got}: rows are missing"
    return None


def check_row(row: AuditEventRow | Row[Any], prev_hash: str, want_seq: int) -> str | None:
    """What is wrong with log row `row` as the chain's row `want_seq` after `prev_hash` (None: nothing).

    `row` is the ORM row or a plain row of `audit_event`'s columns (read by name either way).

    The checks of the module docstring: no gap, the link, the hash of the body, the body's own
    link, and every indexed column against the body. `rebuild_projections` runs them too.
    """
    if row.seq != want_seq:
        return f"expected seq {want_seq}, found {row.seq}: rows are missing"
    if row.prev_hash != prev_hash:
        return f"prev_hash {row.prev_hash[:19]}... does not link to the previous row's hash"
    digest = "sha256:" + hashlib.sha256(row.body.encode()).hexdigest()
    if digest != row.hash:
        return "the stored body does not match its hash: the event was altered after it was stored"
    try:
        ev = event_from_body(row.body, row.hash)
    except ValidationError as exc:
        return f"the stored body is not a valid event: {exc.errors()[0]['msg']}"
    if ev.prev_hash != prev_hash:
        return "the body's prev_hash does not link to the previous row's hash"
    want = row_values(ev, row.body)
    for col in _COLUMNS:
        if want[col] != getattr(row, col):
            return f"column {col!r} does not match the hashed body: the row was altered"
    return None
