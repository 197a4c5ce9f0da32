"""Holding Python's cyclic garbage collector off while a process builds objects that stay alive.

Used where one thread of a process allocates many objects that live until it is done and frees
them by reference counting: a replay of a run log (`memeval.results._replay`) and a file ingest's
writer (`memeval.audit._ingest`, which holds every parsed draft until the last batch is stored).
The collector's passes there walk live objects and free nothing.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector held off within the block, then set back as it was.

    Reference counting still frees what dies; a cycle made meanwhile waits for the collector's
    next pass after the block. Not for a block that runs beside other threads of the process that
    allocate for long (the collector is one per process: it is off for them too until the block ends).

    When it is set back, what the block left tracked is moved straight to the oldest generation
    (`gc.freeze` then `gc.unfreeze`: two list splices, no walk), where the young generation's next
    pass would otherwise have walked all of it once (0.05-0.15 s after a 100,000-event replay) to
    find nothing to free. It is left as it is when the program keeps objects frozen itself
    (`gc.get_freeze_count()`, as `memeval.audit._heap.settle` does), since `gc.unfreeze` would
    release them too.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        if enabled:
            gc.enable()
