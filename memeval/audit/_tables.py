"""SQL tables of the audit store (sqlmodel), on a registry of their own.

`audit_event` is the log: rows are inserted, never updated or deleted (no code path does either).
Its `body` column is the canonical JSON of the envelope the `hash` covers; the other columns are
copies of body fields, kept for indexed SQL counting, and `memeval audit verify` checks they agree.
Times are integer microseconds since the Unix epoch, UTC (`*_us`), so that window filters and
waiting ages are plain integer arithmetic in both SQLite and PostgreSQL.

The `*_state` tables are projections: the current state of each lesson, contradiction, hold and
memory item, rebuilt from the log by `SqlAuditStore.rebuild_projections`.
"""

from __future__ import annotations

import functools
from typing import Any, TypeVar

from sqlalchemy import BigInteger, Column, Index, Text, UniqueConstraint
from sqlalchemy.orm import class_mapper, registry
from sqlmodel import Field, SQLModel


class AuditBase(SQLModel, registry=registry()):
    """Base of the audit tables; its `metadata` holds only them."""


class AuditEventRow(AuditBase, table=True):
    """One stored audit event (append-only)."""

    __tablename__ = "audit_event"
    __table_args__ = (
        UniqueConstraint("team", "seq", name="uq_audit_event_team_seq"),
        UniqueConstraint("team", "sender", "sender_event_id", name="uq_audit_event_sender_id"),
        # covers every count of the weekly report (`_counts`, `_reads`): no row is read for them
        Index(
            "ix_audit_event_counts", "team", "type", "occurred_us", "seq", "facet", "quantity", "subject", "actor_kind"
        ),
        # covers the joins of an item's opening event to its decisions
        Index("ix_audit_event_subject", "team", "subject", "type", "seq", "occurred_us"),
    )

    id: int | None = Field(default=None, primary_key=True)
    event_id: str = Field(unique=True, max_length=40)
    team: str = Field(max_length=64)
    seq: int = Field(sa_column=Column(BigInteger, nullable=False))
    type: str = Field(max_length=40)
    occurred_us: int = Field(sa_column=Column(BigInteger, nullable=False))
    recorded_us: int = Field(sa_column=Column(BigInteger, nullable=False))
    sender: str = Field(max_length=200)
    sender_event_id: str = Field(max_length=200)
    actor_kind: str = Field(max_length=10)
    actor_id: str = Field(max_length=200)
    session: str | None = Field(default=None, max_length=200)
    subject: str | None = Field(default=None, max_length=200)
    facet: str | None = Field(default=None, max_length=64)
    """The payload field counts group by (reason code, entity type, kept side, ...)."""
    quantity: int = 1
    """How many things the event counts (secrets in a `secret.blanked`, else 1)."""
    prev_hash: str = Field(max_length=80)
    hash: str = Field(max_length=80)
    body: str = Field(sa_column=Column(Text, nullable=False))


class AuditHead(AuditBase, table=True):
    """The last sequence number and hash of each team's chain (locked while appending)."""

    __tablename__ = "audit_head"
    team: str = Field(primary_key=True, max_length=64)
    seq: int = Field(sa_column=Column(BigInteger, nullable=False))
    hash: str = Field(max_length=80)


class LessonState(AuditBase, table=True):
    """Current state of a lesson: `waiting`, `approved` or `rejected`."""

    __tablename__ = "lesson_state"
    team: str = Field(primary_key=True, max_length=64)
    lesson_id: str = Field(primary_key=True, max_length=200)
    status: str = Field(max_length=16)
    text: str = Field(sa_column=Column(Text, nullable=False))
    proposer_kind: str = Field(max_length=10)
    proposer_id: str = Field(max_length=200)
    session: str | None = None
    proposed_seq: int = Field(sa_column=Column(BigInteger, nullable=False))
    proposed_us: int = Field(sa_column=Column(BigInteger, nullable=False))
    decision_id: str | None = None
    decision_type: str | None = None
    decided_by: str | None = None
    decided_seq: int | None = Field(default=None, sa_column=Column(BigInteger))


class ContradictionState(AuditBase, table=True):
    """Current state of a contradiction: `open` or `settled` (with the side kept)."""

    __tablename__ = "contradiction_state"
    team: str = Field(primary_key=True, max_length=64)
    contradiction_id: str = Field(primary_key=True, max_length=200)
    status: str = Field(max_length=16)
    a_item: str = Field(max_length=200)
    b_item: str = Field(max_length=200)
    opened_seq: int = Field(sa_column=Column(BigInteger, nullable=False))
    opened_us: int = Field(sa_column=Column(BigInteger, nullable=False))
    kept: str | None = None
    decision_id: str | None = None
    decided_by: str | None = None
    decided_seq: int | None = Field(default=None, sa_column=Column(BigInteger))


