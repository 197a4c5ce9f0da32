"""Group commit: batches appended at once from several threads are written in one transaction.

`memeval audit serve` appends each HTTP request's batch from its own thread (`SqlAuditStore.append`),
one write transaction a batch, taken one at a time (PostgreSQL's `LOCK TABLE audit_head`, SQLite's
`BEGIN IMMEDIATE`). A transaction has a fixed cost besides its events: on PostgreSQL the lock, the
key lookups' planning, a `COPY` a table, the commit and their round trips, about 3 ms of the
appending process's CPU and 2.5 ms of the database server's for a batch of 100 bench events
(`bench/audit_ingest_writer.py --group 1` against `--group 8`, 2026-12-06). So while one thread
writes, the batches that arrive wait in a queue, and the next thread to write takes the waiting
ones that may go together (`Combiner.fits`) and writes them in one transaction, as a file ingest's
writer does with its workers' batches (`_write.append_batches`), whichever senders they come from
(`_write._fits`). Each caller is answered only after its group's commit (on SQLite a sync of the
WAL: `SqlAuditStore.SQLITE_DURABILITY`), and still gets its own
batch's result or error: when a group's transaction fails (a refused event, a refused decision, the
database), it was rolled back whole and each batch of it is written again alone, in order, so a
refused batch is refused with its own index and stores nothing, and the others are stored, as
when each came alone.

This module holds the queue (`Combiner`): which thread writes, which waiting batches go together,
and the fall-back; what a group's write is comes from the caller (`_write`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")


@dataclass(eq=False)
class _Slot(Generic[T, R]):
    """One caller's item in the queue, and what became of it."""

    item: T
    turn: threading.Event = field(default_factory=threading.Event)
    """Set when the item is done (`done`), or when this caller is to write the next group (not `done`)."""
    done: bool = False
    result: R | None = None
    error: BaseException | None = None

    def outcome(self) -> R:
        if self.error is not None:
            raise self.error
        return self.result  # type: ignore[return-value]  # set with `done` when no error


class Combiner(Generic[T, R]):
    """A queue of items written by one thread at a time, each turn a group of the items waiting.

    Args:
        write_group: writes several items in ONE transaction, all or nothing; returns their results
            in order, or raises (then nothing of the group is stored).
        write_one: writes one item alone (its own transaction); returns its result or raises its error.
        fits: whether `item` may join `group` (the items taken so far, in queue order, never empty).

    The queue is first come, first written: a turn takes the oldest waiting item and the items after it
    while each fits, and stops at the first that does not (it leads the next turn). Thread-safe.
    """

    def __init__(
        self,
        write_group: Callable[[Sequence[T]], list[R]],
        write_one: Callable[[T], R],
        fits: Callable[[Sequence[T], T], bool],
    ) -> None:
        self._write_group = write_group
        self._write_one = write_one
        self._fits = fits
        self._lock = threading.Lock()
        self._queue: list[_Slot[T, R]] = []
        self._busy = False
        self.groups = 0
        """Turns that wrote two items or more in one transaction (kept: not rolled back and written again)."""
        self.together = 0
        """Items written in those turns (each turn's items in one transaction)."""
        self.regrouped = 0
        """Turns whose group's transaction failed, so that each of its items was written again alone."""

    def write(self, item: T) -> R:
        """Write `item`, alone or with other threads' waiting items; its result, or raise its own error.

        Raises:
            whatever `write_one` raises for this item (also when its group failed and it was written
            again alone).
        """
        slot: _Slot[T, R] = _Slot(item)
        with self._lock:
            self._queue.append(slot)
            lead = not self._busy
            self._busy = True
        if not lead:
            slot.turn.wait()
            if slot.done:
                return slot.outcome()
        # this thread writes the next turn; its slot is the oldest in the queue
        try:
            with self._lock:
                group = self._take()
            self._write(group)
        finally:
            with self._lock:
                if self._queue:
                    self._queue[0].turn.set()  # its caller writes the next turn
                else:
                    self._busy = False
        return slot.outcome()

    def _take(self) -> list[_Slot[T, R]]:
        """The next turn's slots (the lock held): the oldest, then the next ones while each fits."""
        group = [self._queue[0]]
        for slot in self._queue[1:]:
            if not self._fits([s.item for s in group], slot.item):
                break
            group.append(slot)
        del self._queue[: len(group)]
        return group

    def _write(self, group: list[_Slot[T, R]]) -> None:
        """Write `group` and give every slot its outcome; the other callers are woken."""
        try:
            if len(group) > 1:
                try:
                    results = self._write_group([s.item for s in group])
                except Exception:  # noqa: BLE001 - rolled back whole: each is written alone below, with its own error
                    self.regrouped += 1
                else:
                    self.groups += 1
                    self.together += len(group)
                    for s, r in zip(group, results, strict=True):
                        s.result, s.done = r, True
            for s in group:
                if not s.done:
                    try:
                        s.result = self._write_one(s.item)
                    except Exception as exc:  # noqa: BLE001 - this caller's error: raised in its own thread
                        s.error = exc
                    s.done = True
        except BaseException as exc:  # an exit (^C, SystemExit) in this thread: the others must not wait forever
            for s in group:
                if not s.done:
                    s.error, s.done = exc, True
            raise
        finally:
            for s in group:
                s.turn.set()
