"""CPU of the ingest WRITER alone (`SqlAuditStore.append` with presanitized batches), countable under callgrind.

    .venv/bin/python bench/audit_ingest_writer.py [--events 2000] [--db sqlite | PG URL] [--profile OUT]
    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=OUT \\
        .venv/bin/python bench/audit_ingest_writer.py --events 500 --callgrind

Makes `bench/audit_ingest.py`'s events (every id scanned, free text unique), redacts, assesses and
scans their ids in this process first (what the workers of a file ingest send the writer,
`_parallel._work_group`, one batch of `--batch` at a time), then times only the writer's appends:
CPU seconds an event (`time.process_time`; beside it, on a PostgreSQL server on this machine, its
backends' CPU an event, `audit_ingest.server_cpu`) and events per second of wall time, with the load
average. `--callgrind` turns valgrind's instrumentation on around the appends only
(`callgrind_control -i on/off`), so the instruction count is the writer's, repeatable on a busy
machine where CPU seconds are not. `--db` a PostgreSQL URL: a new database is made there per run.
`--profile OUT` writes a cProfile (CPU-time clock) of the appends. `--threads N` appends the
batches from N threads at once (the append side of `memeval audit serve` with N clients), all as one
sender, or with `--senders` each thread as a sender of its own (N memory systems posting at once).
`--part sanitize` measures (and
instruments, profiles) the other side instead: what is done for those events before the writer
(parsing the lines, each batch's texts and id candidates, then per batch the redaction, hold
assessments and id scans of `_parallel._work_group`), in this one process; the appends then run
uncounted. Run with `PYTHONPATH` set to the checkout to
measure (any checkout: the names it imports are also in older ones).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

from _machine import load_now
from _scratch import scratch_dir

ROOT = Path(__file__).resolve().parent.parent


def store_url(db: str) -> str:
    """A fresh store URL: a new SQLite file for `sqlite`, else a new database on the PostgreSQL server of `db`."""
    if db == "sqlite":
        return f"sqlite:///{scratch_dir('memeval-writer-')}/w.sqlite"
    if not db.startswith("postgresql"):
        print(f"--db {db!r}: give `sqlite` or a postgresql+psycopg:// URL", file=sys.stderr)
        sys.exit(2)
    import psycopg

    name = "writer_" + uuid.uuid4().hex[:12]
    with psycopg.connect(db.replace("+psycopg", ""), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return db.rsplit("/", 1)[0] + "/" + name


def main() -> None:
    """Presanitize `--events` events, then append them batch by batch and print the writer's cost."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=2000)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--db", default="sqlite", help="`sqlite` (a new file) or a PostgreSQL URL (a new database)")
    ap.add_argument("--profile", default=None, help="write a cProfile of the appends here")
    ap.add_argument("--callgrind", action="store_true", help="instrument only the measured part (under valgrind)")
    ap.add_argument(
        "--group", type=int, default=1, help="batches appended in one transaction (`SqlAuditStore.append_group`)"
    )
    ap.add_argument("--part", choices=("writer", "sanitize"), default="writer", help="what to measure (see above)")
    ap.add_argument(
        "--threads",
        type=int,
        default=1,
        help="append the batches from this many threads at once, each its own batches in turn (as an HTTP server's)",
    )
    ap.add_argument("--senders", action="store_true", help="with --threads N: each thread its own sender")
    ap.add_argument(
        "--ids", choices=("prefixed", "sample"), default="prefixed", help="how ids are made (`audit_ingest.IDS`)"
    )
    ap.add_argument(
        "--floor",
        action="store_true",
        help="also: the same rows inserted bare (one transaction a batch, the driver's executemany or COPY) "
        "into a fresh store, and the writer's step 3 alone (`Combiner.write`)",
    )
    args = ap.parse_args()
    if args.events < 1 or args.batch < 1:
        print("--events and --batch must be at least 1", file=sys.stderr)
        sys.exit(2)
    sys.path.insert(0, str(ROOT / "bench"))
    import audit_ingest as bench  # the same events as the main ingest bench

    os.environ["MEMEVAL_FINGERPRINT_KEY"] = "ab" * 32
    os.environ["MEMEVAL_AUDIT_WORKERS"] = "0"
    from memeval.audit import ingest_lines, open_store
    from memeval.audit._ingest import parse_lines
    from memeval.audit._parallel import _work_group, batch_texts, strict_id_candidates

    store = open_store(store_url(args.db))
    ingest_lines(
        store,
        [json.dumps(e) for e in bench.events(200, "warm", "warm", args.ids, "w")],
        sender="warm",
        batch_size=args.batch,
    )
    lines = [json.dumps(e) for e in bench.events(args.events, "bench-file", "bench-file", args.ids, "")]
    prof = cProfile.Profile(time.process_time) if args.profile else None

    def measured(on: bool) -> None:
        """Start (`on`) or stop counting: callgrind's instrumentation, the profile."""
        if args.callgrind:
            subprocess.run(
                ["callgrind_control", "-i", "on" if on else "off", str(os.getpid())], check=True, capture_output=True
            )
        if prof is not None:
            prof.enable() if on else prof.disable()

    sanitizing = args.part == "sanitize"
    recorded, step3 = record_writes() if args.floor else (None, None)
    p0 = None if sanitizing else bench.server_cpu(store)  # outside the instrumented part
    if sanitizing:
        measured(True)
    c0, w0 = time.process_time(), time.perf_counter()
    parsed = parse_lines(lines)
    batches = [[ev for _, ev in parsed[k : k + args.batch]] for k in range(0, len(parsed), args.batch)]
    ahead = [_work_group([batch_texts(b)], [strict_id_candidates(b)])[0] for b in batches]
    if sanitizing:
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        measured(False)
    else:
        measured(True)
        c0, w0 = time.process_time(), time.perf_counter()
    if args.threads > 1:  # as `memeval audit serve`'s threads append their requests' batches, several at once
        from concurrent.futures import ThreadPoolExecutor

        def share(t: int) -> None:
            for drafts, pre in list(zip(batches, ahead, strict=True))[t :: args.threads]:
                store.append(drafts, sender=f"bench-file{t}" if args.senders else "bench-file", presanitized=pre)

        with ThreadPoolExecutor(args.threads) as ex:
            for f in [ex.submit(share, t) for t in range(args.threads)]:
                f.result()
    elif args.group > 1:  # as a file ingest's writer appends the workers' batches (`_ingest._write_batches`)
        for k in range(0, len(batches), args.group):
            store.append_group(batches[k : k + args.group], ahead[k : k + args.group], sender="bench-file")
    else:
        for drafts, pre in zip(batches, ahead, strict=True):
            store.append(drafts, sender="bench-file", origin="ingest", presanitized=pre)
    if not sanitizing:
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        measured(False)
    p1 = bench.server_cpu(store)
    combiner = getattr(store, "combiner", None)  # group commit (ingest29); absent from older checkouts
    transactions = (
        f", {combiner.together} batches written {combiner.groups} groups at a time" if combiner is not None else ""
    )
    server = "" if p0 is None or p1 is None else f" (+ PostgreSQL server {(p1 - p0) / len(parsed) * 1e3:.3f} ms)"
    if prof is not None:
        prof.dump_stats(args.profile)
    floor = ""
    if recorded is not None and step3 is not None:
        f_cpu, f_server = bare_inserts(store_url(args.db), recorded, bench.server_cpu)
        floor = (
            f"\n  step 3 alone (`Combiner.write`) {step3[0] / len(parsed) * 1e3:.3f} ms CPU an event; "
            f"the same rows inserted bare {f_cpu / len(parsed) * 1e3:.3f} ms"
            + ("" if f_server is None else f" (+ PostgreSQL server {f_server / len(parsed) * 1e3:.3f} ms)")
        )
    print(
        f"{Path(sys.modules['memeval'].__file__ or '').parent.parent}: {args.part} {len(parsed):,} events, "
        f"{cpu / len(parsed) * 1e3:.3f} ms CPU an event{server}, {len(parsed) / wall:,.0f} events/s of wall "
        f"({args.db.split(':', 1)[0]}, batches of {args.batch}, "
        f"{f'{args.threads} threads' if args.threads > 1 else f'{args.group} a transaction'}"
        f"{' as senders of their own' if args.senders and args.threads > 1 else ''}{transactions}, "
        f"ids {args.ids}; "
        f"{load_now()})" + floor
    )


