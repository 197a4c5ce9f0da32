"""Peak memory of a Ray run's worker and driver while a dense kept world comes back (fault28).

    .venv/bin/python bench/ray_world_memory.py [--mb 1024] [--against CHECKOUT]

One task whose agent writes `--mb` MiB of real data (`dd` from /dev/zero, every block written) and fails, so its
world is kept (`--retain failed`) and sent from the node to the driver; one `memeval ab --executor ray` run on a
one-node local cluster the run starts itself, `--concurrency 1` (the two arms one after the other). Each run's
Python processes are watched by tests/runner/rss_watch/sitecustomize.py (on PYTHONPATH): prints the largest peak
resident size (VmHWM, MiB, object store pages touched included) and private memory (RssAnon) of any Ray worker
and of the driver, the run's wall time, and whether both trials ended scored with their worlds whole.
`--against` runs the same in another checkout (e.g. a work tree of main) first.
Needs about 3 x `--mb` of free disk (a world, its packed archive, a world already on the driver) and, for a
checkout that sends the world whole, several times `--mb` of free memory.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOOK = ROOT / "tests" / "runner" / "rss_watch"


def one(code: Path, mb: int) -> dict[str, object]:
    """One run in checkout `code`: peaks in MiB, wall in s, and how the trials ended."""
    tmp = Path(tempfile.mkdtemp(prefix="f28b-", dir="/tmp"))
    try:
        task = tmp / "tasks" / "dense"
        (task / "environment" / "app").mkdir(parents=True)
        (task / "tests").mkdir()
        (task / "task.toml").write_text("[verifier]\ntimeout_sec = 60.0\n[agent]\ntimeout_sec = 300.0\n")
        (task / "instruction.md").write_text("Fill the disk.\n")
        (task / "environment" / "Dockerfile").write_text("WORKDIR /app\nCOPY app/ /app/\n")
        (task / "environment" / "app" / ".keep").write_text("")
        (task / "tests" / "test.sh").write_text("#!/bin/bash\necho 0 > /logs/verifier/reward.txt\n")
        rss = tmp / "rss"
        rss.mkdir()
        env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", HOME=str(tmp / "home"), MEMEVAL_RSS_DIR=str(rss))
        env["PYTHONPATH"] = f"{HOOK}:{code}"
        env.pop("RAY_ADDRESS", None)
        agent = f"dd if=/dev/zero of=/app/big bs=1M count={mb} status=none"
        t0 = time.monotonic()
        res = subprocess.run(
            [sys.executable, "-m", "memeval", "ab", str(tmp / "tasks"), "--agent", "command", "--agent-cmd", agent,
             "--network", "none", "--executor", "ray", "--concurrency", "1",
             "--runs-dir", str(tmp / "runs"), "--json", "--quiet"],
            cwd=code, env=env, capture_output=True, text=True, timeout=1800,
        )  # fmt: skip
        wall = time.monotonic() - t0
        if not res.stdout.strip().startswith("{"):
            raise SystemExit(f"the run in {code} gave no result: {res.stderr[-2000:]}")
        trials = json.loads(res.stdout)["trials"]
        worlds = list((tmp / "runs").glob("*/worlds/*/app/big"))
        whole = sum(1 for w in worlds if w.stat().st_size == mb << 20)

        def peak(role: str, i: int) -> int:
            return round(max((int(p.read_text().split()[i]) for p in rss.glob(f"{role}-*[0-9]")), default=0) / 1024)

        return {
            "worker_peak_mib": peak("worker", 0),
            "worker_private_mib": peak("worker", 1),
            "driver_peak_mib": peak("driver", 0),
            "driver_private_mib": peak("driver", 1),
            "wall_s": round(wall, 1),
            "endings": sorted(f"{t['fault'] or 'scored'}" for t in trials),
            "worlds_whole": whole,
        }
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=int, default=1024, help="MiB of data the agent writes (default 1024)")
    ap.add_argument("--against", type=Path, help="another checkout to measure first (e.g. a work tree of main)")
    args = ap.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}; world {args.mb} MiB")
    runs = [("against", args.against.resolve())] if args.against else []
    for name, code in [*runs, ("this", ROOT)]:
        print(name, code, json.dumps(one(code, args.mb)), flush=True)


if __name__ == "__main__":
    main()
