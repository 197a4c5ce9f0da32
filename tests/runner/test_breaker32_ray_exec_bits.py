"""A task file of mode 0655 runs on Ray as it does locally (breaker32).

The driver's task hash counts a file executable when any execute bit is set (`memeval.tasks.hash_tree`); the node
unpacked the bundle with tarfile's `data` filter, which drops the group's and others' execute bits from a file its
owner may not run, so the node's copy of a task holding such a file (`tool.sh`, mode 0655) never matched the
driver's: every trial of that task was an `internal` set-up fault on Ray, retried and faulted again, while the same
run locally scored it. The node now gives such a file its packed execute bits back (`_ray_bundle._keep_exec_bits`).
The task (`odd`) is part of one run on a one-node cluster the run starts itself, shared with
test_breaker34_ray_copies.py, test_fault26_ray_setup.py and test_fault28_ray_world_stream.py (`ray_node_run.py`).
"""

from __future__ import annotations

import pytest
from installed import skip_unless_installed
from ray_node_run import ray_node_run

skip_unless_installed("ray")  # not importorskip: see tests/installed.py

pytestmark = [pytest.mark.slow, pytest.mark.ray, pytest.mark.xdist_group("ray")]


def test_a_task_file_of_mode_0655_runs_on_a_ray_node(tmp_path_factory: pytest.TempPathFactory) -> None:
    run = ray_node_run(tmp_path_factory)
    trials = run.trials["odd"]
    assert len(trials) == 2, (trials, run.stderr[-3000:])
    for t in trials:
        assert t["fault"] is None and t["verified"] is True, t  # before: internal fault, the node's copy differed
