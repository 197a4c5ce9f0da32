"""An attempt a Ray node cannot set up is that trial's `internal` fault, retried; the run goes on (fault26).

fault25 made an exception inside `Attempt.run` the trial's fault; on a Ray node, what runs before it (unpacking
the bundle, moving the attempt onto the node's copy of its task, starting the node's proxy) still raised out of
the Ray task, and the driver stopped the whole run: "the run stopped: attempt ... failed in the harness", every
other trial `cancelled`. Now the node sends the failure back (`SETUP_FAILED`) and the driver records it as the
trial's `internal` fault at the `build` stage, naming the node and the exception, retried under `--retries`.

The failure is real: a task link that leaves the task folder and comes back into it through a link beside the
task set (`environment/app/tool2.sh -> ../../../../jump/environment/app/tool.sh`, `jump -> tasks/unloadable`) leads
inside the task on the driver, which loads it, while on the node, whose bundle has no `jump`, it leads outside,
and the node's loader (`_rebase`) refuses the task. (This test first used a file of mode 0655, fixed by breaker32,
then a file with a second name, fixed by breaker34; should this one be refused on the driver too, another set-up
failure is needed here.)
The tasks (`unloadable`, and `calm` beside it) are part of one run on a one-node cluster the run starts itself
(`ray start --head` under its keeper), shared with test_breaker32_ray_exec_bits.py, test_breaker34_ray_copies.py and
test_fault28_ray_world_stream.py (`ray_node_run.py`, which writes them); the other tasks of that run are scored too
(checked by their modules).
"""

from __future__ import annotations

import pytest
from installed import skip_unless_installed
from ray_node_run import ray_node_run

skip_unless_installed("ray")  # not importorskip: see tests/installed.py

pytestmark = [pytest.mark.slow, pytest.mark.ray, pytest.mark.xdist_group("ray")]


def test_a_trial_its_node_cannot_set_up_is_its_fault_and_the_run_scores_the_others(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    run = ray_node_run(tmp_path_factory)
    assert "failed in the harness" not in run.stderr, run.stderr[-3000:]  # main: the run stopped here
    for t in run.trials["calm"]:
        assert t["fault"] is None and t["verified"] is True, t  # scored, not cancelled
    for t in run.trials["unloadable"]:
        fault = t["fault"]
        assert t["attempt"] == 2 and fault["code"] == "internal" and fault["phase"] == "build", t  # retried once
        assert fault["message"].startswith("on Ray node "), fault
        assert "while it set the attempt up, memeval raised an unexpected TaskError" in fault["message"], fault
        assert "tool2.sh is a symlink to" in fault["message"], fault
        assert "outside the task folder" in fault["message"], fault
    assert {task: len(trials) for task, trials in run.trials.items()} == dict.fromkeys(
        ["calm", "dense", "dated", "linked", "odd", "sparse", "unloadable"], 2
    )