class HoldState(AuditBase, table=True):
    """Current state of a held text: `held`, `released` or `discarded`."""

    __tablename__ = "hold_state"
    team: str = Field(primary_key=True, max_length=64)
    hold_id: str = Field(primary_key=True, max_length=200)
    status: str = Field(max_length=16)
    origin: str = Field(max_length=40)
    item_id: str = Field(max_length=200)
    kind: str = Field(max_length=16)
    text: str = Field(sa_column=Column(Text, nullable=False))
    source: str = Field(max_length=16)
    actor_kind: str = Field(max_length=10)
    actor_id: str = Field(max_length=200)
    session: str | None = None
    created_seq: int = Field(sa_column=Column(BigInteger, nullable=False))
    created_us: int = Field(sa_column=Column(BigInteger, nullable=False))
    decision_id: str | None = None
    decision_type: str | None = None
    decided_by: str | None = None
    decided_seq: int | None = Field(default=None, sa_column=Column(BigInteger))


class MemoryState(AuditBase, table=True):
    """Current state of a memory item: `active` or `retired`."""

    __tablename__ = "memory_state"
    team: str = Field(primary_key=True, max_length=64)
    memory_id: str = Field(primary_key=True, max_length=200)
    status: str = Field(max_length=16)
    kind: str = Field(max_length=16)
    text: str = Field(sa_column=Column(Text, nullable=False))
    released_hold: str | None = None
    session: str | None = None
    written_seq: int = Field(sa_column=Column(BigInteger, nullable=False))
    written_us: int = Field(sa_column=Column(BigInteger, nullable=False))


class SenderToken(AuditBase, table=True):
    """A bearer token of one sender of one team, stored only as its SHA-256."""

    __tablename__ = "audit_sender_token"
    token_sha256: str = Field(primary_key=True, max_length=64)
    team: str = Field(max_length=64)
    sender: str = Field(max_length=200)
    created_us: int = Field(sa_column=Column(BigInteger, nullable=False))


class TeamRow(AuditBase, table=True):
    """A team's settings (its time zone, for weekly windows)."""

    __tablename__ = "audit_team"
    team: str = Field(primary_key=True, max_length=64)
    tz: str = Field(max_length=64)


class SchemaMigration(AuditBase, table=True):
    """One applied numbered migration."""

    __tablename__ = "schema_migrations"
    version: int = Field(primary_key=True)
    name: str = Field(max_length=100)
    applied_us: int = Field(sa_column=Column(BigInteger, nullable=False))


PROJECTION_TABLES = (LessonState, ContradictionState, HoldState, MemoryState)


_T = TypeVar("_T", bound=AuditBase)


def new_row(model: type[_T], **values: Any) -> _T:
    """A new (pending) row of table `model` with `values`, every other field at its default.

    What `model(**values)` makes, without sqlmodel's per-field constructor (table models are not
    validated there either): about a tenth of its cost, which matters on the write path, where
    nearly every ingested event opens a projection row. The values are put straight into the
    row's instance dict, where SQLAlchemy keeps a pending row's state and reads it when the row is
    inserted (`session.add`, or `_project.insert_new_rows` on the write path); later assignments
    go through SQLAlchemy's attribute instrumentation as usual. Setting each field through that
    instrumentation instead (`set_attribute`) cost about 0.04 ms a row (2026-12-03).

    Raises:
        TypeError: a name in `values` is not a field of `model`.
    """
    names, defaults = _row_shape(model)
    if not names.issuperset(values):
        raise TypeError(f"{model.__name__} has no field(s) {sorted(set(values) - names)}")
    row: _T = model._sa_class_manager.new_instance()  # type: ignore[attr-defined]  # set by SQLAlchemy's mapping, absent from sqlmodel's types
    state = row.__dict__
    for name, default, factory in defaults:
        state[name] = values[name] if name in values else factory() if factory is not None else default
    object.__setattr__(row, "__pydantic_fields_set__", set(values))
    return row


@functools.cache
def _row_shape(model: type[AuditBase]) -> tuple[frozenset[str], tuple[tuple[str, Any, Any], ...]]:
    """`model`'s field names, and (name, default, default factory or None) of each field, in order (`new_row`).

    Also configures the ORM's mappers (once): `new_row` may be the process's first use of a table
    class, and its instrumentation reads and writes rows only once they are configured.
    """
    class_mapper(model, configure=True)
    fields = model.model_fields
    return frozenset(fields), tuple((name, f.default, f.default_factory) for name, f in fields.items())
