"""A task folder edited while its run runs: the trials after the edit are faults, never scored on other tests.

Found by the breaker: a run pins each task by content hash when it is planned (the run card's task set),
but builds each trial's world from `environment/` when the trial starts and copies `tests/` in when its
verifier starts. A test.sh edited in between (a `git checkout` in the task set's repository during a
long run) decided the trials that came after, and the run card still named the old hash: `--resume`
checks the hash, a run going on did not. Now each trial hashes its task again before its world is built
and after its verifier ran; a change is a `protocol` fault naming both hashes. A real `memeval ab`
process, real sandboxes; the test edits the task once the first trial has started.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from patience import patient
from runner_helpers import make_task

from memeval.tasks import hash_tree

REPO = Path(__file__).resolve().parents[2]


def _started(runs: Path) -> bool:
    for log in runs.glob("*/events.jsonl"):
        if '"trial.started"' in log.read_text():
            return True
    return False


def test_a_test_sh_edited_during_the_run_decides_no_trial(tmp_path: Path) -> None:
    tasks, runs = tmp_path / "tasks", tmp_path / "runs"
    task = make_task(tasks, "t", test_sh="echo 0 > /logs/verifier/reward.txt\n")
    pinned = hash_tree(task)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    args = ["ab", str(tasks), "--agent", "command", "--agent-cmd", "sleep 2", "--network", "none"]
    args += ["--concurrency", "1", "--json", "--quiet", "--runs-dir", str(runs)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "memeval", *args],
        env={**env, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + patient(60)
        while not _started(runs):
            assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read() if proc.stderr else ""
            time.sleep(0.02)
        (task / "tests" / "test.sh").write_text("#!/bin/bash\necho 1 > /logs/verifier/reward.txt\n")  # now all pass
        out, err = proc.communicate(timeout=patient(120))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    doc = json.loads(out)
    trials = doc["trials"]
    assert len(trials) == 2, err
    for t in trials:
        assert t["verified"] is not True, t  # before: both passed on the edited test.sh
        assert t["fault"]["code"] == "protocol", t["fault"]
        assert "changed since the run was planned" in t["fault"]["message"], t["fault"]
    assert all(pinned in t["fault"]["message"] for t in trials), trials
