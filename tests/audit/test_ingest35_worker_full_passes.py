"""A warm ingest worker makes the cyclic collector's full passes less often (ingest35).

In real workers a full pass cost 26-38 ms of CPU and freed a few dozen objects; a worker made 2-3 of
them in a 10,000-event bench file (`memeval.audit._warmworker.FULL_PASS_EVERY`). The test starts a real
pool (spawned workers, `warm_pool`) in a child process and asks a worker for its thresholds; the
process that started the pool keeps Python's own.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent(
    """
    import gc, json

    from memeval.audit import _parallel, end_worker_pools

    before = gc.get_threshold()
    pool = _parallel.warm_pool(1)
    worker = pool.submit(gc.get_threshold).result(timeout=120)
    print(json.dumps({"before": before, "after": gc.get_threshold(), "worker": worker}))
    end_worker_pools()
    """
)


@pytest.mark.timeout(300)
def test_a_warm_worker_makes_full_passes_less_often_and_its_parent_keeps_its_own() -> None:
    run = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=280)
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    young, middle, full = got["before"]
    assert got["worker"][:2] == [young, middle]  # the young and middle generations as Python sets them
    assert got["worker"][2] > full  # fewer full passes than Python's own threshold makes

    from memeval.audit._warmworker import FULL_PASS_EVERY

    assert got["worker"][2] == FULL_PASS_EVERY
    assert got["after"] == got["before"]  # the process that started the pool is left as it was
