"""A bad `agent.toml` is refused naming every problem and what the file takes, not pydantic's first word alone.

Found by a new user handing `memeval ab --agent` a file without `command`: the refusal was "agent
file 'ag/agent.toml': command: Field required", with no word of what `command` is or which keys the
file takes, and only the first of several problems ("bogus = 1" beside a string `command` showed the
string alone, then the key on the next try). Each problem is now said in words (`is missing`, `is not
a key an agent.toml takes`, pydantic's reason with the value got) and the message ends with the keys
and an example `command`, as `task.toml`'s refusals end with their fix.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient

from memeval.agents._spec import load_agent_file
from memeval.errors import AgentConfigError

ROOT = Path(__file__).resolve().parents[2]
TAKES = 'an agent.toml takes name (required), command (required: a list of words, e.g. command = ["python3", '


@pytest.mark.parametrize(
    ("text", "problems"),
    [
        ('name = "x"\n', "command is missing"),
        ('name = "x"\ncommand = "echo hi"\nbogus = 1\n',
         "command: Input should be a valid list (got 'echo hi'); bogus is not a key an agent.toml takes"),
        ('command = ["a"]\ninstruction_via = "pigeon"\n',
         "name is missing; instruction_via: Input should be 'file', 'stdin' or 'arg' (got 'pigeon')"),
        ('name = "x"\ncommand = ["a"]\nmodel = "' + "m" * 60 + '"\n', "model is not a key an agent.toml takes"),
    ],
)  # fmt: skip
def test_every_problem_is_named_with_what_the_file_takes(tmp_path: Path, text: str, problems: str) -> None:
    path = tmp_path / "agent.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AgentConfigError) as caught:
        load_agent_file(path)
    said = str(caught.value)
    assert said.startswith(f"agent file {str(path)!r}: {problems}; {TAKES}"), said
    assert said.endswith("(as samples/fernhill/agent/agent.toml)"), said


def test_memeval_ab_refuses_it_in_one_line_exit_2(tmp_path: Path) -> None:
    (tmp_path / "agent.toml").write_text('name = "x"\n', encoding="utf-8")
    task = ROOT / "samples" / "fernhill" / "tasks" / "t01-thursday-order-arrival"
    r = subprocess.run(
        [sys.executable, "-m", "memeval", "ab", str(task), "--agent", str(tmp_path / "agent.toml"),
         "--runs-dir", str(tmp_path)],
        cwd=tmp_path, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, timeout=patient(120),
    )  # fmt: skip
    assert r.returncode == 2, r.stdout + r.stderr
    assert r.stderr.startswith(f"error: agent file {str(tmp_path / 'agent.toml')!r}: command is missing; {TAKES}")
    assert r.stderr.count("\n") == 1, r.stderr
    assert list(tmp_path.iterdir()) == [tmp_path / "agent.toml"]  # no run folder
