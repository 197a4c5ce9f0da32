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


def spare_core() -> bool:
    """True when this process may run on two cores or more and they outnumber the 1-minute load average by one or more.

    The load average counts runnable and waiting tasks (this process among them once it has run
    a while), averaged over a minute: `os.getloadavg()[0]`; the cores are `os.sched_getaffinity(0)`
    (`os.cpu_count()` where the platform lacks it). False when the load cannot be read.
    """
    try:
        load = os.getloadavg()[0]
    except OSError:
        return False
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores >= 2 and cores - load >= 1.0  # one core: the helper would only take turns with the main thread
