"""Summarise the CPU logs `bench/pytest_cpu.py` wrote: folders, modules, tests and fixtures ranked by CPU seconds.

    .venv/bin/python bench/suite_cpu.py /tmp/cpu.d [--top 40] [--against /tmp/cpu-main.d]

CPU is user + system seconds, the test process's own plus its waited-for children's, summed over a
test's setup, call and teardown (so a session fixture's build counts under the first test that used
it). Printed: the total, each folder under `tests/` and the top modules, tests and fixtures; for an
xdist run each worker's busy and idle seconds between the first test's start and the last test's end
(a worker idle at the end is the tail the distribution left). With `--against`, the folder and
module totals of a second log side by side (this / against) and their difference.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any


def read(folder: Path) -> list[dict[str, Any]]:
    """Every record of every `*.jsonl` under `folder` (each gets `proc`, its file's stem)."""
    out: list[dict[str, Any]] = []
    for path in sorted(folder.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            if line.strip():
                rec = json.loads(line)
                rec["proc"] = path.stem
                out.append(rec)
    return out


def totals(
    records: list[dict[str, Any]],
) -> tuple[dict[str, float], dict[str, float], dict[str, float], dict[str, float]]:
    """CPU seconds by test id, module path, folder, and wall seconds by test id (phases summed)."""
    by_test: dict[str, float] = defaultdict(float)
    wall: dict[str, float] = defaultdict(float)
    for r in records:
        if r["kind"] == "phase":
            by_test[r["nodeid"]] += r["self"] + r["children"]
            wall[r["nodeid"]] += r["end"] - r["start"]
    by_module: dict[str, float] = defaultdict(float)
    by_folder: dict[str, float] = defaultdict(float)
    for nodeid, cpu in by_test.items():
        module = nodeid.split("::")[0]
        by_module[module] += cpu
        parts = module.split("/")
        by_folder["/".join(parts[:2]) if len(parts) > 2 else "tests/(top)"] += cpu
    return by_test, by_module, by_folder, wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--against", type=Path, default=None)
    args = ap.parse_args()
    records = read(args.folder)
    by_test, by_module, by_folder, wall = totals(records)
    procs = [r for r in records if r["kind"] == "process"]
    in_tests = sum(by_test.values())
    whole = sum(r["self"] + r["children"] for r in procs)
    print(f"tests: {len(by_test)}; CPU in tests' phases {in_tests:.1f} s; whole processes {whole:.1f} s")
    for r in sorted(procs, key=lambda r: r["worker"]):
        wall_s, me, kids = r["end"] - r["start"], r["self"], r["children"]
        print(f"  process {r['worker']}: {wall_s:.0f} s wall, self {me:.1f} + children {kids:.1f} CPU s")
    other = None
    if args.against is not None:
        other = totals(read(args.against))
    print("\nfolders (CPU s, tests)" + (" this / against" if other else ""))
    counts: dict[str, int] = defaultdict(int)
    for nodeid in by_test:
        parts = nodeid.split("::")[0].split("/")
        counts["/".join(parts[:2]) if len(parts) > 2 else "tests/(top)"] += 1
    for name, cpu in sorted(by_folder.items(), key=lambda kv: -kv[1]):
        extra = f" / {other[2].get(name, 0.0):8.1f}  ({cpu - other[2].get(name, 0.0):+.1f})" if other else ""
        print(f"  {cpu:8.1f}{extra}  {counts[name]:5d}  {name}")
    print(f"\ntop {args.top} modules (CPU s)")
    for name, cpu in sorted(by_module.items(), key=lambda kv: -kv[1])[: args.top]:
        extra = f" / {other[1].get(name, 0.0):7.1f}" if other else ""
        print(f"  {cpu:7.1f}{extra}  {name}")
    print(f"\ntop {args.top} tests (CPU s, wall s)")
    for name, cpu in sorted(by_test.items(), key=lambda kv: -kv[1])[: args.top]:
        print(f"  {cpu:7.1f} {wall[name]:7.1f}  {name}")
    fixtures: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for r in records:
        if r["kind"] == "fixture":
            f = fixtures[f"{r['fixture']} ({r['scope']})"]
            f[0] += r["self"] + r["children"]
            f[1] += 1
    print(f"\ntop {args.top} fixtures by setup CPU (CPU s, setups)")
    for name, (cpu, n) in sorted(fixtures.items(), key=lambda kv: -kv[1][0])[: args.top]:
        print(f"  {cpu:7.1f} {int(n):5d}  {name}")
    phases = [r for r in records if r["kind"] == "phase"]
    if phases and len({r["proc"] for r in phases}) > 1:
        first = min(r["start"] for r in phases)
        last = max(r["end"] for r in phases)
        print(f"\nworkers, {last - first:.0f} s from the first test's start to the last test's end")
        for proc in sorted({r["proc"] for r in phases}):
            mine = [r for r in phases if r["proc"] == proc]
            busy = sum(r["end"] - r["start"] for r in mine)
            end = max(r["end"] for r in mine)
            print(f"  {proc}: busy {busy:.0f} s, finished {last - end:.0f} s before the last test ended")


if __name__ == "__main__":
    main()
