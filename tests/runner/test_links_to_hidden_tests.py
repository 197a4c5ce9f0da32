"""A file in the agent's folder (or its program's install) that is a task's held-back test file is refused.

Left by breaker16's fix (`memeval.runner._shown`, `test_breaker_agent_sees_tests.py`): that check compares
folders, so an agent folder beside `tasks/` rather than above it passed it, yet a hard link in it to a task's
`tests/test.sh` (one file under two names, the same inode) is bound into the sandbox at `/opt/agent` with the
test's bytes: a cheat that reads every file of its folder wrote the answer test.sh checks and passed in both arms.
A bind mount of `tests/` into the folder shows the same inodes. Such a run is refused now before any run folder
is made (exit 2, naming the agent's file and the task's), as is a symlink in those folders that resolves into a
task's `tests/` or `solution/` (it leads nowhere inside the sandbox, but it is the same plan on the host: the
Ray bundle, a future bind). Real `memeval ab`, real sandbox.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient
from runner_helpers import make_task
from typer.testing import CliRunner

from memeval.cli.app import app

REPO = Path(__file__).resolve().parents[2]

SECRET = "xyzzy-5518"
TEST_SH = (
    f'if [ "$(cat /app/answer.txt 2>/dev/null)" = "{SECRET}" ]; then echo 1 > /logs/verifier/reward.txt; '
    "else echo 0 > /logs/verifier/reward.txt; fi\n"
)
AGENT_PY = """\
import os, re
for top in ("/opt/agent", os.path.dirname(os.path.abspath(__file__))):
    for d, _, files in os.walk(top):
        for f in files:
            try:
                text = open(os.path.join(d, f), errors="replace").read()
            except OSError:
                continue
            m = re.search(r"xyzzy-[0-9]+", text)
            if m:
                open("/app/answer.txt", "w").write(m.group(0))
