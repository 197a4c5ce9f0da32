"""A run's scratch folder and helper processes, cleared on every way a session can end.

Everything temporary a session makes outside the run folder (the metering proxy's socket, the
scripted upstream's port file and log) lives under one folder named after the run,
`<tmp>/memeval-<run id>/`, and every helper server it starts is recorded there by process id and
start time. A session removes the folder and stops its helpers when it ends; a session that
never got to (`kill -9`, a power cut) leaves them to the next session of the same run, which
clears them under the run's lock before it starts (`clear_leftovers`). Helpers also get
`PR_SET_PDEATHSIG`, so the kernel stops them as soon as the process that started them dies.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from memeval.sandbox import death_signal


def scratch_dir(run_dir: Path) -> Path:
    """The run's scratch folder (not created): `<tmp>/memeval-<run folder name>`.

    Short on purpose: a unix socket path must stay under 108 bytes.
    """
    return Path(tempfile.gettempdir()) / f"memeval-{run_dir.name}"


def make_scratch(run_dir: Path) -> Path:
    """Create the run's scratch folder (mode 0700) and return it."""
    d = scratch_dir(run_dir)
    d.mkdir(mode=0o700, exist_ok=True)
    return d


def _start_time(pid: int) -> str | None:
    """Field 22 of `/proc/PID/stat` (start time in clock ticks since boot), or None if gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[19]


def record_helper(scratch: Path, pid: int) -> None:
    """Note a helper process (by id and start time) so a later session can stop it."""
    helpers = scratch / "helpers"
    helpers.mkdir(mode=0o700, exist_ok=True)
    started = _start_time(pid)
    if started is not None:
        (helpers / str(pid)).write_text(started)


def forget_helper(scratch: Path, pid: int) -> None:
    """Drop a helper's note once it was stopped."""
    with contextlib.suppress(FileNotFoundError):
        (scratch / "helpers" / str(pid)).unlink()


def _stop(pid: int, started: str) -> None:
    """Stop a recorded helper's process group: SIGTERM, then SIGKILL after 3 s.

    Only when the process is still the one recorded (same start time): a process id can be reused.
    """
    if _start_time(pid) != started:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGTERM)
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and _start_time(pid) == started:
        time.sleep(0.02)
    if _start_time(pid) == started:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGKILL)


def clear_leftovers(run_dir: Path) -> list[int]:
    """Stop the helpers an earlier session of this run left running, remove its scratch folder.

    Call with the run's lock held. Returns the ids of the helpers that were still running.
    """
    d = scratch_dir(run_dir)
    stopped = []
    helpers = d / "helpers"
    if helpers.is_dir():
        for note in helpers.iterdir():
            if not note.name.isdigit():
                continue
            pid, started = int(note.name), note.read_text().strip()
            if _start_time(pid) == started:
                stopped.append(pid)
                _stop(pid, started)
    shutil.rmtree(d, ignore_errors=True)
    return stopped


def die_with_parent() -> Callable[[], None] | None:
    """A `preexec_fn` that makes the child get SIGTERM when its parent dies (Linux).

    `PR_SET_PDEATHSIG` fires when the *thread* that forked exits, so it is only set for children
    started from the main thread (None otherwise): a helper started from a worker thread relies on
    `clear_leftovers`.
    """
    if threading.current_thread() is not threading.main_thread():
        return None
    return death_signal(signal.SIGTERM)
