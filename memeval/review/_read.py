"""The reviewer queue's read model: which items wait, one item, and an item's history.

Read-only: it reads the projection table each registered kind declares (`LIFECYCLES`:
`lesson_state`, `contradiction_state`, `hold_state`) and the store's `subject_events`, and never
writes. Decisions go through `SqlAuditStore.append` (`memeval.review._decide`).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select

from memeval.audit import LIFECYCLES, AuditEvent, ReviewItem, SqlAuditStore, lifecycle

__all__ = [
    "WAITING_STATE",
    "find_items",
    "get_item",
    "item_events",
    "waiting_items",
]

WAITING_STATE: dict[str, str] = {lc.kind: lc.waiting for lc in LIFECYCLES.values()}
"""The state in which each kind of item waits for a decision (from `LIFECYCLES`)."""


def waiting_items(
    store: SqlAuditStore,
    *,
    kinds: Iterable[str] | None = None,
    team: str | None = None,
) -> list[ReviewItem]:
    """Every item still waiting for a person, oldest first (by business time, then seq).

    Args:
        store: the audit store.
        kinds: which item types to include (every registered kind when None).
        team: only this team's items (all teams when None).
    """
    out: list[ReviewItem] = []
    with store.read_session() as s:
        for kind in LIFECYCLES if kinds is None else kinds:
            lc = lifecycle(kind)
            q = select(lc.table).where(lc.table.status == lc.waiting)
            if team is not None:
                q = q.where(lc.table.team == team)
            out.extend(lc.to_item(row) for row in s.execute(q).scalars())
    out.sort(key=lambda i: (i.since, i.team, i.opened_seq))
    return out


def get_item(store: SqlAuditStore, item_type: str, team: str, item_id: str) -> ReviewItem | None:
    """One item in any state, or None when it does not exist."""
    lc = LIFECYCLES.get(item_type)
    if lc is None:
        return None
    with store.read_session() as s:
        row = s.get(lc.table, (team, item_id))
        return None if row is None else lc.to_item(row)


def find_items(store: SqlAuditStore, item_id: str) -> list[ReviewItem]:
    """Every item (any kind, any team) whose id is `item_id`."""
    out: list[ReviewItem] = []
    with store.read_session() as s:
        for lc in LIFECYCLES.values():
            key = getattr(lc.table, lc.key)
            out.extend(lc.to_item(r) for r in s.execute(select(lc.table).where(key == item_id)).scalars())
    return out


def item_events(store: SqlAuditStore, team: str, subject: str) -> list[AuditEvent]:
    """A team's stored events about `subject` (opening, leases, comments, decisions), seq order."""
    return store.subject_events(team, subject)
