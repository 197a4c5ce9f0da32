"""The back-dated list is recounted by `report verify`, and an event is never counted twice unlabelled (audit44).

late43 made a week's report list the events the store received in that week but dated into a week
no report had counted (`backdated_by: received`). Two faults were left:

- `memeval report verify` recounted the week's counts only: a report whose back-dated list was wrong
  (a generator bug, or a report made by a changed copy of memeval) verified as sound. Now the list
  (counts by type, the listed events' seqs, the "more" figure, and the note below) is digested into
  the record and the `report.generated` event (`lists_sha256`) and recounted from the log.
- An event listed as back-dated by week A's report, dated into week B, was counted again when B was
  reported for the first time later (A's report said "No other report counts them"): summed over
  reports it counted twice. Each event is still counted in the week it is dated in (that is what a
  week's figures mean, and what a reissue recounts), and B's report now says which of its events an
  earlier report listed as back-dated, by report; A's wording no longer promises what it cannot.

Real store on SQLite and PostgreSQL, real ingest, real rendering (PDF text read back with pdftotext).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import shutil
import subprocess
from datetime import timedelta
from pathlib import Path

import pytest
from ingest_events import refusal_and_injection

from memeval.audit import SqlAuditStore, ingest_lines, iso_week_window, team_tz
from memeval.auditreport import make_report, verify_report
from memeval.auditreport._build import build_context
from memeval.auditreport._record import _write

ARRIVED = "2026-W47"  # the week the store received the events in
DATED = "2026-W45"  # the week their sender dated them into (no report yet)


def _lines(tag: str, at: str) -> list[str]:
    return [json.dumps(e) for e in refusal_and_injection(tag, at)]


def _pdf_text(pdf: Path) -> str:
    out = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True)
    return " ".join(out.stdout.split())


def _received_in_arrived_week(store: SqlAuditStore) -> None:
    """Two events dated Tuesday of `DATED`, received Wednesday of `ARRIVED` (the store's clock set)."""
    zone = team_tz(store, "fernhill")
    s, _ = iso_week_window(ARRIVED, zone)
    d, _ = iso_week_window(DATED, zone)
    store.clock = lambda: s + timedelta(days=2)
    res = ingest_lines(store, _lines("bd", (d + timedelta(days=1, hours=9)).strftime("%Y-%m-%dT%H:%M:%SZ")),
                       sender="memsys")  # fmt: skip
    assert res.lines == 2 and not res.result.duplicates, res


def _bad(checks) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(c.name, c.detail) for c in checks if not c.ok]