def record_writes() -> tuple[list[tuple[list, list]], list[float]]:
    """Wrap the writer's inserts and step 3: the rows each transaction inserts, and step 3's CPU seconds (added up).

    `_project.insert_tables` (every log row, new projection row and head statement a write inserts) is
    wrapped where `_project.insert_new_rows` calls it; `Combiner.write` is timed with `time.process_time`.
    """
    from memeval.audit import _combine, _project

    recorded: list[tuple[list, list]] = []
    spent = [0.0]
    real_insert, real_write = _project.insert_tables, _combine.Combiner.write

    def insert_tables(conn, tables, then=(), *, commit=False):  # type: ignore[no-untyped-def]
        recorded.append(([(t, n, list(r)) for t, n, r in tables], [(sql, list(ps)) for sql, ps in then]))
        return real_insert(conn, tables, then, commit=commit)

    def write(self, item):  # type: ignore[no-untyped-def]
        c0 = time.process_time()
        try:
            return real_write(self, item)
        finally:
            spent[0] += time.process_time() - c0

    _project.insert_tables = insert_tables
    _combine.Combiner.write = write
    return recorded, spent


def bare_inserts(url: str, recorded: list[tuple[list, list]], server_cpu) -> tuple[float, float | None]:  # type: ignore[no-untyped-def]
    """Insert `recorded`'s rows into a fresh store at `url` with the driver alone, one transaction each as recorded.

    SQLite: `BEGIN IMMEDIATE`, one `executemany` a table and a head statement, `COMMIT` (WAL, `synchronous=FULL`
    as the store sets it). PostgreSQL (psycopg 3): one `COPY` a table (as `_project.insert_rows`), the head
    statements' `executemany`, `COMMIT`. Returns (this process's CPU seconds, the server's or None).
    """
    from memeval.audit import open_store

    store = open_store(url)  # the same tables and indexes as the measured store
    p0 = server_cpu(store)
    raw = store.engine.raw_connection()
    dbapi = raw.dbapi_connection
    pg = store.engine.dialect.name == "postgresql"
    c0 = time.process_time()
    for tables, then in recorded:
        cur = dbapi.cursor()
        if pg:
            for table, names, rows in tables:
                if rows:
                    with cur.copy(f"COPY {table} ({', '.join(names)}) FROM STDIN") as copy:
                        for row in rows:
                            copy.write_row(row)
            for sql, params in then:
                cur.executemany(sql, params)
            dbapi.commit()
        else:
            cur.execute("BEGIN IMMEDIATE")
            for table, names, rows in tables:
                if rows:
                    marks = ", ".join("?" * len(names))
                    cur.executemany(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})", rows)
            for sql, params in then:
                cur.executemany(sql, params)
            cur.execute("COMMIT")
        cur.close()
    cpu = time.process_time() - c0
    raw.close()
    p1 = server_cpu(store)
    return cpu, (None if p0 is None or p1 is None else p1 - p0)


if __name__ == "__main__":
    main()
