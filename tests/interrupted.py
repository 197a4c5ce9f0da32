"""Start a real `memeval ab` and press Ctrl-C once its first agent is at work.

The interrupt tests paste what the interrupted run prints; this is the part they share: the
process in a session of its own (so SIGINT reaches memeval and its sandboxes as a terminal's
Ctrl-C would), a wait for `agent.started` in any run log under `runs`, then SIGINT to the group.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from patience import patient


def interrupt_once_started(cmd: Sequence[str], *, cwd: Path, env: Mapping[str, str], runs: Path) -> str:
    """Run `cmd`, send SIGINT to its process group once an agent has started, and return its stderr.

    Waits up to `patient(90)` s for the agent and `patient(60)` s for the exit.

    Raises:
        AssertionError: the process did not end with 130 (interrupted); its stderr is the message.
    """
    proc = subprocess.Popen(
        list(cmd),
        cwd=cwd,
        env=dict(env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    end = time.monotonic() + patient(90)
    while time.monotonic() < end and not any(b'"agent.started"' in p.read_bytes() for p in runs.glob("*/events.jsonl")):
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=patient(60))
    assert proc.returncode == 130, err
    return err
