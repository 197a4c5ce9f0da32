"""`memeval audit serve`'s first large batches and its idle CPU, with the worker pool started at once or on demand.

    PYTHONPATH=$PWD .venv/bin/python bench/audit_first_batch.py --against /work/main [--runs 3] [--delay 0 --delay 40]
        [--events 1000] [--idle 30]

Per run, delay and checkout (this one and `--against`'s in turns, the order swapped each run), a real
`memeval audit serve` (its checkout's code, `MEMEVAL_AUDIT_WORKERS` unset: the CPU count) on a fresh SQLite
store is started and its health asked every 0.2 s until it answers 200. Then:

- with `--idle S` (no `--delay`): nothing is sent; the CPU of the server and its children is read at the
  answer and S seconds later (what a server that never gets a large batch pays; start51 cut the pool's
  warm-up out of it);
- for each `--delay D`: D seconds after the answer, two batches of `--events` bench events
  (`audit_ingest.events`: the sample week with fresh ids and texts) are posted one after the other; for
  each, the wall time to its answer and the CPU of the server and its children over it are printed.

On main the pool warms from the start, so a batch D seconds later may find it warm; on start51 the
first batch starts it and is sanitised in the server alone while it warms beside. Printed: medians
over the runs, with the load.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from _code import pythonpath
from _machine import load_line
from audit_ingest import encoded, events, free_port, tree_cpu

from memeval.audit import SqlAuditStore, add_token

ROOT = Path(__file__).resolve().parents[1]
KEY = "ab" * 32


def _health(c: httpx.Client, srv: subprocess.Popen[bytes]) -> str:
    """Wait for the first 200 of `/api/v1/health`; its `workers` value."""
    while True:
        if srv.poll() is not None:
            raise SystemExit(f"memeval audit serve exited with {srv.returncode}")
        try:
            h = c.get("/api/v1/health")
            if h.status_code == 200:
                return str(h.json().get("workers"))
        except httpx.TransportError:
            pass
        time.sleep(0.2)


def one(code: Path, delay: float | None, idle: float, n: int, tag: str) -> dict[str, float | str]:
    """One server: the figures of one run (see the module docstring)."""
    with tempfile.TemporaryDirectory(prefix="memeval-first-batch-") as tmp:
        db = f"sqlite:///{tmp}/a.sqlite"
        store = SqlAuditStore(db, fingerprint_key=bytes.fromhex(KEY))
        token = add_token(store, "bench-http", "bench")
        store.engine.dispose()
        env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
        env.update(PYTHONPATH=pythonpath(code), MEMEVAL_DB=db, MEMEVAL_FINGERPRINT_KEY=KEY)
        port = free_port()
        srv = subprocess.Popen(
            [sys.executable, "-m", "memeval", "audit", "serve", "--port", str(port)],
            cwd=tmp,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        out: dict[str, float | str] = {}
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=600) as c:
                out["health"] = _health(c, srv)
                out["cpu at health"] = tree_cpu(srv.pid)
                if delay is None:
                    time.sleep(idle)
                    out[f"cpu +{idle:.0f} s idle"] = tree_cpu(srv.pid)
                    return out
                time.sleep(delay)
                evs = events(2 * n, "bench", "bench-http", "prefixed", tag)
                bodies = encoded([evs[:n], evs[n:]])
                auth = {"Authorization": f"Bearer {token}", "content-type": "application/json"}
                for k, body in enumerate(bodies, 1):
                    c0, t0 = tree_cpu(srv.pid), time.perf_counter()
                    c.post("/api/v1/events", content=body, headers=auth).raise_for_status()
                    out[f"batch {k} wall"] = time.perf_counter() - t0
                    out[f"batch {k} cpu"] = tree_cpu(srv.pid) - c0
                return out
        finally:
            os.killpg(srv.pid, signal.SIGTERM)
            try:
                srv.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(srv.pid, signal.SIGKILL)
                srv.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=True, help="another checkout (main), run in turns")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--delay", type=float, action="append", help="seconds after health before the batches")
    parser.add_argument("--idle", type=float, default=30.0, help="without --delay: seconds idle after health")
    parser.add_argument("--events", type=int, default=1000, help="events a batch (at most 1,000: MAX_BATCH)")
    args = parser.parse_args()
    checkouts = {"this": ROOT, "against": args.against.resolve()}
    delays: list[float | None] = list(args.delay) if args.delay else [None]
    print(f"{load_line('before')}; {args.runs} runs, in turns; medians; CPU s (user+sys) of the server's tree")
    for delay in delays:
        got: dict[str, list[dict[str, float | str]]] = {k: [] for k in checkouts}
        for r in range(args.runs):
            order = list(checkouts.items()) if r % 2 == 0 else list(reversed(checkouts.items()))
            for label, code in order:
                got[label].append(one(code, delay, args.idle, args.events, f"r{r}{label[0]}"))
        what = f"batches of {args.events}, {delay:.0f} s after health" if delay is not None else "idle"
        for label, rows in got.items():
            cells = []
            for key in rows[0]:
                values = [row[key] for row in rows]
                if isinstance(values[0], str):
                    cells.append(f"{key} {'/'.join(str(v) for v in values)}")
                else:
                    cells.append(f"{key} {statistics.median(float(v) for v in values):.2f}")
            print(f"{what:<34} {label:<8} " + "; ".join(cells), flush=True)
    print(load_line("after"))


if __name__ == "__main__":
    main()
