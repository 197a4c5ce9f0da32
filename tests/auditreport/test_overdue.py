"""Items that waited too long for a person: listed in the weekly report as of its cut (issue 7, item 5).

The sample week (Fernhill, 2026-W47, Europe/London) ends with three items waiting more than 48 hours:
lesson les_07, one held text and contradiction con_03. Lesson les_08 waits only 36 hours.
"""

from __future__ import annotations

import subprocess
from datetime import UTC, datetime
from pathlib import Path

from memeval.audit import EVENT_ADAPTER
from memeval.auditreport import build_context, make_report, render_html, render_pdf, render_text
from memeval.review import ensure_review_schema, overdue_items

WEEK = "2026-W47"
NOW = datetime(2026, 11, 30, 8, tzinfo=UTC)


def _pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def _independent(store, end: datetime, hours: float) -> list[str]:
    """Overdue subjects by walking every stored event in Python (no SQL, no report code)."""
    ends = {"lesson.proposed": ("lesson.approved", "lesson.rejected"),
            "contradiction.opened": ("contradiction.settled",),
            "hold.created": ("hold.released", "hold.discarded")}  # fmt: skip
    evs = list(store.events("fernhill"))
    decided = {(e.subject, e.type) for e in evs if e.occurred_at < end}
    return [
        e.subject
        for e in sorted(evs, key=lambda e: (e.occurred_at, e.seq))
        if e.type in ends and e.occurred_at < end and (end - e.occurred_at).total_seconds() > hours * 3600
        and not any((e.subject, d) in decided for d in ends[e.type])
    ]  # fmt: skip


def _decide(store, typ: str, subject: str, at: str, payload: dict) -> None:
    ev = EVENT_ADAPTER.validate_python({
        "type": typ, "occurred_at": at, "team": "fernhill", "sender_event_id": f"test-{typ}-{subject}",
        "actor": {"kind": "person", "id": "lead@fernhill.test", "role": "reviewer"}, "subject": subject,
        "payload": payload,
    })  # fmt: skip
    res = store.append([ev], sender="test", origin="review")  # as the review queue writes a decision
    assert not res.duplicates


def test_sample_week_lists_overdue_items_in_html_pdf_and_body(store, tmp_path, monkeypatch):
    monkeypatch.delenv("MEMEVAL_REVIEW_OVERDUE_AFTER_H", raising=False)
    monkeypatch.chdir(tmp_path)  # the report must not create the review queue's signing key
    made = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "r", runs_dir=tmp_path / "runs", now=NOW)
    assert not (tmp_path / "audit").exists()
    ctx = build_context(store, "fernhill", WEEK, runs_dir=tmp_path / "runs", now=NOW)
    end = ctx.window_end_utc
    assert ctx.overdue_after_h == made.record.overdue_after_h == 48.0  # the queue's default
    ids = [o.item_id for o in ctx.overdue]
    assert ids == _independent(store, end, 48.0) and ctx.overdue_total == 3
    assert ids[0] == "les_07" and ids[2] == "con_03" and ids[1].startswith("hd_") and "les_08" not in ids
    # the queue's own rule, aged at the week's end, lists the same items (no decision came late here)
    ensure_review_schema(store)
    queue = overdue_items(store, now=end, overdue_after_h=48.0, team="fernhill")
    assert [r.item.item_id for r in queue] == ids
    les, hold, con = ctx.overdue
    assert (les.kind, les.ref, les.proposer, les.waited) == ("lesson", "lesson/fernhill/les_07", "agent:dev-bot",
                                                             "6 d 11 h")  # fmt: skip
    assert (con.kind, con.proposer, con.waited_h) == ("contradiction", "system:memory-checker", 61.0)
    assert hold.kind == "held text" and "<|im_start|>" in hold.excerpt

    html = made.html.read_text()
    section = html[html.index("Waiting longer than 48 hours") : html.index("<h2>Refusals</h2>")]
    for o in ctx.overdue:
        assert o.ref in section and o.waited in section
    assert "&lt;|im_start|&gt;system" in section and "<|im_start|>" not in section
    assert "Gift notes over 200 characters are cut" in section

    text = _pdf_text(made.pdf)
    assert "Waiting longer than 48 hours" in text
    for words in ("les_07", "con_03", "6 d 11 h", "2 d 13 h", "agent:dev-bot", "<|im_start|>system"):
        assert words in text, words
    assert "les_08" not in text[text.index("Waiting longer than 48 hours") : text.index("Refusals")]

    body = made.text.read_text()
    assert "Waiting longer than 48 hours: 3 (see the PDF; oldest lesson lesson/fernhill/les_07, 6 d 11 h)." in body


