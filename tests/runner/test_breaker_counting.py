"""Counting holes a hostile tester found: figures `memeval ab`, `results` and `runs` print must
never show a zero or a state that was not measured."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from runner_helpers import MINI, REPO, make_task


def test_fault_spend_is_null_with_a_reason_when_no_meter_ran(tmp_path: Path, run_ab):
    """Every trial faults at boot with no meter (`--network none`): what the faults cost is not
    known, so it must not read 0.0."""
    tasks = tmp_path / "tasks"
    make_task(tasks, "t1", dockerfile="WORKDIR /app\nVOLUME /data\n")
    code, doc, err = run_ab(str(tasks), "--agent", "command", "--agent-cmd", "true", "--network", "none")
    assert code == 3, err
    assert {t["fault"]["code"] for t in doc["trials"]} == {"boot"}
    spend = doc["verdict"]["fault_spend"]
    assert spend["baseline"] is None and spend["pack"] is None, spend
    assert "1 of 1" in spend["reason"] and "unknown" in spend["reason"], spend


def _start_sleeping_run(runs: Path) -> tuple[subprocess.Popen, Path]:
    args = [sys.executable, "-m", "memeval", "ab", str(MINI), "--agent", "command", "--agent-cmd", "sleep 60"]
    proc = subprocess.Popen(
        [*args, "--network", "none", "--runs-dir", str(runs), "--quiet"],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    end = time.monotonic() + 60
    while time.monotonic() < end:
        logs = list(runs.glob("*/events.jsonl"))
        if logs and b"agent.started" in logs[0].read_bytes():
            return proc, logs[0].parent
        time.sleep(0.1)
    proc.kill()
    raise AssertionError("the run never started its first agent")


def _memeval(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args], cwd=REPO, capture_output=True, text=True, timeout=120
    )


@pytest.mark.slow
def test_a_run_killed_with_sigkill_reads_interrupted_not_running(tmp_path: Path):
    """After kill -9 nobody runs the run: `results` and `runs` must not say `running`."""
    runs = tmp_path / "runs"
    proc, run = _start_sleeping_run(runs)
    live = _memeval("runs", "--runs-dir", str(runs), "--json")
    assert json.loads(live.stdout)["runs"][0]["status"] == "running", live.stderr
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    listing = _memeval("runs", "--runs-dir", str(runs), "--json")
    assert json.loads(listing.stdout)["runs"][0]["status"] == "interrupted", listing.stdout
    shown = _memeval("results", str(run))
    assert "(interrupted" in shown.stdout and "(running)" not in shown.stdout, shown.stdout


@pytest.mark.slow
def test_empty_files_count_toward_storage_mb(tmp_path: Path, run_ab):
    """Empty files take no data block but do take the host's inodes (20,000 of them cost minutes of the
    harness walking them): each file counts as at least one 4 KiB block, so 3,000 (11.7 MiB counted, 0
    bytes of data) over `storage_mb = 10` end the turn `errored` with its reason. 3,000 and not 20,000: the
    same verdict, and the diff and the tamper scan walk fewer files (20,000 took 20.6 s in the full suite;
    5,000 took 5.3 CPU s, speed46b)."""
    tasks = tmp_path / "tasks"
    toml = "[verifier]\ntimeout_sec = 30.0\n[agent]\ntimeout_sec = 20.0\n[environment]\nstorage_mb = 10\n"
    make_task(tasks, "inodes", task_toml=toml, test_sh="echo 0 > /logs/verifier/reward.txt\n")
    agent = "python3 -c \"import os; os.mkdir('/app/m'); [open('/app/m/%d' % i, 'w').close() for i in range(3000)]\""
    code, doc, err = run_ab(str(tasks), "--agent", "command", "--agent-cmd", agent, "--network", "none")
    assert code == 0, err
    for t in doc["trials"]:
        assert t["execution"] == "errored", t
        assert "storage limit of 10 MiB (task.toml storage_mb) exceeded" in (t["execution_reason"] or ""), t
