"""The queue and the overdue reads count waiting from when the store received an item (audit16).

A sender's `occurred_at` has no lower bound. Ordered and aged by it, a batch of backdated items
(here four lessons "from 2020" of team rowan) took the first rows of the capped queue page, pushed
an item received before them (any team's) into "N more wait", and counted as overdue the moment
they arrived; the weekly report's overdue read did the same. Received time is the opening
event's `recorded_at`, set by the store's clock, which these tests pin (`store.clock`).
"""

from __future__ import annotations

import re
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

from review_helpers import NOW, draft, login

from memeval.audit import SqlAuditStore, verify_chain
from memeval.clock import utc_now
from memeval.review import QueueFilter, build_queue, ensure_review_schema

LONG_AGO = datetime(2020, 1, 1, tzinfo=UTC)
OLD_STORE = Path(__file__).resolve().parents[1] / "fixtures" / "audit_before_id_shape" / "store.sqlite"


def _received_at(store, at: datetime, drafts: list) -> None:
    store.clock = lambda: at
    try:
        store.append(drafts, sender="agent-sync")
    finally:
        store.clock = utc_now


def _flood(store) -> str:
    """A genuine lesson received 20 min before NOW, then four backdated ones received 10 min before NOW."""
    genuine = draft("lesson.proposed", "les_genuine", {"text": "Pack cacti in paper."}, at=NOW - timedelta(minutes=20))
    _received_at(store, NOW - timedelta(minutes=20), [genuine])
    old = [
        draft("lesson.proposed", f"les_old{i}", {"text": f"Backdated rule {i}."}, team="rowan", at=LONG_AGO)
        for i in range(4)
    ]
    _received_at(store, NOW - timedelta(minutes=10), old)
    return "lesson/fernhill/les_genuine"


def test_backdated_items_neither_jump_the_page_nor_count_as_overdue(store, serve, seeded) -> None:
    genuine = _flood(store)
    base = serve(queue_page_rows=7)  # the 6 seeded items and the genuine one fit; the 4 backdated do not
    html = login(base, "alice").get("/").text
    refs = re.findall(r'<tr class="[^"]*" data-ref="([^"]+)"', html)
    assert refs[-1] == genuine and not any("les_old" in r for r in refs), refs
    assert "4 more wait" in html, html
    view = build_queue(store, QueueFilter(), now=NOW, overdue_after_h=48)
    assert view.overdue == 3, view.overdue  # les_other, les_courier, les_carol: not the backdated four
    late = {r.item.item_id: r.age_s for r in build_queue(store, QueueFilter(team="rowan"), now=NOW,
                                                         overdue_after_h=48).rows}  # fmt: skip
    assert late["les_old0"] == 600 and late["les_other"] == 5 * 86400, late


def test_the_reports_overdue_read_ages_from_receipt(store) -> None:
    end = NOW
    waited = draft("lesson.proposed", "les_waited", {"text": "A rule."}, team="quince", at=end - timedelta(hours=72))
    _received_at(store, end - timedelta(hours=72), [waited])
    backdated = draft("lesson.proposed", "les_backdated", {"text": "B rule."}, team="quince", at=LONG_AGO)
    _received_at(store, end - timedelta(hours=1), [backdated])
    head = store.reads.head_seq("quince")
    rows, total = store.reads.overdue("quince", end, head, 48 * 3_600_000_000, 10)
    assert [r.subject for r in rows] == ["les_waited"] and total == 1, [r.subject for r in rows]
    assert rows[0].recorded == end - timedelta(hours=72)


def test_a_store_written_before_reads_its_received_times(tmp_path: Path) -> None:
    """A store memeval 490a5a6 wrote: its bodies hold `recorded_at` already; no migration, verify and rebuild pass."""
    copy = tmp_path / "old.sqlite"
    shutil.copyfile(OLD_STORE, copy)
    old = SqlAuditStore(f"sqlite:///{copy}", fingerprint_key=b"k" * 32)
    try:
        received = {e.subject: e.recorded_at for e in old.events("fernhill")}
        assert old.rebuild_projections() == 2
        ensure_review_schema(old)
        view = build_queue(old, QueueFilter(), now=received["les_b2rlo"] + timedelta(hours=1), overdue_after_h=48)
        assert [(r.item.item_id, r.item.received) for r in view.rows][0] == ("les_b2rlo", received["les_b2rlo"])
        assert view.rows[0].age_s == 3600 and view.overdue == 0
        assert verify_chain(old, "fernhill").ok
    finally:
        old.engine.dispose()
        old._write_engine.dispose()
