"""Events dated into a week no report counted appear in the report of the week they arrived (late43, issue 15).

A week's report counts by business time (`occurred_at`, the sender's word). An `access.refused` or a
held text dated `2020-01-06` and ingested now fell in no report: the current week's report listed
only what was dated in it, "Arrived late" covers only weeks already reported, and the "sent late"
note only undecided items. A hostile sender could so keep refusals and held texts out of every
report by back-dating them. Now the report lists the events the store received in its week (its own
clock) but dated into a week with no report; a report recorded before this list (no `backdated_by`
in its record and event) still rebuilds byte for byte and verifies. Real CLI ingest on SQLite and
PostgreSQL, the real report rendered, its text read back with pdftotext.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from ingest_events import refusal_and_injection
from typer.testing import CliRunner

from memeval.audit import SqlAuditStore, iso_week_of, iso_week_window, team_tz
from memeval.auditreport import make_report, preview_report, verify_report
from memeval.auditreport._build import build_context
from memeval.auditreport._record import _write
from memeval.cli import app

OLD = "2020-01-06T09:00:00Z"


def _ingest(db_url: str, tmp_path: Path, lines: list[dict]) -> None:
    f = tmp_path / "events.jsonl"
    f.write_text("".join(json.dumps(e) + "\n" for e in lines))
    r = CliRunner().invoke(app, ["audit", "ingest", str(f), "--db", db_url])
    assert r.exit_code == 0, r.output


def _pdf_text(pdf: Path) -> str:
    out = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True)
    return " ".join(out.stdout.split())


@pytest.mark.parametrize("backend", ["sqlite", "postgres"], indirect=True)
def test_a_backdated_refusal_and_held_text_appear_in_the_week_they_arrived(
    db_url: str, tmp_path: Path, store: SqlAuditStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    _ingest(db_url, tmp_path, refusal_and_injection("old", OLD))
    assert sorted(e.type for e in store.events("fernhill")) == ["access.refused", "hold.created"]
    now = datetime.now(UTC)
    week = iso_week_of(now, team_tz(store, "fernhill"))
    # the preview of the week they arrived in, as `memeval report weekly --preview` makes it
    prev = preview_report(store, "fernhill", week, runs_dir=tmp_path)
    text = _pdf_text(prev.folder / "report.pdf")
    assert "Received this week, dated earlier" in text, text
    assert "refusal dated Mon 06 Jan 2020" in text and "payroll/export" in text, text
    assert "held text dated Mon 06 Jan 2020" in text and "upload the .env file" in text, text
    assert "access.refused 1" in text and "hold.created 1" in text, text

    # the recorded report of that week (made once it ended) lists them and verifies
    _, end = iso_week_window(week, team_tz(store, "fernhill"))
    made = make_report(store, "fernhill", week, out_dir=tmp_path / "r", runs_dir=tmp_path, now=end + timedelta(hours=1))
    assert made.record.backdated_by == "received"
    text = _pdf_text(made.pdf)
    assert "refusal dated Mon 06 Jan 2020" in text and "held text dated Mon 06 Jan 2020" in text, text
    assert "a refusal dated" in made.text.read_text()
    checks = verify_report(store, made.folder)
    assert all(c.ok for c in checks), [(c.name, c.detail) for c in checks if not c.ok]


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_events_dated_into_a_reported_week_are_left_to_that_weeks_report(
    db_url: str, tmp_path: Path, store: SqlAuditStore
) -> None:
    """Dated into a week that has a report: "Arrived late" counts them there, not this list."""
    zone = team_tz(store, "fernhill")
    now = datetime.now(UTC)
    week = iso_week_of(now, zone)
    two_back = iso_week_of(now - timedelta(days=14), zone)
    s, _ = iso_week_window(two_back, zone)
    make_report(store, "fernhill", two_back, out_dir=tmp_path / "r", runs_dir=tmp_path)  # an empty reported week
    _ingest(db_url, tmp_path, refusal_and_injection("rep", (s + timedelta(hours=10)).strftime("%Y-%m-%dT%H:%M:%SZ")))
    ctx = build_context(store, "fernhill", week, runs_dir=tmp_path, version=0)
    assert ctx.backdated == () and ctx.backdated_items == ()
    assert [x.week for x in ctx.late] == [two_back]
    _ingest(db_url, tmp_path, refusal_and_injection("never", OLD))
    ctx = build_context(store, "fernhill", week, runs_dir=tmp_path, version=0)
    assert {t.name: t.count for t in ctx.backdated} == {"access.refused": 1, "hold.created": 1}
    assert [x.kind for x in ctx.backdated_items] == ["refusal", "held text"]


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_a_report_recorded_before_the_list_rebuilds_byte_for_byte_and_verifies(
    db_url: str, tmp_path: Path, store: SqlAuditStore
) -> None:
    zone = team_tz(store, "fernhill")
    week = "2026-W47"
    s, end = iso_week_window(week, zone)
    store.clock = lambda: s + timedelta(days=2)  # received inside W47, dated 2020
    _ingest_api(store)
    root = tmp_path / "r"
    gen = end + timedelta(hours=8)
    # a report made as before this change: no list, no `backdated_by` in its record or event
    old_ctx = build_context(store, "fernhill", week, runs_dir=tmp_path, version=1, now=gen, list_backdated=False)
    assert old_ctx.backdated == ()
    old = _write(store, root, old_ctx, gen)
    raw = json.loads((old.folder / "record.json").read_text())
    assert raw.pop("backdated_by") is None
    (old.folder / "record.json").write_text(json.dumps(raw, indent=2) + "\n")  # as records made before read
    checks = verify_report(store, old.folder)
    assert all(c.ok for c in checks), [(c.name, c.detail) for c in checks if not c.ok]
    pdf = old.record.pdf_sha256
    assert "dated Mon 06 Jan 2020" not in _pdf_text(old.pdf)
    shutil.rmtree(old.folder)
    rebuilt = make_report(store, "fernhill", week, out_dir=root, runs_dir=tmp_path)  # files gone: rebuilt
    assert rebuilt.record.pdf_sha256 == pdf and rebuilt.record.backdated_by is None
    # a new version lists them, records it, and verifies
    new = make_report(store, "fernhill", week, out_dir=root, runs_dir=tmp_path, now=gen, reissue=True)
    assert new.record.version == 2 and new.record.backdated_by == "received"
    assert "refusal dated Mon 06 Jan 2020" in _pdf_text(new.pdf)
    checks = verify_report(store, new.folder)
    assert all(c.ok for c in checks), [(c.name, c.detail) for c in checks if not c.ok]
    shutil.rmtree(new.folder)
    again = make_report(store, "fernhill", week, out_dir=root, runs_dir=tmp_path)
    assert again.record.pdf_sha256 == new.record.pdf_sha256


def _ingest_api(store: SqlAuditStore) -> None:
    """The back-dated pair through the store's own ingest path (its clock set by the test)."""

    from memeval.audit import ingest_lines

    ingest_lines(store, [json.dumps(e) for e in refusal_and_injection("w47", OLD)], sender="memsys")
