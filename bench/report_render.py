"""Time to count and render one week's report from 10,000 and 1,000,000 audit events.

    .venv/bin/python bench/report_render.py [--events 10000 1000000] [--db-dir DIR]

The sample week (Fernhill, 2026-W47) is ingested once through the real write path, then its rows
are copied inside the database (INSERT ... SELECT, doubling) with fresh sequence numbers, ids and
subjects until the week holds the asked number of events. The copies keep their bodies and hashes,
so the hash chain of the benchmark store does not verify: this measures counting and rendering,
not ingest (see bench/audit_ingest.py). Counting is SQL only (`build_context`); rendering is
HTML + WeasyPrint PDF + text. Target: a million-event week in under 10 s on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import text

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))

from make_week import build, resolve_hold_ids  # noqa: E402

from memeval.audit import ingest_lines, open_store  # noqa: E402
from memeval.report import build_context, render_html, render_pdf, render_text  # noqa: E402

COLS = ("event_id, team, seq, type, occurred_us, recorded_us, sender, sender_event_id, actor_kind, actor_id, "
        "session, subject, facet, quantity, prev_hash, hash, body")  # fmt: skip


def grow(store, target: int) -> int:
    """Double the team's rows by copying them until there are at least `target`; returns the count."""
    with store._write_engine.begin() as conn:
        n = conn.execute(text("SELECT MAX(seq) FROM audit_event WHERE team = 'fernhill'")).scalar()
        k = 0
        while n < target:
            k += 1
            take = min(n, target - n)
            conn.execute(
                text(
                    f"INSERT INTO audit_event ({COLS}) SELECT event_id || '-c{k}', team, seq + :n, type, "
                    "occurred_us, recorded_us, sender, sender_event_id || '#c' || :k, actor_kind, actor_id, "
                    "session, CASE WHEN subject IS NULL THEN NULL ELSE subject || '-c' || :k END, facet, "
                    "quantity, prev_hash, hash, body FROM audit_event WHERE team = 'fernhill' AND seq <= :take"
                ),
                {"n": n, "k": k, "take": take},
            )
            n += take
        conn.execute(text("UPDATE audit_head SET seq = :n WHERE team = 'fernhill'"), {"n": n})
        conn.execute(text("ANALYZE"))
    return n


def run(events: int, work: Path) -> dict[str, float]:
    url = f"sqlite:///{work / f'bench-{events}.sqlite'}"
    store = open_store(url)
    with store._write_engine.begin() as conn:
        conn.execute(text("INSERT INTO audit_team (team, tz) VALUES ('fernhill', 'Europe/London')"))
    ingest_lines(store, [json.dumps(e) for e in resolve_hold_ids(build(), "sample")], sender="sample")
    t = time.perf_counter()
    n = grow(store, events)
    grow_s = time.perf_counter() - t
    t = time.perf_counter()
    ctx = build_context(store, "fernhill", "2026-W47", runs_dir=work / "runs")
    count_s = time.perf_counter() - t
    t = time.perf_counter()
    html = render_html(ctx)
    render_text(ctx)
    pdf = render_pdf(html)
    render_s = time.perf_counter() - t
    (work / f"bench-{events}.pdf").write_bytes(pdf)
    return {"events": n, "sessions": ctx.lines[0].count, "grow_s": grow_s, "count_s": count_s,
            "render_s": render_s, "total_s": count_s + render_s}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, nargs="+", default=[10_000, 1_000_000])
    ap.add_argument("--db-dir", type=Path, default=None, help="where the benchmark databases go (default: a temp dir)")
    args = ap.parse_args()
    work = args.db_dir or Path(tempfile.mkdtemp(prefix="memeval-report-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"{'events':>10} {'sessions':>9} {'count s':>8} {'render s':>9} {'total s':>8}")
    for n in args.events:
        r = run(n, work)
        print(f"{r['events']:>10,} {r['sessions']:>9,} {r['count_s']:>8.2f} {r['render_s']:>9.2f} {r['total_s']:>8.2f}")
    print(f"(databases and PDFs in {work}; target: 1,000,000 events counted and rendered in < 10 s)")


if __name__ == "__main__":
    main()
