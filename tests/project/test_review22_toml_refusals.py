"""The three TOML files a team writes are refused in one wording, from one function (`read_user_toml`).

`agent.toml`, `task.toml` and `memeval.toml` each read their file and refused a NUL character in their own code; the
project file said `<file>: not valid TOML` where the other two say `<file> is not valid TOML`, and the agent file
ended its NUL refusal in `: remove it` where the project file says `; remove it`.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from memeval.agents._spec import load_agent_file
from memeval.errors import UsageError
from memeval.project import load_project
from memeval.tasks import load_task

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "fernhill"
TASK = "t14-gift-wrap-price"

# (loader, the file under the team folder, what the loader is given, how the message names the file)
FILES: dict[str, tuple[Callable[[Path], object], str, str, str]] = {
    "agent": (load_agent_file, "agent/agent.toml", "agent/agent.toml", "agent file '{team}/agent/agent.toml'"),
    "project": (load_project, "memeval.toml", ".", "{team}/memeval.toml"),
    "task": (load_task, f"tasks/{TASK}/task.toml", f"tasks/{TASK}", f"task '{TASK}': task.toml"),
}


def _refusal(tmp_path: Path, which: str, extra: bytes) -> tuple[str, str]:
    team = Path(shutil.copytree(SAMPLE, tmp_path / "team", ignore=shutil.ignore_patterns("runs", ".work")))
    load, file, given, name = FILES[which]
    with (team / file).open("ab") as f:
        f.write(extra)
    with pytest.raises(UsageError) as caught:
        load(team / given)
    return str(caught.value), name.format(team=team)


@pytest.mark.parametrize("which", sorted(FILES))
def test_a_file_that_is_not_toml_is_named_then_is(tmp_path: Path, which: str) -> None:
    message, name = _refusal(tmp_path, which, b"x = [\n")
    assert message.startswith(f"{name} is not valid TOML: "), message


@pytest.mark.parametrize("which", sorted(FILES))
def test_a_nul_is_refused_with_the_fix_after_a_semicolon(tmp_path: Path, which: str) -> None:
    message, name = _refusal(tmp_path, which, b'\n[nul_table]\nkey = "a\\u0000b"\n')
    assert message.startswith(name), message
    assert "nul_table.key holds a NUL character (\\u0000), which no " in message, message
    assert "; remove it" in message or "; fix " in message, message
