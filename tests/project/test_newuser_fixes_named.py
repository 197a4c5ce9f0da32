"""Refusals a new user met that named the bad value but not the fix, in real `memeval` processes.

- `memeval ab ... --pack README.md` (or a JSON file that is no pack) said only that it was not
  valid JSON (or which field was missing): now it says what a pack file is and how to get one.
- `--env 1BAD=x` said "expected NAME=VALUE or NAME" for a value that has that form: now it says
  what a NAME is and which part is not one.
- `audit verify --db postgresql+psycopg://...` at a server that is down said "check MEMEVAL_DB"
  though the URL came from --db: now it names both and the server.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from refused_port import refused_port
from usage_line import one_usage_line
from usage_line import run_memeval as _memeval

REPO = Path(__file__).resolve().parents[2]
MINI = REPO / "tests" / "fixtures" / "tasksets" / "mini"


@pytest.mark.parametrize(
    ("content", "what"),
    [
        ("# not a pack\n", "is not valid JSON (Expecting value: line 1 column 1"),
        (json.dumps({"items": []}), "is invalid at name (Field required)"),
    ],
)
def test_a_file_that_is_no_pack_says_what_a_pack_is(tmp_path: Path, content: str, what: str) -> None:
    bad = tmp_path / "notes.json"
    bad.write_text(content)
    res = _memeval(
        "ab", str(MINI), "--agent", "nop", "--pack", str(bad), "--runs-dir", str(tmp_path / "runs"), cwd=tmp_path
    )
    one_usage_line(res, f"pack file {str(bad)!r} {what}", '"schema": "memeval.pack/1"', "`memeval pack build`")
    assert not (tmp_path / "runs").exists()  # refused before anything was planned


def test_an_env_name_that_is_no_name_says_what_a_name_is(tmp_path: Path) -> None:
    res = _memeval(
        "ab", str(MINI), "--agent", "nop", "--env", "1BAD=x", "--runs-dir", str(tmp_path / "runs"), cwd=tmp_path
    )
    one_usage_line(
        res, "--env '1BAD=x'", "letters, digits and _ and not starting with a digit", "'1BAD' is not such a name"
    )


def test_a_database_that_is_down_names_the_option_and_the_server(tmp_path: Path) -> None:
    with refused_port() as port:  # a port on 127.0.0.1 that nothing listens on
        res = _memeval("audit", "verify", "--db", f"postgresql+psycopg://memeval@127.0.0.1:{port}/x", cwd=tmp_path)
    assert res.returncode == 1, res.stderr  # a server that is down is a failure, not a usage error
    assert f"cannot open the audit store at postgresql+psycopg://memeval@127.0.0.1:{port}/x" in res.stderr
    assert "check the URL (--db, else MEMEVAL_DB) and that its database is up" in res.stderr, res.stderr


@pytest.mark.parametrize("given", ["team/tasks", "team/tasks/greet"])
def test_no_agent_inside_a_team_folder_points_at_the_team_folder(tmp_path: Path, given: str) -> None:
    """`memeval ab samples/fernhill/tasks` said only "no agent: pass --agent ...", though the team
    folder above it names its agent: now the message gives the command that runs the team's."""
    team = tmp_path / "team"
    shutil.copytree(MINI, team / "tasks")
    (team / "memeval.toml").write_text('[ab]\ntasks = "tasks"\nagent = "nop"\n')
    res = _memeval("ab", given, "--runs-dir", str(tmp_path / "runs"), cwd=tmp_path)
    one_usage_line(res, "no agent: pass --agent oracle|nop|command|claude-code", "memeval ab team")
    assert not (tmp_path / "runs").exists()
    (team / "memeval.toml").write_text('[ab]\ntasks = "tasks"\n')  # a team folder that names no agent: no hint
    line = one_usage_line(_memeval("ab", given, "--runs-dir", str(tmp_path / "runs"), cwd=tmp_path), "no agent")
    assert "team folder" not in line
