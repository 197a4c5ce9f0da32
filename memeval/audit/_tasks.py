"""How a file ingest hands its batches to the sanitising workers (`_parallel.presanitize`): task sizes, tasks at once.

Pure rules, no processes: `group_size` says how many consecutive batches the next worker task
takes, `room_for_task` whether another task may go out now.
"""

from __future__ import annotations

from collections.abc import Sequence

GROUP_EVENTS = 400
"""A worker task of `presanitize` takes consecutive batches up to about this many events: their
free text is redacted batch by batch as before, and their hold texts are assessed in one
`assess_many` call (the same assessments; the hold detector's batched classifier costs less per
text in larger calls)."""

READ_AHEAD_EVENTS = 20_000
"""While `presanitize` still reads its input, the workers may have tasks of up to this many events in hand.

Every line of a file is parsed before anything is stored (a malformed line anywhere stores
nothing), so the writer starts only once the whole input is read. With two tasks a worker in
flight at all times, the workers ran out of work after the first 6 batches and waited while the
writer's process parsed the rest: 1.1 s of one core for 50,000 bench events (about a tenth of
the ingest's wall time) with the other core idle. With this bound they go on meanwhile; their
results wait for the writer (a few KB a batch; the parsed drafts of the whole input are held
until the end anyway)."""


WRITE_EVENTS = 800
"""A file ingest's writer appends the workers' batches about this many events a transaction (`write_group`).

One transaction a batch of 100 was one SQLite commit (and fsync) or one PostgreSQL lock, key
read, `COPY` a table and commit a batch: the writer spent 2.39 CPU s on 20,000 bench events and
its workers slept 28-32% of the time waiting for it (3.37 s of 9.09 s in SQLite's commits,
17 ms each at load 5). The writer's CPU for those 20,000 events, at about 400, 800 and 1,600 events
a transaction: 2.01, 1.84, 1.80 s on SQLite and 1.75, 1.58, 1.52 s on PostgreSQL (one run each,
load 8-16; 2026-12-06). At 800 a group is two worker tasks (`GROUP_EVENTS`), so the workers
still have tasks in hand (`room_for_task`: two a worker) while the writer appends one."""


def write_group(per_batch: int) -> int:
    """Batches of `per_batch` events a file ingest's writer appends in one transaction: about `WRITE_EVENTS` events.

    At least one (a batch larger than that is a transaction of its own, as before).
    `memeval.audit._ingest._write_batches` takes that many of the workers' results at a time.
    """
    return max(1, WRITE_EVENTS // max(1, per_batch))


def group_size(k: int, workers: int, per_batch: int) -> int:
    """Batches in the `k`-th worker task of `presanitize` (from 0), for batches of `per_batch` events.

    About `GROUP_EVENTS` events a task, after a ramp: the writer can start only when the first
    task is done, so the first `workers` tasks take one batch each, the next `workers` two, and so
    on doubling up to the full size (batches of 100 events: 1, 1, 2, 2, 4, 4, 4...).
    """
    ramp: int = 2 ** (k // max(1, workers))
    return min(max(1, GROUP_EVENTS // max(1, per_batch)), ramp)


def room_for_task(in_flight: Sequence[int], per_batch: int, workers: int, *, reading: bool) -> bool:
    """Whether `presanitize` may hand another task to the workers now.

    Args:
        in_flight: the batch count of each task handed out and not yet taken by the writer.
        per_batch: events in a batch.
        workers: worker processes.
        reading: the input is still being read (the writer has not started).

    Returns:
        True below two tasks a worker; while `reading`, also while the tasks in flight hold fewer
        than `READ_AHEAD_EVENTS` events (so the workers do not wait while the rest is parsed).
    """
    if len(in_flight) < 2 * workers:
        return True
    return reading and sum(in_flight) * per_batch < READ_AHEAD_EVENTS
