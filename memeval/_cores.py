"""Whether a helper thread would find a core of its own (`spare_core`).

A replay hands work that runs without Python's global lock (the log's SHA-256, the bootstrap's
draws) to helper threads. On a core of their own they take that work off the main thread's path
(what the user waits for); on a machine whose cores are all busy they only add the threads' cost
(their hand-overs, and the draws' memory held until the verdict takes them), so the work is then
done in the main thread as before.
"""

from __future__ import annotations

import os

__all__ = ["spare_core"]

_LOADAVG = "/proc/loadavg"
"""Linux's load figures: the three averages, then `runnable/total` tasks at this instant, then the last pid."""


def spare_core() -> bool:
    """True when this process may run on two cores or more and one of them has nothing to run.

    Either the cores outnumber the 1-minute load average by one or more, or the load average is
    below the core count and the tasks runnable at this instant (this process among them: the
    fourth field of `/proc/loadavg`) leave a core free. The average alone lags by a minute: a
    quiet machine that has just run one replay after another (a script, a benchmark) reads 1.0 to
    1.6 on two cores while nothing but this process is running, and the helpers would stay off.
    The instant count alone would catch a busy machine between two bursts: hence both. The cores
    are `os.sched_getaffinity(0)` (`os.cpu_count()` where the platform lacks it); False when the
    load average cannot be read, and only the average is used where the instant count cannot be.
    """
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    if cores < 2:  # one core: the helper would only take turns with the main thread
        return False
    try:
        load = os.getloadavg()[0]
    except OSError:
        return False
    if cores - load >= 1.0:
        return True
    if load >= cores:
        return False
    running = runnable_now()
    return running is not None and running < cores


def runnable_now() -> int | None:
    """Tasks runnable on this machine at this instant, this process's running thread among them, or None.

    Read from `/proc/loadavg` (Linux: `runnable/total`); None where it is missing or unreadable.
    """
    try:
        with open(_LOADAVG, "rb") as f:
            fields = f.read().split()
        return int(fields[3].split(b"/")[0])
    except (OSError, IndexError, ValueError):
        return None
