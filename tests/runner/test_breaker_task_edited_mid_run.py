"""A task or agent folder edited while its run runs: the trials after the edit are faults, never scored.

Found by the breaker: a run pins each task by content hash when it is planned (the run card's task set),
but builds each trial's world from `environment/` when the trial starts and copies `tests/` in when its
verifier starts. A test.sh edited in between (a `git checkout` in the task set's repository during a
long run) decided the trials that came after, and the run card still named the old hash: `--resume`
checks the hash, a run going on did not. Now each trial hashes its task again before its world is built
and after its verifier ran; a change is a `protocol` fault naming both hashes. The agent's folder (an
`agent.toml` and the files beside it, bound at `/opt/agent` as they are on the host) is checked the same
way, before and after each turn. A real `memeval ab` process, real sandboxes; the test edits the folder
once the first trial has started.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from patience import patient
from runner_helpers import make_task

from memeval.tasks import hash_tree

REPO = Path(__file__).resolve().parents[2]


def _started(runs: Path) -> bool:
    for log in runs.glob("*/events.jsonl"):
        if '"trial.started"' in log.read_text():
            return True
    return False


def _run_editing(tmp_path: Path, agent: list[str], edit: Callable[[], None]) -> tuple[list[dict], str]:
    """Run `memeval ab` on `tmp_path/tasks` (one trial at a time) with `agent`; `edit()` once a trial started."""
    runs = tmp_path / "runs"
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    args = ["ab", str(tmp_path / "tasks"), *agent, "--network", "none"]
    args += ["--concurrency", "1", "--json", "--quiet", "--runs-dir", str(runs)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "memeval", *args],
        env={**env, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + patient(60)
        while not _started(runs):
            assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read() if proc.stderr else ""
            time.sleep(0.02)
        edit()
        out, err = proc.communicate(timeout=patient(120))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    trials = json.loads(out)["trials"]
    assert len(trials) == 2, err
    return trials, err


def test_a_test_sh_edited_during_the_run_decides_no_trial(tmp_path: Path) -> None:
    task = make_task(tmp_path / "tasks", "t", test_sh="echo 0 > /logs/verifier/reward.txt\n")
    pinned = hash_tree(task)

    def edit() -> None:  # now every trial would pass
        (task / "tests" / "test.sh").write_text("#!/bin/bash\necho 1 > /logs/verifier/reward.txt\n")

    trials, _ = _run_editing(tmp_path, ["--agent", "command", "--agent-cmd", "sleep 2"], edit)
    for t in trials:
        assert t["verified"] is not True, t  # before: both passed on the edited test.sh
        assert t["fault"]["code"] == "protocol", t["fault"]
        assert "changed since the run was planned" in t["fault"]["message"], t["fault"]
        assert pinned in t["fault"]["message"], t["fault"]


def test_an_agent_folder_edited_during_the_run_decides_no_trial(tmp_path: Path) -> None:
    check = (
        'if [ "$(cat /app/answer.txt 2>/dev/null)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
    )
    make_task(tmp_path / "tasks", "t", test_sh=check)
    agent = tmp_path / "agent"
    agent.mkdir()
    (agent / "agent.py").write_text("import time\ntime.sleep(2)\n")
    (agent / "agent.toml").write_text('name = "a"\nversion = "1"\ncommand = ["python3", "/opt/agent/agent.py"]\n')

    def edit() -> None:  # another agent, which solves the task, under the same run card
        (agent / "agent.py").write_text("open('/app/answer.txt', 'w').write('42')\n")

    trials, _ = _run_editing(tmp_path, ["--agent", str(agent / "agent.toml")], edit)
    for t in trials:
        assert t["verified"] is not True, t  # before: the trial after the edit passed
        assert t["fault"]["code"] == "protocol", t["fault"]
        assert "the agent's folder" in t["fault"]["message"] and "changed since the run began" in t["fault"]["message"]


def test_an_agent_folder_whose_git_index_is_refreshed_during_the_run_is_not_a_fault(tmp_path: Path) -> None:
    """breaker17: an agent folder that is its own git repository, and `git status` run beside the run.

    `git status` after a file's times changed (an editor saving it unchanged, a `touch`) rewrites
    `.git/index`, and an editor's git panel runs it every few seconds. The folder's hash read every file
    of `.git`, so each trial after it was a `protocol` fault, though nothing the agent runs had changed
    (on c01e11e both trials: "the agent's folder ... changed since the run began"). The top `.git` is
    left out of the folder's hash now; an edited `agent.py` is still a fault (the test above).
    """
    check = (
        'if [ "$(cat /app/answer.txt 2>/dev/null)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
    )
    make_task(tmp_path / "tasks", "t", test_sh=check)
    agent = tmp_path / "agent"
    agent.mkdir()
    (agent / "agent.py").write_text("import time\ntime.sleep(2)\nopen('/app/answer.txt', 'w').write('42')\n")
    (agent / "agent.toml").write_text('name = "a"\nversion = "1"\ncommand = ["python3", "/opt/agent/agent.py"]\n')
    git = ["git", "-c", "user.email=a@example.org", "-c", "user.name=a"]
    for args in (["init", "-q"], ["add", "."], ["commit", "-qm", "agent"]):
        subprocess.run([*git, *args], cwd=agent, check=True)

    def edit() -> None:  # the same bytes; the index's stat data refreshed
        index = (agent / ".git" / "index").read_bytes()
        time.sleep(1.1)
        (agent / "agent.py").touch()
        subprocess.run([*git, "status", "--short"], cwd=agent, check=True, capture_output=True)
        assert (agent / ".git" / "index").read_bytes() != index  # what made the hash move

    trials, err = _run_editing(tmp_path, ["--agent", str(agent / "agent.toml")], edit)
    for t in trials:
        assert t.get("fault") is None and t["verified"] is True, (t, err)


def test_editor_swap_files_beside_the_tasks_and_the_agent_are_not_a_fault(tmp_path: Path) -> None:
    """breaker17: a task's test.sh and the agent's agent.py opened in vim while the run runs.

    vim writes a swap file beside the file it opens (`.test.sh.swp`) and deletes it on quitting, and
    emacs a lock link (`.#agent.py`) while a buffer is modified: reading a file in an editor during a
    long run changed both folders' hashes, and every later trial was a `protocol` fault with no byte of
    what runs changed (c01e11e). Such files are left out of the hashes now (`memeval.tasks.hash_tree`).
    """
    check = (
        'if [ "$(cat /app/answer.txt 2>/dev/null)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
    )
    task = make_task(tmp_path / "tasks", "t", test_sh=check)
    agent = tmp_path / "agent"
    agent.mkdir()
    (agent / "agent.py").write_text("import time\ntime.sleep(2)\nopen('/app/answer.txt', 'w').write('42')\n")
    (agent / "agent.toml").write_text('name = "a"\nversion = "1"\ncommand = ["python3", "/opt/agent/agent.py"]\n')

    def edit() -> None:  # what an editor leaves beside the files it shows; nothing that runs changes
        (task / "tests" / ".test.sh.swp").write_bytes(b"b0VIM 9.0\0" + bytes(4086))
        (agent / ".agent.py.swp").write_bytes(b"b0VIM 9.0\0" + bytes(4086))
        (agent / ".#agent.py").symlink_to("user@host.1234:1700000000")

    trials, err = _run_editing(tmp_path, ["--agent", str(agent / "agent.toml")], edit)
    for t in trials:
        assert t.get("fault") is None and t["verified"] is True, (t, err)
