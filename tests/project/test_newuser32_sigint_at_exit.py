"""A ^C while `memeval` exits, its command done, lets the exit finish quietly (newuser32).

`memeval audit ingest FILE` printed its summary ("read 26520 events: 26520 stored ...") and went on freeing what it
had made for a moment (0.3 s for 2,000 events); a ^C then printed "Exception ignored in: <function SetBase.__del__
...> ... KeyboardInterrupt" with a traceback under a command whose work was done and said, and that finaliser's
cleanup was skipped. Now, once the command has ended (`memeval.cli.app.console`), the first SIGINT is taken
quietly and the exit goes on with the command's own exit code; a second ends the process as the system's default
does. These tests run the real console entry point in a real Python process and send it real SIGINTs from an exit
handler, the moment the ^C came in the ingest.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import atexit, os, signal, sys

def late():
    for _ in range({presses}):
        os.kill(os.getpid(), signal.SIGINT)  # ^C while the process exits: the handler runs right after the call
    sys.stderr.write("exit handler finished\\n")

atexit.register(late)
sys.argv = ["memeval", "--version"]
from memeval.cli.app import console
console()
"""


def _run(presses: int) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-c", SCRIPT.format(presses=presses)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_ctrl_c_while_exiting_lets_the_exit_finish_with_the_command_s_code() -> None:
    r = _run(1)
    assert r.stdout.startswith("memeval "), r.stdout  # the command's work: its version, printed
    assert "Traceback" not in r.stderr and "KeyboardInterrupt" not in r.stderr, r.stderr  # main: both
    assert "exit handler finished" in r.stderr, r.stderr  # main: the handler was cut off by the interrupt
    assert r.returncode == 0, (r.returncode, r.stderr)


def test_a_second_ctrl_c_while_exiting_ends_the_process() -> None:
    r = _run(2)
    assert r.stdout.startswith("memeval "), r.stdout
    assert "Traceback" not in r.stderr and "exit handler finished" not in r.stderr, r.stderr
    assert r.returncode == -signal.SIGINT, (r.returncode, r.stderr)  # main: 0, with a traceback
