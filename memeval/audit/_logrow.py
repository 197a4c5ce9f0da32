"""The log row of a stored event: its columns, the body its hash covers, and reading it back.

What the write path inserts into `audit_event` (`LOG_COLUMNS`, `log_row`), the JSON body the
chain hash is taken over (`stored_body`), the same row from a stored event (`row_values`, which
`memeval.audit._verify` compares against), and the event read back from a row (`event_from_body`).
`memeval.audit._store` re-exports these names.
"""

from __future__ import annotations

from typing import Any

from pydantic import AwareDatetime, TypeAdapter

from memeval.audit import _payloads as p
from memeval.audit._events import EVENT_ADAPTER, AuditEvent
from memeval.audit._time import to_us

LOG_COLUMNS = (
    "event_id", "team", "seq", "type", "occurred_us", "recorded_us", "sender", "sender_event_id", "actor_kind",
    "actor_id", "session", "subject", "facet", "quantity", "prev_hash", "hash", "body",
)  # fmt: skip
"""The columns of `audit_event` the write path inserts (all but the database's own `id`), as `row_values` names them."""


def stored_body(draft: AuditEvent, fields: dict[str, Any]) -> dict[str, Any]:
    """`draft.model_copy(update=fields).body()` without building that copy: the body the hash covers.

    `fields` are the store fields (`event_id`, `seq`, `recorded_at`, `sender`, `prev_hash`); each
    is put into the draft's JSON body as the envelope serialises it (`recorded_at` through the
    envelope's own serializer, so its text is the same). `tests/audit/test_store.py` checks the
    bytes against `body()`.
    """
    body = draft.body()
    for name, value in fields.items():
        body[name] = _RECORDED_AT.dump_python(value, mode="json") if name == "recorded_at" else value
    return body


_RECORDED_AT: TypeAdapter[Any] = TypeAdapter(AwareDatetime)


def row_values(ev: AuditEvent, body_text: str) -> dict[str, Any]:
    """Column values of the log row of stored event `ev` whose canonical body is `body_text`."""
    facet_field = type(ev.payload).FACET
    assert ev.seq is not None and ev.recorded_at is not None and ev.hash and ev.prev_hash
    return {
        "event_id": ev.event_id or "",
        "team": ev.team,
        "seq": ev.seq,
        "type": ev.type,
        "occurred_us": to_us(ev.occurred_at),
        "recorded_us": to_us(ev.recorded_at),
        "sender": ev.sender or "",
        "sender_event_id": ev.sender_event_id,
        "actor_kind": ev.actor.kind,
        "actor_id": ev.actor.id,
        "session": ev.session,
        "subject": ev.subject,
        "facet": None if facet_field is None else str(getattr(ev.payload, facet_field)),
        "quantity": ev.payload.count if isinstance(ev.payload, p.SecretBlanked) else 1,
        "prev_hash": ev.prev_hash,
        "hash": ev.hash,
        "body": body_text,
    }


def log_row(draft: AuditEvent, fields: dict[str, Any], digest: str, body_text: str) -> tuple[Any, ...]:
    """`row_values` of the stored copy of `draft` (store `fields` set, `hash` = `digest`), in `LOG_COLUMNS` order.

    Built from the draft and the fields without making that copy; `tests/audit/test_store.py`
    checks it against `row_values` of the copy.
    """
    pl = draft.payload
    facet_field = type(pl).FACET
    return (
        fields["event_id"],
        draft.team,
        fields["seq"],
        draft.type,
        to_us(draft.occurred_at),
        to_us(fields["recorded_at"]),
        fields["sender"],
        draft.sender_event_id,
        draft.actor.kind,
        draft.actor.id,
        draft.session,
        draft.subject,
        None if facet_field is None else str(getattr(pl, facet_field)),
        pl.count if isinstance(pl, p.SecretBlanked) else 1,
        fields["prev_hash"],
        digest,
        body_text,
    )


def event_from_body(body: str, digest: str) -> AuditEvent:
    """The stored event read back from its body JSON and hash column."""
    ev = EVENT_ADAPTER.validate_json(body)
    return ev.model_copy(update={"hash": digest})
