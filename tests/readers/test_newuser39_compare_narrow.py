"""`memeval compare` on an 80-column terminal: every task on one line, no header word broken.

Found by a new user: at 80 columns the boxed table left its last column 7 characters wide, so its
header read `change` `(baseli` `ne /` `pack)` and every task took two lines (`same /` then `same`).
Now a terminal narrower than the boxed table gets it without side borders or padding, as `memeval
results` draws its own. A real `memeval compare` on a real pseudo-terminal 80 columns wide (its size
set on the terminal and in `COLUMNS`), comparing the golden sample run with itself.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import shutil
import struct
import subprocess
import sys
import termios
from pathlib import Path

from patience import patient
from pty_read import read_until_closed
from usage_line import REPO, run_memeval

GOLDEN = REPO / "tests" / "fixtures" / "runlog_v1" / "sample-t01"


def _compare_on_a_terminal(home: Path, columns: int) -> list[str]:
    """The lines `memeval compare sample-t01 sample-t01` shows on a pseudo-terminal `columns` wide."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(REPO), COLUMNS=str(columns), LINES="24", TERM="xterm")
    args = [sys.executable, "-m", "memeval", "compare", "sample-t01", "sample-t01"]
    proc = subprocess.Popen(args, cwd=home, env=env, stdin=subprocess.DEVNULL, stdout=slave)
    os.close(slave)
    seen = read_until_closed(master)
    assert proc.wait(timeout=patient(60)) == 0, seen.decode(errors="replace")
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", seen.decode()).replace("\r", "").splitlines()


def test_compare_at_80_columns_keeps_each_task_on_one_line_and_header_words_whole(tmp_path: Path) -> None:
    shutil.copytree(GOLDEN, tmp_path / "runs" / "sample-t01")
    lines = _compare_on_a_terminal(tmp_path, 80)
    start = next(i for i, line in enumerate(lines) if line.startswith("A = "))  # the title: a line of its own
    table = lines[start + 1 : lines.index("", start)]
    assert all(len(line) <= 80 for line in table), table
    row = [line for line in table if "t01-thursday-order-arrival" in line]
    assert len(row) == 1 and "same / same" in row[0], lines  # the task's change whole on its own line
    header = " ".join(" ".join(table).split())
    assert "(baseline" in header and "(baseli " not in header, lines
    wide = run_memeval("compare", "sample-t01", "sample-t01", cwd=tmp_path)  # a pipe: the boxed table as before
    assert wide.returncode == 0, wide.stderr
    assert "│ change (baseline / pack) │" in wide.stdout.replace("┃", "│"), wide.stdout
