"""The life of a worker process: ending with its parent, and being ended at once.

Shared by the ingest pool (`_parallel`) and the server's guard processes (`_holdguard`,
`_redactguard`).
"""

from __future__ import annotations

import os
import threading
import time
import weakref
from concurrent.futures import ProcessPoolExecutor

_STARTED: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()
"""Every ingest pool this process started (`started`), for `end_worker_pools`."""
_ENDED = threading.Event()
"""Set by `end_worker_pools`: the process is ending its workers for good."""


def watch_parent(parent: int) -> None:
    """Exit this worker within a second of the process that started it dying (even by SIGKILL).

    A worker is otherwise left behind for good when memeval is killed: the pool's own clean-up
    runs only on a normal exit. Polling beats `PR_SET_PDEATHSIG`, which fires when the starting
    *thread* ends, not the process.
    """
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def end_now(pool: ProcessPoolExecutor) -> None:
    """Kill `pool`'s workers at once and shut it down without waiting (the process is being interrupted).

    A worker holds nothing that is stored (it hands results back to the writer), so killing it
    loses nothing; waiting for it did cost the interrupt: the pool's exit joins its workers, which
    finish what they are doing first, loading the engines included (ignoring SIGINT), 9-25 s after
    a Ctrl-C. `ProcessPoolExecutor` has no public way to kill its workers before Python 3.14
    (`kill_workers`), hence its `_processes`.
    """
    kill = getattr(pool, "kill_workers", None)
    if kill is not None:
        kill()
    else:
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            proc.kill()
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    if manager is not None:
        # Its workers dead, the pool's manager thread closes its wake-up pipe; Python 3.11's exit hook
        # writes to that pipe unlocked and printed "Exception ignored ... Bad file descriptor" when the
        # two met: let the thread finish first (at once: it has nothing left to wait for).
        manager.join(timeout=5)


def started(pool: ProcessPoolExecutor) -> ProcessPoolExecutor:
    """`pool`, noted as one of this process's worker pools (`end_worker_pools` ends it), from the moment it starts."""
    _STARTED.add(pool)
    return pool


def workers_ended() -> bool:
    """Whether `end_worker_pools` was called: no new pool should start, and a pool that broke was ended on purpose."""
    return _ENDED.is_set()


def end_worker_pools() -> None:
    """End every worker pool of this process now, warm or still loading (`end_now`): a server that stops calls it.

    A server's pool warms in the background from its first large batch (`_parallel.pool_if_warm`), and a pool
    left to Python's exit is joined, workers loading the engines included (they ignore SIGINT and
    SIGTERM): `memeval audit serve` stopped by Ctrl-C or SIGTERM soon after it listened said so at
    once, then went on while its workers loaded (41-85 s on a 2-core machine at load 20, 10 s at
    load 7). uvicorn has answered every request when the server returns, so nothing uses them. For
    the end of a process: no pool starts warming in it afterwards.
    """
    _ENDED.set()
    for pool in list(_STARTED):
        end_now(pool)
