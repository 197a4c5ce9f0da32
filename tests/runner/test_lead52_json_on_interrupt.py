"""`memeval ab --json` stopped by Ctrl-C printed nothing on stdout (newuser31): a script reading it got no run id.

Now the interrupted run's document is printed as it stands (status `cancelled`, the cut-off trials with their
`cancelled` fault), exit 130, and the resume line stays on stderr. A real `memeval ab` process, a real SIGINT.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from patience import patient
from runner_helpers import REPO

SAMPLE = REPO / "samples" / "fernhill"


def _wait_for_agent(runs: Path, proc: subprocess.Popen) -> None:
    end = time.monotonic() + patient(90)
    while time.monotonic() < end:
        logs = list(runs.glob("*/events.jsonl"))
        if logs and b'"event":"agent.started"' in logs[0].read_bytes():
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.05)
    raise AssertionError("no agent started")


@pytest.mark.slow
def test_ctrl_c_under_json_prints_the_run_as_it_stands(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    task = "t01-thursday-order-arrival"
    argv = [sys.executable, "-m", "memeval", "ab", str(SAMPLE), "--tasks", task, "--agent", "command",
            "--agent-cmd", "sleep 30", "--agent-timeout", "20", "--runs-dir", str(runs), "--json"]  # fmt: skip
    proc = subprocess.Popen(
        argv, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        _wait_for_agent(runs, proc)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=patient(60))
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    doc = json.loads(out)  # on main: stdout empty
    assert doc["schema"] == "memeval.ab/1" and doc["status"] == "cancelled", doc["status"]
    assert Path(doc["run_dir"]).parent == runs and doc["run_id"] == Path(doc["run_dir"]).name
    faults = [t["fault"]["code"] for t in doc["trials"] if t["fault"] is not None]
    assert faults and set(faults) == {"cancelled"}, doc["trials"]
    assert f"--resume {doc['run_id']}" in err, err  # the resume line is where it was, on stderr
