"""Where a file ingest waits: the writer on its workers, in `append` and in commits; how often the workers sleep.

    PYTHONPATH=CHECKOUT .venv/bin/python bench/audit_ingest_waits.py [--events 20000] [--db URL] [--tag x]

Runs `ingest_lines` of `bench/audit_ingest.py`'s events (batches of 100, `MEMEVAL_AUDIT_WORKERS`
default 2) into a fresh SQLite store, or the PostgreSQL database `--db`, after a 2,000-event warm-up
of the same store, and prints: events per second of wall, the writer's and workers' CPU seconds,
the writer's wall and CPU seconds spent waiting for the workers' results, in the store's appends
(`append` and `append_group`) and in `Session.commit`, and the share of samples (every 5 ms, from
`/proc`) each worker and the writer's thread was running or runnable (R), asleep (S) or waiting
on the disk (D). A worker asleep is a worker waiting for a task: the pipeline waits on the writer.
`--tag` (letters) makes the events' ids unique, for several runs into one PostgreSQL database.
Measures whichever checkout `PYTHONPATH` names (ingest26: the workers slept 28-32% of a 20,000-event
ingest on main at f3977dbb, with the writer's 200 SQLite commits 3.37 s of its 9.09 s of wall).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from _machine import load_now, proc_cpu_s
from _scratch import scratch_dir

ROOT = Path(__file__).resolve().parents[1]


def _timed(totals: list[float], f: Callable[..., Any]) -> Callable[..., Any]:
    """`f`, adding each call's wall and thread CPU seconds to `totals` ([wall, cpu])."""

    def timed(*args: Any, **kwargs: Any) -> Any:
        w, c = time.perf_counter(), time.thread_time()
        try:
            return f(*args, **kwargs)
        finally:
            totals[0] += time.perf_counter() - w
            totals[1] += time.thread_time() - c

    return timed


def _state(path: str) -> str:
    """The one-letter state of a process or thread from its `stat` file."""
    return Path(path).read_text().rsplit(")", 1)[1].split()[0]


def main() -> None:
    """Ingest the bench events once with the probes on and print what they saw."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=20000)
    ap.add_argument("--db", default=None, help="a PostgreSQL URL (default: a new SQLite file)")
    ap.add_argument("--tag", default="", help="lower-case letters added to the events' ids")
    args = ap.parse_args()
    os.environ["MEMEVAL_FINGERPRINT_KEY"] = "ab" * 32
    sys.path.insert(0, str(ROOT / "bench"))
    import audit_ingest as bench  # the same events as the main ingest bench
    from sqlmodel import Session

    from memeval.audit import _ingest, _parallel, ingest_lines, open_store

    url = args.db or f"sqlite:///{scratch_dir()}/waits.sqlite"
    store = open_store(url)
    _parallel.warm_pool(_parallel.worker_count())
    warm = [json.dumps(e) for e in bench.events(2000, "warm", "warm", "prefixed", "w" + args.tag)]
    ingest_lines(store, warm, sender="warm", batch_size=100)
    lines = [json.dumps(e) for e in bench.events(args.events, "bench-file", "bench-file", "prefixed", "x" + args.tag)]

    totals = {"wait": [0.0, 0.0], "append": [0.0, 0.0], "commit": [0.0, 0.0]}
    real = _ingest.presanitize

    def waited(*a: Any, **kw: Any) -> Iterator[Any]:
        results = real(*a, **kw)
        step = _timed(totals["wait"], next)
        while True:
            try:
                got = step(results)
            except StopIteration:
                return
            yield got

    _ingest.presanitize = waited  # type: ignore[assignment]  # a probe with the same arguments and results
    cls: Any = type(store)
    for name in ("append", "append_group"):
        if hasattr(cls, name):
            setattr(cls, name, _timed(totals["append"], getattr(cls, name)))
    Session.commit = _timed(totals["commit"], Session.commit)  # type: ignore[method-assign]  # the same method, timed

    pool = _parallel._POOL
    pids = list(pool[1]._processes) if pool else []
    me, tid = os.getpid(), threading.get_native_id()
    seen: dict[str, dict[str, int]] = {str(p): {} for p in pids} | {"writer": {}}
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            for who, path in [(str(p), f"/proc/{p}/stat") for p in pids] + [("writer", f"/proc/{me}/task/{tid}/stat")]:
                s = _state(path)
                seen[who][s] = seen[who].get(s, 0) + 1
            time.sleep(0.005)

    sampler = threading.Thread(target=sample, daemon=True)
    c0, w0 = time.process_time(), {p: proc_cpu_s(p) for p in pids}
    before = load_now()
    t0 = time.perf_counter()
    sampler.start()
    res = ingest_lines(store, lines, sender="bench-file", batch_size=100)
    wall = time.perf_counter() - t0
    done.set()
    sampler.join()
    cpu, wcpu = time.process_time() - c0, sum(proc_cpu_s(p) - w0[p] for p in pids)
    print(
        f"{url.split(':', 1)[0]} {res.lines:,} events {wall:.2f} s = {res.lines / wall:,.0f} ev/s; CPU writer "
        f"{cpu:.2f} s, workers {wcpu:.2f} s ({before} -> {load_now()})"
    )
    for what, (w, c) in totals.items():
        print(f"  {what:7} wall {w:6.2f} s  CPU {c:6.2f} s")
    for who, counts in seen.items():
        n = sum(counts.values()) or 1
        print(f"  {who}: " + " ".join(f"{s}={k / n:.0%}" for s, k in sorted(counts.items())))


if __name__ == "__main__":
    main()
