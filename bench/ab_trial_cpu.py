"""The `memeval ab` process's own CPU per trial on the sample, against another checkout, in turns.

    .venv/bin/python bench/ab_trial_cpu.py [--against CHECKOUT] [--tasks 14] [--rounds 1] [--no-bodies]

Each run is `memeval ab samples/fernhill --concurrency 1 -q` (the sample's agent, pack and scripted model;
the first `--tasks` tasks, one trial a task and arm) in a fresh process whose checkout is first on
PYTHONPATH, under a wrapper that writes the process's own CPU (`RUSAGE_SELF`: every thread of `memeval ab`)
and its reaped children's (`RUSAGE_CHILDREN`: the sandboxes, the verifiers, the scripted model server) when
it exits. Printed per checkout and round: self and children CPU seconds, self CPU per trial, wall seconds.
With `--against`, the two checkouts run in turns (this one first in odd rounds) so load drift hits both, and
their runs' records are compared (`memeval results --json`, run id, times and durations left out; the
and the verdict's and pass rates' lines): "same records" or the first difference. `--no-bodies` adds a run of this
checkout with `--no-keep-bodies` (no model-call body kept, so none redacted): the part of self CPU that
keeping bodies costs is the difference.

Measured 2026-12-07 (issue 17, abspeed48): keeping bodies is about nine tenths of the process's CPU on the
sample (redacting each call's request, which repeats the whole conversation so far, and building the
redactor once a process); see docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _machine import load_line

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "fernhill"
_WRAPPER = """
import atexit, json, os, resource, runpy, sys
def _report():
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(os.environ["AB_TRIAL_CPU_OUT"], "w") as f:
        json.dump({"self": s.ru_utime + s.ru_stime, "children": c.ru_utime + c.ru_stime}, f)
atexit.register(_report)
sys.argv = ["memeval", *sys.argv[1:]]
runpy.run_module("memeval", run_name="__main__")
"""
_VOLATILE = {"run_id", "started_at", "ended_at", "wall_ms", "duration_ms", "phase_wait_ms"}
"""Keys left out when two runs' records are compared: ids, times and durations differ from run to run."""


def _tasks(n: int) -> list[str]:
    """The sample's first `n` task ids (folder names, sorted)."""
    ids = sorted(p.name for p in (SAMPLE / "tasks").iterdir() if (p / "task.toml").is_file())
    return ids[:n]


def _run(checkout: Path, tasks: list[str], runs: Path, extra: list[str]) -> dict[str, Any]:
    """One `memeval ab` of the sample with `checkout`'s code: its CPU figures, wall seconds and verdict lines."""
    out = runs / "cpu.json"
    env = {**os.environ, "PYTHONPATH": str(checkout), "AB_TRIAL_CPU_OUT": str(out)}
    argv = [sys.executable, "-c", _WRAPPER, "ab", str(SAMPLE), "--concurrency", "1", "-q", "--runs-dir", str(runs)]
    argv += [a for t in tasks for a in ("--tasks", t)] + extra
    t0 = time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=runs, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t0
    if done.returncode != 0:
        raise SystemExit(f"memeval ab with {checkout} ended with {done.returncode}:\n{done.stderr[-2000:]}")
    figures = json.loads(out.read_text())
    verdict = [line for line in done.stdout.splitlines() if line.startswith(("Verdict:", "Pass rate:"))]
    return {**figures, "wall": wall, "verdict": verdict}


def _records(checkout: Path, runs: Path) -> object:
    """The run's `memeval results --json`, read by `checkout`'s code, without its volatile keys."""
    run_id = next(p.name for p in runs.iterdir() if (p / "events.jsonl").is_file())
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    argv = [sys.executable, "-m", "memeval", "results", run_id, "--runs-dir", str(runs), "--json"]
    text = subprocess.run(argv, env=env, capture_output=True, text=True, check=True).stdout

    def strip(x: object) -> object:
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items() if k not in _VOLATILE}
        if isinstance(x, list):
            return [strip(v) for v in x]
        return x

    return strip(json.loads(text))


def _first_difference(a: object, b: object, where: str = "") -> str | None:
    """Where two JSON values first differ (a path), or None when they are equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{where}.{k} only in one"
            if (d := _first_difference(a[k], b[k], f"{where}.{k}")) is not None:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{where}: {len(a)} against {len(b)} items"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if (d := _first_difference(x, y, f"{where}[{i}]")) is not None:
                return d
        return None
    return None if a == b else f"{where}: {a!r} against {b!r}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", type=Path, help="another checkout's root (e.g. a worktree of main)")
    ap.add_argument("--tasks", type=int, default=14, help="the sample's first N tasks (default all 14)")
    ap.add_argument("--rounds", type=int, default=1, help="runs of each checkout, in turns")
    ap.add_argument("--no-bodies", action="store_true", help="also run this checkout with --no-keep-bodies")
    args = ap.parse_args()
    tasks = _tasks(args.tasks)
    trials = 2 * len(tasks)
    trees = {"this": ROOT}
    if args.against is not None:
        trees["against"] = args.against.resolve()
    print(load_line("before"))
    print(f"memeval ab {SAMPLE.relative_to(ROOT)} --concurrency 1: {len(tasks)} tasks, {trials} trials a run")
    print(f"{'checkout':<28} {'round':>5} {'self CPU s':>10} {'per trial':>9} {'children':>9} {'wall s':>7}")
    records: dict[str, object] = {}
    for rnd in range(args.rounds):
        order = list(trees.items()) if rnd % 2 == 0 else list(reversed(trees.items()))
        runs_of = [(name, tree, []) for name, tree in order]
        if args.no_bodies:
            runs_of.append(("this --no-keep-bodies", ROOT, ["--no-keep-bodies"]))
        for name, tree, extra in runs_of:
            with tempfile.TemporaryDirectory(prefix="ab_trial_cpu_") as tmp:
                f = _run(tree, tasks, Path(tmp), extra)
                if not extra and name not in records:
                    records[name] = {"verdict": f["verdict"], "records": _records(ROOT, Path(tmp))}
            label = f"{name} ({tree.name})"
            per = f["self"] / trials
            print(f"{label:<28} {rnd + 1:>5} {f['self']:>10.2f} {per:>9.3f} {f['children']:>9.2f} {f['wall']:>7.1f}")
    if "against" in records:
        diff = _first_difference(records["this"], records["against"])
        print("same records (memeval results --json, ids and times left out)" if diff is None else f"DIFFER at {diff}")
    print(load_line("after"))
    if "against" in records and _first_difference(records["this"], records["against"]) is not None:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
