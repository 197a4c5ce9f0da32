"""A ^C that ends `memeval audit ingest FILE` says how much of the file is stored and how to go on (newuser32).

`memeval audit ingest big.jsonl --batch-size 500`, stopped by ^C after some batches, said only "interrupted"
(exit 130): 3,080 of 26,520 events were stored, which nothing said, nor whether running it again would store
them twice. Now the line says at least how many events are stored in whole batches (the batch in hand is
not: each is all or nothing) and the command that stores the rest, skipping what is stored. Here a real
`memeval` process ingests into a SQLite store on disk and gets a real SIGINT once its first batches are in
the store; the same command then stores the rest, and every event is stored once.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from patience import patient

ROOT = Path(__file__).resolve().parents[2]
EVENTS = 6000
BATCH = 10


def _file(tmp_path: Path) -> Path:
    path = tmp_path / "sessions.jsonl"
    lines = [
        json.dumps(
            {
                "type": "session.started",
                "occurred_at": "2026-11-17T10:00:00Z",
                "team": "fernhill",
                "sender_event_id": f"e{i}",
                "actor": {"kind": "agent", "id": "bot"},
                "session": f"s_{i}",
                "payload": {"slice_id": "sl", "slice_hash": "h"},
            }
        )
        for i in range(EVENTS)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _stored(db: Path) -> int:
    if not db.exists():
        return 0
    with sqlite3.connect(db) as conn:
        try:
            return int(conn.execute("select count(*) from audit_event").fetchone()[0])
        except sqlite3.OperationalError:  # the store's tables are not made yet
            return 0


def test_a_ctrl_c_mid_ingest_says_what_is_stored_and_the_same_command_stores_the_rest(tmp_path: Path) -> None:
    db = tmp_path / "audit.sqlite"
    src = _file(tmp_path)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(ROOT), MEMEVAL_AUDIT_WORKERS="0", MEMEVAL_DB=f"sqlite:///{db}")
    argv = [sys.executable, "-m", "memeval", "audit", "ingest", str(src), "--sender", "bot", "--batch-size", str(BATCH)]
    proc = subprocess.Popen(argv, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + patient(300)
    # two batches in the store: the first one's progress was reported before the second was written, so the
    # line has a count to give (the batch written in the instant before a ^C may not be counted yet)
    while _stored(db) < 2 * BATCH and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert proc.poll() is None, "the ingest ended before its first batch was seen: use a bigger file"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=patient(120))
    assert proc.returncode == 130, (proc.returncode, out, err)
    said = re.search(r"interrupted: at least ([\d,]+) of 6,000 events of \S+ are stored, in whole batches; (.*)", err)
    assert said is not None, err  # main: "interrupted", nothing more
    written = int(said.group(1).replace(",", ""))
    assert 0 < written < EVENTS and written % BATCH == 0, err
    assert f"memeval audit ingest {src} --sender bot stores the rest" in said.group(2), err
    assert _stored(db) >= written  # at least as many as said, never fewer
    again = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=patient(300))
    assert again.returncode == 0, again.stderr
    skipped = re.search(r"(\d+) skipped as already stored", again.stdout)
    assert skipped is not None and int(skipped.group(1)) >= written, again.stdout
    assert _stored(db) == EVENTS  # every event once
