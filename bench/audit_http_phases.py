"""Where an HTTP ingest request's time goes in `memeval audit serve`: per phase, wall and the server thread's CPU.

    .venv/bin/python bench/audit_http_phases.py [--events 3000] [--batch 100[,500,...]] [--clients 1[,4,...]]
        [--db URL]

Starts `memeval audit serve` (this checkout, SQLite in a scratch folder unless `--db` names a PostgreSQL
database) in a process of its own with timers around the request's phases (`memeval.audit._http`'s
module names, so the app's closures call the timed ones): reading the body's drafts (`read_drafts`,
on the event loop), the token's look-up (`lookup_token`, a thread of the pool), the resend check
(`stored_already`), the sanitising (`presanitize_one`: wall includes the wait for the worker, CPU is
the serving thread's own part: the id scan and its share of the texts, or nothing when the worker
takes the whole batch) and the write (`SqlAuditStore.append`, lock wait included in its wall). Then,
once the server's pool is warm and one batch is stored, it posts `--events` of `bench/audit_ingest.py`'s
events in batches of `--batch` from one client, one at a time, and prints per request: the client's
wall, each phase's wall and CPU (thread CPU, `time.thread_time`), the server process's whole CPU (its
threads, not its workers: `/proc`) and its children's (the pool's workers, the redaction and hold
guards), and what is left of the client's wall outside the phases (HTTP, the framework, the thread
hops, the answer). At one client no request overlaps another, so the
phases' walls add up to most of a request's.

Several `--batch` sizes and `--clients` counts (comma-separated) are measured one after the other
against the same warm server, each on events of its own (at least `--events`, and at least one batch
a client); with N clients each posts its share of the batches one after the other on its own
connection, so up to N requests are in hand at once and the phases' walls overlap (a phase's wall is
then its latency, and its thread CPU still its cost). Each configuration prints events per second of
wall and the server's and its children's CPU a stored event, side by side in one table at the end.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import runpy
import signal
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PHASES = ("read_drafts", "lookup_token", "stored_already", "presanitize_one", "append")


def _serve(port: int, out: str) -> None:
    """Run `memeval audit serve --port PORT` here with the phases timed; write the totals to `out` at exit."""
    from memeval.audit import _http
    from memeval.audit._store import SqlAuditStore

    calls: defaultdict[str, list[tuple[float, float]]] = defaultdict(list)  # phase -> (wall s, thread CPU s) a call

    def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            w, c = time.perf_counter(), time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                calls[name].append((time.perf_counter() - w, time.thread_time() - c))

        return call

    for name in PHASES[:-1]:
        setattr(_http, name, timed(name, getattr(_http, name)))
    split = _http.presanitize_one

    def noting_the_pool(drafts: Any, pool: Any, *args: Any, **kwargs: Any) -> Any:
        Path(out + ".pool").write_text(" ".join(map(str, pool._processes)))  # the pool's workers, not the guards
        return split(drafts, pool, *args, **kwargs)

    _http.presanitize_one = noting_the_pool
    SqlAuditStore.append = timed("append", SqlAuditStore.append)  # type: ignore[method-assign]
    atexit.register(lambda: Path(out).write_text(json.dumps(calls)))
    signal.signal(signal.SIGUSR1, lambda *_: Path(out).write_text(json.dumps(calls)))  # the totals so far
    sys.argv = ["memeval", "audit", "serve", "--port", str(port)]
    runpy.run_module("memeval", run_name="__main__")


def _children_cpu(pid: int) -> dict[int, float]:
    """CPU seconds so far of each child process of `pid` (the pool's workers, the hold and redaction guards)."""
    from _machine import proc_cpu_s

    out = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            out[int(child)] = proc_cpu_s(int(child))
    return out


def _phases_now(srv: subprocess.Popen[bytes], out: Path) -> dict[str, list[list[float]]]:
    """The server's phase timers so far (it writes them on SIGUSR1)."""
    out.unlink(missing_ok=True)
    srv.send_signal(signal.SIGUSR1)
    for _ in range(600):
        if out.exists():
            try:
                return json.loads(out.read_text())
            except json.JSONDecodeError:
                pass  # being written
        time.sleep(0.05)
    raise SystemExit("the timed server did not write its phase timers within 30 s")


def _post(base: str, bodies: list[bytes], headers: dict[str, str], clients: int) -> list[float]:
    """POST `bodies` from `clients` connections at once (client t: bodies t, t + clients, ...); each request's wall."""
    import httpx

    walls: list[float] = []

    def share(t: int) -> None:
        with httpx.Client(base_url=base, timeout=600) as own:
            for body in bodies[t::clients]:
                w = time.perf_counter()
                own.post("/api/v1/events", content=body, headers=headers).raise_for_status()
                walls.append(time.perf_counter() - w)

    if clients == 1:
        share(0)
        return walls
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=clients) as ex:
        for f in [ex.submit(share, t) for t in range(clients)]:
            f.result()
    return walls


