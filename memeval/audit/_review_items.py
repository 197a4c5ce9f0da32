"""The three built-in reviewable kinds (lesson, contradiction, hold), registered in `_lifecycle`.

Each `Lifecycle` below is the one place its kind's events, states, table and key are written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memeval.audit import _payloads as p
from memeval.audit._item import ReviewItem
from memeval.audit._lifecycle import Decision, Lifecycle, register
from memeval.audit._tables import ContradictionState, HoldState, LessonState, new_row
from memeval.audit._time import from_us

if TYPE_CHECKING:
    from memeval.audit._events import AuditEvent


def _text(payload: p.Payload) -> str:
    return str(getattr(payload, "text", ""))


def _new_lesson(ev: AuditEvent, seq: int, us: int) -> LessonState:
    assert isinstance(ev.payload, p.LessonProposed)
    return new_row(
        LessonState,
        team=ev.team,
        lesson_id=ev.subject or "",
        status="waiting",
        text=ev.payload.text,
        proposer_kind=ev.actor.kind,
        proposer_id=ev.actor.id,
        session=ev.session,
        proposed_seq=seq,
        proposed_us=us,
    )


def _lesson_item(row: LessonState) -> ReviewItem:
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


LESSON = register(
    Lifecycle(
        kind="lesson",
        label="lesson",
        opening="lesson.proposed",
        opening_payload=p.LessonProposed,
        ingested=True,
        waiting="waiting",
        decisions=(
            Decision("lesson.approved", "approved", "approve", "Approve lesson"),
            Decision("lesson.rejected", "rejected", "reject", "Reject lesson", needs_reason=True),
        ),
        table=LessonState,
        key="lesson_id",
        opened_seq="proposed_seq",
        opened_us="proposed_us",
        new_row=_new_lesson,
        to_item=_lesson_item,
        excerpt=_text,
    )
)


def _new_contradiction(ev: AuditEvent, seq: int, us: int) -> ContradictionState:
    assert isinstance(ev.payload, p.ContradictionOpened)
    return new_row(
        ContradictionState,
        team=ev.team,
        contradiction_id=ev.subject or "",
        status="open",
        a_item=ev.payload.a_item,
        b_item=ev.payload.b_item,
        opened_seq=seq,
        opened_us=us,
    )


def _settled(row: ContradictionState, ev: AuditEvent) -> None:
    assert isinstance(ev.payload, p.ContradictionSettled)
    row.kept = ev.payload.kept


def _contradiction_item(row: ContradictionState) -> ReviewItem:
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


def _contradiction_excerpt(payload: p.Payload) -> str:
    assert isinstance(payload, p.ContradictionOpened)
    return f"{payload.a_item}: {payload.a_text} | {payload.b_item}: {payload.b_text}"


CONTRADICTION = register(
    Lifecycle(
        kind="contradiction",
        label="contradiction",
        opening="contradiction.opened",
        opening_payload=p.ContradictionOpened,
        ingested=True,
        waiting="open",
        decisions=(Decision("contradiction.settled", "settled", "settle", "Settle contradiction", needs_reason=True),),
        table=ContradictionState,
        key="contradiction_id",
        opened_seq="opened_seq",
        opened_us="opened_us",
        new_row=_new_contradiction,
        on_decision=_settled,
        to_item=_contradiction_item,
        excerpt=_contradiction_excerpt,
    )
)


def _new_hold(ev: AuditEvent, seq: int, us: int) -> HoldState:
    pl = ev.payload
    assert isinstance(pl, p.HoldCreated)
    return new_row(
        HoldState,
        team=ev.team,
        hold_id=ev.subject or "",
        status="held",
        origin=pl.origin,
        item_id=pl.item_id,
        kind=pl.kind,
        text=pl.text,
        source=pl.source,
        actor_kind=ev.actor.kind,
        actor_id=ev.actor.id,
        session=ev.session,
        created_seq=seq,
        created_us=us,
    )


def _hold_item(row: HoldState) -> ReviewItem:
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


HOLD = register(
    Lifecycle(
        kind="hold",
        label="held text",
        opening="hold.created",
        opening_payload=p.HoldCreated,
        ingested=False,
        waiting="held",
        decisions=(
            Decision("hold.released", "released", "release", "Release into memory"),
            Decision("hold.discarded", "discarded", "discard", "Discard", needs_reason=True),
        ),
        table=HoldState,
        key="hold_id",
        opened_seq="created_seq",
        opened_us="created_us",
        new_row=_new_hold,
        to_item=_hold_item,
        excerpt=_text,
    )
)
