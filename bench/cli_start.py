"""How long memeval's commands take to start, side by side with `python -c pass` in the same venv.

For `memeval --help`, `memeval results --help` and `memeval runs` (on an empty runs folder and on
a folder of cached runs when `--runs-dir` is given), each command and `python -c pass` run in
turn, A B A B ..., so load drift on a shared machine hits both alike. Prints wall and CPU time
(user + system of the child) as median and min over the runs, and the difference to
`python -c pass`. Target (issue 17 item 2): within 0.2 s of `python -c pass`.

    .venv/bin/python bench/cli_start.py [--runs 15] [--runs-dir runs]

Cross-check with the farm's timer: farm-bench -n 15 --vs '.venv/bin/python -c pass' -- .venv/bin/memeval --help
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _time(argv: list[str], cwd: Path) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each command")
    parser.add_argument("--runs-dir", type=Path, help="also time `memeval runs` on this folder of runs")
    args = parser.parse_args()
    bindir = Path(sys.executable).parent
    memeval = str(bindir / "memeval")
    baseline = [sys.executable, "-c", "pass"]
    empty = Path(tempfile.mkdtemp(prefix="memeval-bench-cli-"))
    commands = {
        "memeval --help": [memeval, "--help"],
        "memeval results --help": [memeval, "results", "--help"],
        "memeval runs (no runs)": [memeval, "runs", "--runs-dir", str(empty / "runs")],
    }
    if args.runs_dir:
        commands[f"memeval runs ({args.runs_dir})"] = [memeval, "runs", "--runs-dir", str(args.runs_dir.resolve())]
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {args.runs} runs each")
    print(f"{'command':<34} {'wall p50':>9} {'min':>7} {'cpu p50':>8} {'min':>7} {'- pass wall':>11} {'cpu':>7}  (s)")
    for name, argv in commands.items():
        _time(argv, empty), _time(baseline, empty)  # warm the page cache
        a: list[tuple[float, float]] = []
        b: list[tuple[float, float]] = []
        for _ in range(args.runs):
            a.append(_time(argv, empty))
            b.append(_time(baseline, empty))
        aw, ac = statistics.median(x[0] for x in a), statistics.median(x[1] for x in a)
        bw, bc = statistics.median(x[0] for x in b), statistics.median(x[1] for x in b)
        for label, w, c, mw, mc in (
            (name, aw, ac, min(x[0] for x in a), min(x[1] for x in a)),
            ("  python -c pass", bw, bc, min(x[0] for x in b), min(x[1] for x in b)),
        ):
            extra = f" {aw - bw:>11.3f} {ac - bc:>7.3f}" if label == name else ""
            print(f"{label:<34} {w:>9.3f} {mw:>7.3f} {c:>8.3f} {mc:>7.3f}{extra}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
