"""How long memeval's commands take to start, side by side with `python -c pass` in the same venv.

Target (issue 17 item 2): `memeval --help`, `memeval results --help` and `memeval runs` start
within 0.2 s of `python -c pass`. Each command and `python -c pass` run in turn, A B A B ..., so
load drift on a shared machine hits both alike; each run is a whole process, timed from outside:
wall time, and CPU time (user + system of the child, from the kernel's accounting of the reaped
process). Printed per command: median, min and max of each, and the median of the pairwise
differences to `python -c pass`. Quote CPU beside wall: on a loaded machine wall time is mostly
waiting for a core.

`memeval runs` is timed on a missing default folder (a fresh clone), and on a folder of the golden
runs (tests/fixtures/runlog_v1) copied `--copies` times and loaded once, as `memeval ab` leaves a
run (its projection cache written), as a table and with `--json`; `--runs-dir DIR` times a folder of
yours instead.

memeval's own modules are byte-compiled first (a user's first command writes the same `.pyc`
files; with PYTHONDONTWRITEBYTECODE set nothing would, and every start would compile them).

    .venv/bin/python bench/cli_start.py [--runs 15] [--copies 20] [--runs-dir DIR]
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _machine import load_line, spread

ROOT = Path(__file__).resolve().parents[1]
TARGET_S = 0.2


def _time(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _loaded_runs(folder: Path, copies: int, env: dict[str, str]) -> Path:
    """`copies` copies of each golden run under `folder`, each loaded once (its cache written)."""
    fixtures = ROOT / "tests" / "fixtures" / "runlog_v1"
    for i in range(copies):
        for src in sorted(fixtures.iterdir()):
            shutil.copytree(src, folder / f"{src.name}-{i:03d}")
    code = (
        "import sys\nfrom pathlib import Path\nfrom memeval.results import load_run\n"
        "for p in sorted(Path(sys.argv[1]).iterdir()):\n    load_run(p)\n"
    )
    subprocess.run([sys.executable, "-c", code, str(folder)], cwd=ROOT, env=env, check=True)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each command (default 15)")
    parser.add_argument("--copies", type=int, default=20, help="copies of each golden run to list (default 20)")
    parser.add_argument("--runs-dir", type=Path, help="time `memeval runs` on this folder of runs as well")
    args = parser.parse_args()
    compileall.compile_dir(str(ROOT / "memeval"), quiet=1)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    memeval = [sys.executable, "-c", "from memeval.cli import main; main()"]
    script = Path(sys.executable).parent / "memeval"
    baseline = [sys.executable, "-c", "pass"]
    work = Path(tempfile.mkdtemp(prefix="memeval-bench-cli-"))
    try:
        many = _loaded_runs(work / "loaded", args.copies, env)
        commands = {
            "memeval --help": [*memeval, "--help"],
            "memeval results --help": [*memeval, "results", "--help"],
            "memeval runs (no runs yet)": [*memeval, "runs"],
            f"memeval runs ({len(list(many.iterdir()))} loaded runs)": [*memeval, "runs", "--runs-dir", str(many)],
            f"memeval runs --json ({len(list(many.iterdir()))} loaded)": [
                *memeval,
                "runs",
                "--json",
                "--runs-dir",
                str(many),
            ],
        }
        if script.exists():  # the console script, as a user types it
            commands["memeval --help (console script)"] = [str(script), "--help"]
        if args.runs_dir:
            commands[f"memeval runs ({args.runs_dir})"] = [*memeval, "runs", "--runs-dir", str(args.runs_dir.resolve())]
        print(f"{load_line('before')}; {args.runs} runs of each, interleaved with `python -c pass`; seconds")
        print(
            f"{'command':<40} {'wall p50':>7} {'min':>7} {'max':>7}  {'cpu p50':>7} {'min':>7} {'max':>7}"
            f"  {'wall-pass':>9} {'cpu-pass':>8}  target"
        )
        for name, argv in commands.items():
            _time(argv, work, env), _time(baseline, work, env)  # warm the page cache
            a: list[tuple[float, float]] = []
            b: list[tuple[float, float]] = []
            for _ in range(args.runs):
                a.append(_time(argv, work, env))
                b.append(_time(baseline, work, env))
            dwall = statistics.median(x[0] - y[0] for x, y in zip(a, b, strict=True))
            dcpu = statistics.median(x[1] - y[1] for x, y in zip(a, b, strict=True))
            verdict = "met (cpu)" if dcpu <= TARGET_S else "NOT met (cpu)"
            print(
                f"{name:<40} {spread([x[0] for x in a])}  {spread([x[1] for x in a])}"
                f"  {dwall:>9.3f} {dcpu:>8.3f}  {verdict}"
            )
            print(f"{'  python -c pass':<40} {spread([y[0] for y in b])}  {spread([y[1] for y in b])}")
        print(load_line("after"))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
