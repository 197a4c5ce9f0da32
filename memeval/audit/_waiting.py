"""Reviewable items read with the time the store received them (`read_items`).

An item's projection row keeps the sender's business time of its opening event (`since`), which
has no lower bound. How long an item has waited for a person is measured from when the store
received it instead: its opening event's `recorded_at`, set by the store's clock. That time is
in every stored event's body (and its log row's `recorded_us`) from the first schema on, so stores
written before this reader need no migration and `rebuild_projections` replays them unchanged.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from sqlalchemy import ColumnElement, select
from sqlmodel import col

from memeval.audit._item import ReviewItem
from memeval.audit._lifecycle import Lifecycle
from memeval.audit._tables import AuditEventRow
from memeval.audit._time import from_us

if TYPE_CHECKING:
    from memeval.audit._store import SqlAuditStore


def read_items(store: SqlAuditStore, lc: Lifecycle, *where: ColumnElement[bool] | Any) -> list[ReviewItem]:
    """The items of kind `lc` whose projection rows match `where`, each with `received` set.

    Args:
        store: the audit store.
        lc: the item kind's lifecycle (its table is read).
        where: SQL conditions on `lc.table`'s columns (e.g. `lc.table.status == lc.waiting`).

    Returns:
        The items in no particular order; `ReviewItem.received` is the opening event's
        `recorded_at` (UTC), read by one join on the log's (team, seq) key.
    """
    ev = AuditEventRow
    q = (
        select(lc.table, col(ev.recorded_us))
        .join(ev, (col(ev.team) == lc.table.team) & (col(ev.seq) == getattr(lc.table, lc.opened_seq)))
        .where(*where)
    )
    with store.read_session() as s:
        rows = s.execute(q).all()
    return [dataclasses.replace(lc.to_item(row), received=from_us(int(us))) for row, us in rows]
