"""Ingest workers never outlive the process that started them, even when it is killed with SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

SCRIPT = """
import sys, time
from memeval.audit._parallel import warm_pool
pool = warm_pool(1)
print(" ".join(str(p) for p in pool._processes), flush=True)
time.sleep(120)
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.slow
def test_workers_exit_when_memeval_is_killed() -> None:
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        workers = [int(p) for p in line.split()]
        assert workers and all(_alive(p) for p in workers), line
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(_alive(p) for p in workers):
        time.sleep(0.2)
    left = [p for p in workers if _alive(p)]
    for p in left:
        os.kill(p, signal.SIGKILL)
    assert not left, f"ingest workers {left} outlived their parent"
