"""Payload models of the audit event types, one per `type`, and their free-text fields.

Every payload names its free-text fields in `FREE_TEXT`: the write path passes exactly those
through redaction before anything is stored. The item an event is about (lesson, contradiction,
hold, memory) is the envelope's `subject`, never repeated in the payload.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from memeval.audit._simple import TEAM_NAME
from memeval.types import ItemKind

ID_SHAPE = r"^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,127}$"
"""Shape of an id field (session, subject, requested): no spaces, no quotes, at most 128
characters. Ids are not redacted, so the store also refuses one that a redaction scanner flags
(`memeval.audit._sanitize.Sanitizer.check_ids`)."""
ROLE_SHAPE = r"^[a-z][a-z0-9_-]{0,39}$"
"""Shape of `actor.role`: a short lower-case label such as `reviewer` or `support-agent`."""
TEAM_SHAPE = f"^{TEAM_NAME.pattern}$"
"""Shape of a team name: lower-case, such as `fernhill` (it names folders and weekly reports)."""

TextSource = Literal["person", "agent", "tool", "web", "email", "document"]
"""Where a text came from; the hold detector judges text from tools, web, e-mail and documents on
weaker evidence than a person's own words."""

RefusalCode = Literal["outside_slice", "held_item", "open_contradiction", "retired_item", "not_permitted"]
"""Why an agent was refused access to a memory item."""

Kept = Literal["a", "b", "both", "neither"]
"""Which side of a settled contradiction stays in memory."""


def _registered_kind(value: str) -> str:
    from memeval.audit._lifecycle import check_item_type  # the registry imports this module

    return check_item_type(value)


ReviewItemType = Annotated[str, AfterValidator(_registered_kind)]
"""The kinds of item that wait in the reviewer queue: a registered `Lifecycle.kind` (`lesson`,
`contradiction`, `hold`)."""

HoldOrigin = Literal["memory.written", "lesson.proposed"]
"""The event a held text would have been, had it not been held."""


class Payload(BaseModel):
    """Base of every payload: frozen, unknown fields refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    FREE_TEXT: ClassVar[tuple[str, ...]] = ()
    """Names of the fields holding free text (redacted before storage)."""
    FACET: ClassVar[str | None] = None
    """The one field counts group by (stored in the `facet` column), if any."""


class SessionStarted(Payload):
    """A session began with a slice of memory."""

    slice_id: str = Field(min_length=1)
    """Id of the slice the session was given."""
    slice_hash: str = Field(min_length=1)
    """Content hash of that slice (`sha256:...`)."""


class SessionEnded(Payload):
    """A session ended."""

    outcome: Literal["completed", "abandoned", "errored"] = "completed"
    """How it ended, as the memory system saw it."""


class MemoryWritten(Payload):
    """An agent (or a released hold) wrote a memory item."""

    FREE_TEXT = ("text",)
    kind: ItemKind = "fact"
    text: str = Field(min_length=1)
    """The memory text, redacted before storage."""
    source: TextSource = "agent"
    """Where the text came from (decides how easily it is held)."""
    released_hold: str | None = None
    """The hold this memory was released from, if any (set by the store, never by a sender)."""


class MemoryRetired(Payload):
    """A memory item was retired (no longer given to agents)."""

    FREE_TEXT = ("reason",)
    reason: str = Field(min_length=1)


class LessonProposed(Payload):
    """An agent or person proposed a lesson; it waits for a person."""

    FREE_TEXT = ("text",)
    text: str = Field(min_length=1)
    source: TextSource = "agent"
    released_hold: str | None = None
    """The hold this proposal was released from, if any (set by the store)."""


class _Decision(Payload):
    decision_id: str = Field(min_length=1)
    """The decision's own id: repeating the same decision id is a no-op."""


class LessonApproved(_Decision):
    """A person approved a waiting lesson (never its proposer)."""

    FREE_TEXT = ("comment",)
    comment: str | None = None


class LessonRejected(_Decision):
    """A person rejected a waiting lesson; the reason is required."""

    FREE_TEXT = ("reason",)
    reason: str = Field(min_length=1)


class ContradictionOpened(Payload):
    """Two memory items say opposite things; agents act on neither side until it is settled."""

    FREE_TEXT = ("a_text", "b_text")
    a_item: str = Field(min_length=1)
    a_text: str = Field(min_length=1)
    b_item: str = Field(min_length=1)
    b_text: str = Field(min_length=1)


