"""What a new user's walk on a fresh clone found (newuser31), in real `memeval` processes.

- `memeval ab TASKS --runs-dir README.md/sub` (a runs folder through a file) and `memeval check-tasks`
  with the same printed a traceback ending in `NotADirectoryError` (exit 1): a usage error now, naming
  the file in the way (exit 2, nothing run).
- `--db mysql://...` (a database kind SQLAlchemy knows whose Python driver is not installed) printed a
  traceback ending in `ModuleNotFoundError: No module named 'MySQLdb'`: a usage error now, naming the
  URL, the missing module and the two stores memeval is tested on.
- `--db sqlite://` (SQLite in memory) printed a traceback ending in `no such table: audit_head`: every
  connection of such a URL is an empty database of its own and nothing outlives the command, so it is
  refused, naming a file URL instead.
- `memeval ab samples/fernhill --agent samples/fernhill/agent` (the folder holding `agent.toml`) said
  `unknown agent`: it now says the folder is one and names its `agent.toml`.
- `memeval report send` mailed from `memeval@localhost` (this machine's name has no dot) without a word,
  where `memeval schedule` says on its first lines that many servers refuse such an address: `report
  send` now says it too, on stderr, with the fix (`MEMEVAL_SMTP_FROM`).
- `memeval audit ingest week.jsonl` of a file saved with a UTF-8 byte-order mark (as Windows editors save
  it) refused its first line as `not JSON (Unexpected UTF-8 BOM (decode using utf-8-sig) at column 1)`,
  while `POST /api/v1/events` stores a body opening with one: the mark opening a file is now skipped.
- `memeval report weekly --week W --tz Z` of a week already reported in another zone printed that report
  (`already made`, exit 0) as if cut in Z, where the same command for a week not yet reported is refused
  (weeks cut in two zones overlap): refused now too, naming both zones and `--preview`.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from plain_smtp import PlainInbox
from usage_line import REPO, run_memeval, set_up_memeval

from memeval.auditreport import SmtpSettings

SAMPLE = REPO / "samples" / "fernhill"
DOTLESS = "(a domain with no dot, which many servers refuse: set MEMEVAL_SMTP_FROM)"


def _no_traceback(stderr: str) -> None:
    assert "Traceback" not in stderr, stderr[-3000:]


@pytest.mark.parametrize("command", ["ab", "check-tasks"])
def test_runs_dir_through_a_file_is_a_usage_error(tmp_path: Path, command: str) -> None:
    (tmp_path / "notes.txt").write_text("a file, not a folder\n")
    res = run_memeval(
        command, str(SAMPLE), "--tasks", "t01-thursday-order-arrival", "--runs-dir", "notes.txt/runs", cwd=tmp_path
    )
    _no_traceback(res.stderr)
    assert res.returncode == 2, res.stderr
    assert "'notes.txt/runs' cannot be made: 'notes.txt' is a file, not a folder" in res.stderr, res.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


@pytest.mark.skipif(importlib.util.find_spec("MySQLdb") is not None, reason="the MySQL driver is installed here")
@pytest.mark.parametrize("argv", [["audit", "verify"], ["review", "list"], ["users", "list"]])
def test_a_database_url_whose_driver_is_missing_is_a_usage_error(tmp_path: Path, argv: list[str]) -> None:
    res = run_memeval(*argv, "--db", "mysql://u:hunter2@db.invalid/audit", cwd=tmp_path)
    _no_traceback(res.stderr)
    assert res.returncode == 2, res.stderr
    assert "error: --db 'mysql://u:***@db.invalid/audit' needs the Python module 'MySQLdb'" in res.stderr, res.stderr
    assert "sqlite:///audit/memeval.sqlite or postgresql+psycopg://" in res.stderr, res.stderr
    assert "hunter2" not in res.stderr


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:"])
def test_sqlite_in_memory_is_refused(tmp_path: Path, url: str) -> None:
    res = run_memeval("audit", "verify", "--db", url, cwd=tmp_path)
    _no_traceback(res.stderr)
    assert res.returncode == 2, res.stderr
    assert f"error: --db {url!r} is SQLite in memory" in res.stderr, res.stderr
    assert "sqlite:///audit/memeval.sqlite" in res.stderr, res.stderr
    env_res = run_memeval("review", "list", cwd=tmp_path, env={"MEMEVAL_DB": url})
    _no_traceback(env_res.stderr)
    assert env_res.returncode == 2 and f"error: MEMEVAL_DB {url!r} is SQLite in memory" in env_res.stderr


def test_agent_folder_names_its_agent_toml(tmp_path: Path) -> None:
    folder = SAMPLE / "agent"
    res = run_memeval("ab", str(SAMPLE), "--agent", str(folder), cwd=tmp_path)
    assert res.returncode == 2, res.stderr
    assert f"agent {str(folder)!r} is a folder: give its agent.toml, --agent {folder / 'agent.toml'}" in res.stderr
    (tmp_path / "empty").mkdir()
    res = run_memeval("ab", str(SAMPLE), "--agent", "empty", cwd=tmp_path)
    assert res.returncode == 2 and "'empty' is a folder with no agent.toml" in res.stderr, res.stderr
    assert list((tmp_path / "empty").iterdir()) == []


def test_sender_hint_only_for_a_dotless_domain() -> None:
    env = {"MEMEVAL_SMTP_HOST": "127.0.0.1", "MEMEVAL_SMTP_SECURITY": "none"}
    assert SmtpSettings.from_env({**env, "MEMEVAL_SMTP_FROM": "reports@localhost"}).sender_hint == f" {DOTLESS}"
    assert SmtpSettings.from_env({**env, "MEMEVAL_SMTP_FROM": "reports@fernhill.example"}).sender_hint == ""


def _three_events(tmp_path: Path) -> dict[str, str]:
    """A store holding the sample week's first three events (team fernhill, no zone set: UTC); its environment."""
    db = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'store' / 'audit.sqlite'}", "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    (tmp_path / "store").mkdir()
    week = (SAMPLE / "audit" / "week.jsonl").read_text().splitlines(keepends=True)[:3]
    (tmp_path / "three.jsonl").write_text("".join(week))
    out = set_up_memeval("audit", "ingest", "three.jsonl", "--sender", "sample", "--quiet", cwd=tmp_path, env=db)
    assert out.returncode == 0, out.stderr[-2000:]
    return db


