"""An agent whose own folder (or its program's install) holds the task set reads the held-back tests.

Found by the breaker: the agent's sandbox shows its folder (an `agent.toml` and every file beside it, at
`/opt/agent`) and the install of a program named by path outside the system folders, as they are on the
host. With `agent.toml` at a project's top beside `tasks/` (or `--agent-cmd /project/agent.sh`), the
agent read `/opt/agent/tasks/t/tests/test.sh`, wrote the answer it checks, and passed in both arms: a run
reported as checked by tests the agent never saw. A runs folder under the agent's folder showed it every
trial's world and the tests copied in for each verifier. Such runs are refused now, before any run
folder is made. Real `memeval ab`, real sandbox.
"""

from __future__ import annotations

import json
from pathlib import Path

from runner_helpers import make_task
from typer.testing import CliRunner

from memeval.cli.app import app

SECRET = "xyzzy-9431"
TEST_SH = (
    f'if [ "$(cat /app/answer.txt 2>/dev/null)" = "{SECRET}" ]; then echo 1 > /logs/verifier/reward.txt; '
    "else echo 0 > /logs/verifier/reward.txt; fi\n"
)
AGENT_PY = """\
import os, re
for top in ("/opt/agent", os.path.dirname(os.path.abspath(__file__))):
    for d, _, files in os.walk(top):
        for f in files:
            m = re.search(r"xyzzy-[0-9]+", open(os.path.join(d, f), errors="replace").read())
            if m:
                open("/app/answer.txt", "w").write(m.group(0))
"""
"""The cheat: looks for the answer in every file of its own folder (where a task's test.sh may be)."""


def _project(root: Path) -> Path:
    """A project: `tasks/t` (its test.sh holds the answer), the cheat as `agent.py`, `run.sh` and `agent.toml`."""
    make_task(root / "tasks", "t", test_sh=TEST_SH, instruction="Write the secret word to /app/answer.txt.\n")
    (root / "agent.py").write_text(AGENT_PY)
    run = root / "run.sh"
    run.write_text('#!/bin/sh\nexec python3 "$(dirname "$0")/agent.py"\n')
    run.chmod(0o755)
    (root / "agent.toml").write_text('name = "cheat"\nversion = "1"\ncommand = ["python3", "/opt/agent/agent.py"]\n')
    return root


def _ab(*args: str) -> tuple[int, dict, str]:
    res = CliRunner().invoke(app, ["ab", *args, "--network", "none", "--json", "--quiet"])
    doc = json.loads(res.stdout) if res.stdout.strip().startswith("{") else {}
    return res.exit_code, doc, res.stderr


def _refused(code: int, doc: dict, err: str, *words: str) -> None:
    passed = [t["trial_id"] for t in doc.get("trials", ()) if t["verified"]]
    assert code == 2, (code, passed, err)  # before: exit 0, both arms passed by reading test.sh
    assert not passed, passed
    for w in words:
        assert w in err, err


def test_an_agent_toml_beside_the_tasks_is_refused(tmp_path: Path) -> None:
    proj = _project(tmp_path / "proj")
    code, doc, err = _ab(str(proj / "tasks"), "--agent", str(proj / "agent.toml"), "--runs-dir", str(tmp_path / "runs"))
    _refused(code, doc, err, "task 't'", "the agent's folder", str(proj))
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_an_agent_program_beside_the_tasks_is_refused(tmp_path: Path) -> None:
    proj = _project(tmp_path / "proj")
    code, doc, err = _ab(
        str(proj / "tasks"),
        "--agent",
        "command",
        "--agent-cmd",
        str(proj / "run.sh"),
        "--runs-dir",
        str(tmp_path / "r"),
    )
    _refused(code, doc, err, "task 't'", "the agent program's install", str(proj))


def test_a_runs_folder_in_the_agents_folder_is_refused(tmp_path: Path) -> None:
    proj = _project(tmp_path / "proj")
    agent = tmp_path / "agent"
    agent.mkdir()
    (proj / "agent.toml").rename(agent / "agent.toml")
    (proj / "agent.py").rename(agent / "agent.py")
    code, doc, err = _ab(str(proj / "tasks"), "--agent", str(agent / "agent.toml"), "--runs-dir", str(agent / "runs"))
    _refused(code, doc, err, "the runs folder", str(agent / "runs"))


def test_an_agent_folder_apart_from_the_tasks_runs_and_finds_nothing(tmp_path: Path) -> None:
    proj = _project(tmp_path / "proj")
    agent = tmp_path / "agent"
    agent.mkdir()
    (proj / "agent.toml").rename(agent / "agent.toml")
    (proj / "agent.py").rename(agent / "agent.py")
    code, doc, err = _ab(
        str(proj / "tasks"), "--agent", str(agent / "agent.toml"), "--runs-dir", str(tmp_path / "runs")
    )
    assert code == 0, err
    assert [(t["verified"], t["fault"]) for t in doc["trials"]] == [(False, None)] * 2, doc["trials"]
