"""Items that waited too long for a person, as of a report's cut (issue 7, notifications).

The rule is the review queue's: an item still waiting (a lesson not approved or rejected, an open
contradiction, a held text not released or discarded) for longer than `overdue_after_h` hours is
overdue, counted from when the store received the item (never the sender's business time, which has
no lower bound). The queue ages items at the wall clock; the report ages them at the end of its week and
reads only the log prefix it counted (seq <= `upto_seq`), so the same week re-renders the same.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from pydantic import SecretBytes

from memeval.audit import Lifecycle, LogRow, SqlAuditStore, for_event
from memeval.auditreport._context import OverdueItem
from memeval.review import ReviewSettings, age_text, inert, item_ref

EXCERPT_CHARS = 160
"""Most characters of an item's text an overdue row shows."""


def overdue_after_setting() -> float:
    """The queue's overdue age in hours: `MEMEVAL_REVIEW_OVERDUE_AFTER_H`, else its default (48).

    Read through `ReviewSettings.from_env` so the report and the queue validate it the same way;
    the cookie-signing key is not needed here and is neither read nor created.

    Raises:
        UsageError: the variable is not a number, or not in (0, `MAX_OVERDUE_H`].
    """
    return ReviewSettings.from_env(secret_key=SecretBytes(b"")).overdue_after_h


def hours_label(hours: float) -> str:
    """`48 hours`, `1 hour`, `1.5 hours`."""
    n = f"{hours:g}"
    return f"{n} hour" if n == "1" else f"{n} hours"


def _excerpt(row: LogRow, lc: Lifecycle) -> str:
    raw = lc.excerpt(lc.opening_payload.model_validate(row.payload))
    if len(raw) > EXCERPT_CHARS:
        raw = raw[: EXCERPT_CHARS - 3] + "..."
    return inert(raw).as_plain()


def overdue_list(
    store: SqlAuditStore,
    team: str,
    end: datetime,
    upto_seq: int,
    overdue_after_h: float,
    limit: int,
    when: Callable[[datetime], str],
) -> tuple[tuple[OverdueItem, ...], int]:
    """The items still waiting at `end` for longer than `overdue_after_h` hours, oldest first.

    Args:
        store: the audit store.
        team: the team.
        end: the week's end (aware, exclusive): the moment ages are taken at.
        upto_seq: read only log rows with seq <= this (the report's cut).
        overdue_after_h: the overdue age, hours (> 0).
        limit: most rows returned.
        when: formats a business time in the team's zone.

    Returns:
        (rows, at most `limit`; how many items are overdue in all).
    """
    rows, total = store.reads.overdue(team, end, upto_seq, round(overdue_after_h * 3_600_000_000), limit)
    out = []
    for r in rows:
        lc = for_event(r.type)
        assert lc is not None  # reads.overdue reads only opening event types
        received = r.recorded or r.occurred  # reads.overdue reads `recorded_us` for every row
        age_s = (end - received).total_seconds()
        out.append(
            OverdueItem(
                kind=lc.label, item_id=r.subject or "", ref=item_ref(lc.kind, team, r.subject or ""),
                proposer=inert(f"{r.actor_kind}:{r.actor_id}").as_plain(), opened=when(r.occurred),
                waited=age_text(age_s), waited_h=round(age_s / 3600, 1), excerpt=_excerpt(r, lc),
            )
        )  # fmt: skip
    return tuple(out), total
