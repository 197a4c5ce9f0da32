"""The life of a worker process: ending with its parent, and being ended at once.

Shared by the ingest pool (`_parallel`) and the server's guard processes (`_holdguard`,
`_redactguard`).
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor


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
