"""A re-send under another sender name, refused: one event is stored once, whoever sends it again.

The store skips repeats per sender (team, sender, sender event id), so without this check an
event sent again under a second sender name would be stored a second time, and a held lesson
held twice. `refuse_resent` runs inside the batch's write transaction (`SqlAuditStore.append`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from memeval.audit._events import AuditEvent
from memeval.audit._project import select_keys
from memeval.audit._time import to_us
from memeval.errors import ResentUnderAnotherSender

if TYPE_CHECKING:
    from sqlalchemy import Connection


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


__all__ = ["refuse_resent", "sent_identity"]
