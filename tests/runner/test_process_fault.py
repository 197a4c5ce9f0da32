"""A sandbox killed from outside is a `process` fault; with --retries it gets a new attempt and
the faulted one is kept."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from runner_helpers import MINI, REPO, bwrap_pids_under


def test_killed_sandbox_is_a_process_fault_and_is_retried(tmp_path: Path):
    marker = f"kill-me-{os.getpid()}"
    runs = tmp_path / "runs"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "memeval",
            "ab",
            str(MINI),
            "--tasks",
            "greet",
            "--agent",
            "command",
            "--agent-cmd",
            "sh -c 'touch /app/running; sleep 30'",
            "--agent-timeout",
            "2",
            "--network",
            "none",
            "--retries",
            "1",
            "--concurrency",
            "1",  # one sandbox at a time: the kill below hits exactly one trial
            "--env",
            f"MARK={marker}",
            "--runs-dir",
            str(runs),
            "--quiet",
            "--json",
        ],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    killed = 0
    end = time.monotonic() + 30
    while not killed and time.monotonic() < end:
        if not list(runs.glob("*/.work/*/world/app/running")):
            time.sleep(0.02)
            continue  # kill only once the agent is running, so the fault is `process`, not `boot`
        for pid in bwrap_pids_under(runs):
            os.kill(pid, signal.SIGKILL)
            killed += 1
        time.sleep(0.05)
    out, err = proc.communicate(timeout=60)
    assert killed and proc.returncode == 0, err
    doc = json.loads(out)
    first = doc["trials"][0]["trial_id"]
    events = [json.loads(line) for line in (runs / doc["run_id"] / "events.jsonl").read_text().splitlines()]
    faults = [e for e in events if e["event"] == "fault.raised"]
    assert [(f["trial_id"], f["code"]) for f in faults] == [(first, "process")]
    by = {t["trial_id"]: t for t in doc["trials"]}
    assert by[first]["attempt"] == 2 and by[first]["attempts"] == 2
    assert by[first]["fault"] is None and by[first]["execution"] == "timed_out"
    result = json.loads(
        subprocess.run(
            [sys.executable, "-m", "memeval", "result", str(runs / doc["run_id"])],
            capture_output=True,
            text=True,
            cwd=REPO,
        ).stdout
    )
    assert [(s["trial_id"], s["attempt"], s["fault"]["code"]) for s in result["superseded"]] == [(first, 1, "process")]