@pytest.mark.slow  # memeval processes that load the redactor and render a PDF: about 7 s of CPU
def test_report_send_says_a_dotless_from_address(tmp_path: Path, plain_smtp: tuple[int, PlainInbox]) -> None:
    port, inbox = plain_smtp
    db = _three_events(tmp_path)
    smtp = {"MEMEVAL_SMTP_HOST": "127.0.0.1", "MEMEVAL_SMTP_PORT": str(port), "MEMEVAL_SMTP_SECURITY": "none"}
    send = ["report", "send", "--team", "fernhill", "--week", "2026-W47", "--to", "lead@fernhill.example"]
    out = run_memeval(*send, cwd=tmp_path, env={**db, **smtp, "MEMEVAL_SMTP_FROM": "reports@localhost"}, timeout_s=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert f"warning: mail goes from reports@localhost {DOTLESS}" in out.stderr, out.stderr
    assert len(inbox.messages) == 1 and b"From: reports@localhost" in inbox.messages[0]
    dotted = {**db, **smtp, "MEMEVAL_SMTP_FROM": "reports@fernhill.example"}
    out = run_memeval(*send, "--force", cwd=tmp_path, env=dotted, timeout_s=300)
    assert out.returncode == 0 and "warning" not in out.stderr, out.stderr
    assert len(inbox.messages) == 2


def test_ingest_reads_a_file_opening_with_a_byte_order_mark(tmp_path: Path) -> None:
    db = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'store' / 'audit.sqlite'}", "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    week = "".join((SAMPLE / "audit" / "week.jsonl").read_text().splitlines(keepends=True)[:3])
    (tmp_path / "bom.jsonl").write_bytes(b"\xef\xbb\xbf" + week.encode())
    out = run_memeval("audit", "ingest", "bom.jsonl", "--sender", "sample", "--json", cwd=tmp_path, env=db)
    assert out.returncode == 0, out.stderr[-2000:]
    assert '"stored": 3' in out.stdout, out.stdout
    # a byte that is not UTF-8 is still named by its place in the file, the mark counted
    (tmp_path / "bad.jsonl").write_bytes(b"\xef\xbb\xbf" + week.encode() + b"\xff\n")
    out = run_memeval("audit", "ingest", "bad.jsonl", "--sender", "sample", cwd=tmp_path, env=db)
    assert out.returncode == 2, out.stderr
    assert f"'bad.jsonl' is not UTF-8 text (line 4, byte {3 + len(week.encode())})" in out.stderr, out.stderr


@pytest.mark.slow  # memeval processes that load the redactor and render a PDF: about 7 s of CPU
def test_a_reported_week_asked_in_another_zone_is_refused(tmp_path: Path) -> None:
    db = _three_events(tmp_path)
    weekly = ["report", "weekly", "--team", "fernhill", "--week", "2026-W47"]
    out = run_memeval(*weekly, cwd=tmp_path, env=db, timeout_s=300)
    assert out.returncode == 0 and "fernhill 2026-W47 v1 made" in out.stdout, out.stderr[-2000:]
    again = run_memeval(*weekly, "--tz", "UTC", cwd=tmp_path, env=db)
    assert again.returncode == 0 and "already made" in again.stdout, again.stderr[-2000:]
    other = run_memeval(*weekly, "--tz", "Europe/London", cwd=tmp_path, env=db)
    assert other.returncode == 2, (other.stdout, other.stderr[-2000:])
    assert "error: fernhill's 2026-W47 is reported in its zone, UTC, not Europe/London (v1: " in other.stderr
    assert "--preview" in other.stderr and other.stdout == ""
