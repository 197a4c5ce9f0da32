"""`memeval serve` and `memeval audit serve` stop on SIGTERM with a line and exit 0, in real processes.

Found by a new user: `kill PID` (what a service manager's stop sends) ended `memeval serve` with
exit 143 and no word, because uvicorn raises the signal it caught again after shutting down;
`memeval audit serve` did the same and never said where it listened. Ctrl-C stays an
interruption: "interrupted", exit 130.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from live_server import free_port
from patience import patient

REPO = Path(__file__).resolve().parents[2]


def _started(args: list[str], tmp_path: Path) -> subprocess.Popen[str]:
    """`memeval ARGS` in its own session, once it has printed that it listens (else the test fails)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(REPO), MEMEVAL_DB=f"sqlite:///{tmp_path / 'a.sqlite'}", MEMEVAL_AUDIT_WORKERS="0")
    env["MEMEVAL_REVIEW_SECRET_FILE"] = str(tmp_path / "secret")
    proc = subprocess.Popen(
        [sys.executable, "-m", "memeval", *args],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert proc.stderr is not None
    ready, _, _ = select.select([proc.stderr], [], [], patient(60))
    line = proc.stderr.readline() if ready else "(nothing on stderr)"  # "... on http://... (Ctrl-C to stop)"
    if "(Ctrl-C to stop)" not in line:
        proc.kill()
        pytest.fail(line + proc.communicate()[1])
    return proc


@pytest.mark.parametrize(
    ("args", "name"),
    [(["serve"], "memeval review on http://127.0.0.1:"), (["audit", "serve"], "memeval audit ingest on http://")],
)
def test_sigterm_stops_with_a_line_and_exit_0(tmp_path: Path, args: list[str], name: str) -> None:
    proc = _started([*args, "--port", str(free_port())], tmp_path)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=patient(60))
    assert proc.returncode == 0, (proc.returncode, err)
    assert err.startswith(name) and err.rstrip().endswith("stopped by SIGTERM, shut down cleanly"), err
    assert "Traceback" not in err and out == ""


def test_ctrl_c_is_still_an_interruption(tmp_path: Path) -> None:
    proc = _started(["serve", "--port", str(free_port())], tmp_path)
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=patient(60))
    assert proc.returncode == 130 and err.strip().endswith("interrupted"), (proc.returncode, err)
