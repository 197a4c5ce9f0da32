"""A listing whose reader leaves (`memeval runs | head -1`) ends as the shell's tools do (polish20).

It ended with exit 1 (click's and rich's answer to `EPIPE`), memeval's exit code for a failure, and
only when the output outran the pipe's buffer (200 runs as text did, as JSON did not under every
setting): a script could not tell "the reader had enough" from "the command failed". Now every
command is ended by SIGPIPE, in silence, as `seq`, `cat` or `git log` piped into `head` are: the
shell says 141, a Python parent -13 (`memeval._readerleft`). Real `memeval` processes whose stdout
pipe is closed before they write, on a real run log and a copy of a real audit store.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"
COMMANDS = [
    ["runs"],
    ["runs", "--json"],
    ["results", "runs/r1"],  # rich's table
    ["replay", "runs/r1"],  # the plain replay, before the command line is built
    ["review", "list"],
    ["review", "list", "--json"],
    ["audit", "token", "list", "--json"],
    ["users", "list"],
    ["--help"],
]


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("pipe")
    (home / "runs" / "r1").mkdir(parents=True)
    shutil.copy(FIXTURES / "runlog_interrupted" / "events.jsonl", home / "runs" / "r1" / "events.jsonl")
    shutil.copy(FIXTURES / "audit_before_id_shape" / "store.sqlite", home / "a.sqlite")
    return home


def test_a_command_whose_reader_left_ends_by_sigpipe_in_silence(home: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_") and k != "PYTHONUNBUFFERED"}
    env.update(PYTHONPATH=str(REPO), MEMEVAL_DB=f"sqlite:///{home / 'a.sqlite'}")
    procs = []
    for args in COMMANDS:  # all at once: each is mostly its start
        read_end, write_end = os.pipe()
        os.close(read_end)  # the reader left before memeval wrote anything (`memeval ... | true`)
        procs.append(
            subprocess.Popen(
                [sys.executable, "-m", "memeval", *args],
                cwd=home,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=write_end,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
        os.close(write_end)
    ended = {}
    for args, proc in zip(COMMANDS, procs, strict=True):
        _, err = proc.communicate(timeout=patient(90))
        ended[" ".join(args)] = (proc.returncode, err[-2000:])
    assert ended == {" ".join(args): (-signal.SIGPIPE, "") for args in COMMANDS}
