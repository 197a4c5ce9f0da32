"""Read access for the reviewer queue (`memeval.review`): items and their history.

Additive and read-only: it reads the projection tables (`lesson_state`, `contradiction_state`,
`hold_state`) and the log, and never writes. Decisions still go through `SqlAuditStore.append`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from sqlalchemy import select
from sqlmodel import col

from memeval.audit._events import AuditEvent
from memeval.audit._payloads import ContradictionOpened, HoldCreated
from memeval.audit._store import SqlAuditStore, event_from_body
from memeval.audit._tables import AuditEventRow, ContradictionState, HoldState, LessonState
from memeval.audit._time import from_us

__all__ = [
    "WAITING_STATE",
    "ContradictionOpened",
    "HoldCreated",
    "ItemType",
    "ReviewItem",
    "find_items",
    "get_item",
    "item_events",
    "waiting_items",
]

ItemType = Literal["lesson", "contradiction", "hold"]
"""The kinds of item that wait for a person (same words as `ReviewItemType`)."""

WAITING_STATE: dict[str, str] = {"lesson": "waiting", "contradiction": "open", "hold": "held"}
"""The state in which each kind of item waits for a decision."""

_MODELS = {"lesson": LessonState, "contradiction": ContradictionState, "hold": HoldState}
_KEYS = {"lesson": "lesson_id", "contradiction": "contradiction_id", "hold": "hold_id"}


@dataclass(frozen=True)
class ReviewItem:
    """The current state of one lesson, contradiction or hold (from the projections).

    Attributes:
        item_type: `lesson`, `contradiction` or `hold`.
        team: the team.
        item_id: the lesson, contradiction or hold id (the events' `subject`).
        status: current state (`waiting`/`approved`/`rejected`, `open`/`settled`,
            `held`/`released`/`discarded`).
        since: business time the item was opened (UTC).
        opened_seq: sequence number of the opening event.
        opened_by: `kind:id` of the actor of the opening event (the proposer), or None for a
            contradiction (opened by the memory system).
        text: redacted text (lesson, hold); None for a contradiction (see its opening event).
        source: where a held text came from (hold only).
        origin: what a held text would have been, `memory.written` or `lesson.proposed` (hold).
        target_id: the memory or lesson id a held text would have had (hold only).
        a_item / b_item: the two memory ids of a contradiction.
        kept: side kept by a settled contradiction.
        decision_id / decided_by / decided_seq: the decision, when taken.
    """

    item_type: ItemType
    team: str
    item_id: str
    status: str
    since: datetime
    opened_seq: int
    opened_by: str | None
    text: str | None = None
    source: str | None = None
    origin: str | None = None
    target_id: str | None = None
    a_item: str | None = None
    b_item: str | None = None
    kept: str | None = None
    decision_id: str | None = None
    decided_by: str | None = None
    decided_seq: int | None = None

    @property
    def waiting(self) -> bool:
        """True while the item waits for a decision."""
        return self.status == WAITING_STATE[self.item_type]


def _item(kind: str, row: LessonState | ContradictionState | HoldState) -> ReviewItem:
    if isinstance(row, LessonState):
        return ReviewItem(
            "lesson",
            row.team,
            row.lesson_id,
            row.status,
            from_us(row.proposed_us),
            row.proposed_seq,
            f"{row.proposer_kind}:{row.proposer_id}",
            text=row.text,
            decision_id=row.decision_id,
            decided_by=row.decided_by,
            decided_seq=row.decided_seq,
        )
    if isinstance(row, ContradictionState):
        return ReviewItem(
            "contradiction",
            row.team,
            row.contradiction_id,
            row.status,
            from_us(row.opened_us),
            row.opened_seq,
            None,
            a_item=row.a_item,
            b_item=row.b_item,
            kept=row.kept,
            decision_id=row.decision_id,
            decided_by=row.decided_by,
            decided_seq=row.decided_seq,
        )
    return ReviewItem(
        "hold",
        row.team,
        row.hold_id,
        row.status,
        from_us(row.created_us),
        row.created_seq,
        f"{row.actor_kind}:{row.actor_id}",
        text=row.text,
        source=row.source,
        origin=row.origin,
        target_id=row.item_id,
        decision_id=row.decision_id,
        decided_by=row.decided_by,
        decided_seq=row.decided_seq,
    )


def waiting_items(
    store: SqlAuditStore,
    *,
    kinds: Iterable[str] = ("lesson", "contradiction", "hold"),
    team: str | None = None,
) -> list[ReviewItem]:
    """Every item still waiting for a person, oldest first (by business time, then seq).

    Args:
        store: the audit store.
        kinds: which item types to include.
        team: only this team's items (all teams when None).
    """
    out: list[ReviewItem] = []
    with store.read_session() as s:
        for kind in kinds:
            model = _MODELS[kind]
            q = select(model).where(model.status == WAITING_STATE[kind])  # type: ignore[attr-defined]  # model: one of the item tables, a union mypy does not narrow
            if team is not None:
                q = q.where(model.team == team)  # type: ignore[attr-defined]  # model: one of the item tables, a union mypy does not narrow
            out.extend(_item(kind, row) for row in s.execute(q).scalars())
    out.sort(key=lambda i: (i.since, i.team, i.opened_seq))
    return out


def get_item(store: SqlAuditStore, item_type: str, team: str, item_id: str) -> ReviewItem | None:
    """One item in any state, or None when it does not exist."""
    model = _MODELS.get(item_type)
    if model is None:
        return None
    with store.read_session() as s:
        row = s.get(model, (team, item_id))  # type: ignore[arg-type]  # model: one of the item tables, a union mypy does not narrow
        return None if row is None else _item(item_type, row)


def find_items(store: SqlAuditStore, item_id: str) -> list[ReviewItem]:
    """Every item (any kind, any team) whose id is `item_id`."""
    out: list[ReviewItem] = []
    with store.read_session() as s:
        for kind, model in _MODELS.items():
            key = getattr(model, _KEYS[kind])
            out.extend(_item(kind, r) for r in s.execute(select(model).where(key == item_id)).scalars())
    return out


def item_events(store: SqlAuditStore, team: str, subject: str) -> list[AuditEvent]:
    """A team's stored events about `subject` (opening, claims, comments, decisions), seq order."""
    with store.read_session() as s:
        rows = s.execute(
            select(col(AuditEventRow.body), col(AuditEventRow.hash))
            .where(col(AuditEventRow.team) == team, col(AuditEventRow.subject) == subject)
            .order_by(col(AuditEventRow.seq))
        ).all()
    return [event_from_body(body, digest) for body, digest in rows]
