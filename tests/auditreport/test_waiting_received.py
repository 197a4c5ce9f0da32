"""The weekly report ages waiting items from receipt, and reports recorded before still verify and rebuild (audit17).

The report's waiting-age buckets (`WeekCounts.waiting`, inside `counts_sha256`) were by business
time while its overdue list and the queue age from when the store received an item. New reports
count them from receipt and record `waiting_aged_by: received` (record and `report.generated`
event); a record without it (every report made before) is recounted and rebuilt by business time,
so `report verify` of an older store still passes and a lost folder still rebuilds to its hash.
Real SQLite store holding the sample week, real rendering.
"""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime

from memeval.audit import EVENT_ADAPTER, week_counts
from memeval.auditreport import counts_sha256, make_report, verify_report
from memeval.auditreport._build import build_context
from memeval.auditreport._record import _write

WEEK = "2026-W47"
NOW = datetime(2026, 11, 30, 8, tzinfo=UTC)


def _backdated_lesson(store) -> None:
    """A lesson received 12 hours before the week's end, sent with a business time three weeks earlier."""
    store.clock = lambda: datetime(2026, 11, 22, 12, tzinfo=UTC)
    ev = EVENT_ADAPTER.validate_python({
        "type": "lesson.proposed", "occurred_at": "2026-11-01T09:00:00Z", "team": "fernhill",
        "sender_event_id": "backdated-1", "actor": {"kind": "agent", "id": "dev-bot"}, "subject": "les_backdated",
        "payload": {"text": "Refund within a day."},
    })  # fmt: skip
    store.append([ev], sender="test")


def _all_ok(store, folder) -> None:
    checks = verify_report(store, folder)
    assert all(c.ok for c in checks), [(c.name, c.detail) for c in checks if not c.ok]


def test_a_new_report_ages_waiting_from_receipt_and_an_older_record_still_verifies(store, tmp_path) -> None:
    _backdated_lesson(store)
    root = tmp_path / "r"
    make_report(store, "fernhill", "2026-W46", out_dir=root, runs_dir=tmp_path, now=NOW)  # records the folder
    received = week_counts(store, "fernhill", WEEK, waiting_by="received")
    occurred = week_counts(store, "fernhill", WEEK, waiting_by="occurred")
    assert received.waiting["lesson"].under_1d == occurred.waiting["lesson"].under_1d + 1  # the backdated one
    assert counts_sha256(received) != counts_sha256(occurred)

    # a report made as before this change: business time, no `waiting_aged_by` in record or event
    old_ctx = build_context(store, "fernhill", WEEK, runs_dir=tmp_path, version=1, now=NOW, waiting_by="occurred")
    old = _write(store, root, old_ctx, NOW)
    raw = json.loads((old.folder / "record.json").read_text())
    assert raw.pop("waiting_aged_by") is None
    (old.folder / "record.json").write_text(json.dumps(raw, indent=2) + "\n")  # as records made before it read
    assert old.record.counts_sha256 == counts_sha256(occurred)
    _all_ok(store, old.folder)  # recounted by business time: the recorded hash
    pdf = old.record.pdf_sha256
    shutil.rmtree(old.folder)
    rebuilt = make_report(store, "fernhill", WEEK, out_dir=root, runs_dir=tmp_path)  # the folder is gone: rebuilt
    assert rebuilt.record.pdf_sha256 == pdf and rebuilt.record.waiting_aged_by is None

    # a new version counts from receipt, says so, and verifies
    new = make_report(store, "fernhill", WEEK, out_dir=root, runs_dir=tmp_path, now=NOW, reissue=True)
    assert new.record.version == 2 and new.record.waiting_aged_by == "received"
    now_counts = week_counts(store, "fernhill", WEEK, upto_seq=new.record.last_seq)
    assert new.record.counts_sha256 == counts_sha256(now_counts) and now_counts.waiting == received.waiting
    assert "by how long they have waited since the store received them" in new.html.read_text()
    _all_ok(store, new.folder)
