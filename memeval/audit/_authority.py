"""Who may write which event types, how person ids are normalised, and the size limits of events.

Three channels write the log, each only its own types (`ORIGIN_TYPES`):

- `ingest` (a memory system, through `memeval audit ingest` or `POST /api/v1/events`):
  `INGEST_TYPES`, what a memory system itself observes. A decision sent this way is refused
  (HTTP 403), whoever the event says its actor is: a sender token is not a person.
- `review` (the review queue's authenticated paths, `memeval.review`): `QUEUE_TYPES`, the
  decisions, claims and comments of people logged in with an account.
- `report` (`memeval.auditreport`): the report's own events.

The store writes `secret.blanked`, `hold.created` and the memory a `hold.released` releases itself.

Person ids are compared in one normal form (`normalize_person_id`, in `_person`): Unicode NFKC, case folded,
surrounding white space removed, so "Rita", " rita" and "ＲＩＴＡ" are one person.

Limits (environment, read when the store is opened): `MEMEVAL_AUDIT_MAX_EVENT_BYTES` (one event's
JSON, default 262144 = 256 KiB) and `MEMEVAL_AUDIT_MAX_TEXT_CHARS` (one free-text field, default
65536 characters).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Literal

from memeval.audit._lifecycle import LIFECYCLES, all_decisions
from memeval.errors import UsageError

Origin = Literal["ingest", "review", "report"]
"""The channel an append comes through (see the module docstring)."""

INGEST_TYPES: frozenset[str] = frozenset(
    {"session.started", "session.ended", "memory.written", "memory.retired", "access.refused"}
    | {lc.opening for lc in LIFECYCLES.values() if lc.ingested}
)
"""Event types a memory system emits: the only ones ingest (file or HTTP) accepts (with the
openings of `LIFECYCLES` a memory system sends: `lesson.proposed`, `contradiction.opened`)."""

QUEUE_TYPES: frozenset[str] = frozenset(
    {d.event_type for _, d in all_decisions()} | {"review.claimed", "review.commented"}
)
"""Decisions, claims and comments of people: only the review queue's authenticated paths write them."""

STORE_TYPES: frozenset[str] = frozenset(
    {"secret.blanked"} | {lc.opening for lc in LIFECYCLES.values() if not lc.ingested}
)
"""Types only the store itself writes (`secret.blanked`, `hold.created`); a sender that sends one is refused."""

REPORT_TYPES: frozenset[str] = frozenset({"report.generated", "report.delivery_attempted"})
"""Events of the weekly report."""

ORIGIN_TYPES: dict[str, frozenset[str]] = {"ingest": INGEST_TYPES, "review": QUEUE_TYPES, "report": REPORT_TYPES}
"""Origin -> the event types it may append."""

DEFAULT_MAX_EVENT_BYTES = 256 * 1024
DEFAULT_MAX_TEXT_CHARS = 65_536

MAX_AHEAD_S = 3600
"""Most seconds an ingested event's `occurred_at` may lie after the store's clock when it arrives.

Weekly counts, the report's refusals, blanked secrets and held texts are taken by business time
(`occurred_at`), which the sender writes. An event dated after its own arrival (year 9999, say)
fell in no week a report was ever made for: a hostile agent's refusals and a memory system's held
texts were counted in no report. One hour of clock skew is allowed (a sender's clock a little
fast); anything later is refused. Events dated in the past stay accepted (a week ingested after
it ended is counted in its own week and the report says what it received late)."""


def refused_type_message(event_type: str, origin: str) -> str:
    """Why `event_type` may not come through `origin`, and what to do instead."""
    if event_type in QUEUE_TYPES:
        return (
            f"{event_type} is a person's decision: it is taken in the review queue (memeval review, the "
            "web pages or /api/v1/review with a personal token), never sent by a memory system"
        )
    if event_type in STORE_TYPES:
        return f"{event_type} has a type only memeval writes: send the original text and memeval blanks or holds it"
    if event_type in REPORT_TYPES:
        return f"{event_type} is written by memeval's weekly report, never sent by a memory system"
    allowed = ", ".join(sorted(ORIGIN_TYPES.get(origin, frozenset())))
    return f"{event_type} cannot be written through {origin}: it accepts {allowed}"


@dataclass(frozen=True)
class Limits:
    """Size limits of one event (see the module docstring for the variables).

    Attributes:
        max_event_bytes: most bytes of one event's JSON (a JSONL line, one item of an HTTP batch).
        max_text_chars: most characters of one free-text field.
    """

    max_event_bytes: int = DEFAULT_MAX_EVENT_BYTES
    max_text_chars: int = DEFAULT_MAX_TEXT_CHARS

    @classmethod
    def from_env(cls) -> Limits:
        """Limits from `MEMEVAL_AUDIT_MAX_EVENT_BYTES` and `MEMEVAL_AUDIT_MAX_TEXT_CHARS`.

        Raises:
            UsageError: a value is not a positive integer (the variable is named).
        """
        values: dict[str, int] = {}
        for field, var in (("max_event_bytes", "MEMEVAL_AUDIT_MAX_EVENT_BYTES"),
                           ("max_text_chars", "MEMEVAL_AUDIT_MAX_TEXT_CHARS")):  # fmt: skip
            raw = os.environ.get(var)
            if not raw:
                continue
            try:
                n = int(raw)
            except ValueError:
                n = 0
            if n < 1:
                raise UsageError(f"{var}={raw!r} is not a positive whole number: give e.g. {getattr(cls, field)}")
            values[field] = n
        return cls(**values)

    def event_too_big(self, size: int) -> str | None:
        """The refusal for an event of `size` bytes, or None when it fits."""
        if size <= self.max_event_bytes:
            return None
        return (
            f"the event is {size} bytes, over the limit of {self.max_event_bytes} "
            "(MEMEVAL_AUDIT_MAX_EVENT_BYTES): split it, shorten its text, or raise the limit"
        )

    def text_too_long(self, field: str, chars: int) -> str | None:
        """The refusal for a free-text field of `chars` characters, or None when it fits."""
        if chars <= self.max_text_chars:
            return None
        return (
            f"payload.{field} has {chars} characters, over the limit of {self.max_text_chars} "
            "(MEMEVAL_AUDIT_MAX_TEXT_CHARS): shorten it or raise the limit"
        )
