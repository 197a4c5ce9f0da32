"""Ctrl-C while an ingest's worker processes load: the ingest ends at once and what was stored stays valid.

Found in the hold budget's closing note: a SIGINT during a multi-batch `memeval audit ingest` while
its workers loaded the engines took 9-25 s to end the command (the pool's exit waited for each
worker to finish loading; they leave SIGINT to the parent). The ingest now kills its workers when
interrupted (they hold nothing that is stored).

Real parts: two `memeval audit ingest` processes on one SQLite store, real worker processes, real
signals by `os.kill`, `memeval audit verify` afterwards. The workers are stopped (SIGSTOP) while
they load, so they never finish: on main the ingest then never ends; no timing is asserted.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from patience import patient
from procs import cmdline, live
from test_ingest_ctrl_c import WEEK, _big_file, _stored

ROOT = Path(__file__).resolve().parents[2]


def _env(db: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(ROOT), MEMEVAL_DB=f"sqlite:///{db}", MEMEVAL_AUDIT_WORKERS="2")
    env["MEMEVAL_FINGERPRINT_KEY"] = "ab" * 32
    return env


def _workers(pid: int) -> list[int]:
    """The spawned worker processes under `pid` (not its resource tracker)."""
    return [p for p in live(parent=pid) if b"spawn_main" in cmdline(p)]


def test_ctrl_c_while_the_workers_load_ends_the_ingest_and_keeps_what_was_stored(tmp_path: Path) -> None:
    db = tmp_path / "a.sqlite"
    env = _env(db)
    first = tmp_path / "first.jsonl"
    first.write_text("\n".join(WEEK.read_text(encoding="utf-8").splitlines()[:40]) + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "ingest", str(first), "--sender", "s"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=patient(300), check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    before = _stored(db)
    assert before > 0

    events = tmp_path / "big.jsonl"
    _big_file(events)
    cmd = [sys.executable, "-m", "memeval", "audit", "ingest", str(events), "--sender", "s", "--batch-size", "100"]
    proc = subprocess.Popen(cmd, cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)  # fmt: skip
    try:
        end = time.monotonic() + patient(120)
        stopped: list[int] = []
        while len(stopped) < 2 and time.monotonic() < end and proc.poll() is None:
            for pid in _workers(proc.pid):
                if pid not in stopped:
                    os.kill(pid, signal.SIGSTOP)  # loading: it never finishes now
                    stopped.append(pid)
            time.sleep(0.01)
        assert len(stopped) == 2, f"saw {len(stopped)} workers start"
        assert _stored(db) == before  # nothing of the big file is stored before its workers are warm
        os.kill(proc.pid, signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=patient(60))
        except subprocess.TimeoutExpired:
            raise AssertionError("the interrupted ingest waited for its workers to finish loading") from None
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, (proc.returncode, err)
    assert err.startswith("interrupted: ") and "is stored in whole batches only" in err, err  # one line: what is
    assert err.count("\n") == 1 and "(events already stored are skipped)" in err, err  # stored, how to go on
    end = time.monotonic() + patient(10)
    while live(group=proc.pid) and time.monotonic() < end:
        time.sleep(0.1)
    assert not live(group=proc.pid), "a worker is left"
    assert _stored(db) == before
    verify = subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "verify", "--json"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=patient(300), check=False,
    )  # fmt: skip
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert json.loads(verify.stdout)
