"""An attempt a Ray node cannot set up is that trial's `internal` fault, retried; the run goes on (fault26).

fault25 made an exception inside `Attempt.run` the trial's fault; on a Ray node, what runs before it (unpacking
the bundle, moving the attempt onto the node's copy of its task, starting the node's proxy) still raised out of
the Ray task, and the driver stopped the whole run: "the run stopped: attempt ... failed in the harness", every
other trial `cancelled`. Now the node sends the failure back (`SETUP_FAILED`) and the driver records it as the
trial's `internal` fault at the `build` stage, naming the node and the exception, retried under `--retries`.

The failure is real: a task link that leaves the task folder and comes back into it through a link beside the
task set (`environment/app/tool2.sh -> ../../../../jump/environment/app/tool.sh`, `jump -> tasks/odd`) leads
inside the task on the driver, which loads it, while on the node, whose bundle has no `jump`, it leads outside,
and the node's loader (`_rebase`) refuses the task. (This test first used a file of mode 0655, fixed by breaker32,
then a file with a second name, fixed by breaker34; should this one be refused on the driver too, another set-up
failure is needed here.)
The run starts its own one-node cluster (`ray start --head` under its keeper), as test_ray_orphans.py's does.
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


def test_a_trial_its_node_cannot_set_up_is_its_fault_and_the_run_scores_the_others(tmp_path: Path) -> None:
    tasks = tmp_path / "tasks"
    make_task(tasks, "calm")
    odd = make_task(tasks, "odd", files={"tool.sh": "echo hi\n"}) / "environment" / "app" / "tool.sh"
    (tmp_path / "jump").symlink_to("tasks/odd")  # beside the task set: not in the bundle
    odd.with_name("tool2.sh").symlink_to("../../../../jump/environment/app/tool.sh")  # out of the task and back
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", HOME=str(tmp_path / "home"))
    env.pop("RAY_ADDRESS", None)  # no cluster named: the run starts a local one
    res = subprocess.run(
        [sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", "command", "--agent-cmd", "true",
         "--network", "none", "--executor", "ray", "--concurrency", "4", "--retries", "1",
         "--runs-dir", str(tmp_path / "runs"), "--json", "--quiet"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=patient(600),
    )  # fmt: skip
    assert "failed in the harness" not in res.stderr, res.stderr[-3000:]  # main: the run stopped here
    doc = json.loads(res.stdout)
    for t in doc["trials"]:
        if t["task_id"] == "calm":
            assert t["fault"] is None and t["verified"] is True, t  # scored, not cancelled
            continue
        fault = t["fault"]
        assert t["attempt"] == 2 and fault["code"] == "internal" and fault["phase"] == "build", t  # retried once
        assert fault["message"].startswith("on Ray node "), fault
        assert "while it set the attempt up, memeval raised an unexpected TaskError" in fault["message"], fault
        assert "tool2.sh is a symlink to" in fault["message"], fault
        assert "outside the task folder" in fault["message"], fault
    assert sorted(t["task_id"] for t in doc["trials"]) == ["calm", "calm", "odd", "odd"]