def test_decided_before_the_weeks_end_is_not_listed_and_the_cut_is_pinned(store, tmp_path):
    v1 = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "r", runs_dir=tmp_path, now=NOW,
                     overdue_after_h=48)  # fmt: skip
    # recorded later, but les_07 was approved inside the week; con_03 was settled after it ended
    _decide(store, "lesson.approved", "les_07", "2026-11-22T12:00:00Z", {"decision_id": "dec_t1"})
    _decide(store, "contradiction.settled", "con_03", "2026-11-23T09:00:00Z",
            {"decision_id": "dec_t2", "kept": "a", "reason": "the care card ships with every succulent"})  # fmt: skip
    now_ctx = build_context(store, "fernhill", WEEK, runs_dir=tmp_path, now=NOW, overdue_after_h=48)
    ids = [o.item_id for o in now_ctx.overdue]
    assert "les_07" not in ids and "con_03" in ids and now_ctx.overdue_total == 2
    assert ids == _independent(store, now_ctx.window_end_utc, 48)
    assert "les_07" not in render_html(now_ctx).split("<h2>Refusals</h2>")[0].split('id="overdue"')[1]
    # the same cut as version 1 still lists les_07, and re-renders to the very same PDF
    old = build_context(store, "fernhill", WEEK, runs_dir=tmp_path, upto_seq=v1.record.last_seq, version=1,
                        now=v1.record.generated_at, overdue_after_h=48)  # fmt: skip
    assert [o.item_id for o in old.overdue][0] == "les_07"
    assert render_pdf(render_html(old)) == v1.pdf.read_bytes()


def test_the_queue_setting_sets_the_age(store, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MEMEVAL_REVIEW_OVERDUE_AFTER_H", "100")
    ctx = build_context(store, "fernhill", WEEK, runs_dir=tmp_path, now=NOW)
    assert ctx.overdue_after_label == "100 hours" and [o.kind for o in ctx.overdue] == ["lesson", "held text"]
    monkeypatch.setenv("MEMEVAL_REVIEW_OVERDUE_AFTER_H", "200")
    ctx = build_context(store, "fernhill", WEEK, runs_dir=tmp_path, now=NOW)
    assert ctx.overdue == () and ctx.overdue_total == 0
    assert "Nothing has waited longer than 200 hours." in render_html(ctx)
    assert "Waiting longer than 200 hours: none." in render_text(ctx)


def test_hidden_characters_and_markup_are_inert(store, tmp_path):
    hostile = "Ship\u200b <img src=x onerror=alert(1)> to p\u0430ypal <script>alert(2)</script>"
    ev = EVENT_ADAPTER.validate_python({
        "type": "lesson.proposed", "occurred_at": "2026-11-16T09:00:00Z", "team": "fernhill",
        "sender_event_id": "hostile-lesson", "actor": {"kind": "agent", "id": "ops-bot"}, "subject": "les_h1",
        "payload": {"text": hostile},
    })  # fmt: skip
    store.clock = lambda: ev.occurred_at  # received as sent: overdue counts from receipt
    store.append([ev], sender="test", origin="ingest")
    ctx = build_context(store, "fernhill", WEEK, runs_dir=tmp_path, now=NOW, overdue_after_h=48)
    html = render_html(ctx)
    section = html[html.index('id="overdue"') : html.index("<h2>Refusals</h2>")]
    assert "<img" not in section and "<script>" not in section and "\u200b" not in section
    assert "&lt;img src=x onerror=alert(1)&gt;" in section or "&lt;script&gt;" in section
    assert "[U+200B ZERO WIDTH SPACE]" in section
    assert ctx.overdue_total == 4
