"""The servers (`serve`, `audit serve`, `view`) say at once that they start, and a SIGTERM meanwhile stops them at once.

Found by a new user (newuser25, issue 17) on a fresh clone: `memeval serve` printed nothing for its first
3.7-7.6 s (load 0.5-10): its loading line came only after the store's, the web app's and uvicorn's
modules had loaded and the store was opened. And `kill PID` while a server loaded waited out the whole
load (28 s at load 10), then printed "loaded in 28.5 s" and only then "stopped by SIGTERM": the handler
set a flag that was read once the loading had ended.

Now the line comes right after the port is bound, before the store is opened, and a SIGTERM while the
server loads ends it there: the store is never made, nothing says it loaded, exit 0 with the usual line.
`memeval view` said nothing for 23 s at load 23 before its address; it now says it reads the run first.
Real server processes on 127.0.0.1, their stderr read line by line.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest
from line_reader import Lines
from patience import patient
from usage_line import spawn_memeval

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("args", "name"),
    [(["serve"], "memeval review"), (["audit", "serve"], "memeval audit serve")],
)
def test_sigterm_at_the_loading_line_stops_before_the_store_is_made(tmp_path: Path, args: list[str], name: str) -> None:
    db = tmp_path / "a.sqlite"
    env = {
        "MEMEVAL_DB": f"sqlite:///{db}",
        "MEMEVAL_AUDIT_WORKERS": "0",
        "MEMEVAL_REVIEW_SECRET_FILE": str(tmp_path / "secret"),
    }
    proc = spawn_memeval(*args, "--port", "0", cwd=tmp_path, env=env, stdout=subprocess.DEVNULL)
    assert proc.stderr is not None
    err = Lines(proc.stderr)
    try:
        first = err.next(patient(120)) or "(nothing on stderr)"
        store_before_the_line = db.exists()  # the line is said before the store is opened
        proc.send_signal(signal.SIGTERM)  # while it loads: its modules, the store, the engines
        proc.wait(timeout=patient(60))
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    rest = err.rest()
    assert first.startswith(f"{name}: loading the redactor and hold detector before serving http://"), first
    assert not store_before_the_line, "the store was opened before the loading line"
    assert proc.returncode == 0, (proc.returncode, rest)
    assert "loaded in" not in rest and "(Ctrl-C to stop)" not in rest, rest  # stopped where it was, never served
    assert rest.rstrip().endswith("stopped by SIGTERM, shut down cleanly") and "Traceback" not in rest, rest
    assert not db.exists() and not (tmp_path / "secret").exists()  # nothing made for a server that never served


def test_view_says_at_once_that_it_starts_and_a_sigterm_then_stops_it(tmp_path: Path) -> None:
    """`memeval view RUN` said nothing for 23 s at load 23 (its imports and the run's overview) before its address."""
    run = Path(shutil.copytree(REPO / "tests" / "fixtures" / "runlog_v1" / "sample-t01", tmp_path / "run"))
    proc = spawn_memeval("view", str(run), "--port", "0", "--no-browser", cwd=tmp_path)
    assert proc.stderr is not None and proc.stdout is not None
    err = Lines(proc.stderr)
    try:
        first = err.next(patient(120)) or "(nothing on stderr)"
        proc.send_signal(signal.SIGTERM)  # while it reads the run and loads the viewer
        proc.wait(timeout=patient(60))
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    rest, out = err.rest(), proc.stdout.read()
    assert first.startswith("memeval view: reading run run and starting the viewer"), first
    assert proc.returncode == 0 and out == "", (proc.returncode, out, rest)  # stopped before it had an address
    assert rest.rstrip().endswith("memeval view: stopped by SIGTERM, shut down cleanly") and "Traceback" not in rest
