"""`memeval runs` fits the terminal it prints on, and a pipe still gets one whole line a run.

Found by a new user: the listing's lines are about 150 characters (the sample's run: 159), printed
whatever the terminal's width, so at 80 columns the terminal broke every row at column 80 and no column
could be read down. Now a terminal too narrow for the table gets it with cells wrapped at their spaces,
or one block a run (`memeval.cli._fit`). Real `memeval runs` processes on a real pseudo-terminal of 60,
80 and 200 columns (its size set on the terminal, and `COLUMNS` as a shell exports it), and in a pipe.
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

import pytest
from patience import patient
from pty_read import read_until_closed
from usage_line import REPO, run_memeval

GOLDEN = REPO / "tests" / "fixtures" / "runlog_v1"
RUN_IDS = ("01M8P48MK11DG7FGGP2DK0W5EJ", "01M8P490FKYQ4EG1WTR6J13A24")
FIELDS = ("fernhill@unversioned", "fernhill@2026.11.1 (13)", "fernhill-sample-agent", "oracle (control)", "unresolved")


@pytest.fixture(scope="module")
def runs_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder whose `runs/` holds the two golden runs (an oracle control and a sample A/B), listed once."""
    home = tmp_path_factory.mktemp("home")
    for src in sorted(GOLDEN.iterdir()):
        shutil.copytree(src, home / "runs" / src.name)
    assert run_memeval("runs", cwd=home).returncode == 0
    return home


def _on_a_terminal(home: Path, columns: int) -> str:
    """What `memeval runs` shows on a pseudo-terminal `columns` wide (escapes and carriage returns dropped)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(REPO), COLUMNS=str(columns), LINES="24", TERM="xterm")
    proc = subprocess.Popen(
        [sys.executable, "-m", "memeval", "runs"], cwd=home, env=env, stdin=subprocess.DEVNULL, stdout=slave
    )
    os.close(slave)
    seen = read_until_closed(master)
    assert proc.wait(timeout=patient(60)) == 0, seen.decode(errors="replace")
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", seen.decode()).replace("\r", "")


@pytest.mark.parametrize("columns", [60, 80])
def test_a_narrow_terminal_gets_lines_no_wider_than_itself_with_every_field(runs_home: Path, columns: int) -> None:
    shown = _on_a_terminal(runs_home, columns)
    lines = shown.splitlines()
    assert all(len(line) <= columns for line in lines), [line for line in lines if len(line) > columns]
    flat = " ".join(" ".join(lines).split())  # every field is there, none cut (an item may wrap at a space)
    for field in (*RUN_IDS, *FIELDS):
        assert field in flat, (field, shown)
    assert all(any(line.startswith(run) for line in lines) for run in RUN_IDS), shown  # an id whole, to copy


def test_a_wide_terminal_and_a_pipe_get_one_whole_line_a_run(runs_home: Path) -> None:
    piped = run_memeval("runs", cwd=runs_home, env={"COLUMNS": "60"})
    assert piped.returncode == 0, piped.stderr
    wide = _on_a_terminal(runs_home, 200)
    for shown in (piped.stdout, wide):
        lines = shown.splitlines()
        assert lines[1].split()[:3] == ["run", "started", "(UTC)"], shown
        rows = [line for line in lines if line.startswith(RUN_IDS)]
        assert len(rows) == 2, shown
        assert all(all(f in row for f in ("completed", "@unversioned")) for row in rows), shown
    assert wide == piped.stdout


def test_the_middle_width_wraps_cells_at_spaces_and_names_the_columns_left_out() -> None:
    from memeval.cli._fit import fit_lines

    head = ("run", "started (UTC)", "agent", "status", "verdict")
    table = [head, ("r1", "2026-11-30 11:43:24", "the agent", "completed", "better"),
             ("r2", "2026-11-30 11:50:00", "the agent", "completed", "worse")]  # fmt: skip
    keep, whole = frozenset({"run", "status", "verdict"}), frozenset({"run", "verdict"})
    fitted = fit_lines(table, 40, keep, whole)
    assert fitted.note is not None and "agent the agent" in fitted.note, fitted
    assert all(len(line) <= 40 for line in fitted.lines), fitted.lines
    assert fitted.lines[1].split() == ["r1", "2026-11-30", "completed", "better"], fitted.lines
    assert fitted.lines[2].split() == ["11:43:24"], fitted.lines
    assert fit_lines(table, None, keep, whole).note is None  # a pipe: every column, whole lines
