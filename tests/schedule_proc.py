"""A real `memeval schedule` process for the tests: started, read up to the line saying it runs, ended."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

from line_reader import Lines
from patience import patient
from usage_line import spawn_memeval


def start_schedule(*args: str, cwd: Path, env: dict[str, str]) -> tuple[subprocess.Popen[str], Lines, list[str]]:
    """`memeval schedule ARGS` started (stdout discarded), and its stderr lines up to the one saying it runs.

    Raises:
        AssertionError: stderr ended before that line (the process and its group are killed first).
    """
    proc = spawn_memeval("schedule", *args, cwd=cwd, env=env, stdout=subprocess.DEVNULL)
    err = Lines(proc.stderr)  # type: ignore[arg-type]  # spawn_memeval pipes stderr
    seen: list[str] = []
    try:
        while not any("scheduler running" in line for line in seen):
            line = err.next(patient(60))
            assert line is not None, (proc.poll(), seen)
            seen.append(line)
    except AssertionError:
        end_schedule(proc)
        raise
    return proc, err, seen


def end_schedule(proc: subprocess.Popen[str]) -> None:
    """End a schedule a test gave up on, with everything it started (its process group)."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=patient(30))
