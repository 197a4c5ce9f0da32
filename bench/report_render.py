"""Time to count and render one week's report from 10,000 and 1,000,000 audit events, cold.

    .venv/bin/python bench/report_render.py [--events 10000 1000000] [--db-dir DIR] [--command N]
        [--tree DIR ...]

Two measures per size. First the user's command, as typed: `memeval report weekly --team fernhill
--week 2026-W47 --db sqlite:///COPY --out DIR --runs DIR` run `--command` times (default 3), each on
a fresh copy of the benchmark database (the command records the report in it; stderr is a pipe, so
it shows no progress), with its wall time, its CPU (user + system, from the kernel) and the load
average when it started; `--tree DIR` runs it from another checkout too (e.g. a base worktree of
main), alternating, so the two are compared in one run at one load. The benchmark databases are
kept in `--db-dir` and reused when they exist. Then the in-process split below.

Each size runs in a fresh Python process (`--one N`), as `memeval report weekly` and the
scheduler's first report do, so the figures include every cold start: importing WeasyPrint, loading
fonts, parsing the CSS. Printed per size: count (SQL), then render split into HTML (Jinja), importing
WeasyPrint, PDF (WeasyPrint, cold) and a second PDF in the same process (warm), and the total of
count + cold render. CPU is the process's own from the count on (memeval's own imports excluded);
child processes are listed apart (WeasyPrint's library search ran 54 of them before
`_import_weasyprint`).

The sample week (Fernhill, 2026-W47) is ingested once through the real write path, then its rows
are copied inside the database (INSERT ... SELECT, doubling) with fresh sequence numbers, ids and
subjects until the week holds the asked number of events. The copies keep their bodies and hashes,
so the hash chain of the benchmark store does not verify: this measures counting and rendering,
not ingest (see bench/audit_ingest.py). Counting is the audit store's named reads (`build_context`
over `store.reads`); rendering is HTML + WeasyPrint PDF + text. Targets: a million-event week in
under 5 s, a 10,000-event week under 2 s.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _machine import load_line
from _scratch import scratch_dir
from sqlalchemy import text

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))

from make_week import load_week  # noqa: E402

from memeval.audit import SqlAuditStore  # noqa: E402
from memeval.auditreport import build_context, render_html, render_pdf, render_text  # noqa: E402
from memeval.auditreport._render import _import_weasyprint  # noqa: E402

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
    path = work / f"bench-{events}.sqlite"
    url = f"sqlite:///{path}"
    grow_s = 0.0
    if not path.exists():  # build the database once (a child process then reuses it)
        store = SqlAuditStore(url, fingerprint_key=b"bench-key-" * 4)
        with store._write_engine.begin() as conn:
            conn.execute(text("INSERT INTO audit_team (team, tz) VALUES ('fernhill', 'Europe/London')"))
        load_week(store, sender="sample")
        t = time.perf_counter()
        grow(store, events)
        grow_s = time.perf_counter() - t
    store = SqlAuditStore(url, fingerprint_key=b"bench-key-" * 4)
    c0 = time.process_time()
    t = time.perf_counter()
    ctx = build_context(store, "fernhill", "2026-W47", runs_dir=work / "runs")
    count_s = time.perf_counter() - t
    count_cpu = time.process_time() - c0
    t = time.perf_counter()
    html = render_html(ctx)
    render_text(ctx)
    html_s = time.perf_counter() - t
    t = time.perf_counter()
    _import_weasyprint()  # as render_pdf does on its first call; timed apart to show what it costs
    import_s = time.perf_counter() - t
    t = time.perf_counter()
    pdf = render_pdf(html)
    pdf_s = time.perf_counter() - t
    cpu_s = time.process_time() - c0
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    render_pdf(html)
    warm_s = time.perf_counter() - t
    (work / f"bench-{events}.pdf").write_bytes(pdf)
    info = subprocess.run(["pdfinfo", str(work / f"bench-{events}.pdf")], capture_output=True, text=True).stdout
    pages = int(m.group(1)) if (m := re.search(r"^Pages:\s+(\d+)", info, re.M)) else 0
    return {"events": ctx.last_seq, "sessions": ctx.lines[0].count, "grow_s": grow_s, "count_s": count_s,
            "html_s": html_s, "import_s": import_s, "pdf_s": pdf_s, "pdf_warm_s": warm_s, "pages": pages,
            "count_cpu_s": count_cpu,
            "total_s": count_s + html_s + import_s + pdf_s, "cpu_s": cpu_s,
            "children_cpu_s": children.ru_utime + children.ru_stime, "load": os.getloadavg()[0]}  # fmt: skip


def _env(tree: Path) -> dict[str, str]:
    """This environment with `tree` first on the path, and .pyc files written and read as an install has them."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    return env


