"""The audit event envelope and the discriminated union of event types (schema version 1).

An event arrives as a *draft* (what a sender knows: its own event id, type, business time, team,
actor, session, subject, payload) and is stored as the same model with the store's fields filled
in: `event_id`, `seq`, `recorded_at`, `sender`, `prev_hash`, `hash`. `hash` is the SHA-256 of the
canonical JSON of the whole envelope without `hash` (see `canonical_json`). The schema is
documented for humans in `audit/SCHEMA.md`.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from typing import Annotated, Any, Final, Literal

from pydantic import (
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from memeval.audit import _payloads as p
from memeval.audit._lifecycle import LIFECYCLES

SCHEMA_VERSION: Final = 1
"""Version of the envelope and payload shapes; bump it (and add an upcaster) on any change."""

GENESIS_HASH = "sha256:" + "0" * 64
"""The `prev_hash` of a team's first event."""

ActorKind = Literal["agent", "person", "system"]

EventType = Literal[
    "session.started",
    "session.ended",
    "memory.written",
    "memory.retired",
    "lesson.proposed",
    "lesson.approved",
    "lesson.rejected",
    "contradiction.opened",
    "contradiction.settled",
    "access.refused",
    "secret.blanked",
    "hold.created",
    "hold.released",
    "hold.discarded",
    "review.claimed",
    "review.commented",
    "report.generated",
    "report.delivery_attempted",
]
"""Every event type, `noun.verb` in the past tense."""

STORE_FIELDS = ("event_id", "seq", "recorded_at", "sender", "prev_hash", "hash")
"""Envelope fields the store assigns; a sender that sets them is refused."""

SUBJECT_REQUIRED: frozenset[str] = frozenset(
    {"memory.written", "memory.retired", "review.claimed", "review.commented"}
    | {t for lc in LIFECYCLES.values() for t in lc.event_types}
)
"""Types whose `subject` (the item's id) is required (memory items, reviews and every `LIFECYCLES` type)."""


class Actor(BaseModel):
    """Who did it: an agent, a person or memeval itself (`system`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: ActorKind
    id: str = Field(min_length=1, max_length=200)
    role: str | None = Field(default=None, pattern=p.ROLE_SHAPE)
    """Label such as `support-agent`, `reviewer`, `owner` (`ROLE_SHAPE`: never free text)."""


class Envelope(BaseModel):
    """Fields every audit event has. Subclasses fix `type` and the payload model."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: Literal[1] = SCHEMA_VERSION
    event_id: str | None = None
    """Store-assigned id, `ev_` + 24 hex characters (None in a draft)."""
    seq: int | None = None
    """Store-assigned per-team sequence number, 1, 2, 3, ... without gaps."""
    type: EventType
    occurred_at: AwareDatetime
    """Business time: when it happened, as the sender says (stored in UTC)."""
    recorded_at: AwareDatetime | None = None
    """Record time: when the store appended it (UTC)."""
    team: str = Field(pattern=p.TEAM_SHAPE)
    sender: str | None = None
    """Store-assigned: the authenticated sender (token) or the CLI's `--sender`."""
    sender_event_id: str = Field(min_length=1, max_length=200)
    """The sender's own id for the event; the store keeps one event per (team, sender, id)."""
    actor: Actor
    session: str | None = Field(default=None, pattern=p.ID_SHAPE)
    subject: str | None = Field(default=None, pattern=p.ID_SHAPE)
    """The item the event is about (memory, lesson, contradiction or hold id; `ID_SHAPE`)."""
    payload: p.Payload
    prev_hash: str | None = None
    hash: str | None = None

    @field_validator("occurred_at", "recorded_at", mode="before")
    @classmethod
    def _not_a_number(cls, v: Any) -> Any:
        # pydantic reads a bare number as seconds (or milliseconds) since 1970, so `"occurred_at": 5`
        # was stored as 1970-01-01T00:00:05Z; a sender means a time and writes it as one
        if isinstance(v, int | float):
            raise PydanticCustomError(
                "datetime_from_number",
                "a time is written as text with its zone, e.g. 2026-11-20T10:00:00Z, not a number",
            )
        return v

    @field_validator("occurred_at", "recorded_at")
    @classmethod
    def _to_utc(cls, v: datetime | None) -> datetime | None:
        if v is None:
            return None
        try:
            return v.astimezone(UTC)
        except OverflowError:  # 0001-01-01T00:00:00+14:00 is in year 0 in UTC: a traceback, an HTTP 500
            raise PydanticCustomError(
                "time_out_of_range",
                "this time falls outside years 0001-9999 once moved to UTC (its zone offset crosses the end of the "
                "calendar): write a time within it, e.g. 2026-11-20T10:00:00Z",
            ) from None

    @model_validator(mode="after")
    def _subject_and_session(self) -> Envelope:
        if self.type in SUBJECT_REQUIRED and not self.subject:
            raise ValueError(f"a {self.type} event needs `subject` (the item's id)")
        if self.type.startswith("session.") and not self.session:
            raise ValueError(f"a {self.type} event needs `session` (the session id)")
        return self

    def body(self) -> dict[str, Any]:
        """The envelope as JSON-ready data without `hash` (what the hash covers)."""
        body = self.model_dump(mode="json")  # then `hash` removed: about a fifth less CPU than `exclude={"hash"}`
        del body["hash"]
        return body

    def compute_hash(self) -> str:
        """`sha256:` + hex SHA-256 of `canonical_json(self.body())`."""
        return "sha256:" + hashlib.sha256(canonical_json(self.body()).encode()).hexdigest()


