"""A world with a folder under `/opt` keeps the packages its Dockerfile installed (breaker32).

The world's virtual environment is bound at `/opt/memeval/venv`. When the task's Dockerfile makes a folder there
(`RUN mkdir -p /opt/data`), `/opt` is a world folder: bubblewrap made the venv's mount point in it 0700, which the
agent (no capabilities) cannot enter, and the verifier moved `/opt/memeval/venv/bin` after the system's folders
on `PATH` as if the agent could write it. Neither saw the package: the agent's `import pyjokes` failed and the
verifier's `python3` was the host's, so a solved task scored 0 in both arms. Needs the package registry (as
`test_ab_cli`'s six).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_helpers import RunAb, make_task

CHECK = "python3 -c 'import pyjokes' && grep -qx ok /app/seen"


@pytest.mark.slow
def test_a_world_folder_under_opt_keeps_the_tasks_packages(tmp_path: Path, run_ab: RunAb) -> None:
    dockerfile = "WORKDIR /app\nRUN mkdir -p /opt/data\nRUN pip install pyjokes==0.6.0\n"
    test_sh = f"{CHECK} && echo 1 > /logs/verifier/reward.txt || echo 0 > /logs/verifier/reward.txt\n"
    make_task(tmp_path / "tasks", "opt", dockerfile=dockerfile, test_sh=test_sh)
    agent = "sh -c \"python3 -c 'import pyjokes' && echo ok > /app/seen\""
    code, doc, err = run_ab(str(tmp_path / "tasks"), "--agent", "command", "--agent-cmd", agent, "--network", "none")
    assert code in (0, 1), err
    got = sorted((t["execution"], t["fault"], t["reward"]) for t in doc["trials"])
    assert got == [("completed", None, 1.0)] * 2, got  # before: ("errored", None, 0.0), both arms
