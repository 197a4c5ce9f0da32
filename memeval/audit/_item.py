"""The review queue's read model of one item (`ReviewItem`), built by each kind's `Lifecycle.to_item`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

ItemType = str
"""The kinds of item that wait for a person: a registered `Lifecycle.kind` (`lesson`, `contradiction`,
`hold`; the same words as `ReviewItemType`)."""


@dataclass(frozen=True)
class ReviewItem:
    """The current state of one lesson, contradiction or hold (from the projections).

    Attributes:
        item_type: `lesson`, `contradiction` or `hold`.
        team: the team.
        item_id: the lesson, contradiction or hold id (the events' `subject`).
        status: current state (`waiting`/`approved`/`rejected`, `open`/`settled`,
            `held`/`released`/`discarded`).
        since: business time the item was opened (UTC), as its sender says (no lower bound: a
            sender may backdate it); shown, never used to order or age the queue.
        opened_seq: sequence number of the opening event.
        opened_by: `kind:id` of the actor of the opening event (the proposer), or None for a
            contradiction (opened by the memory system).
        text: redacted text (lesson, hold); None for a contradiction (see its opening event).
        source: where a held text came from (hold only).
        origin: what a held text would have been, `memory.written` or `lesson.proposed` (hold).
        target_id: the memory or lesson id a held text would have had (hold only).
        a_item / b_item: the two memory ids of a contradiction.
        kept: side kept by a settled contradiction.
        decision_id / decided_by / decided_seq: the decision, when taken.
        received: when the store received the opening event (its `recorded_at`, UTC; set by the
            store's clock); None when the reader did not read it (`waiting_since` then falls back
            to `since`).
    """

    item_type: ItemType
    team: str
    item_id: str
    status: str
    since: datetime
    opened_seq: int
    opened_by: str | None
    text: str | None = None
    source: str | None = None
    origin: str | None = None
    target_id: str | None = None
    a_item: str | None = None
    b_item: str | None = None
    kept: str | None = None
    decision_id: str | None = None
    decided_by: str | None = None
    decided_seq: int | None = None
    received: datetime | None = None

    @property
    def waiting_since(self) -> datetime:
        """When the item started waiting for a person: `received` (the store's time), else `since`.

        The queue's order and every age and overdue mark are measured from here: a sender-set
        `occurred_at` has no lower bound, so backdated items would otherwise jump the queue and
        count as overdue the moment they arrive.
        """
        return self.received if self.received is not None else self.since

    @property
    def waiting(self) -> bool:
        """True while the item waits for a decision (its kind's `Lifecycle.waiting` state)."""
        from memeval.audit._lifecycle import lifecycle  # the registry imports this module

        return self.status == lifecycle(self.item_type).waiting