def command_once(tree: Path, db: Path, work: Path) -> tuple[float, float, float]:
    """(wall s, CPU s, load average) of one `memeval report weekly` from checkout `tree` on a copy of `db`."""
    run = Path(tempfile.mkdtemp(prefix="cmd-", dir=work))
    try:
        shutil.copyfile(db, run / "db.sqlite")
        (run / "runs").mkdir()
        cmd = [sys.executable, "-m", "memeval", "report", "weekly", "--team", "fernhill", "--week", "2026-W47",
               "--db", f"sqlite:///{run / 'db.sqlite'}", "--out", str(run / "out"),
               "--runs", str(run / "runs")]  # fmt: skip
        load = os.getloadavg()[0]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, env=_env(tree), cwd=run)
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return wall, cpu, load
    finally:
        shutil.rmtree(run)


def command_table(sizes: list[int], trees: list[Path], n: int, work: Path) -> None:
    """Print the user's command's wall and CPU per size and checkout (median of `n` runs, and each run)."""
    print(f"memeval report weekly, as typed (median of {n} runs; each run: wall/CPU s @ load average)")
    for size in sizes:
        db = work / f"bench-{size}.sqlite"
        for tree in trees:  # once untimed: Python writes the checkout's .pyc files, as any install has them
            subprocess.run([sys.executable, "-c", "import memeval.cli.report, memeval.auditreport._record"],
                           check=True, env=_env(tree))  # fmt: skip
        got: dict[Path, list[tuple[float, float, float]]] = {t: [] for t in trees}
        for _ in range(n):
            for tree in trees:
                got[tree].append(command_once(tree, db, work))
        for tree in trees:
            runs = got[tree]
            each = " ".join(f"{w:.2f}/{c:.2f}@{ld:.1f}" for w, c, ld in runs)
            print(f"{size:>10,} events  {str(tree):<28} wall {statistics.median(r[0] for r in runs):5.2f} s  "
                  f"CPU {statistics.median(r[1] for r in runs):5.2f} s   ({each})")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, nargs="+", default=[10_000, 1_000_000])
    ap.add_argument("--db-dir", type=Path, default=None, help="where the benchmark databases go (default: a temp dir)")
    ap.add_argument("--command", type=int, default=3, metavar="N",
                    help="runs of the user's command per size and checkout (0: skip it)")  # fmt: skip
    ap.add_argument("--tree", type=Path, action="append", default=[],
                    help="also run the command from this checkout (repeatable), e.g. a worktree of main")  # fmt: skip
    ap.add_argument("--one", type=int, default=None, help=argparse.SUPPRESS)  # the child process of one size
    args = ap.parse_args()
    work = args.db_dir or scratch_dir("memeval-report-bench-")
    work.mkdir(parents=True, exist_ok=True)
    if args.one is not None:
        print(json.dumps(run(args.one, work)))
        return
    print(load_line("at start"))
    for n in args.events:
        if not (work / f"bench-{n}.sqlite").exists():  # build first, so the timed child only reads
            subprocess.run([sys.executable, __file__, "--one", str(n), "--db-dir", str(work)], check=True,
                           capture_output=True)  # fmt: skip
    if args.command > 0:
        command_table(args.events, [ROOT, *args.tree], args.command, work)
        print()
    print(f"{'events':>10} {'sessions':>9} {'count s':>8} {'html s':>7} {'import s':>8} {'pdf cold s':>10} "
          f"{'pdf warm s':>10} {'total s':>8}")  # fmt: skip
    for n in args.events:
        t = time.perf_counter()
        out = subprocess.run([sys.executable, __file__, "--one", str(n), "--db-dir", str(work)], check=True,
                             capture_output=True, text=True).stdout  # fmt: skip
        wall = time.perf_counter() - t
        r = json.loads(out.strip().splitlines()[-1])
        print(f"{r['events']:>10,} {r['sessions']:>9,} {r['count_s']:>8.2f} {r['html_s']:>7.2f} {r['import_s']:>8.2f} "
              f"{r['pdf_s']:>10.2f} {r['pdf_warm_s']:>10.2f} {r['total_s']:>8.2f}   (CPU {r['cpu_s']:.2f} s, "
              f"counting {r['count_cpu_s']:.2f} s, child processes {r['children_cpu_s']:.2f} s; process wall "
              f"{wall:.2f} s, {r['pages']} pages, load {r['load']:.1f})")  # fmt: skip
    print(
        "(count + render in the same process; CPU is what the process itself used, the honest figure on a "
        "shared machine)"
    )
    print(load_line("at end"))
    kept = f"databases and PDFs kept in {work}" if args.db_dir else "databases and PDFs removed (--db-dir keeps them)"
    print(f"({kept}; targets: 1,000,000 events < 5 s, 10,000 events < 2 s, count + render)")


if __name__ == "__main__":
    main()
