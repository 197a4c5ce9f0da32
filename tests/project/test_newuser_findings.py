"""What a new user tripped on in this round, each checked as they met it.

- `memeval report subscribe --day monday` was refused: only `mon` ... `sun` were taken.
- Output piped to a file wrapped at 160 columns (stdout) or 80 (stderr): table cells and run-card
  values were split over lines.
- `audit verify --json` and `audit counts --json` carried no `schema`, unlike the run documents.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner
from usage_line import one_usage_line, run_memeval

from memeval.cli import app
from memeval.cli._print import err_console, out_console
from memeval.cli.report import weekday


def _store_with_team(tmp_path: Path, team: str = "t") -> str:
    """A SQLite store URL holding one event of `team`."""
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    event = {"type": "session.started", "occurred_at": "2026-11-17T10:00:00Z", "team": team, "sender_event_id": "e1",
             "actor": {"kind": "agent", "id": "bot"}, "session": "s1",
             "payload": {"slice_id": "sl", "slice_hash": "sha256:ab"}}  # fmt: skip
    (tmp_path / "one.jsonl").write_text(json.dumps(event) + "\n")
    res = CliRunner().invoke(app, ["audit", "ingest", str(tmp_path / "one.jsonl"), "--db", db])
    assert res.exit_code == 0, res.output
    return db


@pytest.mark.parametrize(("text", "stored"), [("monday", "mon"), ("Monday", "mon"), ("FRI", "fri"), (" sun. ", "sun")])
def test_weekdays_by_short_or_full_name_in_any_case(text: str, stored: str) -> None:
    assert weekday(text) == stored


def test_subscribe_takes_a_full_day_name(tmp_path: Path) -> None:
    db = _store_with_team(tmp_path)
    args = ["report", "subscribe", "--team", "t", "--to", "a@example.org", "--db", db]
    res = CliRunner().invoke(app, [*args, "--day", "Wednesday"])
    assert res.exit_code == 0 and "t: every wed at 08:00" in res.stdout, res.output
    listed = json.loads(CliRunner().invoke(app, ["report", "subscriptions", "--db", db, "--json"]).stdout)
    assert listed["schema"] == "memeval.report-subscriptions/1"
    assert [s["day"] for s in listed["subscriptions"]] == ["wed"]


def test_a_day_that_is_no_weekday_names_the_forms(tmp_path: Path) -> None:
    out = run_memeval("report", "subscribe", "--team", "t", "--to", "a@example.org", "--day", "funday",
                      "--db", f"sqlite:///{tmp_path / 'a.sqlite'}", cwd=tmp_path)  # fmt: skip
    one_usage_line(out, "'funday'", "mon, tue", "(monday)")


@pytest.mark.parametrize("make", [out_console, err_console])
def test_a_piped_console_wraps_no_cell(make, capsys: pytest.CaptureFixture[str]) -> None:
    from rich.table import Table

    cell = "sha256:" + "ab" * 150  # a run-card value: 307 characters
    table = Table("field", "value")
    table.add_row("agent", cell)
    console = make()  # under pytest neither stream is a terminal
    console.print(table)
    console.print(f"  agent: binary=/usr/bin/python3.11, binary_hash={cell}, name=sample")
    out = capsys.readouterr()
    text = out.out if make is out_console else out.err
    assert sum(cell in line for line in text.splitlines()) == 2, text


def test_audit_json_documents_name_their_schema(tmp_path: Path) -> None:
    db = _store_with_team(tmp_path)
    verify = json.loads(CliRunner().invoke(app, ["audit", "verify", "--db", db, "--json"]).stdout)
    assert (verify["schema"], verify["schema_version"]) == ("memeval.audit-verify/1", 1)
    assert [(t["team"], t["ok"]) for t in verify["teams"]] == [("t", True)]
    res = CliRunner().invoke(app, ["audit", "counts", "--team", "t", "--week", "2026-W47", "--db", db, "--json"])
    counts = json.loads(res.stdout)
    assert (counts["schema"], counts["schema_version"], counts["team"], counts["sessions"]) == (
        "memeval.audit-counts/1",
        1,
        "t",
        1,
    )
