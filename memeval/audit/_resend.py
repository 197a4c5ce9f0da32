"""Re-sends refused: one event is stored once, whoever sends it again; one lesson is held once.

The store skips repeats per sender (team, sender, sender event id), so without `refuse_resent` an
event sent again under a second sender name would be stored a second time, and a held lesson
held twice. A lesson sent again under a new sender event id is another event, but the same lesson
(its id is the subject): `refuse_second_hold` keeps it to at most one open hold, and refuses a hold
of a lesson that exists already, whose release could never be stored. Both run inside the batch's
write transaction (`SqlAuditStore.append`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlmodel import col

from memeval.audit import _payloads as p
from memeval.audit._events import AuditEvent
from memeval.audit._project import KeyQuery, get_row, select_keys
from memeval.audit._resendjoin import stored_across_fields, texts_differ_only_by_join
from memeval.audit._tables import HoldState, LessonState
from memeval.audit._time import to_us
from memeval.errors import ResentUnderAnotherSender, TransitionRefused

if TYPE_CHECKING:
    from sqlalchemy import Connection
    from sqlmodel import Session


def refuse_resent(
    conn: Connection,
    drafts: Sequence[AuditEvent],
    own: set[tuple[str, str]],
    others: dict[tuple[str, str], set[str]],
    sender: str,
) -> None:
    """Refuse the batch when a draft is an event another sender stored (a re-send under a new name).

    Repeats are skipped per sender, so an event sent again under a second sender name would
    be stored a second time (and a held lesson held a second time, under a second hold id).
    A draft is that event when a row of another sender has its team and sender event id and
    the same `sent_identity` (type and subject as sent, time, actor); the same id with other
    contents is another sender's own event and is stored. Drafts this sender stored already
    (`own`) are skipped as before.

    Args:
        conn: the write session's connection (the batch's transaction).
        drafts: the admitted drafts.
        own: (team, sender event id) stored by this sender.
        others: (team, sender event id) -> the other senders that stored that id.
        sender: this batch's sender.

    Raises:
        ResentUnderAnotherSender: naming the first such draft, the earlier sender and the fix.
    """
    if not others:
        return
    stored: dict[tuple[str, str], list[tuple[str, tuple[Any, ...]]]] = {}
    for team, who in sorted({(t, w) for (t, _), ws in others.items() for w in ws}):
        ids = sorted(eid for (t, eid), ws in others.items() if t == team and who in ws)
        for k in range(0, len(ids), 500):
            rows = select_keys(
                conn, "audit_event",
                ("sender_event_id", "type", "subject", "occurred_us", "actor_kind", "actor_id", "body"),
                {"team": team, "sender": who}, "sender_event_id", ids[k : k + 500],
            )  # fmt: skip
            for eid, typ, subject, occurred_us, actor_kind, actor_id, body in rows:
                if typ == "hold.created":  # held as sent: the type and subject sent are the hold's origin and item
                    held = json.loads(body)["payload"]
                    typ, subject = held["origin"], held["item_id"]
                stored.setdefault((team, eid), []).append((who, (typ, subject, occurred_us, actor_kind, actor_id)))
    for i, d in enumerate(drafts):
        key = (d.team, d.sender_event_id)
        if key in own:
            continue
        earlier = sorted(who for who, ident in stored.get(key, []) if ident == sent_identity(d))
        if earlier:
            raise ResentUnderAnotherSender(
                f"event {i} ({d.sender_event_id!r}) was stored before as sender {earlier[0]!r}, but this "
                f"batch's sender is {sender!r}: repeats are skipped per sender, so it would be stored twice. "
                f"Send it again as sender {earlier[0]!r} (`memeval audit ingest --sender {earlier[0]}`, or "
                "that sender's token) to skip what is stored",
                earlier_sender=earlier[0],
                sender=sender,
                sender_event_id=d.sender_event_id,
                index=i,
            )


def sent_identity(d: AuditEvent) -> tuple[Any, ...]:
    """What makes a draft the same event as another sender's stored one with its team and sender event id.

    (type, subject, business time in microseconds, actor kind, actor id), as sent (after
    `_admit`); a stored `hold.created` reads as the type and subject it holds. Free text is left
    out: it is stored redacted, and a later redactor may blank it differently.
    """
    return (d.type, d.subject, to_us(d.occurred_at), d.actor.kind, d.actor.id)


def refuse_second_hold(s: Session, ev: AuditEvent) -> None:
    """Refuse a lesson's second open hold, or a hold of a lesson that exists (see the module docstring).

    A lesson id has at most one open hold. While one is open (`held`), the same lesson id sent
    again, under any sender event id, with the same text or a changed one, held or not, is
    refused: the hold already waits for a person, and a second one (or a proposal beside it)
    would make its release fail later, when the lesson it releases exists. A changed text does not
    replace the held one: the reviewer decides on the text they were shown. To send a changed
    lesson, discard the hold in the review queue (which frees the id) or use a new lesson id. A
    text held for a lesson id that is already proposed, approved or rejected is refused as its
    `lesson.proposed` would be. The `lesson.proposed` a release writes is its own hold's, and
    passes. Memory holds are not checked here (a memory id may be written again).

    Args:
        s: the batch's write session (rows projected earlier in the batch are seen).
        ev: an event about to be decided (`memeval.audit._write._decide`): a `hold.created` of a lesson
            or a `lesson.proposed`; any other event passes.

    Raises:
        TransitionRefused: `item` the lesson id, `state` `held` (an open hold) or the lesson's state.
    """
    pl = ev.payload
    if isinstance(pl, p.HoldCreated) and pl.origin == "lesson.proposed":
        lesson_id, own = pl.item_id, None
        lesson = get_row(s, LessonState, ev.team, lesson_id)
        if lesson is not None:
            raise TransitionRefused(
                f"lesson {lesson_id!r} already exists (state {lesson.status!r}) and its new text reads like "
                f"orders to an agent, so it would be held (event {ev.sender_event_id!r}); a hold of an existing "
                "lesson could never be released: send a new lesson under a new lesson id",
                item=lesson_id,
                state=lesson.status,
            )
    elif isinstance(pl, p.LessonProposed):
        lesson_id, own = ev.subject or "", pl.released_hold
    else:
        return
    held = sorted(h for h in _open_lesson_holds(s, ev.team, lesson_id) if h != own)
    if held:
        raise TransitionRefused(
            f"lesson {lesson_id!r} is held for review (hold {held[0]!r}); event {ev.sender_event_id!r} sends "
            "it again, and a lesson has at most one open hold: release or discard that hold in the review "
            "queue first (`memeval review`), or send a changed lesson under a new lesson id",
            item=lesson_id,
            state="held",
        )


OPEN_AT_START = "audit_open_lesson_holds"
"""`Session.info` key: (team, lesson id) -> hold ids of its open lesson holds stored when the batch began
(`prefetch_open_lesson_holds`)."""


def _lesson_of(ev: AuditEvent) -> str | None:
    """The lesson id `refuse_second_hold` looks up for `ev`, or None when it looks up none."""
    pl = ev.payload
    if isinstance(pl, p.HoldCreated) and pl.origin == "lesson.proposed":
        return pl.item_id
    if isinstance(pl, p.LessonProposed):
        return ev.subject or ""
    return None


def _lesson_ids_by_team(events: Sequence[AuditEvent]) -> dict[str, set[str]]:
    wanted: dict[str, set[str]] = {}
    for ev in events:
        lesson = _lesson_of(ev)
        if lesson is not None:
            wanted.setdefault(ev.team, set()).add(lesson)
    return wanted


_OPEN_NAMES = ("item_id", "hold_id")


def _open_equal(team: str) -> dict[str, str]:
    return {"team": team, "origin": "lesson.proposed", "status": "held"}


def open_lesson_hold_queries(events: Sequence[AuditEvent]) -> list[KeyQuery]:
    """The `select_keys` queries `prefetch_open_lesson_holds(s, events)` will run, for `preload_keys`."""
    out: list[KeyQuery] = []
    for team, ids in sorted(_lesson_ids_by_team(events).items()):
        keys = sorted(ids)
        equal = tuple(_open_equal(team).items())
        out += [
            (HoldState.__tablename__, _OPEN_NAMES, equal, "item_id", tuple(keys[k : k + 500]))
            for k in range(0, len(keys), 500)
        ]
    return out


def prefetch_open_lesson_holds(s: Session, events: Sequence[AuditEvent]) -> None:
    """Read, in one query per team and 500 lesson ids, the open lesson holds `refuse_second_hold` will ask about.

    Called once a batch inside its write transaction, before any event is decided: a stored hold
    the batch does not load or make keeps the status it had when the batch began, and
    `_open_lesson_holds` takes the ones it does from the batch's own rows, so its answers are
    those of one query per event (what it ran before), for one query per batch.
    """
    wanted = _lesson_ids_by_team(events)
    found: dict[tuple[str, str], set[str]] = {(t, x): set() for t, ids in wanted.items() for x in ids}
    table = HoldState.__tablename__
    for team, ids in sorted(wanted.items()):
        keys = sorted(ids)
        for k in range(0, len(keys), 500):
            equal = _open_equal(team)
            for item, hold in select_keys(s.connection(), table, _OPEN_NAMES, equal, "item_id", keys[k : k + 500]):
                found[(team, str(item))].add(str(hold))
    s.info[OPEN_AT_START] = found


def _open_lesson_holds(s: Session, team: str, lesson_id: str) -> set[str]:
    """Hold ids of `team`'s open (`held`) holds of lesson `lesson_id`, this batch's changes included.

    Stored holds come from `prefetch_open_lesson_holds` when it read this lesson, else from a query.
    """
    seen: dict[str, str] = {}  # hold id -> status, of rows the batch loaded or made (`get_row`'s cache)
    for (model, t, key), row in s.info.get("audit_rows", {}).items():
        if model is HoldState and t == team and isinstance(row, HoldState) and row.item_id == lesson_id:
            if row.origin == "lesson.proposed":
                seen[key] = row.status
    at_start = s.info.get(OPEN_AT_START, {}).get((team, lesson_id))
    if at_start is None:
        query = select(col(HoldState.hold_id)).where(
            col(HoldState.team) == team,
            col(HoldState.item_id) == lesson_id,
            col(HoldState.origin) == "lesson.proposed",
            col(HoldState.status) == "held",
        )
        at_start = {str(h) for h in s.connection().execute(query).scalars()}
    stored = {h for h in at_start if h not in seen}
    return stored | {h for h, status in seen.items() if status == "held"}


__all__ = [
    "OPEN_AT_START",
    "open_lesson_hold_queries",
    "prefetch_open_lesson_holds",
    "refuse_resent",
    "refuse_second_hold",
    "sent_identity",
]


_PLACEHOLDER = re.compile(r"\[REDACTED:[A-Z0-9_]+\]")


def _text_as_compared(value: Any) -> Any:
    """A free text with every redaction placeholder alike (`[REDACTED]`); other values as they are.

    A later redactor may blank a text differently (another entity type, a scan cut by the CPU
    budget on a busy machine); the text around what it blanked is what the sender wrote.
    """
    return _PLACEHOLDER.sub("[REDACTED]", value) if isinstance(value, str) else value


def _contents(
    typ: str, subject: Any, session: Any, occurred_us: int, actor: Any, payload: dict[str, Any], *, held: bool = False
) -> Any:
    """What a resend must repeat to be the stored event: identity, session and payload (texts as compared).

    A stored `hold.created` reads as the event it holds (`origin`, `item_id`, its text and source);
    `held` reads a resent draft's payload as that (its text and source) to compare with such a hold.
    """
    if typ == "hold.created":
        typ, subject, held = payload["origin"], payload["item_id"], True
    if held:
        payload = {"text": payload.get("text"), "source": payload.get("source")}
    fields = {k: _text_as_compared(v) for k, v in payload.items()}
    return (typ, subject, session, occurred_us, actor, fields)


def changed_within(first: AuditEvent, again: AuditEvent) -> bool:
    """Whether `again` repeats a sender event id of its own batch with other contents than `first`, the one stored.

    Both are the batch's events as the write path has them (redacted; a held text as its
    `hold.created`), compared as `changed_resends` compares a resend with a stored event. Only ids
    stored before the batch were compared: a batch holding an event and then its correction under
    the same id (a client's queue sent at once) stored the first and skipped the second unsaid.
    """
    fb, ab = first.body(), again.body()
    theirs = _contents(first.type, first.subject, first.session, to_us(first.occurred_at), fb["actor"], fb["payload"])
    held = first.type == "hold.created"
    when = to_us(again.occurred_at)
    return bool(
        theirs != _contents(again.type, again.subject, again.session, when, ab["actor"], ab["payload"], held=held)
    )


def changed_resends(
    conn: Connection,
    sender: str,
    resent: Sequence[AuditEvent],
    across: Mapping[tuple[str, str], frozenset[str]] | None = None,
) -> list[str]:
    """The sender event ids of `resent` whose contents differ from what this sender stored under them.

    `resent` are the batch's events (redacted, as the write path stores them; not assessed for
    holding) whose (team, sender, sender event id) is stored already: the store skips them and
    keeps what it stored. A resend is *changed* when its type, subject, session, business time,
    actor or payload differs from the stored event's, free texts compared with their redaction
    placeholders alike (`_text_as_compared`); a stored `hold.created` is compared as the memory
    or lesson it holds (text and source). One driver-level query per team and 500 ids.

    A free text that differs only at its start or end where a join blanked it on one side (a key cut
    across two events of one stream, `Sanitizer.cut_across_events`) is not a change: what a join
    blanks depends on the event before, not on the event (`_resendjoin`). `across` gives, per (team,
    sender event id) of `resent`, the fields a join blanked in the resend; the stored side's are read
    (one query an event) only for an event whose texts differ.

    Returns:
        The changed ones' sender event ids, in `resent`'s order.
    """
    by_team: dict[str, list[AuditEvent]] = {}
    for ev in resent:
        by_team.setdefault(ev.team, []).append(ev)
    stored: dict[tuple[str, str], Any] = {}
    for team, evs in sorted(by_team.items()):
        ids = sorted({ev.sender_event_id for ev in evs})
        for k in range(0, len(ids), 500):
            rows = select_keys(conn, "audit_event", ("sender_event_id", "body"), {"team": team, "sender": sender},
                               "sender_event_id", ids[k : k + 500])  # fmt: skip
            for eid, body in rows:
                b = json.loads(body)
                when = to_us(datetime.fromisoformat(b["occurred_at"]))
                stored[(team, eid)] = (b["type"] == "hold.created", _contents(
                    b["type"], b.get("subject"), b.get("session"), when, b["actor"], b["payload"]))  # fmt: skip
    out = []
    for ev in resent:
        key = (ev.team, ev.sender_event_id)
        found = stored.get(key)
        if found is None:  # not this sender's (the lookup before the lock saw it): nothing to compare
            continue
        held, theirs = found
        body = ev.body()
        when = to_us(ev.occurred_at)
        mine = _contents(ev.type, ev.subject, ev.session, when, body["actor"], body["payload"], held=held)
        if theirs != mine and not _join_only(conn, sender, ev, theirs, mine, (across or {}).get(key)):
            out.append(ev.sender_event_id)
    return out


def _join_only(
    conn: Connection, sender: str, ev: AuditEvent, theirs: Any, mine: Any, resent_gated: frozenset[str] | None
) -> bool:
    """Whether two `_contents` differ only in free texts a join blanked at an edge (`_resendjoin`)."""
    if theirs[:-1] != mine[:-1]:
        return False
    stored_gated = stored_across_fields(conn, ev.team, sender, ev.sender_event_id)
    if not stored_gated and not resent_gated:
        return False
    return texts_differ_only_by_join(theirs[-1], mine[-1], stored_gated, resent_gated or frozenset())
