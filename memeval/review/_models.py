"""JSON shapes of the review API and of `memeval review list --json` (stable field names).

Every document carries `schema` and `schema_version` like every other memeval JSON output: the
queue and one item, the same in the API (`GET /api/v1/review/queue`, `/items/...`) and on the
command line (`memeval review list --json`, `review show --json`); the API's replies to actions
(`POST /claims`, `/decisions`, `/bulk`) and its errors, 422 for a malformed body included.
"""

from __future__ import annotations

from datetime import datetime
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from memeval.review._inert import InertText, inert
from memeval.review._queue import ItemView, QueueRow, QueueView

_EMPTY = inert("")

QUEUE_SCHEMA: Final = "memeval.review-queue/1"
"""`QueueOut`'s `schema`: {schema, schema_version, counts, overdue, overdue_after_h, items}."""
ITEM_SCHEMA: Final = "memeval.review-item/1"
"""`ItemDetailOut`'s `schema`: {schema, schema_version, item, sides, reasons, history}."""
DECISION_SCHEMA: Final = "memeval.review-decision/1"
"""`DecisionOut`'s `schema`: {schema, schema_version, ref, action, status, repeated, decision_id}."""
BULK_SCHEMA: Final = "memeval.review-bulk/1"
"""`BulkOut`'s `schema`: {schema, schema_version, results}, one `BulkItemOut` per ref sent, in order."""
CLAIM_SCHEMA: Final = "memeval.review-claim/1"
"""`LeaseOut`'s `schema`: {schema, schema_version, ref, holder, expires_at}."""
ERROR_SCHEMA: Final = "memeval.review-error/1"
"""`ErrorOut`'s `schema`: {schema, schema_version, error: {code, message}}."""


class ItemOut(BaseModel):
    """One item in the queue (or any state, on its own)."""

    model_config = ConfigDict(frozen=True)
    ref: str
    """`TYPE/TEAM/ID`, the handle every command and endpoint takes."""
    item_type: Literal["lesson", "contradiction", "hold"]
    team: str
    item_id: str
    status: str
    since: datetime
    """Business time the item was opened (UTC), as its sender says."""
    received: datetime | None = None
    """When the store received it (UTC): what `age_s`, `overdue` and the queue's order count from."""
    age_s: int
    """Seconds waited since `received` (until now, or until its decision)."""
    overdue: bool
    opened_by: str | None
    """`kind:id` of the proposer (lessons, holds); None for contradictions."""
    text: str | None
    """Full redacted text (lessons, holds). Hostile: escape before showing it in HTML."""
    source: str | None = None
    origin: str | None = None
    target_id: str | None = None
    a_item: str | None = None
    b_item: str | None = None
    kept: str | None = None
    decided_by: str | None = None
    decision_id: str | None = None
    claimed_by: str | None = None
    claim_expires_at: datetime | None = None


def item_out(row: QueueRow) -> ItemOut:
    """The JSON shape of a queue row."""
    it = row.item
    return ItemOut(
        ref=row.ref,
        item_type=it.item_type,
        team=it.team,
        item_id=it.item_id,
        status=it.status,
        since=it.since,
        received=it.received,
        age_s=row.age_s,
        overdue=row.overdue,
        opened_by=it.opened_by,
        text=it.text,
        source=it.source,
        origin=it.origin,
        target_id=it.target_id,
        a_item=it.a_item,
        b_item=it.b_item,
        kept=it.kept,
        decided_by=it.decided_by,
        decision_id=it.decision_id,
        claimed_by=row.claim.holder if row.claim else None,
        claim_expires_at=row.claim.expires_at if row.claim else None,
    )


class QueueOut(BaseModel):
    """The queue: counts per kind (after team/age filters), overdue count, waiting items."""

    model_config = ConfigDict(populate_by_name=True)
    schema_: Literal["memeval.review-queue/1"] = Field(default=QUEUE_SCHEMA, alias="schema")
    schema_version: int = 1
    counts: dict[str, int]
    overdue: int
    overdue_counts: dict[str, int] = Field(default_factory=dict)
    """Overdue items per kind after the team and age filters (the scope of `counts`; `overdue` is the listed kind's).

    Beside `overdue`, in the order README's table of `--json` outputs gives (it came after `items`, added last)."""
    overdue_after_h: float
    items: list[ItemOut]
    offset: int = 0
    """Items (after the filters) before `items`: the earlier pages."""
    more: int = 0
    """Items (after the filters) after `items`, still waiting: 0 on the last page."""
    next: str | None = None
    """Path and query of the next page (the same filters, `offset` moved on); None on the last page."""


def queue_out(view: QueueView, next_page: str | None = None) -> QueueOut:
    """The JSON shape of a queue view; `next_page` is the next page's path and query (when `view.more`)."""
    return QueueOut(
        counts=view.counts,
        overdue=view.overdue,
        overdue_after_h=view.overdue_after_h,
        items=[item_out(r) for r in view.rows],
        overdue_counts=view.overdue_counts,
        offset=view.offset,
        more=view.more,
        next=next_page if view.more else None,
    )


