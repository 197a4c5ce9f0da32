"""`memeval ab` on a runs folder that cannot take more bytes (a full disk, a quota, a read-only
mount, a file-size limit) printed a 60-line traceback. It must say in one line what could not be
written and why, and exit 1. RLIMIT_FSIZE stands in for the full disk: the write fails the same
way, with no mount needed."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

from runner_helpers import MINI, REPO


def _limited() -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead of killing
    resource.setrlimit(resource.RLIMIT_FSIZE, (1500, resource.RLIM_INFINITY))


def test_a_runs_folder_that_takes_no_more_bytes_is_one_error_line(tmp_path: Path):
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "200"}
    args = ["ab", str(MINI), "--tasks", "greet", "--agent", "nop", "--network", "none"]
    proc = subprocess.run(
        [sys.executable, "-m", "memeval", *args, "--runs-dir", str(tmp_path / "runs")],
        capture_output=True, text=True, env=env, preexec_fn=_limited, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "╭" not in proc.stderr, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("error: ") and "File too large" in last and str(tmp_path / "runs") in last, last
