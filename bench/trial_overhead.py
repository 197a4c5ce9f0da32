"""The harness's own overhead per trial: a `nop` trial with and without the metering proxy's relay,
against running `true` in the same sandbox directly.

    .venv/bin/python bench/trial_overhead.py [--trials 20] [--rounds 2]

A `nop` trial builds the world, starts the sandbox with its boot script (and, with `--network
proxy`, Debian's socat as the relay from 127.0.0.1:18080 inside to the proxy's Unix socket), runs
`true`, diffs the workspace, runs the verifier in a fresh sandbox and writes ~10 events (fsynced).
The baseline is one bubblewrap sandbox running `true`.

Runs with and without the proxy alternate (`--rounds` each, `--trials` trials a run) so load drift
hits both alike. Printed: the median trial (trial.started to trial.ended) and the cost per trial
all in (the run's `execute` divided by its trials), wall and CPU, and their ratio proxy / none.
A proxy run also pays once per run (not per trial): starting and stopping the proxy, printed
apart; and once per process: importing the meter (httpx, uvicorn, genai-prices), done here before
timing as `memeval ab` does once per command. Target (issue 17 item 4): a `nop` trial through the
proxy costs at most 1.2x one without.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from _machine import load_line

from memeval.agents import resolve_agent
from memeval.results import load_run
from memeval.runner import AbOptions, execute, start_run
from memeval.sandbox import Mount, SandboxSpec, run_sandboxed
from memeval.tasks import load_task_set

MINI = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "tasksets" / "mini"


def _cpu() -> float:
    """User + system seconds of this process and its reaped children (the sandboxes)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=20, help="trials per run (even: half per arm)")
    ap.add_argument("--rounds", type=int, default=2, help="runs with and without the proxy, alternated")
    args = ap.parse_args()
    print(load_line("before"))
    t0 = time.perf_counter()
    from memeval.meter import MeterProxy, PriceBook

    imported = time.perf_counter() - t0
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
        starts, stops = [], []
        for _ in range(3):
            proxy = MeterProxy({}, prices=PriceBook(), unix_socket=t / "p.sock")
            t0 = time.perf_counter()
            proxy.start()
            t1 = time.perf_counter()
            proxy.stop()
            starts.append((t1 - t0) * 1000)
            stops.append((time.perf_counter() - t1) * 1000)
        ts = load_task_set(MINI, ["greet"])
        reps = max(1, args.trials // 2)
        walls: dict[str, list[float]] = {"none": [], "proxy": []}
        allin: dict[str, list[float]] = {"none": [], "proxy": []}
        cpu: dict[str, list[float]] = {"none": [], "proxy": []}
        for r in range(args.rounds):
            for network in ("none", "proxy"):
                opts = AbOptions(
                    task_set=ts,
                    agent=resolve_agent("nop"),
                    repeats=reps,
                    network=network,
                    runs_dir=t / f"runs-{network}-{r}",
                    retain="never",
                )
                run_dir = start_run(opts)
                c0, t0 = _cpu(), time.perf_counter()
                execute(run_dir, opts)
                total, spent = (time.perf_counter() - t0) * 1000, (_cpu() - c0) * 1000
                trials = [x.harness_measured.wall_ms for x in load_run(run_dir).result.trials]
                walls[network] += trials
                allin[network].append(total / len(trials))
                cpu[network].append(spent / len(trials))
        for network in ("none", "proxy"):
            print(
                f"nop trial, network {network:5}: median {statistics.median(walls[network]):6.1f} ms "
                f"(trial.started to trial.ended), {statistics.median(allin[network]):6.1f} ms per trial all in, "
                f"CPU {statistics.median(cpu[network]):6.1f} ms per trial ({len(walls[network])} trials)"
            )

        def ratio(d: dict[str, list[float]]) -> float:
            return statistics.median(d["proxy"]) / statistics.median(d["none"])

        print(
            f"ratio proxy / none: median trial {ratio(walls):.2f}x, all in {ratio(allin):.2f}x, "
            f"CPU {ratio(cpu):.2f}x (target <= 1.2x)"
        )
        print(
            f"once per proxy run: start {statistics.median(starts):.0f} ms, stop {statistics.median(stops):.0f} ms "
            f"(median of 3); once per process: importing the meter {imported * 1000:.0f} ms"
        )
        print(
            f"`true` in one bare sandbox:    median {statistics.median(bare):6.1f} ms, "
            f"p90 {statistics.quantiles(bare, n=10)[-1]:6.1f} ms ({len(bare)} runs)"
        )
    print(load_line("after"))


if __name__ == "__main__":
    main()