def canonical_json(data: Any) -> str:
    """Canonical JSON: keys sorted, no spaces, non-ASCII characters kept as UTF-8 (not escaped).

    `json.dumps` with these options, through one encoder made once (`dumps` builds a new encoder
    per call with options other than the defaults, about 40% of the call's CPU); each `encode`
    call keeps its own state, so threads may share it.
    """
    return _CANONICAL.encode(data)


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class SessionStartedEvent(Envelope):
    """`session.started`: a session began with a slice (id and hash)."""

    type: Literal["session.started"] = "session.started"
    payload: p.SessionStarted


class SessionEndedEvent(Envelope):
    """`session.ended`."""

    type: Literal["session.ended"] = "session.ended"
    payload: p.SessionEnded


class MemoryWrittenEvent(Envelope):
    """`memory.written`: a memory item entered memory."""

    type: Literal["memory.written"] = "memory.written"
    payload: p.MemoryWritten


class MemoryRetiredEvent(Envelope):
    """`memory.retired`."""

    type: Literal["memory.retired"] = "memory.retired"
    payload: p.MemoryRetired


class LessonProposedEvent(Envelope):
    """`lesson.proposed`: waits for a person."""

    type: Literal["lesson.proposed"] = "lesson.proposed"
    payload: p.LessonProposed


class LessonApprovedEvent(Envelope):
    """`lesson.approved`."""

    type: Literal["lesson.approved"] = "lesson.approved"
    payload: p.LessonApproved


class LessonRejectedEvent(Envelope):
    """`lesson.rejected` (reason required)."""

    type: Literal["lesson.rejected"] = "lesson.rejected"
    payload: p.LessonRejected


class ContradictionOpenedEvent(Envelope):
    """`contradiction.opened`."""

    type: Literal["contradiction.opened"] = "contradiction.opened"
    payload: p.ContradictionOpened


class ContradictionSettledEvent(Envelope):
    """`contradiction.settled` (kept a, b, both or neither; by the actor)."""

    type: Literal["contradiction.settled"] = "contradiction.settled"
    payload: p.ContradictionSettled


class AccessRefusedEvent(Envelope):
    """`access.refused` (reason code and text)."""

    type: Literal["access.refused"] = "access.refused"
    payload: p.AccessRefused


class SecretBlankedEvent(Envelope):
    """`secret.blanked` (type, count, keyed fingerprints; never the secret)."""

    type: Literal["secret.blanked"] = "secret.blanked"
    payload: p.SecretBlanked


class HoldCreatedEvent(Envelope):
    """`hold.created`: redacted text in quarantine."""

    type: Literal["hold.created"] = "hold.created"
    payload: p.HoldCreated


class HoldReleasedEvent(Envelope):
    """`hold.released`."""

    type: Literal["hold.released"] = "hold.released"
    payload: p.HoldReleased


class HoldDiscardedEvent(Envelope):
    """`hold.discarded` (reason required)."""

    type: Literal["hold.discarded"] = "hold.discarded"
    payload: p.HoldDiscarded


class ReviewClaimedEvent(Envelope):
    """`review.claimed`."""

    type: Literal["review.claimed"] = "review.claimed"
    payload: p.ReviewClaimed


class ReviewCommentedEvent(Envelope):
    """`review.commented`."""

    type: Literal["review.commented"] = "review.commented"
    payload: p.ReviewCommented


class ReportGeneratedEvent(Envelope):
    """`report.generated`."""

    type: Literal["report.generated"] = "report.generated"
    payload: p.ReportGenerated


class ReportDeliveryAttemptedEvent(Envelope):
    """`report.delivery_attempted`."""

    type: Literal["report.delivery_attempted"] = "report.delivery_attempted"
    payload: p.ReportDeliveryAttempted


AuditEvent = Annotated[
    SessionStartedEvent
    | SessionEndedEvent
    | MemoryWrittenEvent
    | MemoryRetiredEvent
    | LessonProposedEvent
    | LessonApprovedEvent
    | LessonRejectedEvent
    | ContradictionOpenedEvent
    | ContradictionSettledEvent
    | AccessRefusedEvent
    | SecretBlankedEvent
    | HoldCreatedEvent
    | HoldReleasedEvent
    | HoldDiscardedEvent
    | ReviewClaimedEvent
    | ReviewCommentedEvent
    | ReportGeneratedEvent
    | ReportDeliveryAttemptedEvent,
    Field(discriminator="type"),
]
"""Any audit event, chosen by its `type`."""

EVENT_ADAPTER: TypeAdapter[AuditEvent] = TypeAdapter(AuditEvent)
"""Validates a dict (or JSON) into the right event class."""
