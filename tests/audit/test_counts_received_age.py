"""`memeval audit counts` ages waiting items as the review queue does: from when the store received them (audit17).

The queue and its overdue mark count waiting from an item's `recorded_at` (audit16: a sender's
`occurred_at` has no lower bound), but `audit counts` aged them by `occurred_at`: a lesson sent
backdated three weeks was "over a week" waiting in the counts and "12 hours" in the queue. Now
the counts' waiting lines are the queue's. Real SQLite store, the real CLI (in process).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from typer.testing import CliRunner

from memeval.cli import app
from memeval.review import QueueFilter, build_queue, ensure_review_schema

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)

WEEK_END = datetime(2026, 11, 23, tzinfo=UTC)  # 2026-W47 in UTC ends Monday 23 Nov 00:00
RECEIVED = datetime(2026, 11, 22, 12, tzinfo=UTC)  # 12 hours before it


def test_waiting_ages_count_from_receipt_as_the_queue_does(store, make, db_url) -> None:
    store.clock = lambda: RECEIVED
    backdated = make("lesson.proposed", "les_old", {"text": "Refund fast."}, at="2026-11-01T09:00:00Z")
    in_week = make("lesson.proposed", "les_new", {"text": "Ship on Monday."}, at="2026-11-19T09:00:00Z")
    store.append([backdated, in_week], sender="test")
    out = CliRunner().invoke(app, ["audit", "counts", "--team", "fernhill", "--week", "2026-W47", "--tz", "UTC",
                                   "--db", db_url, "--json"])  # fmt: skip
    assert out.exit_code == 0, out.output
    lessons = json.loads(out.output)["waiting"]["lesson"]
    # both were received 12 hours before the week's end: under a day, as the queue ages them
    assert lessons == {"under_1d": 2, "d1_to_3": 0, "d3_to_7": 0, "over_7d": 0}, lessons
    ensure_review_schema(store)
    queue = build_queue(store, QueueFilter("lesson"), now=WEEK_END, overdue_after_h=48)
    assert [int((WEEK_END - r.item.waiting_since).total_seconds()) for r in queue.rows] == [43_200, 43_200]
    assert queue.overdue == 0
    text = CliRunner().invoke(app, ["audit", "counts", "--team", "fernhill", "--week", "2026-W47", "--tz", "UTC",
                                    "--db", db_url])  # fmt: skip
    assert "waiting lessons" in text.output and "<1d 2, 1-3d 0, 3-7d 0, >7d 0" in text.output, text.output
    helptext = CliRunner().invoke(app, ["audit", "counts", "--help"], terminal_width=200).output
    assert "received" in helptext, helptext


def test_an_item_received_after_the_week_was_not_waiting_in_it(store, make, db_url) -> None:
    # sent late, with a business time inside the week: the store did not have it at the week's end
    store.clock = lambda: datetime(2026, 11, 25, tzinfo=UTC)
    store.append([make("lesson.proposed", "les_late", {"text": "Pack with care."}, at="2026-11-18T09:00:00Z")],
                 sender="test")  # fmt: skip
    from memeval.audit import week_counts

    c = week_counts(store, "fernhill", "2026-W47", tz="UTC")
    assert c.lessons_proposed == 1 and c.waiting["lesson"].total == 0, c.waiting
    old_rule = week_counts(store, "fernhill", "2026-W47", tz="UTC", waiting_by="occurred")
    assert old_rule.waiting["lesson"].d3_to_7 == 1  # business time: what reports recorded before still recount
