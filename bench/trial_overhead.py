"""The harness's own overhead per trial: a `nop` trial's wall time against running `true` in the
same sandbox directly.

    .venv/bin/python bench/trial_overhead.py [--trials 20]

A `nop` trial builds the world, starts the sandbox with its relay wrapper, runs `true`, diffs the
workspace, runs the verifier in a fresh sandbox and writes ~10 events (fsynced). The baseline is
one bubblewrap sandbox running `true`.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from memeval.agents import resolve_agent
from memeval.results import load_run
from memeval.runner import AbOptions, execute, start_run
from memeval.sandbox import Mount, SandboxSpec, run_sandboxed
from memeval.tasks import load_task_set

MINI = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "tasksets" / "mini"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials", type=int, default=20, help="trials per measurement (even)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        (t / "app").mkdir()
        bare = []
        for _ in range(args.trials):
            t0 = time.perf_counter()
            run_sandboxed(
                SandboxSpec((Mount(t / "app", "/app", True),), "/app", {"PATH": "/usr/bin:/bin"}),
                ["true"],
                timeout_s=10,
                stdout=t / "o",
                stderr=t / "e",
            )
            bare.append((time.perf_counter() - t0) * 1000)
        ts = load_task_set(MINI, ["greet"])
        reps = max(1, args.trials // 2)
        for network in ("none", "proxy"):
            opts = AbOptions(
                task_set=ts,
                agent=resolve_agent("nop"),
                repeats=reps,
                network=network,
                runs_dir=t / f"runs-{network}",
                retain="never",
            )
            run_dir = start_run(opts)
            t0 = time.perf_counter()
            execute(run_dir, opts)
            total = (time.perf_counter() - t0) * 1000
            walls = [r.harness_measured.wall_ms for r in load_run(run_dir).result.trials]
            n = len(walls)
            print(
                f"nop trial, network {network:5}: median {statistics.median(walls):6.1f} ms "
                f"(trial.started to trial.ended), {total / n:6.1f} ms per trial all in ({n} trials)"
            )
        print(
            f"`true` in one bare sandbox:    median {statistics.median(bare):6.1f} ms, "
            f"p90 {statistics.quantiles(bare, n=10)[-1]:6.1f} ms ({len(bare)} runs)"
        )


if __name__ == "__main__":
    main()
