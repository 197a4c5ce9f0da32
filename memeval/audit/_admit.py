"""Steps 0 and 1 of the write path: what a draft must be before it is sanitised and stored.

`admit` lets in only the event types of the draft's origin, refuses an ingested event dated
after its arrival (`MAX_AHEAD_S`) or before the weeks a report counts (`EARLIEST_EVENT`), a NUL character in any string
(PostgreSQL stores none) and free text over the size limits, normalises person ids and turns a
`memory.written` of kind `lesson` into the `lesson.proposed` it is; `check_draft` refuses drafts
that set store fields, have a store-only type (`STORE_ONLY_TYPES`) or set `released_hold`. Both
raise `AuditEventRejected` with the draft's position as `.index`, and name the event by it alone:
they run before the id fields are scanned (`Sanitizer.check_ids`), so a `sender_event_id` may
still hold a credential and is never quoted.
`memeval.audit._write.append_batch` calls them.
"""

from __future__ import annotations

from memeval.audit import _payloads as p
from memeval.audit._authority import (
    MAX_AHEAD_S,
    ORIGIN_TYPES,
    STORE_TYPES,
    Limits,
    refused_type_message,
)
from memeval.audit._events import EVENT_ADAPTER, STORE_FIELDS, AuditEvent
from memeval.audit._person import normalize_person_id
from memeval.audit._time import EARLIEST_EVENT
from memeval.clock import utc_now
from memeval.errors import AuditEventRejected

STORE_ONLY_TYPES = STORE_TYPES
"""Types only the store writes; a sender that sends one is refused (`_authority.STORE_TYPES`)."""


def admit(d: AuditEvent, index: int, origin: str, limits: Limits) -> AuditEvent:
    """Step 0 of the write path (`memeval.audit._write`): origin, size (`limits`), identity, lessons."""
    if d.type not in ORIGIN_TYPES.get(origin, frozenset()):
        raise AuditEventRejected(f"event {index}: {refused_type_message(d.type, origin)}", index=index)
    if origin == "ingest" and (ahead := (d.occurred_at - utc_now()).total_seconds()) > MAX_AHEAD_S:
        raise AuditEventRejected(
            f"event {index}: occurred_at {d.occurred_at.isoformat()} is "
            f"{_ahead_text(ahead)} after the store's clock ({utc_now():%Y-%m-%dT%H:%M:%SZ}); an event cannot "
            f"have happened after it arrived (at most {MAX_AHEAD_S // 60} minutes of clock skew are taken): "
            "send the time it happened, or fix the sender's clock",
            index=index,
        )
    if origin == "ingest" and d.occurred_at < EARLIEST_EVENT:
        raise AuditEventRejected(
            f"event {index}: occurred_at {d.occurred_at.isoformat()} is before {EARLIEST_EVENT:%Y-%m-%d}, the start of "
            "the weeks memeval reports, so no weekly report would ever count it: send the time it happened, or fix "
            "the sender's clock",
            index=index,
        )
    if (nul := _first_nul(d)) is not None:
        field, at = nul
        raise AuditEventRejected(
            f"event {index}: field {field} has a NUL character (\\u0000) at character {at}; PostgreSQL stores no "
            "NUL in text, so no audit store takes one (the log reads the same on every store): remove it or "
            "replace it with a space",
            index=index,
        )
    for name in type(d.payload).FREE_TEXT:
        value = getattr(d.payload, name)
        why = limits.text_too_long(name, len(value)) if value else None
        if why:
            raise AuditEventRejected(f"event {index}: {why}", index=index)
    if d.actor.kind == "person":
        pid = normalize_person_id(d.actor.id)
        if not pid:
            raise AuditEventRejected(f"event {index}: actor.id is blank once normalised", index=index)
        if pid != d.actor.id:
            d = d.model_copy(update={"actor": d.actor.model_copy(update={"id": pid})})
    pl = d.payload
    if isinstance(pl, p.MemoryWritten) and pl.kind == "lesson":
        d = EVENT_ADAPTER.validate_python(
            {
                **d.model_dump(exclude={"type", "payload"}),
                "type": "lesson.proposed",
                "payload": {"text": pl.text, "source": pl.source, "released_hold": pl.released_hold},
            }
        )
    return d


def _ahead_text(seconds: float) -> str:
    """`seconds` (> 0) as whole days when a day or more, else whole minutes."""
    if seconds >= 86_400:
        return f"{int(seconds // 86_400)} days"
    return f"{int(seconds // 60)} minutes"


def _first_nul(d: AuditEvent) -> tuple[str, int] | None:
    """The field and character offset of the first NUL in any string of the event `d`, or None.

    The field as `payload.text`, `actor.id` or `payload.fingerprints.0`. Strings lie in the envelope,
    its actor and its payload, alone or in tuples (`memeval.audit._payloads` nests nothing deeper).
    Runs once an event on the ingest path, so it reads fields without a dump.
    """
    for prefix, model in (("", d), ("actor.", d.actor), ("payload.", d.payload)):
        for name, value in model.__dict__.items():
            kind = type(value)
            if kind is str:
                if "\0" in value:
                    return prefix + name, value.find("\0")
            elif kind is tuple or kind is list:
                for i, item in enumerate(value):
                    if type(item) is str and "\0" in item:
                        return f"{prefix}{name}.{i}", item.find("\0")
    return None


def check_draft(d: AuditEvent, index: int) -> None:
    """Step 1 of the write path: refuse (`AuditEventRejected`) store fields, store-only types, `released_hold`."""
    set_fields = [f for f in STORE_FIELDS if getattr(d, f) is not None]
    if set_fields:
        raise AuditEventRejected(
            f"event {index} sets {set_fields}: the store assigns these; remove them",
            index=index,
        )
    if d.type in STORE_ONLY_TYPES:
        raise AuditEventRejected(
            f"event {index} has type {d.type!r}, which only memeval "
            "writes: send the original text and memeval blanks or holds it",
            index=index,
        )
    # read from the fields: `getattr` of a field a payload type lacks goes through pydantic's slow `__getattr__`
    if d.payload.__dict__.get("released_hold") is not None:
        raise AuditEventRejected(
            f"event {index} sets payload.released_hold: only a hold.released decision does that; remove it",
            index=index,
        )
