"""What the queue and item pages show: typed views built from the audit store.

`build_queue` lists waiting items (oldest first, by when the store received them) with filters by
kind, team and minimum age, counts per kind, and marks items waiting longer than the overdue age. `build_item`
gathers one item's full (redacted) text, proposer, time, evidence or both sides, and history.
Every text in a view is an `InertText` (see `_inert`), never raw markup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from urllib.parse import quote

from memeval.audit import (
    ContradictionOpened,
    HoldCreated,
    ReviewItem,
    SqlAuditStore,
    to_us,
)
from memeval.errors import ReviewRefused, UsageError
from memeval.review._accounts import Account
from memeval.review._inert import InertText, inert
from memeval.review._leases import Lease, active_leases
from memeval.review._read import find_items, get_item, item_events, waiting_items
from memeval.review._words import ITEM_TYPES, item_kind

PREVIEW_CHARS = 160

MAX_MIN_AGE_H = 1e6
"""The largest minimum age (hours) a queue filter takes: the bound of `memeval review list --min-age-h`, which
refused `nan` and `inf` while the API's and the page's `min_age_h` took them (NaN listed every item)."""


def item_ref(item_type: str, team: str, item_id: str) -> str:
    """The reference of an item used by the CLI and forms: `TYPE/TEAM/ID`."""
    return f"{item_type}/{team}/{item_id}"


def parse_ref(ref: str) -> tuple[str, str, str]:
    """Split `TYPE/TEAM/ID` into its parts.

    Raises:
        UsageError: not three parts, an unknown type, or a NUL character (PostgreSQL would refuse the lookup).
    """
    if "\0" in ref:
        raise UsageError(
            f"item reference {ref!r} has a NUL character (\\u0000), which no item id holds: "
            "copy it from `memeval review list`"
        )
    parts = ref.split("/", 2)
    if len(parts) != 3 or parts[0] not in ITEM_TYPES or not parts[1] or not parts[2]:
        raise UsageError(
            f"item reference {ref!r} is not TYPE/TEAM/ID with TYPE one of {', '.join(ITEM_TYPES)}: "
            "copy it from `memeval review list`"
        )
    return parts[0], parts[1], parts[2]


def resolve(store: SqlAuditStore, ref: str, account: Account | None = None) -> ReviewItem:
    """The item named by `TYPE/TEAM/ID`, or by a bare id when exactly one item has it.

    With `account`, items of teams the account does not review are treated as missing.

    Raises:
        ReviewRefused: `not_found` when nothing (or more than one item) matches.
    """
    if "/" in ref:
        kind, team, item_id = parse_ref(ref)
        item = get_item(store, kind, team, item_id)
        if item is None or (account is not None and not account.sees(team)):
            raise ReviewRefused(
                f"no {kind} {item_id!r} in team {team!r}: check `memeval review list`", code="not_found"
            )
        return item
    found = [i for i in find_items(store, ref) if account is None or account.sees(i.team)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise ReviewRefused(f"no item with id {ref!r}: check `memeval review list`", code="not_found")
    refs = ", ".join(item_ref(i.item_type, i.team, i.item_id) for i in found)
    raise ReviewRefused(f"id {ref!r} is ambiguous: use one of {refs}", code="not_found")


def age_text(seconds: float) -> str:
    """A short human age: `45 min`, `5 h 12 min`, `3 d 4 h`."""
    m = int(seconds // 60)
    if m < 60:
        return f"{m} min"
    h, m = divmod(m, 60)
    if h < 24:
        return f"{h} h {m} min"
    d, h = divmod(h, 24)
    return f"{d} d {h} h"


@dataclass(frozen=True)
class QueueFilter:
    """Filters of the queue: kind (None: all), team (None: all), minimum age in hours."""

    kind: str | None = None
    team: str | None = None
    min_age_h: float | None = None


@dataclass(frozen=True)
class QueueRow:
    """One waiting item as the queue shows it.

    Attributes:
        item: the item's state.
        ref: `TYPE/TEAM/ID`.
        url: path of its item page.
        age_s: seconds it has waited (from when the store received it to now; `ReviewItem.waiting_since`).
        age: the same, for people (`3 d 4 h`).
        overdue: waited longer than the configured overdue age.
        claim: the unexpired claim on it, if any.
        preview: the start of its text (lesson, hold) or its two sides (contradiction).
    """

    item: ReviewItem
    ref: str
    url: str
    age_s: int
    age: str
    overdue: bool
    claim: Lease | None
    preview: InertText


@dataclass(frozen=True)
class QueueView:
    """The queue page's data.

    Attributes:
        rows: waiting items after all filters, oldest first.
        counts: waiting items per kind after the team and age filters (the kind tabs).
        overdue: how many items after all filters are overdue (listed in `rows` or not).
        teams: every team with a waiting item (for the team filter).
        filter: the filters applied.
        overdue_after_h: the overdue age, hours.
        now: when the view was built (UTC).
        more: items after all filters left out of `rows` by the caller's `limit` after the page (the
            newer ones: the next page's and beyond).
        offset: items after all filters skipped before `rows` (the earlier pages; 0 for the first).
        overdue_counts: overdue items per kind after the team and age filters (the scope of
            `counts`; `overdue` is after the kind filter too).
    """

    rows: list[QueueRow]
    counts: dict[str, int]
    overdue: int
    teams: list[str]
    filter: QueueFilter
    overdue_after_h: float
    now: datetime
    more: int = 0
    offset: int = 0
    overdue_counts: dict[str, int] = field(default_factory=dict)


def queue_key(item: ReviewItem) -> tuple[int, str, int]:
    """Where `item` is in the queue's order: (received time in microseconds since the epoch, team, opening seq).

    The order of `waiting_items` (`waiting_since`, team, `opened_seq`); `after` in `build_queue`.
    """
    return (to_us(item.waiting_since), item.team, item.opened_seq)


_MAX_US = 253402300799999999
"""9999-12-31T23:59:59.999999 UTC in microseconds since the epoch: no later received time is stored."""


def after_text(item: ReviewItem) -> str:
    """The place of `item` in the queue as a page's `after` names it: `RECEIVED_US:SEQ:TEAM`.

    The API's `next` and the queue page's "next page" link both end with it (`parse_after` reads it).
    """
    us, team, seq = queue_key(item)
    return f"{us}:{seq}:{team}"


def parse_after(after: str) -> tuple[int, str, int]:
    """`after` (`RECEIVED_US:SEQ:TEAM`, as `after_text` writes it) as a `queue_key`.

    Raises:
        UsageError: not three parts, or a time or seq that is not a whole number in range.
    """
    m = re.fullmatch(r"([0-9]{1,18}):([0-9]{1,19}):(.+)", after, re.DOTALL)
    if m is None or int(m[1]) > _MAX_US:
        raise UsageError(
            f"after {after!r} is not a queue place: give the `next` of the page before "
            "(RECEIVED_US:SEQ:TEAM, two whole numbers >= 0 and a team)"
        )
    return (int(m[1]), m[3], int(m[2]))


def item_url(item_type: str, team: str, item_id: str) -> str:
    """Path of an item page (each part percent-encoded)."""
    return "/item/" + "/".join(quote(x, safe="") for x in (item_type, team, item_id))


def _preview(item: ReviewItem) -> InertText:
    if item.item_type == "contradiction":
        return inert(f"{item.a_item} vs {item.b_item}")
    text = item.text or ""
    return inert(text if len(text) <= PREVIEW_CHARS else text[:PREVIEW_CHARS] + "…")


def build_queue(
    store: SqlAuditStore,
    filt: QueueFilter,
    *,
    now: datetime,
    overdue_after_h: float,
    account: Account | None = None,
    limit: int | None = None,
    offset: int = 0,
    after: tuple[int, str, int] | None = None,
) -> QueueView:
    """The queue under `filt` at `now` (see `QueueView`); with `account`, only the teams it reviews.

    With `limit`, only the oldest `limit` items are built into rows (`QueueView.more` counts the
    rest): a page of 20,000 waiting items was 13 MB of HTML and about 3 s of CPU per view. With
    `offset`, the first `offset` items after all filters are skipped (earlier pages); counts and
    the overdue total still cover every item. With `after` (`queue_key` of the last item of the page
    before), the items up to it are skipped too, then `offset` more: a page cut by position alone
    skipped an item for each one decided on the pages before it (`QueueView.offset` counts both).

    Raises:
        UsageError: an unknown kind (`item_kind`), a minimum age that is negative, over `MAX_MIN_AGE_H`
            or not a number (NaN, infinity), or a negative offset.
    """
    if filt.kind is not None:
        filt = QueueFilter(item_kind(filt.kind), filt.team, filt.min_age_h)
    if filt.min_age_h is not None and filt.min_age_h < 0:
        raise UsageError(f"minimum age {filt.min_age_h} h is negative: give hours >= 0")
    if filt.min_age_h is not None and not filt.min_age_h <= MAX_MIN_AGE_H:  # NaN and infinity too
        raise UsageError(
            f"minimum age {filt.min_age_h} h is not a number of hours memeval takes: give hours from 0 to "
            f"{MAX_MIN_AGE_H:,.0f}"
        )
    if offset < 0:
        raise UsageError(f"offset {offset} is negative: give 0 for the first page")
    everything = [i for i in waiting_items(store) if account is None or account.sees(i.team)]
    teams = sorted({i.team for i in everything})
    claims = active_leases(store, now)
    counts = dict.fromkeys(ITEM_TYPES, 0)
    late_counts = dict.fromkeys(ITEM_TYPES, 0)
    rows: list[QueueRow] = []
    overdue = more = skipped = passed = 0
    for it in everything:
        age_s = max(0, int((now - it.waiting_since).total_seconds()))
        if filt.team is not None and it.team != filt.team:
            continue
        if filt.min_age_h is not None and age_s < filt.min_age_h * 3600:
            continue
        counts[it.item_type] += 1
        late = age_s > overdue_after_h * 3600
        late_counts[it.item_type] += late
        if filt.kind is not None and it.item_type != filt.kind:
            continue
        overdue += late
        if after is not None and queue_key(it) <= after:
            skipped += 1
            passed += 1
            continue
        if skipped - passed < offset:
            skipped += 1
            continue
        if limit is not None and len(rows) >= limit:
            more += 1
            continue
        rows.append(
            QueueRow(
                it,
                item_ref(it.item_type, it.team, it.item_id),
                item_url(it.item_type, it.team, it.item_id),
                age_s,
                age_text(age_s),
                late,
                claims.get((it.item_type, it.team, it.item_id)),
                _preview(it),
            )
        )
    return QueueView(rows, counts, overdue, teams, filt, overdue_after_h, now, more, skipped, late_counts)


@dataclass(frozen=True)
class HistoryRow:
    """One event about an item: seq, business time, type, who, and its details."""

    seq: int
    at: datetime
    type: str
    actor: str
    detail: InertText


@dataclass(frozen=True)
class HoldReason:
    """Why a text was held: the rule and the excerpt it matched (inert)."""

    rule: str
    excerpt: InertText


@dataclass(frozen=True)
class ItemView:
    """The item page's data.

    Attributes:
        item: the item's state.
        ref: `TYPE/TEAM/ID`.
        url: its page path.
        age: how long it has waited (or waited before its decision).
        overdue: still waiting and older than the overdue age.
        text: its full redacted text (lesson, hold), inert.
        sides: for a contradiction, ((a_item, a_text), (b_item, b_text)).
        reasons: for a hold, why it was held.
        score / detector: for a hold, the detector's score and version.
        history: every event about it, in order.
        claim: the unexpired claim on it, if any.
        opened_by: `kind:id` of whoever opened it (for a contradiction, the memory system's actor).
    """

    item: ReviewItem
    ref: str
    url: str
    age: str
    overdue: bool
    text: InertText | None
    sides: tuple[tuple[str, InertText], ...] = ()
    reasons: tuple[HoldReason, ...] = ()
    score: float | None = None
    detector: str | None = None
    history: list[HistoryRow] = field(default_factory=list)
    claim: Lease | None = None
    opened_by: str = ""


def _detail(ev_type: str, payload: object) -> str:
    parts = []
    for name in ("kept", "reason", "comment", "item_type", "source", "origin", "text"):
        value = getattr(payload, name, None)
        if value and not (ev_type in ("hold.created", "lesson.proposed") and name == "text"):
            parts.append(f"{name}: {value}")
    decision = getattr(payload, "decision_id", None)
    if decision:
        parts.append(f"decision {decision}")
    return "; ".join(parts)


def build_item(store: SqlAuditStore, item: ReviewItem, *, now: datetime, overdue_after_h: float) -> ItemView:
    """The item page's view of `item` at `now`."""
    events = item_events(store, item.team, item.item_id)
    history = [
        HistoryRow(
            ev.seq or 0, ev.occurred_at, ev.type, f"{ev.actor.kind}:{ev.actor.id}", inert(_detail(ev.type, ev.payload))
        )
        for ev in events
    ]
    sides: tuple[tuple[str, InertText], ...] = ()
    reasons: tuple[HoldReason, ...] = ()
    score = detector = None
    for ev in events:
        pl = ev.payload
        if isinstance(pl, ContradictionOpened):
            sides = ((pl.a_item, inert(pl.a_text)), (pl.b_item, inert(pl.b_text)))
        elif isinstance(pl, HoldCreated):
            reasons = tuple(HoldReason(r.rule, inert(r.excerpt)) for r in pl.reasons)
            score, detector = pl.score, pl.detector
    end = now if item.waiting else next((h.at for h in history if h.seq == item.decided_seq), now)
    age_s = max(0, int((end - item.waiting_since).total_seconds()))
    claim = active_leases(store, now).get((item.item_type, item.team, item.item_id))
    return ItemView(
        item,
        item_ref(item.item_type, item.team, item.item_id),
        item_url(item.item_type, item.team, item.item_id),
        age_text(age_s),
        item.waiting and age_s > overdue_after_h * 3600,
        None if item.text is None else inert(item.text),
        sides,
        reasons,
        score,
        detector,
        history,
        claim,
        item.opened_by or (history[0].actor if history else "unknown"),
    )


def overdue_items(
    store: SqlAuditStore, *, now: datetime, overdue_after_h: float, team: str | None = None
) -> list[QueueRow]:
    """Items still waiting at `now` for longer than `overdue_after_h` hours, oldest first.

    For the weekly report's list of items that waited too long (same rule as the queue's mark).
    """
    view = build_queue(store, QueueFilter(team=team), now=now, overdue_after_h=overdue_after_h)
    return [r for r in view.rows if r.overdue]
