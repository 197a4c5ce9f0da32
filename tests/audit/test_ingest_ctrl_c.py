"""Ctrl-C during a file ingest with worker processes: one "interrupted" line, exit 130, no worker left.

Found by a new user: a terminal's Ctrl-C reaches the whole process group, so each ingest worker
took the SIGINT too and printed a KeyboardInterrupt traceback (two workers: about 40 lines of
multiprocessing internals under "interrupted"). The workers now leave SIGINT to the parent
(`memeval.audit._parallel._warm`).
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from patience import patient
from procs import live

ROOT = Path(__file__).resolve().parents[2]
WEEK = ROOT / "samples" / "fernhill" / "audit" / "week.jsonl"


def _big_file(path: Path, rounds: int = 10) -> None:
    """The sample week's sessions and memories `rounds` times over, each copy with its own ids (about 2,200 events)."""
    week = [json.loads(line) for line in WEEK.read_text(encoding="utf-8").splitlines() if line.strip()]
    keep = [e for e in week if e["type"] in ("session.started", "memory.written", "session.ended")]
    with path.open("w", encoding="utf-8") as f:
        for r in range(rounds):
            for e in keep:
                copy = {**e, "sender_event_id": f"{e['sender_event_id']}-r{r}"}
                if copy.get("session"):
                    copy["session"] = f"{copy['session']}_r{r}"
                f.write(json.dumps(copy) + "\n")


def _stored(db: Path) -> int:
    """Events stored so far (0 while the store or its table is not there yet)."""
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1) as conn:
            return int(conn.execute("select count(*) from audit_event").fetchone()[0])
    except sqlite3.Error:
        return 0


@pytest.mark.slow  # 38 s in the suite (91c579d9, three workers): handed out first
def test_ctrl_c_during_a_worker_ingest_is_one_line_and_leaves_no_worker(tmp_path: Path) -> None:
    events = tmp_path / "big.jsonl"
    _big_file(events)
    db = tmp_path / "a.sqlite"
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(ROOT), MEMEVAL_DB=f"sqlite:///{db}", MEMEVAL_AUDIT_WORKERS="2")
    cmd = [sys.executable, "-m", "memeval", "audit", "ingest", str(events), "--sender", "s", "--batch-size", "100"]
    proc = subprocess.Popen(cmd, cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)  # fmt: skip
    end = time.monotonic() + patient(120)
    while time.monotonic() < end and proc.poll() is None and _stored(db) == 0:  # the workers are warm and working
        time.sleep(0.1)
    assert proc.poll() is None, "the ingest ended before it could be interrupted: give it more events"
    os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole foreground group
    out, err = proc.communicate(timeout=patient(60))
    assert proc.returncode == 130, (proc.returncode, err)
    assert err.startswith("interrupted: ") and err.count("\n") == 1, err  # no traceback from any worker
    end = time.monotonic() + patient(10)
    while live(group=proc.pid) and time.monotonic() < end:
        time.sleep(0.1)
    assert live(group=proc.pid) == [], "a worker outlived the interrupted ingest"
