"""The weekly report reads the audit log only through the store's named read methods (`store.reads`)."""

from __future__ import annotations

import re
import sys
from datetime import timedelta
from pathlib import Path

from memeval.audit import iso_week_window

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))

from make_week import load_week  # noqa: E402

_TABLES = re.compile(r"\b(?:audit_event|audit_head|lesson_state|contradiction_state|hold_state|memory_state)\b")


def test_the_report_writes_no_sql_over_the_audit_tables():
    files = sorted((ROOT / "memeval" / "auditreport").glob("*.py"))
    assert len(files) >= 5, "the weekly report's package moved: point this test at it"
    offenders = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in files
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1)
        if _TABLES.search(line)
    ]
    assert offenders == [], "read the audit log through store.reads (memeval/audit/_reads.py) instead"


def test_reads_of_the_sample_week(store):
    load_week(store, sender="sample", live=True)  # received as it happened: overdue counts from receipt
    reads = store.reads
    head = reads.head_seq("fernhill")
    assert head == max(e.seq for e in store.events("fernhill"))
    last = list(store.events("fernhill"))[-1]
    assert reads.hash_at("fernhill", head) == last.hash and reads.hash_at("fernhill", head + 1) is None
    assert reads.head_seq("nobody") == 0
    start, end = iso_week_window("2026-W47", "Europe/London")
    c = reads.week_counts("fernhill", "2026-W47", tz="Europe/London")
    assert reads.count_type("fernhill", start, end, head, "session.started") == c.sessions == 60
    refused = reads.refusals("fernhill", start, end, head, 3)
    assert len(refused) == 3 and all(r.type == "access.refused" for r in refused)
    assert [r.occurred for r in refused] == sorted(r.occurred for r in refused)
    hist = reads.week_history("fernhill", ["2026-W46", "2026-W47"], "Europe/London", head)
    assert hist["2026-W47"]["session.started"] == 60 and hist["2026-W46"]["session.started"] == 0
    assert reads.first_seq_in("fernhill", start, end, head) >= 1
    assert not reads.has_events_before("fernhill", start - timedelta(days=400), head)
    assert reads.generated_reports("fernhill") == []
    rows, total = reads.overdue("fernhill", end, head, 48 * 3_600_000_000, 100)
    assert total == len(rows) == 3 and all(r.type.endswith((".proposed", ".opened", ".created")) for r in rows)
