"""The lifecycle of each reviewable memory item, declared once: every other table derives from it.

A reviewable item (lesson, contradiction, hold) is opened by one event type, waits in one state
for a person, and leaves that state by one of its decision event types:

    lesson:         (none) --lesson.proposed-->      waiting --lesson.approved-->       approved
                                                             --lesson.rejected-->       rejected
    contradiction:  (none) --contradiction.opened--> open    --contradiction.settled--> settled
    hold:           (none) --hold.created-->         held    --hold.released-->         released
                                                             --hold.discarded-->        discarded

`Lifecycle` says that, plus where the item's current state is projected (table, key column) and
the few item-specific steps (build the row from the opening event, extra fields a decision sets,
the queue's read model of a row, the text a report quotes). The state machine (`_machine`), the
projection (`_project`), the SQL counts (`_counts`), the reviewer read model (`memeval.review._read`), the
authority lists (`_authority`), the review queue's actions and the weekly report's overdue list
all read `LIFECYCLES` instead of keeping their own copy.

Adding a kind: write one module that defines its payloads, its state table, its migration and a
`Lifecycle`, and calls `register`; then import that module at the end of this one and add its
event classes to `memeval.audit._events` (`EventType` and the `AuditEvent` union).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection

if TYPE_CHECKING:
    from memeval.audit._events import AuditEvent
    from memeval.audit._item import ReviewItem
    from memeval.audit._payloads import Payload


@dataclass(frozen=True)
class Decision:
    """One way out of an item's waiting state.

    Attributes:
        event_type: the audit event type that records it (`lesson.approved`).
        leads_to: the state it leads to (`approved`).
        action: the review queue's verb for it (`approve`), as typed on the CLI and in forms.
        label: the form button's text (`Approve lesson`).
        needs_reason: the queue refuses it without a reason.
    """

    event_type: str
    leads_to: str
    action: str
    label: str
    needs_reason: bool = False


@dataclass(frozen=True)
class Lifecycle:
    """Everything the code base needs to know about one kind of reviewable item.

    Attributes:
        kind: the item noun (`lesson`), also the queue's `TYPE` in `TYPE/TEAM/ID` references.
        label: the noun as a report prints it (`held text`).
        opening: the event type that creates the item (`lesson.proposed`); its `subject` is the id.
        opening_payload: the payload model of the opening event (`LessonProposed`).
        ingested: True when a memory system sends the opening event (ingest accepts it); False
            when only the store writes it (a hold is created by the store's own detector).
        waiting: the state in which the item waits for a person (`waiting`).
        decisions: the decision event types that end the wait, in the order counts list them.
        table: the sqlmodel projection table of the current state (primary key `team`, `key`).
        key: the table's id column (`lesson_id`).
        opened_seq / opened_us: the table's columns holding the opening event's seq and
            business time (integer microseconds, UTC).
        new_row: builds the table row from the stored opening event (status = `waiting`).
        on_decision: sets item-specific columns when a decision is projected (the side a
            contradiction keeps); None when there are none. Common columns (status,
            decision_id, decided_by, decided_seq) are set by the projection itself.
        to_item: the review queue's read model (`ReviewItem`) of a table row.
        excerpt: the text a report quotes for the item, from its opening payload.
        migration: `(version, name, function)` creating `table`, or None when the initial
            migration does (the built-in kinds).
    """

    kind: str
    label: str
    opening: str
    opening_payload: type[Payload]
    ingested: bool
    waiting: str
    decisions: tuple[Decision, ...]
    table: type[Any]
    key: str
    opened_seq: str
    opened_us: str
    new_row: Callable[[AuditEvent, int, int], Any]
    to_item: Callable[[Any], ReviewItem]
    excerpt: Callable[[Payload], str]
    on_decision: Callable[[Any, AuditEvent], None] | None = None
    migration: tuple[int, str, Callable[[Connection], None]] | None = None

    @property
    def decision_types(self) -> tuple[str, ...]:
        """The decision event types, in declaration order."""
        return tuple(d.event_type for d in self.decisions)

    @property
    def event_types(self) -> tuple[str, ...]:
        """The opening and decision event types."""
        return (self.opening, *self.decision_types)

    def decision(self, event_type: str) -> Decision:
        """The decision recorded by `event_type`.

        Raises:
            KeyError: `event_type` is not one of this kind's decisions.
        """
        for d in self.decisions:
            if d.event_type == event_type:
                return d
        raise KeyError(event_type)


LIFECYCLES: dict[str, Lifecycle] = {}
"""Item noun -> its lifecycle, in registration order."""

_BY_EVENT: dict[str, Lifecycle] = {}


def register(lifecycle: Lifecycle) -> Lifecycle:
    """Add `lifecycle` to the registry and return it.

    Raises:
        ValueError: its kind, one of its event types or one of its actions is already registered.
    """
    if lifecycle.kind in LIFECYCLES:
        raise ValueError(f"item kind {lifecycle.kind!r} is registered twice: give the new kind its own noun")
    taken = [t for t in lifecycle.event_types if t in _BY_EVENT]
    actions = {d.action for lc in LIFECYCLES.values() for d in lc.decisions}
    taken += [d.action for d in lifecycle.decisions if d.action in actions]
    if taken:
        raise ValueError(f"{lifecycle.kind!r} reuses {taken}, already registered by another kind: rename them")
    LIFECYCLES[lifecycle.kind] = lifecycle
    for t in lifecycle.event_types:
        _BY_EVENT[t] = lifecycle
    return lifecycle


def for_event(event_type: str) -> Lifecycle | None:
    """The lifecycle an opening or decision `event_type` belongs to (None for any other type)."""
    return _BY_EVENT.get(event_type)


def lifecycle(kind: str) -> Lifecycle:
    """The lifecycle of item noun `kind`.

    Raises:
        KeyError: no such kind.
    """
    return LIFECYCLES[kind]


def projection_tables() -> tuple[type[Any], ...]:
    """Every projection table: the built-in ones (`_tables.PROJECTION_TABLES`) and each kind's."""
    from memeval.audit._tables import PROJECTION_TABLES

    extra = [lc.table for lc in LIFECYCLES.values() if lc.table not in PROJECTION_TABLES]
    return (*PROJECTION_TABLES, *extra)


def check_item_type(value: str) -> str:
    """`value` when it names a registered kind (a validator for payload fields).

    Raises:
        ValueError: naming the value and the kinds there are.
    """
    if value not in LIFECYCLES:
        raise ValueError(f"item type {value!r} is unknown: use one of {', '.join(LIFECYCLES)}")
    return value


def all_decisions() -> Iterator[tuple[Lifecycle, Decision]]:
    """Every (lifecycle, decision) pair, in registration order."""
    for lc in LIFECYCLES.values():
        for d in lc.decisions:
            yield lc, d


# The built-in kinds register themselves on import; a new kind's module is imported here too.
from memeval.audit import _review_items  # noqa: E402, F401
