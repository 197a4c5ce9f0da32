"""On an 80-column terminal the `memeval ab` progress line shows how many trials are done.

Found by a new user: the line began with the running trials' ids, so at 80 columns the done
count ("26/28") was cropped away. A real run of one sample task, its stderr a real pseudo-terminal
80 columns wide; the test reads what the terminal would show.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from patience import patient
from pty_read import read_until_closed

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_done_count_survives_a_narrow_terminal(tmp_path: Path) -> None:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(REPO), COLUMNS="80", LINES="24", TERM="xterm")
    args = [
        "samples/fernhill",
        "--tasks", "t01-thursday-order-arrival",  # two trials, run at once: both ids on the line
        "--agent", "command",
        "--agent-cmd", "sleep 2",
        "--network", "none",
        "--runs-dir", str(tmp_path / "runs"),
    ]  # fmt: skip
    proc = subprocess.Popen(
        [sys.executable, "-m", "memeval", "ab", *args],
        cwd=REPO,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=slave,
    )
    os.close(slave)
    seen = read_until_closed(master)
    assert proc.wait(timeout=patient(120)) in (0, 1, 3), seen.decode(errors="replace")
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", seen.decode(errors="replace"))
    progress = [line for line in re.split(r"[\r\n]", shown) if "running" in line]
    assert progress, shown
    assert all(len(line) <= 80 for line in progress), progress
    assert any(re.match(r"\s*[0-2]/2\b", line) for line in progress), progress
