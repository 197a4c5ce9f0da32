"""`memeval check-tasks` stopped mid-check says what it left and how to go on (newuser37).

A Ctrl-C (or SIGTERM) while the oracle's control run was going printed `interrupted` alone, where
`memeval ab` names the `--resume` command: nothing said that check-tasks has no resume, nor that the
stopped control run stays in the runs folder, listed as a cancelled run. Now the last line says both
and gives the command to check again, as typed. Exit 130 as before.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from interrupted import interrupt_once_started

REPO = Path(__file__).resolve().parents[2]


def test_an_interrupted_check_names_the_command_to_check_again(tmp_path: Path) -> None:
    tasks = tmp_path / "tasks"
    shutil.copytree(REPO / "tests/fixtures/tasksets/mini/greet", tasks / "greet")
    (tasks / "greet/solution/solve.sh").write_text("#!/bin/bash\nsleep 60\n")  # the oracle is still at work
    runs = tmp_path / "my-runs"
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env["PYTHONPATH"] = str(REPO)
    args = ["check-tasks", "tasks", "--runs-dir", "my-runs", "--quiet"]
    err = interrupt_once_started([sys.executable, "-m", "memeval", *args], cwd=tmp_path, env=env, runs=runs)
    last = err.strip().splitlines()[-1]
    assert last.startswith("interrupted: check-tasks does not resume"), err
    assert f"`memeval {' '.join(args)}`" in last and "`memeval runs --runs-dir my-runs`" in last, last
