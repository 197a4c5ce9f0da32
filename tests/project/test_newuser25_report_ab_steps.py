"""`memeval report-ab` shows its steps on a terminal, as `memeval report weekly` does (newuser25, issue 17).

Found by a new user: `memeval report-ab RUN` said nothing for its seconds (about 5 s on a loaded 2-core
machine, most of them WeasyPrint's start and the PDF's layout), then "wrote ...". Now each step shows on
one line of stderr, rewritten in place and erased at the end, when stderr is a terminal; a pipe, a log
or `--quiet` get nothing, and stdout is the same. A real process, its stderr a real pseudo-terminal.
"""

from __future__ import annotations

import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient
from pty_read import read_until_closed

REPO = Path(__file__).resolve().parents[2]


def _report_ab(run: Path, pdf: Path, *extra: str, terminal: bool) -> tuple[int, str, str]:
    """`memeval report-ab RUN --pdf PDF EXTRA`: exit code, stdout, stderr (a pseudo-terminal's when `terminal`)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(REPO), TERM="xterm")
    master, slave = pty.openpty() if terminal else (-1, -1)
    proc = subprocess.Popen(
        [sys.executable, "-m", "memeval", "report-ab", str(run), "--pdf", str(pdf), *extra],
        cwd=run.parent,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=slave if terminal else subprocess.PIPE,
    )
    if terminal:
        os.close(slave)
        seen = read_until_closed(master)
        out, _ = proc.communicate(timeout=patient(300))
    else:
        out, seen = proc.communicate(timeout=patient(300))
    return proc.returncode, out.decode(), seen.decode(errors="replace")


@pytest.fixture
def run(tmp_path: Path) -> Path:
    """A copy of the golden sample run (loading it writes its projection cache beside the log)."""
    return Path(shutil.copytree(REPO / "tests" / "fixtures" / "runlog_v1" / "sample-t01", tmp_path / "run"))


def test_the_steps_show_on_a_terminal_and_are_erased(run: Path, tmp_path: Path) -> None:
    code, out, err = _report_ab(run, tmp_path / "a.pdf", terminal=True)
    assert code == 0, (out, err)
    assert "laying out and writing the PDF" in err and "working out the figures" in err, err
    assert err.endswith("\r\x1b[K"), repr(err[-200:])  # the line is erased: the terminal shows stdout alone
    assert out.startswith(f"wrote {tmp_path / 'a.pdf'}\n") and (tmp_path / "a.pdf").read_bytes()[:5] == b"%PDF-"


def test_a_pipe_and_quiet_get_no_steps(run: Path, tmp_path: Path) -> None:
    code, out, err = _report_ab(run, tmp_path / "b.pdf", terminal=False)
    assert (code, err) == (0, ""), (out, err)
    code, out, err = _report_ab(run, tmp_path / "c.pdf", "--quiet", terminal=True)
    assert (code, err) == (0, ""), (out, err)
    assert out.startswith(f"wrote {tmp_path / 'c.pdf'}\n")
