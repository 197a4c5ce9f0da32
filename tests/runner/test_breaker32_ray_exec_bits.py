"""A task file of mode 0655 runs on Ray as it does locally (breaker32).

The driver's task hash counts a file executable when any execute bit is set (`memeval.tasks.hash_tree`); the node
unpacked the bundle with tarfile's `data` filter, which drops the group's and others' execute bits from a file its
owner may not run, so the node's copy of a task holding such a file (`tool.sh`, mode 0655) never matched the
driver's: every trial of that task was an `internal` set-up fault on Ray, retried and faulted again, while the same
run locally scored it. The node now gives such a file its packed execute bits back (`_ray_bundle._keep_exec_bits`).
The run starts its own one-node cluster, as test_fault26_ray_setup.py's does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient
from runner_helpers import REPO, make_task

pytest.importorskip("ray")

pytestmark = [pytest.mark.slow, pytest.mark.ray, pytest.mark.xdist_group("ray")]


def test_a_task_file_of_mode_0655_runs_on_a_ray_node(tmp_path: Path) -> None:
    tasks = tmp_path / "tasks"
    tool = make_task(tasks, "odd", files={"tool.sh": "echo hi\n"}) / "environment" / "app" / "tool.sh"
    tool.chmod(0o655)
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", HOME=str(tmp_path / "home"))
    env.pop("RAY_ADDRESS", None)  # no cluster named: the run starts a local one
    res = subprocess.run(
        [sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", "command", "--agent-cmd", "true",
         "--network", "none", "--executor", "ray", "--concurrency", "2",
         "--runs-dir", str(tmp_path / "runs"), "--json", "--quiet"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=patient(600),
    )  # fmt: skip
    assert res.stdout.strip().startswith("{"), res.stderr[-3000:]
    trials = json.loads(res.stdout)["trials"]
    assert len(trials) == 2, trials
    for t in trials:
        assert t["fault"] is None and t["verified"] is True, t  # before: internal fault, the node's copy differed
