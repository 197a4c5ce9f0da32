"""The log row of a stored event: its columns, the body its hash covers, and reading it back.

What the write path inserts into `audit_event` (`LOG_COLUMNS`, `log_row`), the JSON body the
chain hash is taken over (`stored_body`), the same row from a stored event (`row_values`, which
`memeval.audit._verify` compares against), and the event read back from a row (`event_from_body`).
`memeval.audit._store` re-exports these names.
"""

from __future__ import annotations

import functools
import hashlib
import types
import typing
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol

import msgspec
from pydantic import AwareDatetime, BaseModel, TypeAdapter

from memeval.audit import _payloads as p
from memeval.audit._events import EVENT_ADAPTER, AuditEvent, canonical_json
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


def canonical_body(draft: AuditEvent, fields: dict[str, Any]) -> tuple[str, bytes]:
    """`canonical_json(stored_body(draft, fields))` and its UTF-8 bytes (what the hash is taken over).

    The same text for about a third of the CPU: msgspec's encoder with sorted keys writes what
    `canonical_json` writes (keys sorted by code point, no spaces, non-ASCII as UTF-8, the same
    string escapes and integers) for every body without a float. Floats are the one difference
    (msgspec writes `1e-05` as `0.00001`), so an event whose type has a float field (`hold.created`'s
    score, `report.generated`'s `overdue_after_h`) goes through `canonical_json` as before, as does
    a body msgspec cannot write (it raises where `canonical_json` may not). Measured on the bench's
    events: 1.4 against 4.9 us a body. `tests/audit/test_store.py` checks the bytes against
    `body()`; `bench/audit_ingest_same.py` every stored byte.
    """
    return _encoded(type(draft), stored_body(draft, fields))


def _encoded(kind: type[BaseModel], body: dict[str, Any]) -> tuple[str, bytes]:
    """`canonical_json(body)` and its UTF-8 bytes, for the body of an event of class `kind` (`canonical_body`)."""
    if not _float_free(kind):
        text = canonical_json(body)
        return text, text.encode()
    try:
        raw = _SORTED.encode(body)
    except (msgspec.EncodeError, TypeError, OverflowError, UnicodeEncodeError):  # canonical_json's answer, below
        text = canonical_json(body)
        return text, text.encode()
    return raw.decode(), raw


_SORTED = msgspec.json.Encoder(order="sorted")


@functools.cache
def _float_free(model: type[BaseModel]) -> bool:
    """True when no field of the model `model` (or of a model in it, at any depth) can hold a float.

    Read from the fields' annotations; `Any`, `object` and any generic it does not know count as
    holding one. For an event class: its envelope, actor and payload (`canonical_body`).
    """
    return not any(_holds_float(f.annotation) for f in model.model_fields.values())


def _holds_float(tp: Any) -> bool:
    """Whether a value of annotation `tp` can be or contain a float (`_float_free`)."""
    if tp is float:
        return True
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return not _float_free(tp)
    if tp is Any or tp is object:
        return True
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        return any(isinstance(a, float) for a in typing.get_args(tp))
    return any(_holds_float(a) for a in typing.get_args(tp)) or (
        origin is not None and origin not in (types.UnionType, typing.Union) and not isinstance(origin, type)
    )


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


class _Chained(Protocol):
    """A team's chain position (`memeval.audit._heads.Chain`): the hash of its last event so far."""

    hash: str


Pending = tuple[AuditEvent, str, int, datetime, str, _Chained]
"""An event to log, as the write path queues it: (draft, event id, seq, recorded_at, sender, its team's chain)."""


def chained_log_rows(pending: Sequence[Pending]) -> list[tuple[Any, ...]]:
    """The log rows of `pending`'s events in order, each hash-chained after the one before it in its team's chain.

    For each, what `log_row(draft, fields, digest, canonical_body(draft, fields)[0])` gives, where `fields` are its
    store fields (`event_id`, `seq`, `recorded_at`, `sender`, and `prev_hash`: its chain's `hash` then) and `digest`
    `sha256:` and the hex SHA-256 of the body's bytes; each chain's `hash` is moved on to its event's digest. In one
    loop, with the envelope's serializer called straight (what `body()` calls through `model_dump`): the write
    path's rows of a batch in one pass after its decisions (ingest51). `tests/audit/test_ingest51_log_rows.py`
    checks every row against `log_row` and `canonical_body`; `bench/audit_ingest_same.py` every stored byte.
    """
    rows: list[tuple[Any, ...]] = []
    add = rows.append
    recorded_text = _RECORDED_AT.dump_python
    sha256 = hashlib.sha256
    for draft, event_id, seq, recorded, sender, chain in pending:
        body = draft.__pydantic_serializer__.to_python(draft, mode="json")
        del body["hash"]
        prev = chain.hash
        body["event_id"], body["seq"], body["sender"], body["prev_hash"] = event_id, seq, sender, prev
        body["recorded_at"] = recorded_text(recorded, mode="json")
        text, raw = _encoded(type(draft), body)
        chain.hash = digest = "sha256:" + sha256(raw).hexdigest()
        pl = draft.payload
        facet_field = type(pl).FACET
        actor = draft.actor
        add((
            event_id, draft.team, seq, draft.type, to_us(draft.occurred_at), to_us(recorded), sender,
            draft.sender_event_id, actor.kind, actor.id, draft.session, draft.subject,
            None if facet_field is None else str(getattr(pl, facet_field)),
            pl.count if isinstance(pl, p.SecretBlanked) else 1,
            prev, digest, text,
        ))  # fmt: skip
    return rows


def event_from_body(body: str, digest: str) -> AuditEvent:
    """The stored event read back from its body JSON and hash column."""
    ev = EVENT_ADAPTER.validate_json(body)
    return ev.model_copy(update={"hash": digest})
