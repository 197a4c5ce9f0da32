"""A new ingest worker's start (`warm_worker`), and the barrier that keeps a pool cold until all its workers are warm.

`memeval.audit._parallel.warm_pool` starts each worker of a pool with `warm_worker` as the pool's
initializer; kept apart from `_parallel` for its length.
"""

from __future__ import annotations

import logging
import signal
import threading
from typing import Any

from memeval.audit._workerlife import watch_parent as _watch_parent

log = logging.getLogger(__name__)


def warm_worker(parent: int, eager: bool = False, meet: Any = None) -> None:
    """A new worker's start: watch the parent, load the engines, run them once (`_WARM_TEXTS`), settle the heap.

    Running them once matters: a worker's first batch cost about ten times a later one
    (0.33 s against 0.035 s of CPU for 100 events, 2026-12-03), paid while the writer waited.
    With `eager` (a server's pool, `pool_if_warm`) it also compiles every rule's pattern
    (`memeval._lazyre.compile_all`, about 0.5-0.9 s of CPU): they compile on first use, and a
    fresh server's workers otherwise paid that during their first few thousand events (0.25-0.30
    against 0.14-0.18 ms of CPU an event over a worker's first 2,000 bench events, load 6-10).

    A worker ignores SIGINT: a terminal's Ctrl-C reaches the whole process group, and the parent
    is the one that handles it (it says "interrupted", exits 130 and its pool ends the workers);
    taken in each worker too, it printed a KeyboardInterrupt traceback per worker.

    `meet` (a `multiprocessing.Barrier` of the pool's size, `warm_pool`): the worker waits there once
    warm, so no worker takes a task, the pool's first warm-up tasks included, before every worker of
    the pool is warm (`_meet`).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(parent,), name="memeval-parent-watch", daemon=True).start()
    from memeval.audit._parallel import _WARM_TEXTS, _work_group
    from memeval.hold import get_hold_detector
    from memeval.redact import get_redactor

    get_redactor()
    get_hold_detector()
    texts = list(_WARM_TEXTS)
    _work_group([(texts, True, [(t, "agent") for t in texts])], [["Warm-Up-1a", "ses_WarmUp2"]])
    from memeval._lazyre import compile_all
    from memeval.audit._heap import settle

    if eager:
        compile_all()  # every rule's pattern now, not during the first batches that meet it
    settle()
    if meet is not None:
        _meet(meet)


MEET_S = 600.0
"""Longest a warm worker waits at the pool's barrier for the others (`_meet`); past it, it takes tasks anyway."""


def _meet(meet: Any) -> None:
    """Wait at `meet` until every worker of the pool is warm (at most `MEET_S`), so `warm_pool` returns only then.

    Before, `warm_pool` returned once its `workers` warm-up tasks were done, and the first worker to
    load could run all of them: a server said `"workers": "warm"` while its other worker was still
    compiling patterns (0.1-0.4 s of CPU, ingest28), in the first seconds of the batches it then took.
    A worker that dies while loading breaks the pool (`BrokenProcessPool`, the others are ended);
    a barrier broken or timed out (a worker stopped for minutes) lets the waiting ones go on, logged.
    """
    try:
        meet.wait(MEET_S)
    except threading.BrokenBarrierError:
        log.warning("a worker waited over %.0f s for the pool's other workers to warm; it takes tasks now", MEET_S)
