"""What `memeval ab --resume RUN` says when there is nothing to run, or when it may not run.

A resumed run that had already completed exited 0 and printed its record with nothing saying that
no trial ran; a second `--resume` of a run another process is running was refused (exit 2) after
printing the line that announces the run ("memeval: run ... N at once ... folder"). Real `memeval
ab` processes, real sandboxes.
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
from runner_helpers import REPO, make_task

MEMEVAL = [sys.executable, "-m", "memeval", "ab"]


def _args(tasks: Path, runs: Path, cmd: str) -> list[str]:
    return [str(tasks), "--network", "none", "--agent", "command", "--agent-cmd", cmd, "--runs-dir", str(runs)]


@pytest.mark.slow
def test_resuming_a_completed_run_says_nothing_was_left_to_run(tmp_path: Path) -> None:
    make_task(tmp_path / "tasks", "t")
    args = _args(tmp_path / "tasks", tmp_path / "runs", "true")
    first = subprocess.run([*MEMEVAL, *args, "--json"], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    run_id = json.loads(first.stdout)["run_id"]
    log = next((tmp_path / "runs").glob("*/events.jsonl"))
    before = log.read_bytes()

    again = subprocess.run(
        [*MEMEVAL, *args, "--json", "--resume", run_id], cwd=REPO, capture_output=True, text=True, timeout=300
    )
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["run_id"] == run_id  # the record is printed as before
    lines = again.stderr.strip().splitlines()
    assert lines == [
        f"memeval: run {run_id} has nothing left to run: it completed, and every planned trial has ended "
        "with none due another attempt; its record follows"
    ], again.stderr
    assert log.read_bytes() == before

    # --quiet prints nothing on stderr, as ever
    quiet = subprocess.run(
        [*MEMEVAL, *args, "--quiet", "--resume", run_id], cwd=REPO, capture_output=True, text=True, timeout=300
    )
    assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr


@pytest.mark.slow
def test_a_second_resume_of_a_running_run_is_refused_before_any_banner(tmp_path: Path) -> None:
    make_task(tmp_path / "tasks", "t", task_toml="[verifier]\ntimeout_sec = 20.0\n[agent]\ntimeout_sec = 120.0\n")
    runs = tmp_path / "runs"
    args = _args(tmp_path / "tasks", runs, "sleep 100")
    first = subprocess.Popen(
        [*MEMEVAL, *args, "--quiet"],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        end = time.monotonic() + patient(120)
        log = None
        while time.monotonic() < end:
            log = next(runs.glob("*/events.jsonl"), None)
            if log is not None and b'"agent.started"' in log.read_bytes():
                break
            time.sleep(0.1)
        assert log is not None and b'"agent.started"' in log.read_bytes(), "the first run never started its agent"
        run_id = log.parent.name

        second = subprocess.run(
            [*MEMEVAL, *args, "--resume", run_id], cwd=REPO, capture_output=True, text=True, timeout=300
        )
        assert second.returncode == 2, second.stderr
        assert "is being run by another memeval process" in second.stderr
        assert "at once" not in second.stderr and "folder" not in second.stderr, second.stderr
        assert not second.stderr.startswith(f"memeval: run {run_id}:"), second.stderr
        assert first.poll() is None  # the first run goes on
    finally:
        os.killpg(first.pid, signal.SIGINT)
        first.wait(timeout=patient(60))