class ContradictionSettled(_Decision):
    """A person settled an open contradiction by keeping one side, both or neither."""

    FREE_TEXT = ("reason",)
    FACET = "kept"
    kept: Kept
    reason: str | None = None


class AccessRefused(Payload):
    """An agent asked for something outside what it may read, and was refused."""

    FREE_TEXT = ("text",)
    FACET = "reason_code"
    reason_code: RefusalCode
    text: str = Field(min_length=1)
    """The refusal as explained to the agent (redacted)."""
    requested: str | None = Field(default=None, pattern=ID_SHAPE)
    """The id of the item asked for, when known (an id's shape, `ID_SHAPE`; scanned too)."""


class SecretBlanked(Payload):
    """Redaction replaced secrets or personal data of one type in one field of one event.

    Written by the store only. Never holds the secret: `fingerprints` are keyed HMACs.
    """

    FACET = "entity_type"
    of_event: str
    """The sender event id of the event the text belonged to."""
    field: str
    """Which field, e.g. `payload.text`."""
    entity_type: str
    """The detector's type, e.g. `AWS_ACCESS_KEY`, `EMAIL_ADDRESS`."""
    count: int = Field(ge=1)
    fingerprints: tuple[str, ...]
    """One keyed fingerprint per blanked value, in text order."""
    detector: str
    redactor_version: str
    names_scanned: bool
    """False when no name/place model was available: names were not looked for."""


class HoldReasonOut(Payload):
    """Why a text was held: a rule and the span it matched in the (redacted) text."""

    rule: str
    start: int
    end: int
    excerpt: str


class HoldCreated(Payload):
    """A text that reads like orders to an agent went to quarantine instead of memory."""

    FREE_TEXT = ("text",)
    FACET = "origin"
    origin: HoldOrigin
    item_id: str
    """The memory or lesson id the text would have had."""
    kind: ItemKind = "fact"
    text: str
    """The held text, already redacted."""
    source: TextSource
    score: float
    reasons: tuple[HoldReasonOut, ...]
    detector: str


class HoldReleased(_Decision):
    """A person released a held text; the store then writes it as memory (or a proposal)."""

    FREE_TEXT = ("comment",)
    comment: str | None = None


class HoldDiscarded(_Decision):
    """A person discarded a held text; the reason is required."""

    FREE_TEXT = ("reason",)
    reason: str = Field(min_length=1)


class ReviewClaimed(Payload):
    """A reviewer took a waiting item."""

    FACET = "item_type"
    item_type: ReviewItemType


class ReviewCommented(Payload):
    """A reviewer commented on an item."""

    FREE_TEXT = ("text",)
    FACET = "item_type"
    item_type: ReviewItemType
    text: str = Field(min_length=1)


class ReportGenerated(Payload):
    """A weekly report was rendered from a range of the log."""

    week: str = Field(pattern=r"^\d{4}-W\d{2}$")
    first_seq: int
    last_seq: int
    sha256: str
    path: str | None = None
    """Where the PDF is: `<team>/<week>/v<n>/report.pdf` under the store's report folder (older events: absolute)."""
    tz: str | None = None
    """The zone the week was cut in (so a lost file can be rebuilt exactly); None in older events."""
    overdue_after_h: float | None = None
    """The overdue age the report used, hours; None in older events."""
    waiting_aged_by: Literal["received"] | None = None
    """`received`: the report's waiting ages count from when the store received each item; None in
    older events, whose reports aged them by business time (`memeval.audit._counts`)."""
    backdated_by: Literal["received"] | None = None
    """`received`: the report lists the events the store received in its week but dated into a week
    no report counted (`AuditReads.backdated`); None in older events, whose reports had no such list."""
    lists_sha256: str | None = None
    """Digest of what the report shows of back-dated events: its list, and the note of its week's events an
    earlier report listed as back-dated (`memeval.auditreport._elsewhere`); None in older events."""


class ReportDeliveryAttempted(Payload):
    """An attempt to e-mail a report, successful or not."""

    FREE_TEXT = ("error",)
    week: str = Field(pattern=r"^\d{4}-W\d{2}$")
    report_sha256: str
    ok: bool
    recipients: int = Field(ge=0)
    error: str | None = None
