"""Audit ingest throughput with redaction and holding on: from a file, and over HTTP in batches.

    .venv/bin/python bench/audit_ingest.py [--events 5000] [--batch 100] [--clients 1 [--senders]] [--pg | --db URL]
        [--against CHECKOUT]

Events are the Fernhill sample week repeated with fresh ids (about 45% carry free text, each made unique:
memories, lessons, refusals, comments; with `MEMEVAL_BENCH_TEXTS=week` unique per copy of the week only,
`TEXTS_ENV`; 6 planted fake secrets and 3 orders-to-agents texts per 254 events). Prints events per second
for each path. The file path ingests in batches of
`--batch` events (as `memeval audit ingest --batch-size`), the HTTP path posts batches of
`--batch` to `memeval audit serve` running in its own process, one at a time, or from `--clients` threads at
once (each its own connection, as several senders would). SQLite always; PostgreSQL beside
it with `--pg` (a throwaway server from scripts/pg) or `--db URL`. Printed per backend and path:
events per second of wall time, and events per CPU-second (the writer, the sanitising workers,
the HTTP server and its workers), with the load average and the processes that shared the cores
(the client that posts the HTTP batches is this process; its CPU is not counted, and it encodes the
bodies before the clock starts, as a sender on another machine would: `encoded`); on a
PostgreSQL server on this machine, the server's own CPU for the path too (its backends for the
database, `server_cpu`), which the ingest's processes wait on and which shares the cores with
them. Workers: `MEMEVAL_AUDIT_WORKERS`. Target: 5,000 events/s.

`--against CHECKOUT` (another work tree of memeval, e.g. main) measures that code and this one in
the same run, each in its own process (`--code`, with `PYTHONPATH` set to it), one after the
other on fresh databases (a new PostgreSQL database each), and prints the two side by side;
`--new-first` measures this one first (run both orders: the machine's load moves between the halves).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from _code import pythonpath
from _machine import load_line, load_now, proc_cpu_s
from _scratch import scratch_dir
from _serve import pool_start, wait_warm

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))

from make_week import build, resolve_hold_ids  # noqa: E402

from memeval.audit import INGEST_TYPES, add_token, ingest_lines, open_store  # noqa: E402
from memeval.audit._parallel import warm_pool, worker_count  # noqa: E402

PATHS = ("file", "http")
"""The paths measured: from a file (`ingest_lines`), and over HTTP (`memeval audit serve` and clients)."""

IDS = ("prefixed", "sample")
"""How copies' ids are made unique: `prefixed` puts `c<copy>-` in front (`c3-fh-47-00232`: a digit
in the first part, so every id is scanned for secrets, `_idscan.plain_id`); `sample` adds
`-c<copy>` at the end and keeps the sample's shape (`fh-47-00232-c3`: plain, so not scanned, as
the sample's own ids are not)."""


TEXTS_ENV = "MEMEVAL_BENCH_TEXTS"
"""How free texts are made: `unique` (unset: every text its own, as a stream of texts never seen twice) or
`week` (unique per copy of the sample week, so within a copy they repeat as the sample's do: 129 free texts of
which 58 differ, a memory written again each session). Read by `events`, so the same-output benches and
`--against` children (which inherit the environment) read the same stream."""


def texts_kind() -> str:
    """`TEXTS_ENV`'s value (`unique` or `week`).

    Raises:
        SystemExit: another value (named, with the two allowed).
    """
    kind = os.environ.get(TEXTS_ENV, "").strip() or "unique"
    if kind not in ("unique", "week"):
        raise SystemExit(f"{TEXTS_ENV}={kind!r}: use unique (the default) or week")
    return kind


