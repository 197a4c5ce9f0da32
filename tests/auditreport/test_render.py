"""The report of the sample week: counts against an independent count, the PDF's pages, the record."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memeval.audit import EVENT_ADAPTER, iso_week_window
from memeval.auditreport import build_context, make_report, render_html, render_text, verify_report
from memeval.auditreport._build import LIST_LIMIT
from memeval.cli import app

WEEK = "2026-W47"


def _independent(store, week: str, tz: str) -> dict[str, object]:
    """Count the week by walking every stored event in Python: no SQL, no memeval counting code."""
    start, end = iso_week_window(week, tz)
    evs = list(store.events("fernhill"))
    inwin = [e for e in evs if start <= e.occurred_at < end]
    n = Counter(e.type for e in inwin)
    decided = {e.subject: e.type for e in evs if e.occurred_at < end and e.type in (
        "lesson.approved", "lesson.rejected", "contradiction.settled", "hold.released", "hold.discarded")}  # fmt: skip
    lessons = [e.subject for e in inwin if e.type == "lesson.proposed"]
    cons = [e.subject for e in inwin if e.type == "contradiction.opened"]
    holds = [e.subject for e in inwin if e.type == "hold.created"]
    return {
        "sessions": n["session.started"],
        "memories_written": n["memory.written"],
        "lessons": (len(lessons), sum(decided.get(x) == "lesson.approved" for x in lessons),
                    sum(decided.get(x) == "lesson.rejected" for x in lessons)),
        "contradictions": (len(cons), sum(x in decided for x in cons)),
        "refusals": Counter(e.payload.reason_code for e in inwin if e.type == "access.refused"),
        "secrets": sum(e.payload.count for e in inwin if e.type == "secret.blanked"),
        "held": (len(holds), sum(decided.get(x) == "hold.released" for x in holds)),
        "open_contradictions": sorted(e.subject for e in evs if e.type == "contradiction.opened"
                                      and e.occurred_at < end and e.subject not in decided),
        "last_seq": max(e.seq for e in evs),
    }  # fmt: skip


def test_counts_match_an_independent_count(store, tmp_path):
    ctx = build_context(store, "fernhill", WEEK, runs_dir=tmp_path / "runs")
    ind = _independent(store, WEEK, "Europe/London")
    lines = {line.key: line for line in ctx.lines}
    assert lines["sessions"].count == ind["sessions"] == 60
    assert lines["memories_written"].count == ind["memories_written"]
    assert lines["lessons_proposed"].count == ind["lessons"][0] == 13  # 9 of the sessions, 4 of the A/B pack
    assert f"{ind['lessons'][1]} approved, {ind['lessons'][2]} rejected" in lines["lessons_proposed"].meaning
    assert (lines["contradictions"].count, ctx.counts.contradictions_settled) == ind["contradictions"]
    assert {t.name: t.count for t in ctx.refusal_reasons} == dict(ind["refusals"])
    # the lists show the first LIST_LIMIT rows and count the rest
    assert lines["refusals"].count == len(ctx.refusals) + ctx.refusals_more == sum(ind["refusals"].values()) == 7
    assert len(ctx.refusals) == min(7, LIST_LIMIT)
    assert lines["secrets_blanked"].count == ind["secrets"] >= 6
    assert (lines["held"].count, ctx.counts.held_released) == ind["held"]
    assert len(ctx.held_items) == min(ind["held"][0], LIST_LIMIT)
    listed = sorted(c.contradiction_id for c in ctx.open_contradictions)
    assert len(listed) + ctx.contradictions_more == len(ind["open_contradictions"])
    assert len(listed) == min(len(ind["open_contradictions"]), LIST_LIMIT)
    assert set(listed) <= set(ind["open_contradictions"])
    assert ctx.last_seq == ind["last_seq"] and ctx.last_event_hash.startswith("sha256:")
    # nothing happened before this week: no delta at all ("no earlier data"), not a surge from 0
    assert all(line.previous is None and line.delta is None for line in ctx.lines)
    assert [p.week for p in ctx.history][-2:] == ["2026-W46", WEEK] and len(ctx.history) == 8
    assert ctx.history[-1].sessions == 60 and sum(p.sessions for p in ctx.history[:-1]) == 0
    assert ctx.window_start_utc == datetime(2026, 11, 16, tzinfo=UTC)


def test_the_week_follows_the_zone(store, tmp_path):
    auckland = build_context(store, "fernhill", WEEK, tz="Pacific/Auckland", runs_dir=tmp_path)
    ind = _independent(store, WEEK, "Pacific/Auckland")
    assert auckland.window_start_utc == datetime(2026, 11, 15, 11, tzinfo=UTC)  # NZDT is UTC+13
    assert auckland.lines[0].count == ind["sessions"]


def _pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def test_pdf_has_pages_running_header_and_page_numbers(store, tmp_path, secrets_planted):
    made = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "reports", runs_dir=tmp_path / "runs")
    subprocess.run(["pdftoppm", "-png", "-r", "40", str(made.pdf), str(tmp_path / "page")], check=True, timeout=60)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) >= 2
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and p.stat().st_size > 2000 for p in pages)
    text = _pdf_text(made.pdf)
    n = len(pages)
    for i in range(1, n + 1):
        assert f"Page {i} of {n}" in text
    assert text.count("fernhill, week 2026-W47") >= n  # running header on every page, plus the title
    for words in ("Your week", "Sessions", "Waiting for a person", "What never appears", "One number that blends"):
        assert words in text
    body = made.text.read_text()
    html = made.html.read_text()
    for name, value in secrets_planted.items():
        assert value not in text and value not in body and value not in html, name


def test_text_body_has_headline_counts_and_deltas(store, tmp_path):
    body = render_text(build_context(store, "fernhill", WEEK, runs_dir=tmp_path))
    # the sample's first week: nothing earlier to compare with, so no "+60" surge
    assert re.search(r"Sessions\s+60\s+\(no earlier data\)", body) and "+60" not in body
    assert "10 approved, 1 rejected, 2 still waiting for a person" in body
    assert "&amp;" not in body and "&#" not in body and "<" not in body  # plain text, not HTML


def test_hostile_text_is_escaped(store, tmp_path):
    hostile = "<script>alert(1)</script> & <img src=x onerror=alert(2)>"
    ev = EVENT_ADAPTER.validate_python({
        "type": "access.refused", "occurred_at": "2026-11-18T10:00:00Z", "team": "fernhill",
        "sender_event_id": "hostile-1", "actor": {"kind": "agent", "id": "support-bot"},
        "payload": {"reason_code": "outside_slice", "text": hostile},
    })  # fmt: skip
    store.append([ev], sender="test")
    html = render_html(build_context(store, "fernhill", WEEK, runs_dir=tmp_path))
    assert "<script>" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img" in html


def test_the_emoji_face_is_declared_only_when_the_page_has_emoji(store, tmp_path):
    # without a character in its unicode-range the face draws nothing, and declaring it costs every
    # PDF a copy of the 10 MB emoji font: it is declared exactly when the page has such a character
    ctx = build_context(store, "fernhill", WEEK, runs_dir=tmp_path)
    plain = render_html(ctx)
    assert "@font-face" not in plain and "memeval emoji" in plain  # the fallback name stays in the font lists
    near = render_html(dataclasses.replace(ctx, never_appears=(*ctx.never_appears, "Arrows \u2193 and #48.")))
    assert "@font-face" not in near  # U+2193 is just below the face's U+2194-21AA; digits and "#" are outside
    for emoji in ("\U0001f680", "\u2705", "\u200d", "\U000e0020"):
        html = render_html(dataclasses.replace(ctx, never_appears=(*ctx.never_appears, f"Rocket {emoji}")))
        assert html.count("@font-face") == 1 and 'local("Noto Color Emoji")' in html, hex(ord(emoji))


def test_record_verifies_and_tampering_is_caught(store, tmp_path):
    made = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "r", runs_dir=tmp_path)
    assert made.created and made.record.version == 1
    assert all(c.ok for c in verify_report(store, made.pdf)), verify_report(store, made.pdf)
    r = CliRunner().invoke(app, ["report", "verify", str(made.folder / "record.json"), "--db", store.url])
    assert r.exit_code == 0, r.output
    assert r.output.count("ok  ") == 8  # pdf, html, text, report event, last event hash, chain, recount, lists
    data = bytearray(made.pdf.read_bytes())
    data[len(data) // 2] ^= 0xFF
    made.pdf.write_bytes(bytes(data))
    failed = {c.name for c in verify_report(store, made.pdf) if not c.ok}
    assert failed == {"pdf"}
    r = CliRunner().invoke(app, ["report", "verify", str(made.pdf), "--db", store.url])
    assert r.exit_code == 1 and "FAIL pdf" in r.output


def test_a_record_written_with_the_old_key_still_verifies(store, tmp_path):
    made = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "r", runs_dir=tmp_path)
    path = made.folder / "record.json"
    old = json.loads(path.read_text())
    old["schema_"] = old.pop("schema")  # as records were written before
    path.write_text(json.dumps(old))
    assert all(c.ok for c in verify_report(store, made.folder)), verify_report(store, made.folder)


def test_a_changed_count_fails_the_recount(store, tmp_path):
    made = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "r", runs_dir=tmp_path)
    rec = made.record.model_copy(update={"tz": "Pacific/Auckland"})  # recount in another zone
    (made.folder / "record.json").write_text(rec.model_dump_json())
    failed = {c.name for c in verify_report(store, made.folder) if not c.ok}
    assert failed == {"recount"}


def test_same_week_again_is_the_same_report_and_reissue_counts_late_events(store, tmp_path):
    out = tmp_path / "r"
    v1 = make_report(store, "fernhill", WEEK, out_dir=out, runs_dir=tmp_path)
    again = make_report(store, "fernhill", WEEK, out_dir=out, runs_dir=tmp_path)
    assert not again.created and again.record == v1.record
    assert again.pdf.read_bytes() == v1.pdf.read_bytes()
    late = EVENT_ADAPTER.validate_python({
        "type": "session.started", "occurred_at": "2026-11-20T09:00:00Z", "team": "fernhill",
        "sender_event_id": "late-1", "actor": {"kind": "agent", "id": "support-bot"}, "session": "ses_late",
        "payload": {"slice_id": "sl_9", "slice_hash": "sha256:" + "1" * 64},
    })  # fmt: skip
    store.append([late], sender="test")
    nxt = build_context(store, "fernhill", "2026-W48", runs_dir=tmp_path)
    assert [(x.week, x.version, x.count) for x in nxt.late] == [(WEEK, 1, 1)]
    assert nxt.late[0].by_type[0].name == "session.started"
    assert "Arrived late" in render_html(nxt)
    v2 = make_report(store, "fernhill", WEEK, out_dir=out, runs_dir=tmp_path, reissue=True)
    assert v2.created and v2.record.version == 2 and v2.folder.name == "v2"
    assert v2.record.counts_sha256 != v1.record.counts_sha256
    assert v2.record.last_seq > v1.record.last_seq
    assert all(c.ok for c in verify_report(store, v1.folder))  # v1 still recounts from its own prefix
    assert all(c.ok for c in verify_report(store, v2.folder))
    assert build_context(store, "fernhill", "2026-W48", runs_dir=tmp_path).late == ()


def test_cli_weekly_default_week_and_json(store, tmp_path):
    out = tmp_path / "r"
    r = CliRunner().invoke(app, ["report", "weekly", "--team", "fernhill", "--week", WEEK, "--db", store.url,
                                 "--out", str(out), "--runs", str(tmp_path), "--json"])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert '"created": true' in r.output and (out / "fernhill" / WEEK / "v1" / "report.pdf").is_file()
    doc = json.loads(r.output)
    assert (doc["schema"], doc["record_schema"]) == ("memeval.report-weekly/1", "memeval.report-record/1")
    assert "schema_" not in doc  # the Python field's name leaked into the document (and into record.json)
    stored = json.loads((out / "fernhill" / WEEK / "v1" / "record.json").read_text())
    assert stored["schema"] == "memeval.report-record/1" and "schema_" not in stored
    r = CliRunner().invoke(app, ["report", "weekly", "--team", "fernhill", "--week", "2026-W99", "--db", store.url])
    assert r.exit_code == 2 and "2026-W99" in r.output and "2026 has weeks W01 to W53" in r.output


@pytest.mark.parametrize("week", ["2026-W10", "2025-W01"])
def test_an_empty_week_still_renders(store, tmp_path, week):
    made = make_report(store, "fernhill", week, out_dir=tmp_path / "r", runs_dir=tmp_path)
    assert made.record.first_seq == 0 and all(
        line.count == 0 for line in build_context(store, "fernhill", week, runs_dir=tmp_path).lines
    )
    assert "No refusals this week." in made.html.read_text()


def test_lists_past_the_limit_say_how_many_are_not_shown(store, tmp_path, monkeypatch):
    import memeval.auditreport._build as build

    opened = {"type": "contradiction.opened", "occurred_at": "2026-11-21T09:00:00Z", "team": "fernhill",
              "sender_event_id": "second-open", "actor": {"kind": "system", "id": "memory-checker"},
              "subject": "con_extra", "payload": {"a_item": "mem_xa", "a_text": "Ships Monday.",
                                                  "b_item": "mem_xb", "b_text": "Ships Tuesday."}}  # fmt: skip
    store.clock = lambda: datetime(2026, 11, 21, 9, tzinfo=UTC)  # received in the week, as the sample's events
    store.append([EVENT_ADAPTER.validate_python(opened)], sender="test")
    full = build_context(store, "fernhill", WEEK, runs_dir=tmp_path / "runs")
    assert len(full.open_contradictions) >= 2 and full.contradictions_more == 0
    monkeypatch.setattr(build, "LIST_LIMIT", 1)
    ctx = build_context(store, "fernhill", WEEK, runs_dir=tmp_path / "runs")
    assert len(ctx.open_contradictions) == 1 and len(ctx.refusals) == 1
    assert ctx.contradictions_more == len(full.open_contradictions) - 1
    html = render_html(ctx)
    assert f"{ctx.contradictions_more} more open contradictions are not listed" in html
    assert f"{ctx.refusals_more} more refusals are not listed" in html


_IMPORT_PROBE = """
import ctypes.util, subprocess, sys
real = ctypes.util.find_library
started = []
class Counting(subprocess.Popen):
    def __init__(self, args, *a, **kw):
        started.append(args)
        super().__init__(args, *a, **kw)
subprocess.Popen = Counting
from memeval.auditreport._render import _import_weasyprint
_import_weasyprint()
from weasyprint.text import ffi
print(len(started), ctypes.util.find_library is real, ffi.harfbuzz_subset is not None, ffi.pango is not None)
"""


@pytest.mark.slow
def test_weasyprint_is_imported_without_a_library_search():
    # WeasyPrint's own import asks ctypes for each library by several names, running ldconfig, gcc
    # and ld for each miss (54 processes); _import_weasyprint opens the sonames directly instead.
    out = subprocess.run([sys.executable, "-c", _IMPORT_PROBE], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "True", "True", "True"], out
