"""Growth of the weekly report's waiting-item reads on PostgreSQL, without statistics and after ANALYZE.

    scripts/pg start /tmp/pg-X    # prints URL
    nice -n 10 .venv/bin/python bench/audit_pg_plans.py URL [--openings 1000 2000 4000 16000]

For each size a new database on the server at URL gets N `lesson.proposed` and N
`contradiction.opened` events through the real write path (`SqlAuditStore.append`, batches of
500), then a settlement of every third (autovacuum is switched off for `audit_event`, so no ANALYZE
runs unless asked). Printed per size, first on the fresh database, then after `ANALYZE
audit_event`: the overdue list's page + count (`reads.overdue`'s two queries) and the open
contradictions' page (limit 100), each as main ran them (`old`) and with nested loops off for the
transaction as `AuditReads._prepared` runs them now (`new`), the same rows checked; for the overdue
list both run with nested loops off, `old` aging by business time (`occurred_us`, 3a35aec) and `new`
by received time (`recorded_us`, audit16; the openings are received at their business time, so the
rows are the same); the review
queue's read (`waiting_items`) and an item's history (`subject_events`, mean of 50 items). Times
are the best of three (one for an old query on a fresh database), wall clock, in ms; the load
average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import secrets
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from _machine import load_now
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from memeval.audit import EVENT_ADAPTER, SqlAuditStore
from memeval.audit._logrow import to_us
from memeval.audit._reads import _COLS, _overdue_where
from memeval.review._read import waiting_items

TEAM = "plan"
CONTRADICTIONS = (  # `reads.open_contradictions`' query
    "FROM audit_event o LEFT JOIN audit_event d ON d.team = o.team AND d.subject = o.subject "
    "AND d.type IN ('contradiction.settled') AND d.seq <= :q AND d.occurred_us < :e WHERE o.team = :t "
    "AND o.type = 'contradiction.opened' AND o.seq <= :q AND o.occurred_us < :e AND d.id IS NULL"
)


def _draft(n: int, type_: str, subject: str, day: int) -> Any:
    payloads = {
        "lesson.proposed": {"text": f"lesson {n} about shipping"},
        "contradiction.opened": {"a_item": f"m{n}a", "a_text": "ship on fridays", "b_item": f"m{n}b",
                                 "b_text": "never ship on fridays"},
        "contradiction.settled": {"decision_id": f"d{n}", "kept": "a"},
    }  # fmt: skip
    return EVENT_ADAPTER.validate_python(
        {
            "type": type_,
            "occurred_at": f"2026-11-{day:02d}T09:00:00Z",
            "team": TEAM,
            "sender_event_id": f"e{n}-{type_}",
            "actor": {"kind": "agent" if type_.endswith(("proposed", "opened")) else "person", "id": "a"},
            "subject": subject,
            "payload": payloads.get(type_, {"decision_id": f"d{n}"}),
        }
    )


def _new_store(url: str, name: str) -> SqlAuditStore:
    admin = create_engine(make_url(url).set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        c.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    store = SqlAuditStore(make_url(url).set(database=name).render_as_string(hide_password=False),
                          fingerprint_key=secrets.token_bytes(32))  # fmt: skip
    with store.engine.begin() as c:
        c.execute(text("ALTER TABLE audit_event SET (autovacuum_enabled = false)"))
    return store


def _best(f: Callable[[], Any], reps: int = 3) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(reps):
        t = time.perf_counter()
        out = f()
        best = min(best, time.perf_counter() - t)
    return best * 1000, out


def one_size(url: str, n: int) -> None:
    """Fill a new database with `n` openings of each kind and print the timings (see the module docstring)."""
    store = _new_store(url, f"bench_pg_plans_{n}")
    for kind, opening, decision in (("les", "lesson.proposed", "lesson.approved"),
                                    ("con", "contradiction.opened", "contradiction.settled")):  # fmt: skip
        for i in range(0, n, 500):
            drafts = [_draft(k, opening, f"{kind}_{k}", 16 + k % 3) for k in range(i, min(n, i + 500))]
            store.clock = iter([d.occurred_at for d in drafts]).__next__  # received as sent (overdue ages from receipt)
            store.append(drafts, sender="s")
        decided = list(range(0, n, 3))
        store.clock = lambda: datetime(2026, 11, 20, 9, tzinfo=UTC)  # the decisions' day
        for i in range(0, len(decided), 500):
            drafts = [_draft(k, decision, f"{kind}_{k}", 20) for k in decided[i : i + 500]]
            store.append(drafts, sender="review", origin="review")
    head = store.reads.head_seq(TEAM)
    end = to_us(datetime(2026, 11, 23, tzinfo=UTC))
    p = {"t": TEAM, "q": head, "e": end, "c": end - 48 * 3_600_000_000, "n": 100}
    queries = {
        "overdue": (_overdue_where(), True),
        "contradictions": (CONTRADICTIONS, False),
    }
    by_business_time = _overdue_where().replace("o.recorded_us < :c", "o.occurred_us < :c")  # 3a35aec's
    for phase in ("fresh", "analyzed"):
        if phase == "analyzed":
            with store.engine.begin() as c:
                c.execute(text("ANALYZE audit_event"))
        parts = []
        for name, (where, counted) in queries.items():
            got = []
            for label in ("old", "new"):

                def run(where: str = where, counted: bool = counted, label: str = label) -> tuple[Any, ...]:
                    order = "o.occurred_us, o.seq"
                    if counted:  # the overdue list: old = by business time (3a35aec), new = by received time (now)
                        where, order = (by_business_time, order) if label == "old" else (where, "o.recorded_us, o.seq")
                    with store.engine.begin() as c:
                        if label == "new" or counted:
                            c.execute(text("SET LOCAL enable_nestloop = off"))
                        page = c.execute(text(f"SELECT {_COLS} {where} ORDER BY {order} LIMIT :n"), p)
                        seqs = [r[0] for r in page]
                        total = c.execute(text(f"SELECT COUNT(*) {where}"), p).scalar() if counted else None
                    return seqs, total

                ms, rows = _best(run, 1 if (label == "old" and phase == "fresh") else 3)
                got.append(rows)
                parts.append(f"{name} {label} {ms:8.1f}")
            assert got[0] == got[1], f"{name}: old and new rows differ"
        queue_ms, _ = _best(lambda: waiting_items(store))
        subjects = [f"les_{k}" for k in range(0, n, max(1, n // 50))]
        hist_ms, _ = _best(lambda subjects=subjects: [store.subject_events(TEAM, s) for s in subjects])
        parts += [f"queue read {queue_ms:7.1f}", f"item history {hist_ms / len(subjects):5.2f} /item"]
        print(f"openings={n:6d}x2 events={head:6d} {phase:8s} " + " | ".join(parts), flush=True)
    store.engine.dispose()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("url", help="a PostgreSQL URL (scripts/pg start prints one); databases are made beside it")
    ap.add_argument("--openings", type=int, nargs="+", default=[1000, 2000, 4000, 16000])
    args = ap.parse_args()
    print(f"{load_now()} at start; times in ms", flush=True)
    for n in args.openings:
        one_size(args.url, n)
    print(f"{load_now()} at end", flush=True)


if __name__ == "__main__":
    main()
