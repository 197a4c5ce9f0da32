"""State machines of the review queue: lessons, contradictions and holds (`_lifecycle.LIFECYCLES`).

An opening event is accepted only when its item does not exist yet. A decision is accepted only
from the waiting state (`waiting`, `open`, `held`) and only from a person; a lesson's proposer
may not approve it, nor may the person whose text was held release it into memory (ids compared
normalised: NFKC, casefold, trimmed). A held lesson's author may release it: the release opens the
lesson as theirs, which another person must still approve. Repeating the decision
that was taken, with the same decision id, is a no-op. Anything else raises `TransitionRefused`
naming the current state.
"""

from __future__ import annotations

from typing import Literal

from memeval.audit._events import AuditEvent
from memeval.audit._lifecycle import LIFECYCLES, all_decisions
from memeval.audit._person import normalize_person_id
from memeval.audit._tables import ContradictionState, HoldState, LessonState
from memeval.errors import TransitionRefused

Outcome = Literal["append", "noop"]
"""`append`: store the event; `noop`: the same decision was already taken, store nothing."""

LessonStatus = Literal["waiting", "approved", "rejected"]
ContradictionStatus = Literal["open", "settled"]
HoldStatus = Literal["held", "released", "discarded"]

OPENING: dict[str, str] = {lc.opening: lc.kind for lc in LIFECYCLES.values()}
"""Event types that create a reviewable item, and the item's noun (from `LIFECYCLES`)."""

DECISIONS: dict[str, tuple[str, str, str]] = {
    d.event_type: (lc.kind, lc.waiting, d.leads_to) for lc, d in all_decisions()
}
"""Decision type -> (item noun, state it needs, state it leads to) (from `LIFECYCLES`)."""

State = LessonState | ContradictionState | HoldState


def decide(event: AuditEvent, current: State | None) -> Outcome:
    """Whether `event` may be appended given its item's current projected state.

    Args:
        event: any audit event; only openings and decisions are checked.
        current: the projection row of `event.subject` (None when the item does not exist).

    Returns:
        `append` or `noop` (see `Outcome`).

    Raises:
        TransitionRefused: the item exists already (opening), is missing or not waiting
            (decision), the decider is not a person, or a proposer approves their own lesson.
    """
    subject = event.subject or ""
    if event.type in OPENING:
        if current is not None:
            raise TransitionRefused(
                f"{OPENING[event.type]} {subject!r} already exists (state {current.status!r}): "
                "use a new id for a new item; if this event was stored before, send it again as the same "
                "sender (repeats are skipped per sender: `audit ingest --sender NAME`, or that sender's token)",
                item=subject,
                state=current.status,
            )
        return "append"
    if event.type not in DECISIONS:
        return "append"
    noun, needs, _ = DECISIONS[event.type]
    if current is None:
        raise TransitionRefused(
            f"{noun} {subject!r} does not exist (state 'missing'): {event.type} needs an "
            f"existing {noun} in state {needs!r}",
            item=subject,
            state="missing",
        )
    decision_id = getattr(event.payload, "decision_id", None)
    if current.status != needs:
        if current.decision_id == decision_id and _same_decision(current, event):
            return "noop"
        raise TransitionRefused(
            f"{noun} {subject!r} is {current.status!r}, not {needs!r}: {event.type} is only "
            f"allowed from {needs!r} (it was decided by {current.decided_by!r} as decision "
            f"{current.decision_id!r})",
            item=subject,
            state=current.status,
        )
    if event.actor.kind != "person":
        raise TransitionRefused(
            f"{event.type} on {noun} {subject!r} came from a {event.actor.kind} "
            f"({event.actor.id!r}): only a person decides review items",
            item=subject,
            state=current.status,
        )
    if (
        isinstance(current, LessonState)
        and event.type == "lesson.approved"
        and current.proposer_kind == event.actor.kind
        and normalize_person_id(current.proposer_id) == normalize_person_id(event.actor.id)
    ):
        raise TransitionRefused(
            f"lesson {subject!r} was proposed by {event.actor.id!r}, who cannot approve it: "
            "another person must approve it",
            item=subject,
            state=current.status,
        )
    if isinstance(current, HoldState) and event.type == "hold.released" and own_held_text(current, event.actor):
        raise TransitionRefused(
            f"hold {subject!r} holds text written by {event.actor.id!r}, who cannot release it: "
            "another person must release it (its author may discard it)",
            item=subject,
            state=current.status,
        )
    return "append"


def own_held_text(hold: HoldState, actor: object) -> bool:
    """True when `actor` (an event's actor) is the person whose text `hold` holds, outside a lesson.

    Releasing a held memory stores it as memory at once (and in the next pack); releasing a held
    lesson only opens the lesson, which its author still cannot approve, so that release is no
    self-approval.
    """
    kind, pid = getattr(actor, "kind", None), getattr(actor, "id", None)
    return (
        hold.origin != "lesson.proposed"
        and kind == "person"
        and hold.actor_kind == "person"
        and isinstance(pid, str)
        and normalize_person_id(hold.actor_id) == normalize_person_id(pid)
    )


def _same_decision(current: State, event: AuditEvent) -> bool:
    """True when `event` repeats the decision `current` records (type, and side kept)."""
    if isinstance(current, ContradictionState):
        return event.type == "contradiction.settled" and current.kept == getattr(event.payload, "kept", None)
    return current.decision_type == event.type


def item_noun(event_type: str) -> str | None:
    """The reviewable item noun (`lesson`, `contradiction`, `hold`) an event type acts on."""
    if event_type in OPENING:
        return OPENING[event_type]
    if event_type in DECISIONS:
        return DECISIONS[event_type][0]
    return None
