"""Discarding a broken pool does not wait for the next pool to warm (breaker19).

`memeval.audit._parallel.warm_pool` held the pool lock for the whole warm-up (seconds: each worker
loads the redactor and hold detector), and `discard_pool` takes that lock. When a worker of a warm
`audit serve` pool died under two batches, the first batch's `discard_pool` let the next request
start a new pool warming, and the second batch's `discard_pool` then waited on that warm-up (on
90aa47c this test's `discard_pool` was still waiting after 3 s, until the warming workers were
killed). The lock is now held only to read and set the pool. Real spawned worker processes; they
are killed once the check is made.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor

import pytest

from memeval.audit import _parallel
from memeval.audit._parallel import discard_pool, pool_if_warm

WORKERS = 3
"""A size no other test's pool has, so a pool is warmed here."""


def _spawned_children() -> set[int]:
    """Pids of this process's spawned workers (read from /proc)."""
    me, out = os.getpid(), set()
    for entry in os.listdir("/proc"):
        try:
            ppid = int(open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()[1])
            cmd = open(f"/proc/{entry}/cmdline", "rb").read()
        except (OSError, ValueError, IndexError):  # not a process, or gone meanwhile
            continue
        if ppid == me and b"spawn_main" in cmd:
            out.add(int(entry))
    return out


def test_discard_pool_returns_while_a_new_pool_warms(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_parallel, "_WARM_AGAIN_AT", _parallel._WARM_AGAIN_AT)  # put back after the warm we end
    before = _spawned_children()
    assert pool_if_warm(WORKERS) is None  # starts warming in the background
    warming = [t for t in threading.enumerate() if t.name == "memeval-warm-pool"]
    deadline = time.monotonic() + 30
    while not _spawned_children() - before and time.monotonic() < deadline:
        time.sleep(0.05)
    broken = ProcessPoolExecutor(1)  # the pool a request found broken (its workers never started)
    t0 = time.monotonic()
    done = threading.Thread(target=discard_pool, args=(broken,), daemon=True)
    done.start()
    done.join(3)
    waited = time.monotonic() - t0
    for pid in _spawned_children() - before:  # end the warm-up: its workers die, the warm is logged and dropped
        os.kill(pid, signal.SIGKILL)
    for t in warming:
        t.join(30)
    done.join(30)
    assert waited < 1.0, f"discard_pool waited {waited:.1f} s on a pool warming"
