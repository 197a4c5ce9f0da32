"""A symlink in the agent's folder to a hard link of a task's test, kept outside the task set, is refused (breaker19).

`memeval.runner._shownlinks` refused a symlink whose resolved path is in a task's `tests/`, and a hard link of
a test file inside the agent's folder, but not a symlink to a hard link of `tests/test.sh` kept beside the
task set: the symlink resolves outside every task and the hard link is not in a shown folder, yet it is the
same plan one bind away (the rule the module gives for symlinks). Honest links (to `/tmp`, to the task's
`environment/`, dangling) still pass. Real files, the real check; no sandbox is started.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from runner_helpers import make_task

from memeval.agents._spec import load_agent_file
from memeval.errors import UsageError
from memeval.runner._shown import check_hidden_from_agent
from memeval.tasks._load import load_task_set


def _check(root: Path) -> None:
    check_hidden_from_agent(
        load_task_set(root / "tasks"), load_agent_file(root / "agent" / "agent.toml"), root / "runs"
    )


@pytest.fixture
def root(tmp_path: Path) -> Path:
    make_task(tmp_path / "tasks", "t", test_sh="echo secret-1 > /dev/null\n", solve_sh="true\n",
              files={"data.txt": "x\n"}, instruction="Do it.\n")  # fmt: skip
    agent = tmp_path / "agent"
    agent.mkdir()
    (agent / "agent.toml").write_text('name = "a"\nversion = "1"\ncommand = ["python3", "/opt/agent/a.py"]\n')
    return tmp_path


def test_a_symlink_to_a_hard_link_of_a_test_outside_the_tasks_is_refused(root: Path) -> None:
    os.link(root / "tasks" / "t" / "tests" / "test.sh", root / "copy.sh")
    os.symlink(root / "copy.sh", root / "agent" / "notes.sh")
    with pytest.raises(UsageError, match=r"notes\.sh.*is .*tests/test\.sh under another name"):
        _check(root)


def test_honest_links_still_pass(root: Path) -> None:
    os.symlink("/tmp", root / "agent" / "tmp")
    os.symlink(root / "tasks" / "t" / "environment", root / "agent" / "env")
    os.symlink(root / "nowhere", root / "agent" / "dangling")
    os.symlink(root / "agent" / "loop", root / "agent" / "loop")
    _check(root)
