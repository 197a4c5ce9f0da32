"""Is `memeval audit serve` warm when its health says so? The server's CPU while idle just after `"workers": "warm"`.

    PYTHONPATH=$PWD .venv/bin/python bench/audit_serve_warm.py [--against CHECKOUT] [--runs 3] [--idle 3]

For each run and checkout (this one, and `--against`'s in turns, the order swapped each run), a real
`memeval audit serve` (its checkout's code, `MEMEVAL_AUDIT_WORKERS` default: the CPU count) on a fresh
SQLite store is started; its health is read every 0.1 s until it answers `"workers": "warm"`; then, with
no request sent, the CPU of the server and its children (workers, guards) is read over the next `--idle`
seconds. A warm server idles: what it spends there is warming left over, which the first batches of a
run would have met (ingest28 saw a worker still compiling patterns after the server said warm).
Printed per run: seconds from start to "warm", CPU seconds while idle, and the load average.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
from _code import pythonpath
from _machine import load_now
from _scratch import scratch_dir
from _serve import pool_start, wait_warm
from audit_ingest import free_port, tree_cpu

from memeval.audit import SqlAuditStore, add_token

ROOT = Path(__file__).resolve().parents[1]


def one(code: Path, idle_s: float, where: Path) -> tuple[float, float]:
    """(seconds to "warm", CPU seconds of the server and its children over `idle_s` seconds after it)."""
    port = free_port()
    db = f"sqlite:///{where / f'warm-{port}.sqlite'}"
    store = SqlAuditStore(db, fingerprint_key=bytes.fromhex("ab" * 32))
    token = add_token(store, "bench", "bench")  # for the batch that starts a cold pool (`_serve.pool_start`)
    store.engine.dispose()
    env = {**os.environ, "PYTHONPATH": pythonpath(code), "MEMEVAL_DB": db, "MEMEVAL_FINGERPRINT_KEY": "ab" * 32}
    t0 = time.monotonic()
    srv = subprocess.Popen(
        [sys.executable, "-m", "memeval", "audit", "serve", "--port", str(port)],
        cwd=code,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as c:
            wait_warm(c, srv, 3600, pool_start(c, token, "bench"))
        warm_s = time.monotonic() - t0
        c0 = tree_cpu(srv.pid)
        time.sleep(idle_s)
        return warm_s, tree_cpu(srv.pid) - c0
    finally:
        srv.terminate()
        srv.wait(60)


def main() -> None:
    """Run the servers in turns and print each run's line."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--against", default=None, help="another checkout to measure in turns with this one")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--idle", type=float, default=3.0, help="seconds of idle measured after warm")
    args = ap.parse_args()
    codes = [("new", ROOT)] + ([("old", Path(args.against).resolve())] if args.against else [])
    where = scratch_dir()
    print(f"{load_now()} at start; {args.runs} run(s), CPU of the server and its children over {args.idle} s idle")
    for run in range(args.runs):
        for label, code in codes if run % 2 == 0 else list(reversed(codes)):
            warm_s, cpu = one(code, args.idle, where)
            print(f"run {run + 1} {label} ({code}): warm after {warm_s:5.1f} s; CPU while idle after it {cpu:5.2f} s "
                  f"({load_now()})", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
