"""`memeval ab` started in the background by a script stops on SIGINT, as it does in a terminal.

A shell without job control (a script, `sh -c`, CI) starts `memeval ab ... &` with SIGINT ignored,
and Python keeps it so: `kill -INT` (or Ctrl-C reaching the script's process group) did nothing,
and only SIGTERM stopped the run. The command line now takes SIGINT back (`memeval.cli.app.main`);
the run ends as an interrupted one (exit 130, the running trial `cancelled`, so `--resume` runs it
again), and SIGTERM still ends it the same way.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from patience import patient

REPO = Path(__file__).resolve().parents[2]


def _ignore_sigint() -> None:
    """What `sh -c 'memeval ab ... &'` does to the background command before it runs."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _agent_started(runs: Path) -> bool:
    return any(b'"agent.started"' in p.read_bytes() for p in runs.glob("*/events.jsonl"))


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_run_started_with_sigint_ignored_stops_on_sigint_and_sigterm(tmp_path: Path, sig: signal.Signals) -> None:
    runs = tmp_path / "runs"
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env["PYTHONPATH"] = str(REPO)
    cmd = [sys.executable, "-m", "memeval", "ab", str(REPO / "tests/fixtures/tasksets/mini"), "--agent", "command",
           "--agent-cmd", "sleep 60", "--network", "none", "--runs-dir", str(runs), "--quiet"]  # fmt: skip
    proc = subprocess.Popen(
        cmd,
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_ignore_sigint,  # noqa: PLW1509 - one signal call; the test process starts no thread here
    )
    try:
        end = time.monotonic() + patient(60)
        while time.monotonic() < end and not any(
            b'"agent.started"' in p.read_bytes() for p in runs.glob("*/events.jsonl")
        ):
            time.sleep(0.05)
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        os.kill(proc.pid, sig)  # to memeval alone, as `kill -INT $!` sends it
        _, err = proc.communicate(timeout=patient(30))
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    log = next(runs.glob("*/events.jsonl")).read_text()
    assert '"code":"cancelled"' in log and '"status":"cancelled"' in log  # the trial is retried by --resume