def events(n: int, sender: str, team: str, ids: str = "prefixed", tag: str = "") -> list[dict]:
    """`n` events: copies of the sample week with ids (and subjects) made unique per copy (`IDS`).

    `tag` (lower-case letters) makes them unique per backend too, ids and free text: the second
    backend's file ingest runs in the same warm workers as the first's, whose caches (the phone
    matcher's windows, the remembered hold assessments of `memeval.audit._holdmemo`) would
    otherwise make the same ids and texts nearly free. `run_backend` gives both backends one:
    without it, from copy 100 on (event 24,500) a text's suffix `(ticket 157-40123)` holds eight
    digits in a phone number's shape and is blanked as one (508 texts blanked in 5,000 events
    against 121, and a third more CPU an event), so SQLite, untagged until 2026-12-05, read a
    harder stream than PostgreSQL (`157pg-40123`) in the second half of a 50,000-event run.
    """

    def fresh(value: str, copy: int) -> str:
        return f"c{copy}{tag}-{value}" if ids == "prefixed" else f"{value}-c{copy}{tag}"

    out: list[dict] = []
    copy = 0
    unique = texts_kind() == "unique"
    while len(out) < n:
        for e in resolve_hold_ids(build(), sender):
            e = {**e, "team": team, "sender_event_id": fresh(e["sender_event_id"], copy)}
            if e["subject"]:
                e["subject"] = fresh(e["subject"], copy)
            if e["type"] not in INGEST_TYPES:
                continue  # decisions, claims and comments come only through the review queue
            # make every free text unique, so no cache in the redactor can make repeats free; or (`TEXTS_ENV` week)
            # unique per copy of the week only, so that texts repeat within a copy as the sample's do
            pl = dict(e["payload"])
            for k in ("text", "reason", "comment", "a_text", "b_text"):
                if isinstance(pl.get(k), str):
                    pl[k] = f"{pl[k]} (ticket {copy}{tag}-{len(out)})" if unique else f"{pl[k]} (ticket {copy}{tag})"
            e["payload"] = pl
            out.append(e)
        copy += 1
    return out[:n]


