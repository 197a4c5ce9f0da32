"""The fixed cost of a small audit ingest, of `memeval audit serve`'s start, an ingest worker's and the engines' build.

Whole processes, timed from outside (wall, and the kernel's user + system CPU of the reaped
process and its children), in turns A B A B ... so load drift hits both alike:

- `memeval audit ingest` of the sample week's first two events into a fresh SQLite store;
- `memeval audit serve` on a fresh SQLite store (`MEMEVAL_AUDIT_WORKERS=0`), stopped with SIGTERM
  once it says it listens; its "loaded in N s" line is printed too;
- one warm ingest worker: a fresh `python -c` that starts a pool of one worker (`warm_pool(1)`, what
  `audit serve` and a large `audit ingest` start per worker: spawn, imports, engines, warm-up) and ends it;
  the worker's own CPU is printed too;
- the engines' build: a fresh `python -c` that imports and builds the default redactor
  (`get_redactor()`) and hold detector (`get_hold_detector()`), then redacts and assesses the texts of
  the sample week's first two events (what a process pays before its first event is redacted and
  held); the CPU of each step, read inside the process, is printed too.

A is this tree's `.venv/bin/memeval`; `--against PATH` names B's (another worktree's
`.venv/bin/memeval`). Each side runs with `PYTHONPATH` set to its own checkout (the folder holding
its `.venv`), so two worktrees sharing one venv each run their own memeval. Each command runs once
first, uncounted (it writes the derived cache, `~/.cache/memeval/derived`, as a user's first command
does). Printed: median, min and max of each figure, and the median of the ratios A/B pair by pair.
Quote CPU beside wall, with the load.

    .venv/bin/python bench/start_cost.py --against /work/main/.venv/bin/memeval [--runs 5] [--only build|worker]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _code import pythonpath
from _machine import load_now

ROOT = Path(__file__).resolve().parents[1]
WEEK = ROOT / "samples" / "fernhill" / "audit" / "week.jsonl"


_BUILD = """
import json, sys, time
t = time.process_time
marks = [t()]
from memeval.redact import get_redactor
red = get_redactor()
marks.append(t())
from memeval.hold import get_hold_detector
det = get_hold_detector()
marks.append(t())
events = [json.loads(line) for line in sys.argv[1].splitlines()]
texts = [str(e["payload"].get("text") or e["payload"].get("slice_id") or "") for e in events]
red.redact_many(texts)
for e, text in zip(events, texts):
    det.assess(text, e["payload"].get("source", "agent"))
marks.append(t())
print(json.dumps([b - a for a, b in zip(marks, marks[1:])]))
"""
"""A fresh process: the redactor and hold detector built, then the first two events' texts redacted and held."""


_WORKER = """
import json, resource
from memeval.audit import end_worker_pools
from memeval.audit._parallel import warm_pool
warm_pool(1)
end_worker_pools()
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps(kids.ru_utime + kids.ru_stime))
"""
"""A fresh process that starts one warm ingest worker (`warm_pool(1)`, as `audit ingest` and `audit serve` do) and
ends it; prints the worker's own CPU seconds (its children's, reaped at the end)."""


def _env(root: Path, **extra: str) -> dict[str, str]:
    """The environment of a child that runs checkout `root`'s memeval (its folder first on `PYTHONPATH`)."""
    return dict(os.environ, PYTHONPATH=pythonpath(root), **extra)


def _two_events() -> str:
    return "".join(WEEK.read_text(encoding="utf-8").splitlines(keepends=True)[:2])


def _ingest(memeval: str, root: Path, folder: Path) -> tuple[float, float, str]:
    events = folder / "two.jsonl"
    events.write_text(_two_events(), encoding="utf-8")
    argv = [memeval, "audit", "ingest", str(events), "--db", f"sqlite:///{folder}/a.sqlite", "-q"]
    return (*_timed(lambda: subprocess.run(argv, capture_output=True, check=True, env=_env(root))), "")


