"""`memeval audit serve` stops when told, without waiting for its ingest workers (newuser26, issue 17).

The server starts its worker pool once it listens, and the workers load the redactor and hold
detector in the background. Stopped by Ctrl-C or SIGTERM soon after it listened, it said
"interrupted" (or its stop line) at once and then went on for as long as the workers took to load:
Python's exit joins a process pool, and its workers ignore both signals. On a 2-core machine that
was 85 s after a Ctrl-C and 41 s after a SIGTERM at load 20, 10 s at load 7; now 0.4 s at load 7:
the server ends its workers itself.

A real server on 127.0.0.1 with one worker, which it starts for its first batch of 50 events (start51; before,
as it listened), so the test posts one. The worker is frozen (SIGSTOP) before the server is
stopped, so a server that waits for it never ends (the test's limit), whether it was still loading
or already warm; one that ends it exits with its usual words. Nothing here is timed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from ingest_events import WARM_UP_EVENTS, memory_event, post_events
from line_reader import Lines
from live_server import announced_url
from patience import patient
from procs import cmdline, live
from usage_line import spawn_memeval

from memeval.audit import SqlAuditStore, add_token

GUARDS = 2
"""Children `audit serve` starts as multiprocessing spawns before its pool: the hold guard and the redaction guard."""


def _started(pid: int) -> int:
    """When process `pid` started, in clock ticks since boot (`/proc/PID/stat` field 22)."""
    with open(f"/proc/{pid}/stat", "rb") as f:
        return int(f.read().rsplit(b")", 1)[1].split()[19])


def _pool_worker(server: int) -> int | None:
    """The server's ingest worker: the newest of its multiprocessing spawns once there are more than the guards.

    The guards start while the server loads, the pool after its "loaded in" line; a test that read that line late
    (at load 8 the pool was up by then) cannot tell them apart by what was there when it read it, only by age.
    """
    spawned = [pid for pid in live(parent=server) if b"spawn_main" in cmdline(pid)]
    return max(spawned, key=_started) if len(spawned) > GUARDS else None


@pytest.mark.slow  # a server's start and its worker's load: 20-50 s a test at load 8-16
@pytest.mark.parametrize(
    ("sig", "code", "last"),
    [(signal.SIGTERM, 0, "stopped by SIGTERM"), (signal.SIGINT, 130, "interrupted")],
    ids=["SIGTERM", "SIGINT"],
)
def test_a_stopped_audit_serve_does_not_wait_for_its_workers(
    tmp_path: Path, sig: signal.Signals, code: int, last: str
) -> None:
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    key = "ab" * 32
    store = SqlAuditStore(db, fingerprint_key=bytes.fromhex(key))
    token = add_token(store, "fernhill", "memsys")
    store.engine.dispose()
    env = {"MEMEVAL_DB": db, "MEMEVAL_AUDIT_WORKERS": "1", "MEMEVAL_FINGERPRINT_KEY": key}
    proc = spawn_memeval("audit", "serve", "--port", "0", cwd=tmp_path, env=env, stdout=subprocess.DEVNULL)
    assert proc.stderr is not None
    err = Lines(proc.stderr)
    said: list[str] = []
    worker = None
    try:
        while not any("(Ctrl-C to stop)" in line for line in said):
            line = err.next(patient(180))
            assert line is not None, f"no listening line; it said: {said}"
            said.append(line)
        posted = post_events(
            announced_url(said[-1]), token, [memory_event(k, f"note {k}") for k in range(WARM_UP_EVENTS)]
        )
        assert posted.status_code == 200, posted.text  # a batch a worker can take: the pool starts
        deadline = time.monotonic() + patient(60)
        while (worker := _pool_worker(proc.pid)) is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert worker is not None, f"no ingest worker started; children {live(parent=proc.pid)}"
        os.kill(worker, signal.SIGSTOP)  # loading or warm, it now answers nothing until killed
        proc.send_signal(sig)
        try:
            proc.wait(timeout=patient(60))
        except subprocess.TimeoutExpired:
            pytest.fail(f"the server went on after {sig.name}, waiting for its frozen worker; it said: {said}")
        rest = err.rest()
    finally:
        if worker is not None:
            try:
                os.kill(worker, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=patient(30))
    assert proc.returncode == code, rest
    assert rest.strip().splitlines()[-1:] and last in rest.strip().splitlines()[-1], rest
    assert "Traceback" not in rest and "worker died" not in rest, rest
