"""Every `--help` page names its values as a user writes them, and what it says of a variable holds.

Found by walking every page as a user: `memeval results --help` listed its argument as
`RUN... <list[str]>` (a Python type), `memeval review approve --help` said "or set
MEMEVAL_REVIEW_TOKEN instead" beside `[env var: MEMEVAL_REVIEWER]` although a name from that
variable makes the token unused, `memeval runs --help` said the run index is in MEMEVAL_DB
although `--index-url` and MEMEVAL_INDEX_URL come first, and `memeval serve --help` left out the
variable its `--session-max-age-s` reads. The variables' claims are checked by real commands.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient
from typer._click.core import Command
from typer.core import TyperGroup
from typer.testing import CliRunner
from usage_line import set_up_memeval

from memeval.cli import app
from memeval.cli.app import COMMANDS, load_command

REPO = Path(__file__).resolve().parents[2]
WEEK = REPO / "samples" / "fernhill" / "audit" / "week.jsonl"


def _paths(prefix: list[str], cmd: Command) -> list[list[str]]:
    out = [prefix]
    if isinstance(cmd, TyperGroup):
        for name, sub in sorted(cmd.commands.items()):
            out += _paths([*prefix, name], sub)
    return out


EVERY_PAGE = [[]] + [p for name in COMMANDS for p in _paths([name], load_command(name))]


@pytest.mark.parametrize("path", EVERY_PAGE, ids=[" ".join(p) or "memeval" for p in EVERY_PAGE])
def test_no_help_page_shows_a_python_type(path: list[str]) -> None:
    res = CliRunner().invoke(app, [*path, "--help"])
    assert res.exit_code == 0, res.output
    for raw in ("<list[", " range>", "<tuple[", "typing.", "NoneType"):
        assert raw not in res.stdout, f"{' '.join(path)} --help shows {raw!r}:\n{res.stdout}"


def test_a_list_argument_shows_one_values_type() -> None:
    out = CliRunner().invoke(app, ["results", "--help"]).stdout
    assert "  RUN... <str>  A run id or folder" in out, out


def test_serve_names_the_variable_each_of_its_settings_reads() -> None:
    out = " ".join(CliRunner().invoke(app, ["serve", "--help"]).stdout.split())
    for name in ("overdue_after_h", "claim_lease_s", "session_max_age_s"):  # ReviewSettings.from_env reads each
        assert f"MEMEVAL_REVIEW_{name.upper()}" in out, name


def _memeval(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """A real `memeval` process in a new session (no terminal to ask a password on), stdin empty."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args],
        env={**base, "PYTHONPATH": str(REPO), **env},
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=patient(300),
        start_new_session=True,
    )


def test_the_run_index_is_where_runs_help_says(tmp_path: Path) -> None:
    out = " ".join(CliRunner().invoke(app, ["runs", "--help"]).stdout.split())
    assert "Without it: MEMEVAL_INDEX_URL, else MEMEVAL_DB, else sqlite:///audit/memeval.sqlite." in out, out
    assert "(MEMEVAL_DB, default" not in out
    shutil.copytree(REPO / "tests" / "fixtures" / "runlog_v1", tmp_path / "runs")
    env = {
        "MEMEVAL_INDEX_URL": f"sqlite:///{tmp_path / 'index.sqlite'}",
        "MEMEVAL_DB": f"sqlite:///{tmp_path / 'db.sqlite'}",
    }
    res = _memeval("runs", "--index", env=env, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert (tmp_path / "index.sqlite").is_file() and not (tmp_path / "db.sqlite").exists()


@pytest.mark.slow
def test_a_reviewer_name_from_its_variable_wins_over_the_token_as_help_says(tmp_path: Path) -> None:
    out = " ".join(CliRunner().invoke(app, ["review", "claim", "--help"]).stdout.split())
    assert "or set MEMEVAL_REVIEW_TOKEN instead" not in out
    assert "a name, even from MEMEVAL_REVIEWER, wins over it" in out, out
    (tmp_path / "one.jsonl").write_text(next(x for x in WEEK.read_text().splitlines() if "lesson.proposed" in x) + "\n")
    env = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'a.sqlite'}", "MEMEVAL_REVIEW_SECRET_FILE": str(tmp_path / "key")}
    ingested = set_up_memeval("audit", "ingest", "one.jsonl", env=env, cwd=tmp_path)
    assert ingested.returncode == 0, ingested.stderr
    made = [
        set_up_memeval(*args, "--password-stdin", stdin="a-long-enough-password\n", env=env, cwd=tmp_path)
        for args in (["users", "add", "alice", "--role", "admin"], ["users", "token", "alice", "--user", "alice"])
    ]
    assert [m.returncode for m in made] == [0, 0], [m.stderr for m in made]
    token = made[1].stdout.strip()
    ref = "lesson/fernhill/les_00"
    named = _memeval(
        "review", "claim", ref, env={**env, "MEMEVAL_REVIEW_TOKEN": token, "MEMEVAL_REVIEWER": "alice"}, cwd=tmp_path
    )
    assert named.returncode == 2 and "no terminal to ask the password on" in named.stderr, named.stderr
    unnamed = _memeval("review", "claim", ref, env={**env, "MEMEVAL_REVIEW_TOKEN": token}, cwd=tmp_path)
    assert unnamed.returncode == 0, unnamed.stderr


def test_password_stdin_is_the_same_plain_flag_everywhere() -> None:
    """`users add` offered `--password-stdin / --no-password-stdin [default: no-password-stdin]`."""
    for path in (["users", "add"], ["review", "approve"], ["review", "claim"]):
        out = CliRunner().invoke(app, [*path, "--help"]).stdout
        assert "  --password-stdin  " in out and "no-password-stdin" not in out, (path, out)