def main() -> None:
    """Measure (module docstring); `--serve-port`/`--serve-out` run the timed server itself."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--events", type=int, default=3000)
    ap.add_argument("--batch", default="100", help="events a request; several comma-separated: one after the other")
    ap.add_argument("--clients", default="1", help="connections posting at once; several comma-separated")
    ap.add_argument("--db", default=None, help="a postgresql+psycopg:// URL (default: SQLite in a scratch folder)")
    ap.add_argument("--serve-port", type=int, default=None, help=argparse.SUPPRESS)
    ap.add_argument("--serve-out", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve_port is not None:
        _serve(args.serve_port, args.serve_out)
        return
    try:
        sizes = [int(b) for b in args.batch.split(",")]
        counts = [int(c) for c in args.clients.split(",")]
    except ValueError:
        bad = f"--batch {args.batch!r} --clients {args.clients!r}"
        print(f"{bad}: give whole numbers, comma-separated", file=sys.stderr)
        sys.exit(2)
    if min(sizes) < 1 or min(counts) < 1 or args.events < max(sizes):
        print(f"--events {args.events} --batch {args.batch} --clients {args.clients}: give at least one batch of "
              "at least one event from at least one client", file=sys.stderr)  # fmt: skip
        sys.exit(2)
    os.environ.setdefault("MEMEVAL_FINGERPRINT_KEY", "ab" * 32)
    sys.path.insert(0, str(ROOT / "bench"))
    import audit_ingest as bench
    import httpx
    from _machine import load_line, proc_cpu_s
    from _scratch import scratch_dir
    from _serve import pool_start, wait_warm

    from memeval.audit import add_token, open_store

    scratch = scratch_dir("memeval-http-phases-")
    url = args.db or f"sqlite:///{scratch}/phases.sqlite"
    store = open_store(url)
    token = add_token(store, "bench-http", "bench")
    port = bench.free_port()
    out = scratch / "phases.json"
    srv = subprocess.Popen(
        [sys.executable, __file__, "--serve-port", str(port), "--serve-out", str(out)],
        env={**os.environ, "MEMEVAL_DB": url},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    print(load_line("at start"))
    base = f"http://127.0.0.1:{port}"
    table = []
    try:
        headers = {"Authorization": f"Bearer {token}", "content-type": "application/json"}
        with httpx.Client(base_url=base, timeout=300) as client:
            wait_warm(client, srv, 3000, pool_start(client, token, "bench-http"))
            warm = bench.events(100, "bench", "bench-http", "prefixed", "phw")
            client.post("/api/v1/events", content=bench.encoded([warm])[0], headers=headers).raise_for_status()
        time.sleep(3.0)  # the workers' CPU while no request is in hand (their own timers)
        cpu0, tree0 = proc_cpu_s(srv.pid), bench.tree_cpu(srv.pid)
        time.sleep(3.0)
        idle = bench.tree_cpu(srv.pid) - tree0 - (proc_cpu_s(srv.pid) - cpu0)
        print(f"idle, with no request in hand: the server's children {idle / 3 * 1e3:.1f} ms of CPU a second")
        for k, (size, clients) in enumerate((b, c) for b in sizes for c in counts):
            n_ev = max(args.events, size * clients)
            n_ev -= n_ev % size
            tag = "ph" + "abcdefghijklmnopqrstuvwxyz"[k % 26] * (1 + k // 26)  # fresh ids and texts a configuration
            evs = bench.events(n_ev, "bench", "bench-http", "prefixed", tag)
            bodies = bench.encoded([evs[i : i + size] for i in range(0, len(evs), size)])
            before = _phases_now(srv, out)
            cpu0, tree0 = proc_cpu_s(srv.pid), bench.tree_cpu(srv.pid)
            kids0 = _children_cpu(srv.pid)
            t = time.perf_counter()
            walls = _post(base, bodies, headers, clients)
            dt = time.perf_counter() - t
            server_cpu = proc_cpu_s(srv.pid) - cpu0
            workers_cpu = bench.tree_cpu(srv.pid) - tree0 - server_cpu
            kids = {pid: cpu - kids0.get(pid, 0.0) for pid, cpu in _children_cpu(srv.pid).items()}
            pool = {int(p) for p in Path(str(out) + ".pool").read_text().split()}
            roles = {pid: f"pid {pid} ({'a pool worker' if pid in pool else 'a guard'})" for pid in kids}
            phases = _phases_now(srv, out)
            n = len(walls)
            print(
                f"batches of {size}, {clients} client(s), {n} requests ({'PostgreSQL' if args.db else 'SQLite'}): "
                f"{n_ev / dt:,.0f} ev/s; client wall {sum(walls) / n * 1e3:.1f} ms a request (median "
                f"{sorted(walls)[n // 2] * 1e3:.1f}); the server process's CPU {server_cpu / n * 1e3:.1f} ms a request "
                f"({server_cpu / n_ev * 1e6:.0f} us an event), its children's {workers_cpu / n * 1e3:.1f} ms "
                f"({workers_cpu / n_ev * 1e6:.0f} us an event); {load_line('after')}"
            )
            dearest = sorted(kids.items(), key=lambda kv: -kv[1])
            print(
                "  the server's children, CPU a request: "
                + ", ".join(f"{roles[p]} {c / n * 1e3:.1f} ms" for p, c in dearest)
            )
            inside = 0.0
            row = [size, clients, n_ev / dt, (server_cpu + workers_cpu) / n_ev * 1e3, server_cpu / n_ev * 1e3]
            for name in PHASES:
                timed = phases.get(name, [])[len(before.get(name, [])) :]  # this configuration's calls
                wall, cpu = sum(w for w, _ in timed), sum(c for _, c in timed)
                inside += wall
                row.append(wall / n * 1e3)
                print(
                    f"  {name:16} {len(timed):5d} calls  wall {wall / n * 1e3:7.2f} ms a request  "
                    f"thread CPU {cpu / n * 1e3:7.2f} ms"
                )
            outside = (sum(walls) - inside) / n * 1e3
            row.append(outside)
            table.append(row)
            print(f"  outside the phases (HTTP, framework, hops, answer, waits): wall {outside:.2f} ms a request")
        print(
            f"{'batch':>6} {'clients':>7} {'ev/s':>7} {'CPU ms/ev':>9} {'server':>7} | wall ms a request: "
            + " ".join(f"{p[:12]:>12}" for p in PHASES)
            + f" {'outside':>8}"
        )
        for r in table:
            print(
                f"{r[0]:>6} {r[1]:>7} {r[2]:>7,.0f} {r[3]:>9.3f} {r[4]:>7.3f} |                    "
                + " ".join(f"{v:>12.2f}" for v in r[5:-1])
                + f" {r[-1]:>8.2f}"
            )
        print(load_line("at end"))
    finally:
        srv.send_signal(signal.SIGTERM)
        try:
            srv.wait(60)
        except subprocess.TimeoutExpired:
            srv.kill()
        store.engine.dispose()


if __name__ == "__main__":
    main()
