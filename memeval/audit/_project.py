"""Projections: apply one stored event to the current-state tables.

Used by the write path (after each append) and by `rebuild_projections` (replaying the log in
`seq` order), so both give the same tables. Only projection rows are ever updated; log rows never.
"""

from __future__ import annotations

from sqlmodel import Session

from memeval.audit import _payloads as p
from memeval.audit._events import AuditEvent
from memeval.audit._tables import ContradictionState, HoldState, LessonState, MemoryState
from memeval.audit._time import to_us


def project(session: Session, ev: AuditEvent) -> None:
    """Update the projection tables for stored event `ev` (its `seq` is set)."""
    pl = ev.payload
    subject = ev.subject or ""
    seq = ev.seq or 0
    us = to_us(ev.occurred_at)
    if isinstance(pl, p.LessonProposed):
        session.add(
            LessonState(
                team=ev.team, lesson_id=subject, status="waiting", text=pl.text,
                proposer_kind=ev.actor.kind, proposer_id=ev.actor.id, session=ev.session,
                proposed_seq=seq, proposed_us=us,
            )
        )  # fmt: skip
    elif isinstance(pl, p.LessonApproved | p.LessonRejected):
        _decide(session.get(LessonState, (ev.team, subject)), ev, seq)
    elif isinstance(pl, p.ContradictionOpened):
        session.add(
            ContradictionState(
                team=ev.team, contradiction_id=subject, status="open", a_item=pl.a_item,
                b_item=pl.b_item, opened_seq=seq, opened_us=us,
            )
        )  # fmt: skip
    elif isinstance(pl, p.ContradictionSettled):
        row = session.get(ContradictionState, (ev.team, subject))
        _decide(row, ev, seq)
        if row is not None:
            row.kept = pl.kept
    elif isinstance(pl, p.HoldCreated):
        session.add(
            HoldState(
                team=ev.team, hold_id=subject, status="held", origin=pl.origin,
                item_id=pl.item_id, kind=pl.kind, text=pl.text, source=pl.source,
                actor_kind=ev.actor.kind, actor_id=ev.actor.id, session=ev.session,
                created_seq=seq, created_us=us,
            )
        )  # fmt: skip
    elif isinstance(pl, p.HoldReleased | p.HoldDiscarded):
        _decide(session.get(HoldState, (ev.team, subject)), ev, seq)
    elif isinstance(pl, p.MemoryWritten):
        row = session.get(MemoryState, (ev.team, subject))
        if row is None:
            row = MemoryState(
                team=ev.team, memory_id=subject, status="active", kind=pl.kind, text=pl.text,
                released_hold=pl.released_hold, session=ev.session, written_seq=seq,
                written_us=us,
            )  # fmt: skip
            session.add(row)
        else:
            row.status, row.kind, row.text = "active", pl.kind, pl.text
            row.released_hold, row.session = pl.released_hold, ev.session
            row.written_seq, row.written_us = seq, us
    elif isinstance(pl, p.MemoryRetired):
        row = session.get(MemoryState, (ev.team, subject))
        if row is not None:
            row.status = "retired"


_RESULT = {
    "lesson.approved": "approved",
    "lesson.rejected": "rejected",
    "contradiction.settled": "settled",
    "hold.released": "released",
    "hold.discarded": "discarded",
}


def _decide(row: LessonState | ContradictionState | HoldState | None, ev: AuditEvent, seq: int) -> None:
    if row is None:  # the state machine refuses this before append; a replay keeps going
        return
    row.status = _RESULT[ev.type]
    row.decision_id = getattr(ev.payload, "decision_id", None)
    if not isinstance(row, ContradictionState):
        row.decision_type = ev.type
    row.decided_by = ev.actor.id
    row.decided_seq = seq
