"""Servers a new user found rough (polish21), in real processes.

- `memeval audit serve --host 0.0.0.0` served plain HTTP, bearer tokens and all, on every interface
  without a word: it now says so in one line on stderr as it starts, naming the fix (a
  TLS-terminating proxy in front); on loopback it says nothing.
- `memeval view` exited 143 on SIGTERM (its uvicorn runs in a thread, which installs no handler)
  while `serve` and `audit serve` stop with a line and exit 0: now it does too.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import httpx
import pytest
from line_reader import Lines
from patience import patient
from usage_line import spawn_memeval

from memeval.cli._serving import plain_http_warning

REPO = Path(__file__).resolve().parents[2]
INTERRUPTED_LOG = REPO / "tests" / "fixtures" / "runlog_interrupted" / "events.jsonl"


def _spawned(args: list[str], tmp_path: Path) -> subprocess.Popen[str]:
    env = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'a.sqlite'}", "MEMEVAL_AUDIT_WORKERS": "0"}
    return spawn_memeval(*args, cwd=tmp_path, env=env)


def _stop(proc: subprocess.Popen[str], sig: int = signal.SIGTERM) -> int:
    """Send `sig`, wait for the end (killing the session if it does not come), return the exit code."""
    proc.send_signal(sig)
    try:
        return proc.wait(timeout=patient(60))
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        pytest.fail("still running 60 s after the signal")


def test_audit_serve_warns_of_plain_http_beyond_loopback(tmp_path: Path) -> None:
    proc = _spawned(["audit", "serve", "--host", "0.0.0.0", "--port", "0"], tmp_path)
    assert proc.stderr is not None
    first = Lines(proc.stderr).next(patient(60)) or "(nothing on stderr)"  # before the engines load
    _stop(proc)
    assert first.startswith("warning: memeval audit serve listens on 0.0.0.0 over plain HTTP"), first
    assert "bearer tokens" in first and "TLS-terminating proxy" in first, first


def test_only_loopback_addresses_go_without_the_warning() -> None:
    """On loopback nothing leaves the machine (tests/project/test_serve_sigterm.py: the default's first line)."""
    for host in ("127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost", "LOCALHOST"):
        assert plain_http_warning("memeval audit serve", host) is None, host
    for host in ("0.0.0.0", "::", "192.168.1.5", "10.0.0.1", "example.org"):
        assert "TLS-terminating proxy" in (plain_http_warning("memeval audit serve", host) or ""), host


def test_view_stops_on_sigterm_with_a_line_and_exit_0(tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()
    (run / "events.jsonl").write_bytes(INTERRUPTED_LOG.read_bytes())
    proc = _spawned(["view", str(run), "--port", "0", "--no-browser"], tmp_path)
    assert proc.stdout is not None and proc.stderr is not None
    line = Lines(proc.stdout).next(patient(60)) or ""
    assert line.startswith("memeval view: http://127.0.0.1:"), line
    assert httpx.get(line.split()[2], timeout=patient(5)).status_code == 200
    code = _stop(proc)
    err = proc.stderr.read()
    assert code == 0, (code, err)
    assert err.rstrip().endswith("memeval view: stopped by SIGTERM, shut down cleanly"), err
    assert "Traceback" not in err