@pytest.mark.parametrize("backend", ["sqlite", "postgres"], indirect=True)
def test_verify_recounts_the_backdated_list(db_url: str, tmp_path: Path, store: SqlAuditStore) -> None:
    _received_in_arrived_week(store)
    zone = team_tz(store, "fernhill")
    _, end = iso_week_window(ARRIVED, zone)
    gen = end + timedelta(hours=8)
    root = tmp_path / "r"
    good = make_report(store, "fernhill", ARRIVED, out_dir=root, runs_dir=tmp_path, now=gen)
    assert good.record.backdated_by == "received"
    head = next(x for x in good.text.read_text().splitlines() if x.startswith("Received this week but dated"))
    assert "- seq" not in head, head  # the e-mail text ran the first listed event onto this line
    assert not _bad(verify_report(store, good.folder))

    # A version whose back-dated list is wrong (the held text left out), recorded as a changed
    # memeval would record it: its files, record and event agree with each other, so only a
    # recount from the log can tell.
    ctx = build_context(store, "fernhill", ARRIVED, runs_dir=tmp_path, version=2, now=gen)
    assert [x.kind for x in ctx.backdated_items] == ["refusal", "held text"]
    wrong = dataclasses.replace(
        ctx,
        backdated=tuple(t for t in ctx.backdated if t.name != "hold.created"),
        backdated_items=ctx.backdated_items[:1],
    )
    made = _write(store, root, wrong, gen)
    assert "held text dated" not in _pdf_text(made.pdf)
    bad = dict(_bad(verify_report(store, made.folder)))
    assert "lists" in bad, bad
    assert "hold.created" in bad["lists"] or "held text" in bad["lists"], bad
    assert "lists" in [c.name for c in verify_report(store, good.folder)]


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_a_late43_record_without_the_digest_is_recounted_against_its_text(
    db_url: str, tmp_path: Path, store: SqlAuditStore
) -> None:
    """Records made between late43 and this change list the events but hold no digest: their e-mail text is read."""
    _received_in_arrived_week(store)
    _, end = iso_week_window(ARRIVED, team_tz(store, "fernhill"))
    gen = end + timedelta(hours=8)
    # a report made as late43 made it: the list, no digest in its record or event
    ctx = build_context(store, "fernhill", ARRIVED, runs_dir=tmp_path, version=1, now=gen, label_repeats=False)
    made = _write(store, tmp_path / "r", ctx, gen)
    raw = json.loads((made.folder / "record.json").read_text())
    assert raw.pop("lists_sha256") is None and raw["backdated_by"] == "received"
    (made.folder / "record.json").write_text(json.dumps(raw, indent=2) + "\n")  # as late43's records read
    assert "No other report counts them" in _pdf_text(made.pdf)  # late43's words, so it rebuilds as recorded
    assert not _bad(verify_report(store, made.folder))
    body = made.text.read_text()
    cut = "\n".join(line for line in body.splitlines() if "a held text dated" not in line) + "\n"
    made.text.write_text(cut)
    raw["text_sha256"] = "sha256:" + hashlib.sha256(cut.encode()).hexdigest()
    (made.folder / "record.json").write_text(json.dumps(raw, indent=2) + "\n")
    bad = dict(_bad(verify_report(store, made.folder)))
    assert list(bad) == ["lists"], bad
    # and its rebuild is byte for byte what was recorded
    made.text.write_text(body)
    pdf = made.record.pdf_sha256
    shutil.rmtree(made.folder)
    assert make_report(store, "fernhill", ARRIVED, out_dir=tmp_path / "r", runs_dir=tmp_path).record.pdf_sha256 == pdf


@pytest.mark.parametrize("backend", ["sqlite", "postgres"], indirect=True)
def test_an_event_listed_as_backdated_is_labelled_when_its_own_week_is_reported_later(
    db_url: str, tmp_path: Path, store: SqlAuditStore
) -> None:
    _received_in_arrived_week(store)
    zone = team_tz(store, "fernhill")
    root = tmp_path / "r"
    gen = iso_week_window(ARRIVED, zone)[1] + timedelta(hours=8)
    a = make_report(store, "fernhill", ARRIVED, out_dir=root, runs_dir=tmp_path, now=gen)
    a_text = _pdf_text(a.pdf)
    assert "refusal dated" in a_text and "held text dated" in a_text, a_text

    b = make_report(store, "fernhill", DATED, out_dir=root, runs_dir=tmp_path, now=gen + timedelta(hours=1))
    ctx = build_context(store, "fernhill", DATED, runs_dir=tmp_path, upto_seq=b.record.last_seq, version=1, now=gen)
    assert ctx.counts.refusals == 1 and ctx.counts.held == 1  # counted in the week they are dated in
    # ... and labelled: the same two events were listed by ARRIVED's report
    assert [(t.name, t.count) for t in ctx.listed_before] == [(f"{ARRIVED} v1", 2)], ctx.listed_before
    b_text = _pdf_text(b.pdf)
    assert f"{ARRIVED} v1" in b_text and "already listed" in b_text, b_text
    assert "already listed" in b.text.read_text()
    assert not _bad(verify_report(store, b.folder))
    assert not _bad(verify_report(store, a.folder))
    assert "No other report counts them" not in a_text, a_text  # untrue once their own week is reported

    # Summed over the reports, each event is counted once once the labelled ones are taken out.
    listed = sum(t.count for t in build_context(store, "fernhill", ARRIVED, runs_dir=tmp_path,
                                                upto_seq=a.record.last_seq, version=1, now=gen).backdated)  # fmt: skip
    counted = ctx.counts.refusals + ctx.counts.held
    labelled = sum(t.count for t in ctx.listed_before)
    assert listed + counted - labelled == 2

    # a reissue of ARRIVED now leaves them to DATED's report
    a2 = make_report(store, "fernhill", ARRIVED, out_dir=root, runs_dir=tmp_path, now=gen, reissue=True)
    assert "refusal dated" not in _pdf_text(a2.pdf)
    assert not _bad(verify_report(store, a2.folder))
    # and DATED's report, rebuilt from the log, is byte for byte what was recorded
    pdf = b.record.pdf_sha256
    shutil.rmtree(b.folder)
    assert make_report(store, "fernhill", DATED, out_dir=root, runs_dir=tmp_path).record.pdf_sha256 == pdf


