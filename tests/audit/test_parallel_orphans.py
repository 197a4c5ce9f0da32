"""Ingest workers never outlive the process that started them, even when it is killed with SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from procs import started, stat

SCRIPT = """
import sys, time
from memeval.audit._parallel import warm_pool
pool = warm_pool(1)
print(" ".join(str(p) for p in pool._processes), flush=True)
time.sleep(120)
"""


def _alive(worker: tuple[int, str | None]) -> bool:
    """Whether the worker `(pid, start time)` still runs: the same id and start, not a zombie.

    The start time tells a worker from another process that got its id after it ended (another
    test's, which this test must never kill).
    """
    pid, when = worker
    fields = stat(pid)
    return fields is not None and fields[0] != "Z" and started(pid) == when


@pytest.mark.slow
def test_workers_exit_when_memeval_is_killed() -> None:
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        workers = [(int(p), started(int(p))) for p in line.split()]
        assert workers and all(_alive(w) for w in workers), line
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(_alive(w) for w in workers):
        time.sleep(0.2)
    left = [w for w in workers if _alive(w)]
    for pid, _ in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, f"ingest workers {left} outlived their parent"
