"""`line_reader.Lines` returns a line that arrived with another; select + readline on a text pipe does not."""

from __future__ import annotations

import select
import subprocess
import sys

from line_reader import Lines

TWO_AT_ONCE = "import os, time; os.write(2, b'first\\nsecond\\n'); time.sleep(30)"


def _two_lines_at_once() -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", TWO_AT_ONCE], stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    select.select([proc.stderr], [], [], 30)  # both lines are in the pipe (one write)
    return proc


def test_lines_returns_the_second_line_of_one_write() -> None:
    proc = _two_lines_at_once()
    try:
        assert proc.stderr is not None
        lines = Lines(proc.stderr)
        assert [lines.next(10), lines.next(10), lines.next(0.2)] == ["first", "second", None]
    finally:
        proc.kill()
        proc.wait()
    assert lines.rest() == ""


def test_select_then_readline_loses_it() -> None:
    """Why `Lines` exists: the second line waits in Python's buffer while select waits on the pipe."""
    proc = _two_lines_at_once()
    try:
        assert proc.stderr is not None
        assert proc.stderr.readline() == "first\n"
        assert select.select([proc.stderr], [], [], 0.5)[0] == []  # "nothing more", though "second" came
        assert proc.stderr.readline() == "second\n"
    finally:
        proc.kill()
        proc.wait()
