"""Do two checkouts store the same bytes? Ingest the bench events deterministically and hash every table.

    .venv/bin/python bench/audit_ingest_same.py --against CHECKOUT [--events 2400] [--pg] [--workers 0,2] [--batch 100]
        [--eager]

For each checkout (`--against` and this one), backend (SQLite; PostgreSQL with `--pg`, a
throwaway server from scripts/pg, or `--db URL`) and worker count (`--workers`, as
`MEMEVAL_AUDIT_WORKERS`), a fresh process ingests `bench/audit_ingest.py`'s events (every id
scanned, free text unique, planted secrets and orders-to-agents texts) in batches of 100 (`--batch`;
0: the whole input as one batch, which workers sanitise in slices) with a
fixed clock (1.001 ms a step from 2026-12-02) and fixed event ids (uuid4, or `new_event_id`, replaced by a counter),
then dumps every column of every table (`audit_event`, `audit_head`, the projection tables),
rows sorted, and prints the SHA-256 of the dump. Exit status 1 when any hash differs between
the checkouts. This is the check behind "the same stored bytes" in CHANGELOG entries about ingest
speed. With workers, a checkout's own process starts them (spawn), so it needs at least
`_parallel.MIN_EVENTS` events to use them. `--eager`: each checkout whose `warm_pool` takes
`eager` starts its workers as a server does (every rule's pattern compiled before the first task),
the other one as a file ingest does.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import itertools
import json
import os
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path
from types import ModuleType

from _code import pythonpath
from _scratch import scratch_dir

ROOT = Path(__file__).resolve().parents[1]
TABLES = ("audit_event", "audit_head", "lesson_state", "contradiction_state", "hold_state", "memory_state")


def throughput_bench() -> ModuleType:
    """`bench/audit_ingest.py`, imported (its events and its PostgreSQL set-up serve here too)."""
    sys.path.insert(0, str(ROOT / "bench"))
    import audit_ingest  # noqa: E402

    return audit_ingest


def dump(url: str, events: int, batch: int = 100, eager: bool = False) -> str:
    """Ingest `events` bench events into `url` with a fixed clock and ids; return the dump's hash and counts.

    `eager`: the workers (if any) start as a server's do (`_parallel.warm_pool(eager=True)`), when
    this checkout has that; else as a file ingest's.
    """
    bench = throughput_bench()  # the same events as the throughput bench
    from memeval.audit import _parallel

    if eager and _parallel.worker_count() > 0 and "eager" in _parallel.warm_pool.__code__.co_varnames:
        _parallel.warm_pool(_parallel.worker_count(), eager=True)  # the ingest below takes this pool

    try:  # the module of the write path, which stamps event ids and recorded_at
        import memeval.audit._write as write_module
    except ImportError:  # a checkout from before `_store` was split: the write path lived there
        import memeval.audit._store as write_module  # type: ignore[no-redef]
    from memeval.audit import ingest_lines, open_store

    count = itertools.count(1)
    if hasattr(write_module, "new_event_id"):  # since ingest33 ids are drawn there, without `uuid.uuid4`
        write_module.new_event_id = lambda: "ev_" + uuid.UUID(int=next(count) << 64).hex[:24]  # type: ignore[attr-defined]
    else:
        write_module.uuid.uuid4 = lambda: uuid.UUID(int=next(count) << 64)  # type: ignore[attr-defined]
    clock = itertools.count()
    start = datetime.datetime(2026, 12, 2, tzinfo=datetime.UTC)
    fixed = lambda: start + datetime.timedelta(microseconds=next(clock) * 1001)  # noqa: E731
    write_module.utc_now = fixed
    store = open_store(url)
    if hasattr(store, "clock"):  # since audit16 the store stamps recorded_at with its own clock
        store.clock = fixed
    lines = [json.dumps(e) for e in bench.events(events, "bench-file", "bench-file", "prefixed", "")]
    res = ingest_lines(store, lines, sender="bench-file", batch_size=batch)
    from sqlalchemy import text

    out = {}
    with store.engine.connect() as c:
        for t in TABLES:
            result = c.execute(text(f"select * from {t}"))
            out[t] = (list(result.keys()), sorted(tuple(str(v) for v in r) for r in result))
    blob = json.dumps(out, sort_keys=True)
    counts = ", ".join(f"{t} {len(v[1])}" for t, v in out.items())
    digest = hashlib.sha256(blob.encode()).hexdigest()
    return f"{digest} ({counts}; held {res.result.held}, blanked {res.result.secrets_blanked})"


def main() -> int:
    """Run every (backend, workers, checkout) in its own process and compare the hashes."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--against", required=False, help="the other checkout (e.g. a work tree of main)")
    ap.add_argument("--events", type=int, default=2400)
    ap.add_argument("--workers", default="0,2", help="comma-separated MEMEVAL_AUDIT_WORKERS values")
    ap.add_argument("--batch", type=int, default=100, help="events per batch; 0: the whole input is one batch")
    ap.add_argument("--pg", action="store_true", help="also PostgreSQL, on a throwaway server from scripts/pg")
    ap.add_argument("--db", default=None, help="also PostgreSQL at this URL (a new database is made per run)")
    ap.add_argument("--eager", action="store_true", help="workers start as a server's do (see above)")
    ap.add_argument("--here", default=None, help=argparse.SUPPRESS)  # one dump into this URL, in this process
    args = ap.parse_args()
    if args.here:
        os.environ["MEMEVAL_FINGERPRINT_KEY"] = "ab" * 32
        print(dump(args.here, args.events, args.batch, args.eager))
        return 0
    if not args.against:
        ap.error("--against CHECKOUT is required")
    pg_dir = Path(tempfile.gettempdir()) / f"memeval-same-pg-{os.getpid()}"
    pg = args.db
    if args.pg and not pg:
        started = subprocess.run(
            [str(ROOT / "scripts" / "pg"), "start", str(pg_dir)], check=True, capture_output=True, text=True
        )
        pg = started.stdout.strip().splitlines()[-1]
    differ = False
    try:
        for backend in ["sqlite"] + (["postgresql"] if pg else []):
            for workers in args.workers.split(","):
                hashes = []
                for label, code in (("old", Path(args.against).resolve()), ("new", ROOT)):
                    if backend == "sqlite":
                        url = f"sqlite:///{scratch_dir('memeval-same-')}/s.sqlite"
                    else:
                        url = throughput_bench().new_pg_database(pg, f"same_{label}_{workers}_{os.getpid()}")
                    env = {**os.environ, "PYTHONPATH": pythonpath(code), "MEMEVAL_AUDIT_WORKERS": workers.strip()}
                    cmd = [
                        sys.executable,
                        str(ROOT / "bench" / "audit_ingest_same.py"),
                        "--here",
                        url,
                        "--events",
                        str(args.events),
                        "--batch",
                        str(args.batch),
                    ] + (["--eager"] if args.eager else [])
                    run = subprocess.run(cmd, env=env, cwd=code, capture_output=True, text=True)
                    line = run.stdout.strip() if run.returncode == 0 else f"failed: {run.stderr[-1500:]}"
                    hashes.append(line.split(" ", 1)[0])
                    print(f"{backend:10} workers {workers.strip()} {label}: {line}", flush=True)
                same = hashes[0] == hashes[1] and not hashes[0].startswith("failed")
                differ |= not same
                print(f"{backend:10} workers {workers.strip()}: {'SAME' if same else 'DIFFERENT'}", flush=True)
    finally:
        if args.pg and not args.db:
            subprocess.run([str(ROOT / "scripts" / "pg"), "stop", str(pg_dir)], capture_output=True)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
