"""A resend compared with its stored event whatever event came before it (redact33, issue 15).

At ingest each free text is also read with the previous text of its stream (`Sanitizer.cut_across_events`,
`memeval.redact._across`): a key cut across two events is blanked in both. What that blanks at a text's
start or end depends on the neighbour, so the same event sent again (a retry, a client's queue replayed)
after another predecessor, alone, or in a new process is redacted with more or less of its edges blanked
than the stored one, and `_resend.changed_resends` counted it as changed (redact32: the HTTP answer said
`changed_resends` and the log named an event the sender had not changed).

So two texts of one field also compare as the same when they differ only at an edge a join blanked:
one has `[REDACTED]` at its start (end) where the other has a run of text without a space, the rest the same, and that
side's `secret.blanked` event for the field names a detector ending `+across-events` (a join blanked
it; `memeval.redact._across.with_findings` names a blank the join made longer so too). A sender's change
inside such an edge is not seen, as a change inside any blanked span is not (`_resend._text_as_compared`):
what was there is not stored. Nothing is stored from a resend, so no raw part can reach storage here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlmodel import col

from memeval.audit import _payloads as p
from memeval.audit._tables import AuditEventRow
from memeval.redact import ACROSS_DETECTOR

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from memeval.audit._events import AuditEvent

BLANK = "[REDACTED]"
"""A placeholder as texts are compared (`_resend._text_as_compared`)."""
_SPACE = re.compile(r"\s")
_DERIVED = "#blank."
"""What follows a sender event id in the ids of its `secret.blanked` events (`Sanitizer.sanitize`)."""


def across_fields(derived: Sequence[AuditEvent]) -> frozenset[str]:
    """The free-text fields (`text`, `reason`...) of one event that a join blanked, from its `secret.blanked` events."""
    return frozenset(
        d.payload.field.removeprefix("payload.")
        for d in derived
        if isinstance(d.payload, p.SecretBlanked) and ACROSS_DETECTOR in d.payload.detector
    )


def stored_across_fields(conn: Connection, team: str, sender: str, sender_event_id: str) -> frozenset[str]:
    """`across_fields` of a stored event: its stored `secret.blanked` events, read by id range (one query).

    Their ids are the event's id + `#blank.` + field + type, so the unique index on (team, sender,
    sender event id) finds them. Run only for a resend whose texts differ at an edge (rare).
    """
    lo = sender_event_id + _DERIVED
    hi = sender_event_id + "#blank/"  # the character after `.`: every id starting with `lo` sorts below it
    rows = conn.execute(
        select(col(AuditEventRow.body)).where(
            col(AuditEventRow.team) == team,
            col(AuditEventRow.sender) == sender,
            col(AuditEventRow.sender_event_id) >= lo,
            col(AuditEventRow.sender_event_id) < hi,
        )
    ).scalars()
    out = set()
    for body in rows:
        payload = json.loads(body)["payload"]
        if ACROSS_DETECTOR in str(payload.get("detector", "")):
            out.add(str(payload.get("field", "")).removeprefix("payload."))
    return frozenset(out)


def _inside(inner: str, outer: str, head: bool, tail: bool) -> bool:
    """Whether `outer` is `inner` with a run before it (only if `head`) and a run after it (only if `tail`).

    A run has no whitespace: a join blanks a key's part, which runs from the join to the key's end (a
    key read letter-spaced, `8 DIIU`, is the exception: such a resend is counted as changed, never
    stored).
    """
    if not inner:  # the whole text was the join's blank
        return not outer or ((head or tail) and not _SPACE.search(outer))
    at = outer.find(inner) if head else (0 if outer.startswith(inner) else -1)
    while at >= 0:
        before, after = outer[:at], outer[at + len(inner) :]
        if (not before or (head and not _SPACE.search(before))) and (not after or (tail and not _SPACE.search(after))):
            return True
        at = outer.find(inner, at + 1) if head else -1
    return False


def _core(text: str, gated: bool) -> tuple[str, bool, bool]:
    """`text` without a `BLANK` at its start and one at its end when a join blanked its field (`gated`).

    Returns (the rest, whether a start was taken off, whether an end was).
    """
    head = gated and text.startswith(BLANK)
    rest = text[len(BLANK) :] if head else text
    tail = gated and rest.endswith(BLANK)
    return (rest[: -len(BLANK)] if tail else rest), head, tail


def same_but_join(a: str, b: str, a_gated: bool, b_gated: bool) -> bool:
    """Whether texts `a` and `b` (placeholders as compared: `BLANK`) differ only at edges a join blanked.

    `a_gated` / `b_gated`: a join blanked part of that side's field (`across_fields`). The side whose
    edge is blank (the longer blank when both are) must be the other with text before (after) its rest.
    """
    if a == b:
        return True
    ra, ha, ta = _core(a, a_gated)
    rb, hb, tb = _core(b, b_gated)
    return (ha or ta) and _inside(ra, b, ha, ta) or (hb or tb) and _inside(rb, a, hb, tb)


def texts_differ_only_by_join(
    stored: Mapping[str, Any], resent: Mapping[str, Any], stored_gated: frozenset[str], resent_gated: frozenset[str]
) -> bool:
    """Whether two payloads (free texts as compared) differ only in free texts a join blanked at an edge.

    Every other field must be equal; each differing field must be a str on both sides that
    `same_but_join` accepts with that field's gates.
    """
    if stored.keys() != resent.keys():
        return False
    for k, theirs in stored.items():
        mine = resent[k]
        if theirs == mine:
            continue
        if not (isinstance(theirs, str) and isinstance(mine, str)):
            return False
        if not same_but_join(theirs, mine, k in stored_gated, k in resent_gated):
            return False
    return True
