"""Bad input a hostile tester gave real `memeval` processes: each must exit 2 with one line naming
the value and the fix (never a traceback, never a hang), and store nothing."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient
from usage_line import one_usage_line

REPO = Path(__file__).resolve().parents[2]
MINI = REPO / "tests" / "fixtures" / "tasksets" / "mini"


def _memeval(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("MEMEVAL_DB", None)
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=patient(90),
    )


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["serve", "--port", "99999"], ["'--port'", "99999"]),
        (["audit", "serve", "--port", "99999"], ["'--port'", "99999"]),
        (["serve", "--port", "8765", "--session-max-age-s", "-5"], ["--session-max-age-s", "-5"]),
        (["serve", "--port", "8765", "--claim-lease-s", "0"], ["--claim-lease-s", "0"]),
    ],
)
def test_servers_refuse_bad_settings_before_listening(tmp_path: Path, args: list[str], needles: list[str]) -> None:
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    one_usage_line(_memeval(*args, "--db", db, cwd=tmp_path), *needles)


def test_a_non_utf8_event_file_is_a_usage_error_and_stores_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "events.jsonl"
    bad.write_bytes(b'{"event": "memory.written", "text": "caf\xe9"}\n')
    db = tmp_path / "a.sqlite"
    one_usage_line(
        _memeval("audit", "ingest", str(bad), "--db", f"sqlite:///{db}", cwd=tmp_path), "UTF-8", "events.jsonl"
    )
    assert not db.exists()


@pytest.mark.parametrize("command", ["ab", "check-tasks"])
def test_a_runs_dir_that_is_a_file_is_a_usage_error(tmp_path: Path, command: str) -> None:
    f = tmp_path / "runs"
    f.write_text("keep me")
    extra = ["--agent", "nop"] if command == "ab" else []
    one_usage_line(_memeval(command, str(MINI), *extra, "--runs-dir", str(f), cwd=tmp_path), "--runs-dir", str(f))
    assert f.read_text() == "keep me"


def test_a_prices_file_that_is_not_text_is_a_usage_error(tmp_path: Path) -> None:
    prices = tmp_path / "prices.toml"
    prices.write_bytes(b"\xff\xfe\x00")
    out = _memeval("ab", str(MINI), "--agent", "nop", "--prices", str(prices), "--runs-dir", "runs", cwd=tmp_path)
    one_usage_line(out, str(prices))
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_a_subscription_from_a_week_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "a.sqlite"
    event = {"type": "session.started", "occurred_at": "2026-11-17T10:00:00Z", "team": "t", "sender_event_id": "e1",
             "actor": {"kind": "agent", "id": "bot"}, "session": "s1",
             "payload": {"slice_id": "sl", "slice_hash": "sha256:ab"}}  # fmt: skip
    (tmp_path / "one.jsonl").write_text(json.dumps(event) + "\n")
    assert _memeval("audit", "ingest", "one.jsonl", "--db", f"sqlite:///{db}", cwd=tmp_path).returncode == 0
    args = ["report", "subscribe", "--team", "t", "--to", "a@example.org", "--db", f"sqlite:///{db}"]
    one_usage_line(_memeval(*args, "--since", "2026-W99", cwd=tmp_path), "2026-W99")
    with sqlite3.connect(db) as con:
        tables = {r[0] for r in con.execute("select name from sqlite_master where type = 'table'")}
        if "report_subscription" in tables:
            assert con.execute("select count(*) from report_subscription").fetchone() == (0,)


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["check-tasks", str(MINI), "--agent-timeout", "-1"], ["'--agent-timeout'", "-1"]),
        (["check-tasks", str(MINI), "--agent-timeout", "nan"], ["'--agent-timeout'", "nan"]),
        (["review", "list", "--min-age-h", "nan"], ["'--min-age-h'", "nan"]),
    ],
)
def test_numbers_out_of_range_are_refused_before_anything_runs(
    tmp_path: Path, args: list[str], needles: list[str]
) -> None:
    """check-tasks ran every task with a -1 s budget and said 0 broken; review list read nan as no filter."""
    extra = (
        ["--runs-dir", str(tmp_path / "runs")] if args[0] == "check-tasks" else ["--db", f"sqlite:///{tmp_path}/a.db"]
    )
    one_usage_line(_memeval(*args, *extra, cwd=tmp_path), *needles)
    assert not (tmp_path / "runs").exists()


def test_users_add_checks_the_role_before_asking_for_a_password(tmp_path: Path) -> None:
    """With no terminal, `users add bob --role king` asked for a password and ended 'Aborted!' (exit 1)."""
    out = subprocess.run(
        [sys.executable, "-m", "memeval", "users", "add", "bob", "--role", "king", "--db", f"sqlite:///{tmp_path}/a"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=patient(90),
    )
    one_usage_line(out, "'king'", "viewer, reviewer, admin")


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["audit", "verify", "--db", "bogus://x"], ["--db", "'bogus://x'", "sqlite:///"]),
        (["report", "subscriptions", "--db", "bogus://u:hunter2@h/x"], ["--db", "'bogus://u:***@h/x'"]),
        (["audit", "verify", "--db", "not a url"], ["--db 'not a url'", "sqlite:///"]),
    ],
)
def test_a_database_url_of_no_known_kind_is_a_usage_error_naming_where_it_came_from(
    tmp_path: Path, args: list[str], needles: list[str]
) -> None:
    """A new user's `--db bogus://x` exited 1 with SQLAlchemy's plugin error and 'check MEMEVAL_DB'."""
    res = _memeval(*args, cwd=tmp_path)
    one_usage_line(res, *needles)
    assert "hunter2" not in res.stderr and "MEMEVAL_DB" not in res.stderr