@pytest.mark.parametrize("backend", ["sqlite", "postgres"], indirect=True)
def test_late_events_shown_by_an_earlier_report_are_labelled_and_recounted(
    db_url: str, tmp_path: Path, store: SqlAuditStore
) -> None:
    """ "Arrived late" listed the same late events in every later report, unlabelled and never recounted."""
    zone = team_tz(store, "fernhill")
    root = tmp_path / "r"
    w45, w46, w47 = "2026-W45", "2026-W46", "2026-W47"
    s45, e45 = iso_week_window(w45, zone)
    make_report(store, "fernhill", w45, out_dir=root, runs_dir=tmp_path, now=e45 + timedelta(hours=1))
    s46, e46 = iso_week_window(w46, zone)
    store.clock = lambda: s46 + timedelta(days=2)  # received in W46, dated in the reported W45
    res = ingest_lines(store, _lines("late", (s45 + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%SZ")), sender="m")
    assert res.lines == 2 and not res.result.duplicates, res
    r46 = make_report(store, "fernhill", w46, out_dir=root, runs_dir=tmp_path, now=e46 + timedelta(hours=1))
    _, e47 = iso_week_window(w47, zone)
    r47 = make_report(store, "fernhill", w47, out_dir=root, runs_dir=tmp_path, now=e47 + timedelta(hours=1))
    c46 = build_context(store, "fernhill", w46, runs_dir=tmp_path, upto_seq=r46.record.last_seq, now=e46)
    c47 = build_context(store, "fernhill", w47, runs_dir=tmp_path, upto_seq=r47.record.last_seq, now=e47)
    assert [(x.week, x.count) for x in c46.late] == [(w45, 2)] == [(x.week, x.count) for x in c47.late]
    assert c46.late[0].shown_before == 0 and c47.late[0].shown_before == 2  # W46's report showed them first
    assert f"2 shown by {w46} v1" in r47.html.read_text() and f"2 shown by {w46} v1 already" in r47.text.read_text()
    assert "shown by" in _pdf_text(r47.pdf) and f"{w46} v1" in _pdf_text(r47.pdf)
    assert "shown by" not in _pdf_text(r46.pdf)
    for made in (r46, r47):
        assert not _bad(verify_report(store, made.folder))
    # a version whose late table is wrong verifies no more
    # (counted at the head: a report must count every report recorded before it, audit45)
    now47 = build_context(store, "fernhill", w47, runs_dir=tmp_path, version=2, now=e47)
    assert [(x.week, x.count) for x in now47.late] == [(w45, 2)]
    wrong = dataclasses.replace(now47, late=())
    bad = dict(_bad(verify_report(store, _write(store, root, wrong, e47 + timedelta(hours=2)).folder)))
    assert "lists" in bad and w45 in bad["lists"], bad
