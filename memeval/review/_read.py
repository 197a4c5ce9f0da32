"""The reviewer queue's read model: which items wait, one item, and an item's history.

Read-only: it reads the projection table each registered kind declares (`LIFECYCLES`:
`lesson_state`, `contradiction_state`, `hold_state`, with each item's received time:
`read_items`) and the store's `subject_events`, and never writes. Decisions go through
`SqlAuditStore.append` (`memeval.review._decide`).
"""

from __future__ import annotations

from collections.abc import Iterable

from memeval.audit import LIFECYCLES, AuditEvent, ReviewItem, SqlAuditStore, lifecycle, read_items

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
    """Every item still waiting for a person, oldest first: by when the store received it, then team and seq.

    Received time (`ReviewItem.received`, the opening event's `recorded_at`), not the sender's
    business time: that has no lower bound, and backdated items would push every newer item
    (of any team) off a capped page.

    Args:
        store: the audit store.
        kinds: which item types to include (every registered kind when None).
        team: only this team's items (all teams when None).
    """
    out: list[ReviewItem] = []
    for kind in LIFECYCLES if kinds is None else kinds:
        lc = lifecycle(kind)
        where = [lc.table.status == lc.waiting] + ([lc.table.team == team] if team is not None else [])
        out.extend(read_items(store, lc, *where))
    out.sort(key=lambda i: (i.waiting_since, i.team, i.opened_seq))
    return out


def get_item(store: SqlAuditStore, item_type: str, team: str, item_id: str) -> ReviewItem | None:
    """One item in any state, or None when it does not exist."""
    lc = LIFECYCLES.get(item_type)
    if lc is None:
        return None
    found = read_items(store, lc, lc.table.team == team, getattr(lc.table, lc.key) == item_id)
    return found[0] if found else None


def find_items(store: SqlAuditStore, item_id: str) -> list[ReviewItem]:
    """Every item (any kind, any team) whose id is `item_id`."""
    out: list[ReviewItem] = []
    for lc in LIFECYCLES.values():
        out.extend(read_items(store, lc, getattr(lc.table, lc.key) == item_id))
    return out


def item_events(store: SqlAuditStore, team: str, subject: str) -> list[AuditEvent]:
    """A team's stored events about `subject` (opening, leases, comments, decisions), seq order."""
    return store.subject_events(team, subject)