"""
"""The cheat: looks for the answer in every file of its own folder (where a link to a task's test.sh may be)."""


def _setup(root: Path) -> tuple[Path, Path]:
    """`root/tasks/t` (its test.sh holds the answer, its solve.sh writes it) and the cheat in `root/agent/`."""
    make_task(
        root / "tasks",
        "t",
        test_sh=TEST_SH,
        solve_sh=f"echo {SECRET} > /app/answer.txt\n",
        files={"data.txt": "shown to the agent anyway\n"},
        instruction="Write the secret word to /app/answer.txt.\n",
    )
    agent = root / "agent"
    agent.mkdir()
    (agent / "agent.py").write_text(AGENT_PY)
    run = agent / "run.sh"
    run.write_text('#!/bin/sh\nexec python3 "$(dirname "$0")/agent.py"\n')
    run.chmod(0o755)
    (agent / "agent.toml").write_text('name = "cheat"\nversion = "1"\ncommand = ["python3", "/opt/agent/agent.py"]\n')
    return root / "tasks", agent


def _ab(*args: str) -> tuple[int, dict, str]:
    res = CliRunner().invoke(app, ["ab", *args, "--network", "none", "--json", "--quiet"])
    doc = json.loads(res.stdout) if res.stdout.strip().startswith("{") else {}
    return res.exit_code, doc, res.stderr


def _refused(code: int, doc: dict, err: str, runs: Path, *words: str) -> None:
    passed = [t["trial_id"] for t in doc.get("trials", ()) if t["verified"]]
    assert code == 2, (code, passed, err)
    assert not passed, passed
    for w in words:
        assert w in err, err
    assert not runs.exists() or not any(runs.iterdir())


def test_a_hard_link_to_a_tasks_test_in_the_agents_folder_is_refused(tmp_path: Path) -> None:
    tasks, agent = _setup(tmp_path)
    runs = tmp_path / "runs"
    # a hard link to a file the agent is shown anyway (the world's own file) is no secret: the run goes on
    os.link(tasks / "t" / "environment" / "app" / "data.txt", agent / "data.txt")
    code, doc, err = _ab(str(tasks), "--agent", str(agent / "agent.toml"), "--runs-dir", str(runs))
    assert code == 0, err
    assert [(t["verified"], t["fault"]) for t in doc["trials"]] == [(False, None)] * 2, doc["trials"]

    os.link(tasks / "t" / "tests" / "test.sh", agent / "notes.txt")
    runs = tmp_path / "runs2"
    code, doc, err = _ab(str(tasks), "--agent", str(agent / "agent.toml"), "--runs-dir", str(runs))
    # before: exit 0, both arms passed by reading /opt/agent/notes.txt
    _refused(code, doc, err, runs, str(agent / "notes.txt"), str(tasks / "t" / "tests" / "test.sh"), "task 't'")


def test_a_hard_link_to_a_solution_in_the_programs_install_is_refused(tmp_path: Path) -> None:
    tasks, agent = _setup(tmp_path)
    (agent / "agent.toml").unlink()
    (agent / "lib").mkdir()
    os.link(tasks / "t" / "solution" / "solve.sh", agent / "lib" / "cache.bin")
    runs = tmp_path / "runs"
    code, doc, err = _ab(
        str(tasks), "--agent", "command", "--agent-cmd", str(agent / "run.sh"), "--runs-dir", str(runs)
    )
    # before: exit 0, both arms passed by reading the solution through the program's own folder
    _refused(
        code,
        doc,
        err,
        runs,
        str(agent / "lib" / "cache.bin"),
        str(tasks / "t" / "solution" / "solve.sh"),
        "the agent program's install",
    )


def test_a_hard_link_to_a_data_file_the_tests_link_to_is_refused(tmp_path: Path) -> None:
    """All of a task folder but `environment/` and `instruction.md` is hidden: here the answer sits in `private/`."""
    tasks, agent = _setup(tmp_path)
    (tasks / "t" / "private").mkdir()
    (tasks / "t" / "private" / "answer.txt").write_text(SECRET + "\n")
    (tasks / "t" / "tests" / "answer.txt").symlink_to("../private/answer.txt")
    os.link(tasks / "t" / "private" / "answer.txt", agent / "answer.txt")
    runs = tmp_path / "runs"
    code, doc, err = _ab(str(tasks), "--agent", str(agent / "agent.toml"), "--runs-dir", str(runs))
    _refused(code, doc, err, runs, str(agent / "answer.txt"), str(tasks / "t" / "private" / "answer.txt"))


def test_a_symlink_into_a_tasks_tests_in_the_agents_folder_is_refused(tmp_path: Path) -> None:
    tasks, agent = _setup(tmp_path)
    # links to what the agent is shown anyway, or to folders that hold no task's tests, are left alone
    (agent / "root").symlink_to("/")
    (agent / "data.txt").symlink_to(tasks / "t" / "environment" / "app" / "data.txt")
    code, doc, err = _ab(str(tasks), "--agent", str(agent / "agent.toml"), "--runs-dir", str(tmp_path / "runs"))
    assert code == 0, err
    assert [(t["verified"], t["fault"]) for t in doc["trials"]] == [(False, None)] * 2, doc["trials"]

    (agent / "sub").mkdir()
    (agent / "sub" / "tests").symlink_to(os.path.relpath(tasks / "t" / "tests", agent / "sub"))
    runs = tmp_path / "runs2"
    code, doc, err = _ab(str(tasks), "--agent", str(agent / "agent.toml"), "--runs-dir", str(runs))
    _refused(code, doc, err, runs, str(agent / "sub" / "tests"), str(tasks / "t" / "tests"), "symbolic link")
    (agent / "sub" / "tests").unlink()
    (agent / "sub" / "all").symlink_to(tasks)  # the task set's folder: holds every task's tests
    code, doc, err = _ab(str(tasks), "--agent", str(agent / "agent.toml"), "--runs-dir", str(runs))
    _refused(code, doc, err, runs, str(agent / "sub" / "all"), f"which holds {tasks / 't' / 'tests'}")


def test_a_tasks_tests_bind_mounted_into_the_agents_folder_are_refused(tmp_path: Path) -> None:
    """In a private mount namespace of its own (`unshare --mount`), so nothing of the host's mounts changes."""
    if shutil.which("unshare") is None:
        pytest.skip("needs unshare(1)")
    tasks, agent = _setup(tmp_path)
    (agent / "mnt").mkdir()
    runs = tmp_path / "runs"
    ab = [sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", str(agent / "agent.toml")]
    ab += ["--network", "none", "--json", "--quiet", "--runs-dir", str(runs)]
    script = f"mount --bind {shlex.quote(str(tasks / 't' / 'tests'))} {shlex.quote(str(agent / 'mnt'))} && "
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    res = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "sh", "-c", script + f"exec {shlex.join(ab)}"],
        env={**env, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=patient(120),
        check=False,
    )
    assert not any((agent / "mnt").iterdir())  # the mount was the child's alone
    doc = json.loads(res.stdout) if res.stdout.strip().startswith("{") else {}
    # before: exit 0, both arms passed by reading /opt/agent/mnt/test.sh
    _refused(res.returncode, doc, res.stderr, runs, str(agent / "mnt"), str(tasks / "t" / "tests"), "mounted again")