def _build(memeval: str, root: Path, folder: Path) -> tuple[float, float, str]:
    said: list[str] = []

    def run() -> None:
        argv = [sys.executable, "-c", _BUILD, _two_events()]
        out = subprocess.run(argv, capture_output=True, text=True, check=True, env=_env(root), cwd=folder)
        said.append(out.stdout.strip().splitlines()[-1])

    cpu, wall = _timed(run)
    return cpu, wall, said[0]


def _worker(memeval: str, root: Path, folder: Path) -> tuple[float, float, str]:
    said: list[str] = []

    def run() -> None:
        argv = [sys.executable, "-c", _WORKER]
        out = subprocess.run(argv, capture_output=True, text=True, check=True, env=_env(root), cwd=folder)
        said.append(out.stdout.strip().splitlines()[-1])

    cpu, wall = _timed(run)
    return cpu, wall, said[0]


def _serve(memeval: str, root: Path, folder: Path) -> tuple[float, float, str]:
    env = _env(root, MEMEVAL_AUDIT_WORKERS="0")
    with socket.socket() as probe:  # a free port (serve takes 1-65535)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    argv = [memeval, "audit", "serve", "--port", str(port), "--db", f"sqlite:///{folder}/a.sqlite"]
    said: list[str] = []

    def run() -> None:
        p = subprocess.Popen(argv, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env)
        assert p.stderr is not None
        for line in p.stderr:
            if "loaded in" in line:
                said.append(line.rsplit("loaded in ", 1)[1].strip())
            if "Ctrl-C to stop" in line:
                break
        p.send_signal(signal.SIGTERM)
        p.communicate(timeout=120)

    cpu, wall = _timed(run)
    return cpu, wall, said[0] if said else "?"


def _timed(run: Callable[[], object]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    run()
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def main() -> None:
    """Time both commands for A and B in turns and print the medians and ratios."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--against", required=True, help="B's memeval executable")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument(
        "--only", choices=("ingest", "serve", "build", "worker"), action="append", help="measure only these"
    )
    args = ap.parse_args()
    mine = str(ROOT / ".venv" / "bin" / "memeval")
    theirs = Path(args.against).absolute().parents[2]  # CHECKOUT/.venv/bin/memeval (not resolved: a linked venv)
    roots = {"A": ROOT, "B": theirs}
    print(f"{load_now()}; A = {mine} (code {ROOT}); B = {args.against} (code {theirs})")
    measures = (("2-event audit ingest", "ingest", _ingest), ("audit serve until listening", "serve", _serve),
                ("engine build", "build", _build), ("one warm ingest worker", "worker", _worker))  # fmt: skip
    for name, key, measure in measures:
        if args.only and key not in args.only:
            continue
        rows: dict[str, list[tuple[float, float, str]]] = {"A": [], "B": []}
        for k in range(args.runs + 1):
            for label, exe in (("A", mine), ("B", args.against)):
                with tempfile.TemporaryDirectory() as d:
                    got = measure(exe, roots[label], Path(d))
                if k:
                    rows[label].append(got)
        for label in ("A", "B"):
            cpu = [r[0] for r in rows[label]]
            wall = [r[1] for r in rows[label]]
            said = " ".join(r[2] for r in rows[label] if r[2])
            if key == "build":
                steps = [json.loads(r[2]) for r in rows[label]]
                said = (
                    ", ".join(
                        f"{what} {statistics.median(s[i] for s in steps):.2f}"
                        for i, what in enumerate(("redactor", "hold detector", "first two events"))
                    )
                    + " s CPU (medians, inside the process)"
                )
            if key == "worker":
                said = f"the worker itself {statistics.median(float(r[2]) for r in rows[label]):.2f} s CPU (median)"
            print(
                f"{name} {label}: cpu median {statistics.median(cpu):.2f} s ({min(cpu):.2f}-{max(cpu):.2f}), "
                f"wall median {statistics.median(wall):.2f} s ({min(wall):.2f}-{max(wall):.2f})"
                + (f"; {'loaded in ' if key == 'serve' else ''}{said}" if said else "")
            )
        ratio = [a[0] / b[0] for a, b in zip(rows["A"], rows["B"], strict=True)]
        print(f"{name} A/B cpu median {statistics.median(ratio):.3f}")
    print(load_now(), file=sys.stderr)


if __name__ == "__main__":
    main()
