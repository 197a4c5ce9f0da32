"""Ctrl-C while `memeval audit ingest -` still reads its pipe says that nothing was stored (newuser34).

A sender that pipes its events in (`tail -f ... | memeval audit ingest -`) has not closed the pipe yet,
so the ingest is still reading when the user gives up. On main the ^C said only "interrupted" (the
command line's generic word), leaving the user to wonder what of the piped events was kept; the store
is opened only once the input is read and checked, so nothing was, and the line now says so.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from patience import patient

ROOT = Path(__file__).resolve().parents[2]
LINE = (
    b'{"type": "session.started", "team": "fernhill", "sender_event_id": "nu34-1", "session": "ses_1",'
    b' "occurred_at": "2026-11-16T10:51:00Z", "actor": {"id": "bot", "kind": "agent"}, "payload": {}}\n'
)


def _reading_stdin(pid: int) -> bool:
    """Whether the process is blocked in read(2) on its standard input (Linux: `/proc/PID/syscall`)."""
    try:
        fields = Path(f"/proc/{pid}/syscall").read_text().split()
    except OSError:
        return False
    return fields[:2] == ["0", "0x0"]  # x86-64's read, fd 0


def test_ctrl_c_while_reading_a_pipe_says_nothing_was_stored(tmp_path: Path) -> None:
    db = tmp_path / "a.sqlite"
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(ROOT), MEMEVAL_DB=f"sqlite:///{db}")
    cmd = [sys.executable, "-m", "memeval", "audit", "ingest", "-", "--sender", "s"]
    proc = subprocess.Popen(cmd, cwd=tmp_path, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)  # fmt: skip
    assert proc.stdin is not None
    proc.stdin.write(LINE)  # one event sent, the pipe left open: the sender is still going
    proc.stdin.flush()
    end = time.monotonic() + patient(60)
    while time.monotonic() < end and proc.poll() is None and not _reading_stdin(proc.pid):
        time.sleep(0.05)
    assert _reading_stdin(proc.pid), "the ingest never waited on its standard input"
    os.killpg(proc.pid, signal.SIGINT)  # a terminal's Ctrl-C
    _, err = proc.communicate(timeout=patient(30))
    text = err.decode()
    assert proc.returncode == 130, (proc.returncode, text)
    assert text == "interrupted while reading standard input, before the store was opened: nothing was stored\n"
    assert not db.exists()
