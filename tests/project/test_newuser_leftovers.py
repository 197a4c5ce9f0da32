"""Leftovers of a new user's tryout of the command line, each checked as they met it.

- A bad `--week` was reported after "no audit store": the store's state was said first, and once
  the user made a store they learnt the week was wrong too. Arguments are now checked first.
- `memeval review list --kind lessons` was refused, though the list itself says "2 lessons, 1 held".
- `memeval --help` (and each group's) cut every command's line at 80 columns with `...`.
- `memeval replay RUN >&-` (standard output closed) printed a traceback.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from patience import patient
from typer._click.core import Context
from typer.testing import CliRunner

from memeval.cli import app
from memeval.cli.app import COMMANDS

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "fixtures" / "runlog_v1"


def _usage(args: list[str], *needles: str) -> str:
    """Run `memeval ARGS` in process; assert exit 2 and one `error:` line holding every needle."""
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 2, (res.exit_code, res.output)
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["audit", "counts", "--team", "t", "--week", "2026-47"], ["'2026-47'", "YYYY-Www", "2026-W47"]),
        (
            ["audit", "counts", "--team", "t", "--week", "2026-W47", "--tz", "Mars/Base"],
            ["'Mars/Base'", "Europe/London"],
        ),
        (["report", "weekly", "--team", "t", "--week", "2026-W99"], ["'2026-W99'", "W01 to W53"]),
        (["report", "weekly", "--team", "t", "--week", "2026-W47", "--tz", "CEST"], ["'CEST'", "IANA"]),
        (["report", "send", "--team", "t", "--week", "26-W1"], ["'26-W1'", "YYYY-Www"]),
        (["report", "subscribe", "--team", "t", "--to", "a@b.c", "--at", "8am"], ["'8am'", "HH:MM"]),
        (["report", "subscribe", "--team", "t", "--to", "a@b.c", "--since", "2026-W60"], ["'2026-W60'", "W53"]),
        (["report", "subscribe", "--team", "t", "--to", "nobody"], ["'nobody'", "on its own --to, as name@domain"]),
        (["review", "list", "--kind", "lesons"], ["'lesons'", "lesson, contradiction, hold"]),
    ],
)
def test_a_bad_argument_is_said_before_a_missing_store(tmp_path: Path, args: list[str], needles: list[str]) -> None:
    line = _usage([*args, "--db", f"sqlite:///{tmp_path / 'none' / 'a.sqlite'}"], *needles)
    assert "no audit store" not in line
    assert not (tmp_path / "none").exists()


def _store_with_a_lesson(tmp_path: Path) -> str:
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    event = {"type": "lesson.proposed", "occurred_at": "2026-11-17T10:00:00Z", "team": "t", "sender_event_id": "e1",
             "actor": {"kind": "agent", "id": "bot"}, "subject": "les_1",
             "payload": {"text": "Ship fern orders on Thursdays.", "source": "agent"}}  # fmt: skip
    (tmp_path / "one.jsonl").write_text(json.dumps(event) + "\n")
    res = CliRunner().invoke(app, ["audit", "ingest", str(tmp_path / "one.jsonl"), "--db", db])
    assert res.exit_code == 0, res.output
    return db


def test_review_list_takes_the_words_it_prints(tmp_path: Path) -> None:
    db = _store_with_a_lesson(tmp_path)
    for word, refs in (("lessons", ["lesson/t/les_1"]), ("Lesson", ["lesson/t/les_1"]), ("held", []), ("holds", [])):
        res = CliRunner().invoke(app, ["review", "list", "--kind", word, "--db", db, "--json"])
        assert res.exit_code == 0, res.output
        assert [i["ref"] for i in json.loads(res.stdout)["items"]] == refs, word


def _commands_section(args: list[str]) -> str:
    res = CliRunner().invoke(app, [*args, "--help"], prog_name="memeval", terminal_width=80)
    assert res.exit_code == 0, res.output
    section = res.stdout.partition("\nCommands:\n")[2].partition("\n\n")[0]
    assert section, res.stdout
    return section


def _flat(text: str) -> str:
    """`text` with its wrapping undone: runs of white space as one space, a line broken after `-` joined."""
    return " ".join(re.sub(r"-\n\s+", "-", text).split())


@pytest.mark.parametrize("group", [[], ["audit"], ["report"], ["review"], ["users"], ["pack"], ["audit", "token"]])
def test_help_lists_each_commands_line_whole_at_80_columns(group: list[str]) -> None:
    """`memeval --help` (and each group's) cut command descriptions to one 80-column line ending `...`."""
    section = _commands_section(group)
    assert all(len(line) <= 80 for line in section.splitlines()), section
    if not group:
        for name, lazy in COMMANDS.items():
            assert (_flat(lazy.help) in _flat(section)) != lazy.hidden, (name, section)
        return
    cmd = typer.main.get_command(app)
    ctx = Context(cmd, info_name="memeval")
    for name in group:
        cmd = cmd.get_command(ctx, name)  # type: ignore[attr-defined]  # a group: the path names groups
        ctx = Context(cmd, info_name=name, parent=ctx)
    for name in cmd.list_commands(ctx):  # type: ignore[attr-defined]  # a group
        sub = cmd.get_command(ctx, name)  # type: ignore[attr-defined]
        first = (sub.help or "").strip().split("\n\n")[0]
        assert first and _flat(first) in _flat(section), (name, first, section)


def _memeval_with_closed(fds: tuple[int, ...], *args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """`python -m memeval ARGS` from this checkout with descriptors `fds` closed, as `>&-` / `<&-` leave them."""

    def close() -> None:
        for fd in fds:
            os.close(fd)

    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env["PYTHONPATH"] = str(REPO)
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        preexec_fn=close,  # noqa: PLW1509 - only closes descriptors; no thread runs in a test process's child here
        timeout=patient(90),
    )


@pytest.mark.parametrize("command", [["replay", "oracle-mini"], ["results", "oracle-mini"], ["runs"]])
def test_a_closed_stdout_is_one_error_line_not_a_traceback(tmp_path: Path, command: list[str]) -> None:
    """`memeval replay RUN >&-` printed a traceback; `memeval runs >&-` printed nothing and exited 0."""
    shutil.copytree(GOLDEN, tmp_path / "runs")
    out = _memeval_with_closed((1,), *command, cwd=tmp_path)
    err = out.stderr.decode()
    assert out.returncode == 2 and "Traceback" not in err, err
    assert err.startswith("error: standard output is closed") and "> /dev/null" in err, err
    assert err.count("\n") == 1, err


def test_a_closed_stdin_or_stderr_leaves_the_command_working(tmp_path: Path) -> None:
    shutil.copytree(GOLDEN, tmp_path / "runs")
    for fds in ((0,), (2,), (0, 2)):
        out = _memeval_with_closed(fds, "results", "oracle-mini", cwd=tmp_path)
        assert out.returncode == 0 and b"Artifacts: runs/oracle-mini" in out.stdout, (fds, out)
