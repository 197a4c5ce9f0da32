"""Throwaway PostgreSQL servers for the suite (`scripts/pg`), stopped even when the suite is killed.

A session fixture stops its server when the session ends; a suite killed (SIGKILL, a CI timeout)
never gets there, and `pg_ctl` servers outlive it. So each server's folder records its owner (the
test process that started it: pid and start time, `/proc/PID/stat` field 22, so a reused pid is
not taken for it), and every start first stops the servers whose owner is gone (`reap`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import uuid
from pathlib import Path

from patience import patient
from procs import started

ROOT = Path(__file__).resolve().parents[1]
PG = ROOT / "scripts" / "pg"
PREFIXES = ("memeval-test-pg-", "memeval-review-pg-")
"""Folder names (under /tmp) of the suite's throwaway servers."""
OWNER = "owner"
"""File in a server's folder: `PID START_TIME` of the process that started it."""


def _owner_alive(folder: Path) -> bool:
    """Whether the process recorded in `folder/owner` still runs; True when there is no record."""
    try:
        pid, start_time = (folder / OWNER).read_text().split()
    except (OSError, ValueError):
        return True  # no record (a server from before owners were recorded, or mid-start): not ours to judge
    return started(int(pid)) == start_time


def reap(tmp: Path = Path("/tmp")) -> list[Path]:
    """Stop the suite's throwaway servers whose owner is gone; return their folders."""
    stopped = []
    for prefix in PREFIXES:
        for folder in sorted(tmp.glob(prefix + "*")):
            if folder.is_dir() and not _owner_alive(folder):
                stop(folder)
                stopped.append(folder)
    return stopped


def start(prefix: str) -> tuple[str, Path] | None:
    """Reap, then start a server in `/tmp/<prefix><random>` owned by this process.

    Returns its URL and folder, or None when `scripts/pg start` failed (stop it with `stop`).
    """
    assert prefix in PREFIXES, prefix
    reap()
    folder = Path("/tmp") / f"{prefix}{uuid.uuid4().hex[:8]}"
    folder.mkdir()
    (folder / OWNER).write_text(f"{os.getpid()} {started(os.getpid())}")
    proc = subprocess.run([str(PG), "start", str(folder)], capture_output=True, text=True, timeout=patient(180))
    if proc.returncode != 0:
        stop(folder)
        return None
    return proc.stdout.strip().splitlines()[-1], folder


def stop(folder: Path) -> None:
    """Stop the server in `folder` and remove the folder."""
    subprocess.run([str(PG), "stop", str(folder)], capture_output=True, timeout=patient(180))  # minutes at load 20
    shutil.rmtree(folder, ignore_errors=True)  # a start that failed before data/ existed