class SideOut(BaseModel):
    """One side of a contradiction."""

    item_id: str
    text: str


class ReasonOut(BaseModel):
    """Why a text was held."""

    rule: str
    excerpt: str


class EventOut(BaseModel):
    """One event in an item's history."""

    seq: int
    at: datetime
    type: str
    actor: str
    detail: str


class ItemDetailOut(BaseModel):
    """An item with its evidence (hold reasons or both sides) and history."""

    model_config = ConfigDict(populate_by_name=True)
    schema_: Literal["memeval.review-item/1"] = Field(default=ITEM_SCHEMA, alias="schema")
    schema_version: int = 1
    item: ItemOut
    sides: list[SideOut] = Field(default_factory=list)
    reasons: list[ReasonOut] = Field(default_factory=list)
    history: list[EventOut] = Field(default_factory=list)


def _text(t: InertText) -> str:
    return "".join(s.text for s in t.segments)


def detail_out(view: ItemView, age_s: int) -> ItemDetailOut:
    """The JSON shape of an item page's view (`age_s` in seconds)."""
    it = view.item
    row = QueueRow(it, view.ref, view.url, age_s, view.age, view.overdue, view.claim, view.text or _EMPTY)
    return ItemDetailOut(
        item=item_out(row),
        sides=[SideOut(item_id=i, text=_text(t)) for i, t in view.sides],
        reasons=[ReasonOut(rule=r.rule, excerpt=_text(r.excerpt)) for r in view.reasons],
        history=[
            EventOut(seq=h.seq, at=h.at, type=h.type, actor=h.actor, detail=_text(h.detail)) for h in view.history
        ],
    )


class DecisionIn(BaseModel):
    """A decision request: the item, the action, and (as the rules need) reason and side."""

    model_config = ConfigDict(extra="forbid")
    ref: str
    action: Literal["approve", "reject", "settle", "release", "discard"]
    reason: str | None = None
    kept: Literal["a", "b", "both", "neither"] | None = None
    decision_id: str | None = None
    """Reuse an id to make a retry a harmless repeat; a new one is made when left out."""


class DecisionOut(BaseModel):
    """What a decision did."""

    model_config = ConfigDict(populate_by_name=True)
    schema_: Literal["memeval.review-decision/1"] = Field(default=DECISION_SCHEMA, alias="schema")
    schema_version: int = 1
    ref: str
    action: str
    status: str
    """The item's state afterwards."""
    repeated: bool
    """True when the same decision id had been stored before (nothing new stored)."""
    decision_id: str


class BulkIn(BaseModel):
    """One action over many items; each item is decided (or refused) on its own."""

    model_config = ConfigDict(extra="forbid")
    refs: list[str] = Field(min_length=1, max_length=200)
    action: Literal["approve", "reject", "settle", "release", "discard"]
    reason: str | None = None
    kept: Literal["a", "b", "both", "neither"] | None = None


class BulkItemOut(BaseModel):
    """The outcome for one item of a bulk decision."""

    ref: str
    ok: bool
    code: str | None = None
    """The refusing rule (`wrong_state`, `claimed`, ...) when not ok."""
    message: str


class LeaseIn(BaseModel):
    """Take, give up, or (admin) break a claim."""

    model_config = ConfigDict(extra="forbid")
    ref: str
    op: Literal["claim", "drop", "break"] = "claim"


class BulkOut(BaseModel):
    """A bulk decision's reply: one outcome per ref, in the order sent (a bare list before)."""

    model_config = ConfigDict(populate_by_name=True)
    schema_: Literal["memeval.review-bulk/1"] = Field(default=BULK_SCHEMA, alias="schema")
    schema_version: int = 1
    results: list[BulkItemOut]


class LeaseOut(BaseModel):
    """The claim after the operation (holder None when given up)."""

    model_config = ConfigDict(populate_by_name=True)
    schema_: Literal["memeval.review-claim/1"] = Field(default=CLAIM_SCHEMA, alias="schema")
    schema_version: int = 1
    ref: str
    holder: str | None
    expires_at: datetime | None


class ErrorBody(BaseModel):
    """What went wrong: the refusing rule's (or the request check's) code and a sentence naming the fix."""

    code: str
    """`no_token`, `bad_token`, `not_found`, `bad_request` (a malformed body or query), or a rule's
    code (`wrong_state`, `claimed`, `missing_reason`, ... as in `REFUSAL_STATUS`)."""
    message: str


class ErrorOut(BaseModel):
    """Every API error: `{"schema": "memeval.review-error/1", "schema_version": 1, "error": {code, message}}`."""

    model_config = ConfigDict(populate_by_name=True)
    schema_: Literal["memeval.review-error/1"] = Field(default=ERROR_SCHEMA, alias="schema")
    schema_version: int = 1
    error: ErrorBody