def free_port() -> int:
    """An unused TCP port on 127.0.0.1."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def tree_cpu(pid: int) -> float:
    """CPU seconds used so far by process `pid` and its live descendants (the server's workers)."""
    total = proc_cpu_s(pid)
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            total += tree_cpu(int(child))
    return total


def workers_cpu() -> float:
    """CPU seconds used so far by the warm sanitising workers of this process (0 without them)."""
    from memeval.audit import _parallel

    pool = _parallel._POOL
    return sum(proc_cpu_s(pid) for pid in pool[1]._processes) if pool else 0.0  # type: ignore[union-attr]


def server_cpu(store: object) -> float | None:
    """CPU seconds used so far by the PostgreSQL server processes serving the store's database, or None.

    The backends connected to its database (`pg_stat_activity`), read from /proc: only for a server on
    this machine whose processes this user can read (the bench's own `scripts/pg` server, as root).
    None on SQLite (its work is the writer's own CPU) or when they cannot be read. A backend that
    disconnects takes its CPU with it; the store keeps its pooled connections open while it ingests.
    """
    engine = getattr(store, "engine", None)
    if engine is None or engine.dialect.name != "postgresql":
        return None
    from sqlalchemy import text

    with engine.connect() as conn:
        pids = list(conn.execute(text("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")).scalars())
    try:
        return sum(proc_cpu_s(pid) for pid in pids)
    except OSError:
        return None


def commits(store: object) -> int | None:
    """Transactions committed so far in the store's PostgreSQL database (`pg_stat_database`), or None on SQLite.

    The statistics are sent by each backend when its transaction ends (at most every 10 ms or so); read
    after a pause (`pg_stat_clear_snapshot`) so a run's count includes its last ones. Counts every
    transaction of the database, the bench's own reads included (a few).
    """
    engine = getattr(store, "engine", None)
    if engine is None or engine.dialect.name != "postgresql":
        return None
    from sqlalchemy import text

    time.sleep(1.0)
    with engine.connect() as conn:
        conn.execute(text("SELECT pg_stat_clear_snapshot()"))
        q = "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"
        return int(conn.execute(text(q)).scalar_one())


CODE = ROOT
"""The checkout whose `memeval` is measured (`--code`); the server runs from it."""


def encoded(batches: list[list[dict]]) -> list[bytes]:
    """Each batch's request body, `{"events": [...]}` as UTF-8 JSON, made before the clock starts.

    The client shares the two cores with the server it measures; a real sender runs on another machine,
    so its JSON encoding is no part of the server's cost. Encoded inside the timed posts (httpx's
    `json=`, before ingest28) it was counted in "this client" and took the cores from the server; now
    that figure is the posting alone (0.59-0.79 s of a 50,000-event run at load 13-20, ingest28).
    """
    return [json.dumps({"events": b}).encode() for b in batches]


def post_batches(client: httpx.Client, bodies: list[bytes], auths: list[dict[str, str]], clients: int) -> None:
    """POST the batch `bodies` (`encoded`): one at a time with `client`, or from `clients` threads at once.

    With several clients, thread `t` posts batches `t`, `t + clients`, ... one after the other on
    its own connection with the token `auths[t % len(auths)]` (one token: one memory system's
    senders; one a client: several memory systems, `--senders`); the server takes their batches
    concurrently (the append is serialised by the store's write lock, waiting batches grouped).
    """
    headers = {**auths[0], "content-type": "application/json"}
    if clients <= 1:
        for b in bodies:
            client.post("/api/v1/events", content=b, headers=headers).raise_for_status()
        return

    def post_share(t: int) -> None:
        mine = {**auths[t % len(auths)], "content-type": "application/json"}
        with httpx.Client(base_url=client.base_url, timeout=300) as own:
            for b in bodies[t::clients]:
                own.post("/api/v1/events", content=b, headers=mine).raise_for_status()

    with ThreadPoolExecutor(max_workers=clients) as ex:
        for f in [ex.submit(post_share, t) for t in range(clients)]:
            f.result()


def run_backend(
    url: str,
    n: int,
    batch: int,
    ids: str = "prefixed",
    clients: int = 1,
    paths: tuple[str, ...] = PATHS,
    senders: bool = False,
) -> list[str]:
    """Measure file and HTTP ingest (those of `paths`) into the store at `url`; one printed line per path."""
    store = open_store(url)
    t = time.perf_counter()
    store.sanitizer.redactor.redact("warm up the redactor: key AKIAABCDEFGHIJKLMNOP")
    store.sanitizer.hold_detector.assess("warm up the hold detector", "agent")
    if worker_count() > 0 and "file" in paths:
        warm_pool(worker_count())  # as a long-lived ingest process keeps its workers warm
    warm = time.perf_counter() - t
    name = "PostgreSQL" if url.startswith("postgresql") else "SQLite"
    tag = "pg" if name == "PostgreSQL" else "sq"  # letters on both: see `events`' `tag`
    out = [f"{name}: warm-up (redactor + hold detector, {worker_count()} worker(s)) {warm:.2f} s"]

    if "file" in paths:
        out.append(file_path(store, name, n, batch, ids, tag))
    if "http" in paths:
        out.append(http_path(store, url, name, n, batch, ids, tag, clients, senders))
    store.engine.dispose()
    return out


def file_path(store: Any, name: str, n: int, batch: int, ids: str, tag: str) -> str:
    """The file path's line: `n` events ingested from lines in batches of `batch` (`ingest_lines`)."""
    lines = [json.dumps(e) for e in events(n, "bench-file", "bench-file", ids, tag)]
    c0, w0, p0 = time.process_time(), workers_cpu(), server_cpu(store)
    t = time.perf_counter()
    res = ingest_lines(store, lines, sender="bench-file", batch_size=batch)
    dt = time.perf_counter() - t
    cpu, wcpu, p1 = time.process_time() - c0, workers_cpu() - w0, server_cpu(store)
    pcpu = f" (+ PostgreSQL server {p1 - p0:.2f} s)" if p0 is not None and p1 is not None else ""
    return (
        f"{name:10} file  {res.lines:>7,} ev {dt:7.2f} s wall = {res.lines / dt:>6,.0f} ev/s | CPU writer {cpu:6.2f} s "
        f"+ workers {wcpu:6.2f} s = {res.lines / (cpu + wcpu):>6,.0f} ev per CPU-s{pcpu} "
        f"(held {res.result.held}, secrets blanked {res.result.secrets_blanked}; processes: the writer "
        f"+ {worker_count()} worker(s){' + the PostgreSQL server' if pcpu else ''})"
    )


def http_path(
    store: Any, url: str, name: str, n: int, batch: int, ids: str, tag: str, clients: int, senders: bool = False
) -> str:
    """The HTTP path's line: `n` events posted in batches of `batch` from `clients` clients to `memeval audit serve`.

    `senders`: each client posts with a token of its own sender (`bench`, `bench1`, ...), as several
    memory systems would. The clock starts once the server says its workers are warm and one batch
    (not counted) was stored.
    """
    token = add_token(store, "bench-http", "bench")
    more = [add_token(store, "bench-http", f"bench{t}") for t in range(1, clients)] if senders else []
    port = free_port()
    env = {**os.environ, "MEMEVAL_DB": url}
    srv = subprocess.Popen(
        [sys.executable, "-m", "memeval", "audit", "serve", "--port", str(port)],
        cwd=CODE,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        auth = {"Authorization": f"Bearer {token}"}
        with httpx.Client(base_url=base, timeout=300) as c:
            wait_warm(c, srv, 3000, pool_start(c, token, "bench-http"))  # up, and its worker pool (if any) warm
            evs = events(n, "bench", "bench-http", ids, tag)
            # warm the server's redactor and hold detector with one batch
            warm_batch = [
                {
                    **e,
                    "sender_event_id": "warm-" + e["sender_event_id"],
                    "subject": e["subject"] and "warm-" + e["subject"],
                }
                for e in evs[:batch]
            ]
            c.post("/api/v1/events", json={"events": warm_batch}, headers=auth).raise_for_status()
            bodies = encoded([evs[k : k + batch] for k in range(0, len(evs), batch)])
            x0 = commits(store)
            s0, own0, p0 = tree_cpu(srv.pid), proc_cpu_s(srv.pid), server_cpu(store)
            t, c0 = time.perf_counter(), time.process_time()
            post_batches(c, bodies, [auth] + [{"Authorization": f"Bearer {m}"} for m in more], clients)
            dt, ccpu = time.perf_counter() - t, time.process_time() - c0
            scpu, own, p1 = tree_cpu(srv.pid) - s0, proc_cpu_s(srv.pid) - own0, server_cpu(store)
            x1 = commits(store)
        pcpu = f" (+ PostgreSQL server {p1 - p0:.2f} s)" if p0 is not None and p1 is not None else ""
        if x0 is not None and x1 is not None:
            pcpu += f" [{x1 - x0:,} transactions committed]"
        return (
            f"{name:10} http  {len(evs):>7,} ev {dt:7.2f} s wall = {len(evs) / dt:>6,.0f} ev/s | "
            f"CPU server + workers {scpu:6.2f} s{'':8} = {len(evs) / scpu:>6,.0f} ev per CPU-s{pcpu} "
            f"[the server process alone {own:.2f} s; this client {ccpu:.2f} s] "
            f"(batches of {batch}, {clients} client(s), {1 + len(more)} sender(s); "
            f"processes: the server + {worker_count()} worker(s) "
            "+ this client"
            f"{' + the PostgreSQL server' if pcpu else ''})"
        )
    finally:
        srv.terminate()
        srv.wait(30)


def main() -> None:
    """Run the measurements on SQLite (and PostgreSQL with --pg or --db) and print them side by side."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=5000)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--ids", choices=IDS, default="prefixed", help="how copies' ids are made unique (see IDS)")
    ap.add_argument("--paths", default="file,http", help="comma-separated paths to measure (file, http)")
    ap.add_argument("--clients", type=int, default=1, help="HTTP clients posting batches at once (1: one at a time)")
    ap.add_argument("--senders", action="store_true", help="with --clients N: each client its own sender's token")
    ap.add_argument("--db", default=None, help="a PostgreSQL SQLAlchemy URL to measure beside SQLite")
    ap.add_argument("--pg", action="store_true", help="start a throwaway PostgreSQL with scripts/pg and measure it too")
    ap.add_argument("--against", default=None, help="another checkout to measure beside this one (e.g. /work/main)")
    ap.add_argument("--new-first", action="store_true", help="with --against: this checkout first")
    ap.add_argument("--code", default=None, help=argparse.SUPPRESS)  # set by --against for its child runs
    args = ap.parse_args()
    if args.against:
        return compare(args)
    if args.code:
        global CODE
        CODE = Path(args.code).resolve()
    paths = tuple(p.strip() for p in args.paths.split(","))
    if not set(paths) <= set(PATHS):
        ap.error(f"--paths {args.paths!r}: use a comma-separated list of {', '.join(PATHS)}")
    tmp = scratch_dir()
    os.environ["MEMEVAL_FINGERPRINT_KEY"] = "ab" * 32
    pg_dir = Path(tempfile.gettempdir()) / f"memeval-bench-pg-{os.getpid()}"  # the postgres user must reach it
    urls = [f"sqlite:///{tmp / 'bench.sqlite'}"]
    if args.db:
        urls.append(args.db)
    elif args.pg:
        urls.append(
            subprocess.run([str(ROOT / "scripts" / "pg"), "start", str(pg_dir)], check=True, capture_output=True,
                           text=True).stdout.strip().splitlines()[-1]
        )  # fmt: skip
    print(f"{load_line('at start')}; {args.events:,} events per path, ids {args.ids}, texts {texts_kind()}")
    try:
        rows = [
            line
            for url in urls
            for line in run_backend(url, args.events, args.batch, args.ids, args.clients, paths, args.senders)
        ]
    finally:
        if args.pg and not args.db:
            subprocess.run([str(ROOT / "scripts" / "pg"), "stop", str(pg_dir)], capture_output=True)
    print("\n".join(rows))
    print(f"{load_line('at end')} (the machine is shared: CPU seconds are the figure to compare)")
    print("target: 5,000 events/s with redaction and holding")


def new_pg_database(url: str, name: str) -> str:
    """Create database `name` on the server of `url` (a SQLAlchemy URL); return its URL."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    admin = create_engine(make_url(url).set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return make_url(url).set(database=name).render_as_string(hide_password=False)


def compare(args: argparse.Namespace) -> None:
    """Measure `--against` and this checkout one after the other, each in its own process, and print both."""
    pg_dir = Path(tempfile.gettempdir()) / f"memeval-bench-pg-{os.getpid()}"
    base = args.db
    if args.pg and not base:
        base = (
            subprocess.run(
                [str(ROOT / "scripts" / "pg"), "start", str(pg_dir)], check=True, capture_output=True, text=True
            )
            .stdout.strip()
            .splitlines()[-1]
        )
    print(f"{load_line('at start')}; {args.events:,} events per path, "
          f"ids {args.ids}, batches of {args.batch}, {args.clients} HTTP client(s)"
          f"{', each its own sender' if args.senders else ''}")  # fmt: skip
    try:
        runs = [("old", Path(args.against).resolve()), ("new", ROOT)]
        for label, code in reversed(runs) if args.new_first else runs:
            cmd = [sys.executable, str(ROOT / "bench" / "audit_ingest.py"), "--events", str(args.events)]
            cmd += ["--batch", str(args.batch), "--ids", args.ids, "--clients", str(args.clients), "--code", str(code)]
            cmd += ["--paths", args.paths] + (["--senders"] if args.senders else [])
            if base:
                cmd += ["--db", new_pg_database(base, f"bench_{label}_{os.getpid()}")]
            t = time.perf_counter()
            run = subprocess.run(
                cmd, env={**os.environ, "PYTHONPATH": pythonpath(code)}, cwd=code, capture_output=True, text=True
            )
            if run.returncode != 0:
                print(f"{label} ({code}) failed:\n{run.stderr[-3000:]}")
                continue
            rows = [line for line in run.stdout.splitlines() if " ev/s " in line or "warm-up" in line]
            print(f"--- {label}: {code} ({time.perf_counter() - t:.0f} s, {load_now()})")
            print("\n".join(f"{label} {line}" for line in rows))
    finally:
        if args.pg and not args.db:
            subprocess.run([str(ROOT / "scripts" / "pg"), "stop", str(pg_dir)], capture_output=True)
    print(f"{load_line('at end')} (the machine is shared: CPU seconds are the figure to compare)")
    print("target: 5,000 events/s with redaction and holding")


if __name__ == "__main__":
    main()
