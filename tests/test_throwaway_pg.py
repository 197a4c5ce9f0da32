"""A killed suite's throwaway PostgreSQL servers are stopped by the next suite's start.

Found by the breaker: the session fixtures stopped their `scripts/pg` server only when the
session ended, so a suite killed with SIGKILL (or a CI timeout) left its servers running, one per
xdist worker and kind, each holding a port and its memory until the machine restarted.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import throwaway_pg

CHILD = (
    "import sys, time; sys.path.insert(0, sys.argv[1]); import throwaway_pg\n"
    "got = throwaway_pg.start('memeval-test-pg-')\n"
    "print(got[1] if got else 'failed', flush=True)\n"
    "time.sleep(600)\n"
)


def _postmaster(folder: Path) -> int:
    return int((folder / "data" / "postmaster.pid").read_text().split()[0])


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.skipif(not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")), reason="needs PostgreSQL")
def test_a_server_whose_owner_was_killed_is_stopped_by_the_next_reap():
    tests = str(Path(__file__).resolve().parent)
    child = subprocess.Popen([sys.executable, "-c", CHILD, tests], stdout=subprocess.PIPE, text=True)
    try:
        line = child.stdout.readline().strip()
        assert line != "failed" and line, "scripts/pg start failed in the child"
        folder = Path(line)
        pid = _postmaster(folder)
        assert _alive(pid)
        throwaway_pg.reap()  # its owner runs: left alone
        assert _alive(pid) and folder.is_dir()
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    try:
        assert folder in throwaway_pg.reap()
        assert not folder.exists()
        for _ in range(100):
            if not _alive(pid):
                break
            subprocess.run(["sleep", "0.1"])
        assert not _alive(pid), "the killed owner's server still runs"
    finally:
        if folder.exists():
            throwaway_pg.stop(folder)
            shutil.rmtree(folder, ignore_errors=True)
