"""What a new user's walk through the audit commands found (2026-12-04), checked with real `memeval` processes.

- An argument the command can judge alone (`--week bogus`, `--tz Nowhere/Bogus`, a file that is
  not there, a folder given as the events file, `--day Funday`) was refused only after the audit
  store's modules had loaded: SQLAlchemy and sqlmodel, about 1 s of CPU (2.5-5 s of wall on a busy
  machine) to say one line. `memeval.audit` now loads each name on first use, and the commands
  check such arguments before they import the store.
- `memeval users add bob --role viewer` on a machine with no store yet was refused (a store's
  first account is its admin), yet left an empty `audit/memeval.sqlite` behind; so did a first
  admin whose password was refused ("the password has 1 characters").
- `memeval audit ingest FOLDER` said "no such file" of a folder that is there.
- An event without `type`, or with a typo in it, was refused in pydantic's words ("Unable to extract
  tag using discriminator 'type'", "Input tag ... does not match any of the expected tags") with all
  18 types listed, those only memeval writes among them, and the value sent echoed even when it
  was a key.
- The weekly report's "Waiting for a person" said "1 contradictions" and "1 held texts".
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from cli_process import imported_modules, run_memeval, said
from patience import patient

REPO = Path(__file__).resolve().parents[2]
STORE_MODULES = ("sqlalchemy", "sqlmodel")


def _memeval(
    *args: str, cwd: Path, stdin: str | None = None, importtime: bool = False
) -> subprocess.CompletedProcess[str]:
    """A real `memeval` process in `cwd`, no MEMEVAL_ variable of ours; `importtime`: `-X importtime` on."""
    return run_memeval(*args, cwd=cwd, stdin=stdin if stdin is not None else "", importtime=importtime)


_imported = imported_modules
_said = said


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["audit", "counts", "--team", "acme", "--week", "bogus"], "week 'bogus' is not an ISO week"),
        (["audit", "counts", "--team", "acme", "--week", "2026-W99"], "week '2026-W99' does not exist"),
        (["audit", "team", "set", "acme", "--tz", "Nowhere/Bogus"], "unknown time zone 'Nowhere/Bogus'"),
        (["audit", "ingest", "missing.jsonl", "--sender", "me"], "no such file 'missing.jsonl'"),
        (["report", "weekly", "--team", "acme", "--week", "2026-W99"], "week '2026-W99' does not exist"),
        (["report", "send", "--team", "acme", "--week", "bogus"], "week 'bogus' is not an ISO week"),
        (["report", "verify", "--team", "acme", "--week", "bogus"], "week 'bogus' is not an ISO week"),
        (["report", "verify", "missing-report"], "no such file 'missing-report'"),
        (["report", "subscribe", "--team", "acme", "--to", "a@example.com", "--day", "Funday"], "'Funday'"),
    ],
    ids=[
        "counts-week",
        "counts-week-99",
        "team-tz",
        "ingest-missing",
        "weekly-week",
        "send-week",
        "verify-week",
        "verify-missing",
        "subscribe-day",
    ],
)
def test_an_argument_error_is_said_before_the_store_modules_load(argv: list[str], said: str, tmp_path: Path) -> None:
    res = _memeval(*argv, cwd=tmp_path, importtime=True)
    assert res.returncode == 2, _said(res.stderr)
    assert said in _said(res.stderr)
    loaded = sorted(_imported(res.stderr) & set(STORE_MODULES))
    assert loaded == [], f"`memeval {' '.join(argv)}` loaded {loaded} to refuse an argument it can judge alone"
    assert list(tmp_path.iterdir()) == [], "an argument error created files"


def test_the_store_modules_still_load_for_a_command_that_opens_the_store(tmp_path: Path) -> None:
    res = _memeval("audit", "counts", "--team", "acme", "--week", "2026-W47", cwd=tmp_path, importtime=True)
    assert res.returncode == 2
    assert "no audit store at audit/memeval.sqlite" in _said(res.stderr)
    assert "sqlalchemy" in _imported(res.stderr)


def test_import_memeval_audit_loads_no_store_module_until_a_store_name_is_asked_for(tmp_path: Path) -> None:
    probe = (
        "import sys\n"
        "from memeval.audit import iso_week_window, zone\n"
        "print(sorted(m for m in ('sqlalchemy', 'sqlmodel') if m in sys.modules))\n"
        "from memeval.audit import open_store\n"
        "print('sqlalchemy' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=patient(120),
        check=True,
    )
    assert out.stdout.split("\n")[:2] == ["[]", "True"]


def test_a_refused_first_account_leaves_no_store_behind(tmp_path: Path) -> None:
    res = _memeval("users", "add", "bob", "--role", "viewer", "--password-stdin", cwd=tmp_path, stdin="x" * 16)
    assert res.returncode == 2
    assert "first account is its admin" in res.stderr
    assert list(tmp_path.iterdir()) == [], "a refused first account left a store behind"

    res = _memeval("users", "add", "alice", "--role", "admin", "--password-stdin", cwd=tmp_path, stdin="x")
    assert res.returncode == 2
    assert "error: the password has 1 character: use at least 12" in res.stderr  # it said "1 characters"
    assert list(tmp_path.iterdir()) == [], "a refused first password left a store behind"


def test_a_refused_account_on_an_existing_store_keeps_the_store_and_its_accounts(tmp_path: Path) -> None:
    pw = "correct horse battery"
    res = _memeval("users", "add", "alice", "--role", "admin", "--password-stdin", cwd=tmp_path, stdin=pw)
    assert res.returncode == 0, res.stderr
    store = tmp_path / "audit" / "memeval.sqlite"
    assert store.is_file()
    res = _memeval("users", "add", "bob", "--role", "viewer", "--password-stdin", cwd=tmp_path, stdin="")
    assert res.returncode == 2  # no login given: only an admin adds accounts
    assert store.is_file(), "a refused command removed an existing store"
    listed = _memeval("users", "list", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.split("\t")[:2] == ["alice", "admin"], listed.stdout


def test_ingest_of_a_folder_says_it_is_a_folder(tmp_path: Path) -> None:
    (tmp_path / "events").mkdir()
    res = _memeval("audit", "ingest", "events", "--sender", "me", cwd=tmp_path)
    assert res.returncode == 2
    assert "'events' is a folder: pass a JSONL file of audit events in it" in res.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["events"]


def test_ingest_names_a_missing_or_mistyped_type_in_the_schemas_words_and_never_echoes_a_key(tmp_path: Path) -> None:
    # A sender's first file: one event without `type`, one with a typo, one whose `type` holds a key.
    # pydantic's own words were "Unable to extract tag using discriminator 'type'" and a list of all
    # 18 types (the store's and the review queue's among them) with the value sent, key or not.
    key = "sk-live-" + "a1b2c3d4e5" * 4
    base = {
        "team": "acme",
        "occurred_at": "2026-12-01T09:00:00Z",
        "session": "s1",
        "actor": {"kind": "agent", "id": "bot1"},
        "payload": {"outcome": "completed"},
    }
    lines = [
        {**base, "sender_event_id": "e1"},
        {**base, "sender_event_id": "e2", "type": "session.endd"},
        {**base, "sender_event_id": "e3", "type": key},
    ]
    (tmp_path / "events.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    res = _memeval("audit", "ingest", "events.jsonl", "--sender", "me", cwd=tmp_path)
    assert res.returncode == 2
    sendable = (
        "a sender sends one of session.started, session.ended, memory.written, memory.retired, "
        "lesson.proposed, contradiction.opened, access.refused (audit/SCHEMA.md)"
    )
    assert f"line 1: type: missing: {sendable}" in res.stderr
    assert (
        f"line 2: type: 'session.endd' is not an event type (did you mean 'session.ended'?): {sendable}" in res.stderr
    )
    assert f"line 3: type: not an event type (the value is not shown): {sendable}" in res.stderr
    assert key not in res.stderr
    assert "hold.created" not in res.stderr  # a type only memeval writes is not offered to a sender
    assert sorted(p.name for p in tmp_path.iterdir()) == ["events.jsonl"], "a refused file created a store"


def test_the_weekly_report_counts_one_waiting_item_in_the_singular(tmp_path: Path) -> None:
    # The sample week's report said "1 contradictions: 0 under a day, ..." and "1 held texts: ...".
    base = {"team": "acme", "actor": {"kind": "agent", "id": "bot1"}, "session": "s1"}
    events = [
        {**base, "type": "lesson.proposed", "sender_event_id": "e1", "subject": "les_1",
         "occurred_at": "2026-11-17T09:00:00Z", "payload": {"text": "Deploys go out on Tuesdays.", "source": "agent"}},
        {**base, "type": "contradiction.opened", "sender_event_id": "e2", "subject": "con_1",
         "occurred_at": "2026-11-17T10:00:00Z",
         "payload": {"a_item": "mem_a", "a_text": "Deploys go out on Tuesdays.", "b_item": "mem_b",
                     "b_text": "Deploys go out on Thursdays."}},
        {**base, "type": "lesson.proposed", "sender_event_id": "e3", "subject": "les_2",
         "occurred_at": "2026-11-18T09:00:00Z", "payload": {"text": "Staging resets at noon.", "source": "agent"}},
    ]  # fmt: skip
    # received inside the week (waiting is aged from receipt since audit17: ingested today they were
    # not waiting in 2026-W47 at all), into the store the CLI's default `--db` opens
    from memeval.audit import ingest_lines, open_store

    (tmp_path / "audit").mkdir()
    store = open_store(f"sqlite:///{tmp_path / 'audit' / 'memeval.sqlite'}")
    store.clock = lambda: datetime(2026, 11, 18, 12, tzinfo=UTC)
    ingest_lines(store, [json.dumps(e) for e in events], sender="me")
    store.engine.dispose()
    res = _memeval("report", "weekly", "--team", "acme", "--week", "2026-W47", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    html = next((tmp_path / "audit" / "reports" / "acme" / "2026-W47").glob("v*/report.html")).read_text()
    assert "<strong>2 lessons</strong>" in html
    assert "<strong>1 contradiction</strong>" in html
    assert "<strong>0 held texts</strong>" in html
    assert "1 contradictions" not in html
