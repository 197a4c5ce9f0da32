"""Items sent late: undecided at the week's end, but received by the store only after it.

The weekly report ages waiting items from receipt (the review queue's rule), so an item the store
received after the week's end is in no waiting row and no open-contradiction list, while the
headline rows (business time) still count it as waiting or open. A week ingested after it ended
(README's audit walk-through ingests the 2026-W47 sample in December) printed "2 still waiting"
above "0 lessons" waiting and "1 open" above "No contradiction is open". The report now says how
many it left out and why.
"""

from __future__ import annotations

import subprocess
from datetime import UTC, datetime
from pathlib import Path

from memeval.audit import EVENT_ADAPTER
from memeval.auditreport import build_context, make_report

WEEK = "2026-W47"
NOW = datetime(2026, 11, 30, 8, tzinfo=UTC)
LATE = datetime(2026, 11, 25, 9, tzinfo=UTC)  # after the week's end (2026-11-23 00:00 UTC)


def _append(store, typ: str, subject: str, at: str, payload: dict, *, origin: str, actor: dict) -> None:
    ev = EVENT_ADAPTER.validate_python({
        "type": typ, "occurred_at": at, "team": "fernhill", "sender_event_id": f"late-{typ}-{subject}",
        "actor": actor, "subject": subject, "payload": payload,
    })  # fmt: skip
    assert not store.append([ev], sender="test", origin=origin).duplicates


def _independent(store, end: datetime) -> dict[str, int]:
    """Undecided-at-end items received at or after `end`, by walking every stored event in Python."""
    kinds = {"lesson.proposed": ("lesson", ("lesson.approved", "lesson.rejected")),
             "contradiction.opened": ("contradiction", ("contradiction.settled",)),
             "hold.created": ("hold", ("hold.released", "hold.discarded"))}  # fmt: skip
    evs = list(store.events("fernhill"))
    decided = {(e.subject, e.type) for e in evs if e.occurred_at < end}
    out = {"lesson": 0, "contradiction": 0, "hold": 0}
    for e in evs:
        if e.type in kinds and e.occurred_at < end <= e.recorded_at:
            kind, ends = kinds[e.type]
            out[kind] += not any((e.subject, d) in decided for d in ends)
    return out


def test_items_received_after_the_week_are_named_not_silently_dropped(store, tmp_path: Path):
    before = build_context(store, "fernhill", WEEK, runs_dir=tmp_path, now=NOW)
    assert before.received_late == ()  # the fixture's week was received as it happened
    agent = {"kind": "agent", "id": "dev-bot"}
    person = {"kind": "person", "id": "lead@fernhill.test", "role": "reviewer"}
    store.clock = lambda: LATE  # the sender was offline: these reach the store after the week's end
    _append(store, "lesson.proposed", "les_late1", "2026-11-20T10:00:00Z", {"text": "Pack bulbs dry."},
            origin="ingest", actor=agent)  # fmt: skip
    _append(store, "lesson.proposed", "les_late2", "2026-11-20T11:00:00Z", {"text": "Label the crates."},
            origin="ingest", actor=agent)  # fmt: skip
    _append(store, "lesson.approved", "les_late2", "2026-11-21T09:00:00Z", {"decision_id": "dec_late2"},
            origin="review", actor=person)  # decided before the end: not waiting  # fmt: skip
    _append(store, "contradiction.opened", "con_late", "2026-11-21T12:00:00Z",
            {"a_item": "mem_la", "a_text": "Ship on Mondays.", "b_item": "mem_lb", "b_text": "Ship on Tuesdays."},
            origin="ingest", actor={"kind": "system", "id": "memory-checker"})  # fmt: skip
    # settle the week's one open contradiction in the week, so only the late one is open at its end
    _append(store, "contradiction.settled", "con_03", "2026-11-22T20:00:00Z", {"decision_id": "dec_c3", "kept": "a"},
            origin="review", actor=person)  # fmt: skip

    made = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "r", runs_dir=tmp_path, now=NOW)
    ctx = build_context(store, "fernhill", WEEK, runs_dir=tmp_path, now=NOW)
    end = ctx.window_end_utc
    assert [(t.name, t.count) for t in ctx.received_late] == [("lesson", 1), ("contradiction", 1)]
    assert _independent(store, end) == {"lesson": 1, "contradiction": 1, "hold": 0}
    # the waiting rows still count from receipt: the late items are not in them
    assert [a.total for a in ctx.waiting] == [before.waiting[0].total, before.waiting[1].total - 1,
                                              before.waiting[2].total]  # fmt: skip
    assert ctx.open_contradictions == ()

    html = made.html.read_text()
    assert "Not counted here: 1 lesson, 1 contradiction still undecided at the end of the week" in html
    assert "1 sent late was (see Waiting for a person)" in html
    text = subprocess.run(["pdftotext", str(made.pdf), "-"], capture_output=True, text=True, check=True).stdout
    flat = " ".join(text.split())
    assert "Not counted here: 1 lesson, 1 contradiction still undecided" in flat
    assert "No contradiction is open of those the store had received by the end of the week" in flat
