"""Wall time and speedup of 28 trials of an agent that waits 2 s, at several concurrencies.

    .venv/bin/python bench/concurrency.py [--levels 1,4,8,16] [--wait 2] [--no-ray]

The agent is `sleep 2` in its sandbox (standing in for model latency; `--network none`), on the
two mini tasks x 7 repeats x 2 modes = 28 trials. Each level runs `memeval ab` in-process with
`--concurrency N` (serial at 1, the local pool above), then once on a local Ray cluster of two
nodes (`ray start --head` and a second `ray start`, each advertising 2 CPUs, 8 trial slots)
with `--executor ray --concurrency 16`.

Printed per level: wall time of the whole run, speedup against concurrency 1, and the harness's
own overhead per trial, i.e. the median of (trial.started -> trial.ended) minus the agent's wait:
world build, sandbox starts, workspace diff, verifier, events and artifacts, and at higher levels
the queueing for this machine's 2 cores.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from memeval.agents import resolve_agent
from memeval.runner import AbOptions, execute, start_run
from memeval.tasks import load_task_set

MINI = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "tasksets" / "mini"
TRIALS = 28


def _run(runs: Path, wait: float, concurrency: int, executor: str, address: str | None = None) -> tuple[float, float]:
    opts = AbOptions(
        task_set=load_task_set(MINI),
        agent=resolve_agent("command", f"sleep {wait:g}"),
        repeats=TRIALS // 4,
        network="none",
        retain="never",
        runs_dir=runs,
        concurrency=concurrency,
        executor=executor,
        ray_address=address,
    )
    run_dir = start_run(opts)
    t0 = time.perf_counter()
    status = execute(run_dir, opts)
    wall = time.perf_counter() - t0
    assert status == "completed", status
    events = [json.loads(x) for x in (run_dir / "events.jsonl").read_text().splitlines()]
    starts = {e["trial_id"]: e["at"] for e in events if e["event"] == "trial.started"}
    spans = [
        (datetime.fromisoformat(e["at"]) - datetime.fromisoformat(starts[e["trial_id"]])).total_seconds()
        for e in events
        if e["event"] == "trial.ended"
    ]
    assert len(spans) == TRIALS, len(spans)
    return wall, statistics.median(spans) - wait


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _ray_start(*args: str, env: dict[str, str]) -> int:
    """`ray start ARGS` in a new process group; return the group (the node's processes stay in it)."""
    ray = str(Path(sys.executable).with_name("ray"))
    proc = subprocess.Popen([ray, "start", *args], env=env, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)  # fmt: skip
    out, _ = proc.communicate()
    if proc.returncode != 0:
        raise SystemExit(f"ray start {' '.join(args)} failed:\n{out.decode(errors='replace')[-1500:]}")
    return proc.pid


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--levels", default="1,4,8,16")
    ap.add_argument("--wait", type=float, default=2.0, help="seconds the agent waits per trial")
    ap.add_argument("--no-ray", action="store_true", help="skip the 2-node Ray cluster")
    args = ap.parse_args()
    levels = [int(x) for x in args.levels.split(",") if x]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        runs = Path(tmp)
        for n in levels:
            wall, over = _run(runs / f"c{n}", args.wait, n, "serial" if n == 1 else "local")
            rows.append((f"concurrency {n:2d}", n, wall, over))
        if not args.no_ray:
            env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0")
            temp = Path(tempfile.mkdtemp(prefix="ray-", dir="/tmp"))
            port = _free_port()
            address = f"127.0.0.1:{port}"
            groups = []
            try:
                groups.append(_ray_start("--head", f"--port={port}", "--num-cpus=2", f"--temp-dir={temp}",
                                         "--include-dashboard=false", "--disable-usage-stats", env=env))  # fmt: skip
                groups.append(_ray_start(f"--address={address}", "--num-cpus=2", env=env))
                wall, over = _run(runs / "ray", args.wait, 16, "ray", address)
                rows.append(("ray, 2 nodes, 16", 16, wall, over))
            finally:
                for g in groups:  # only the processes these two `ray start`s made
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(g, signal.SIGKILL)
                shutil.rmtree(temp, ignore_errors=True)
    base = rows[0][2] if rows and rows[0][1] == 1 else None
    print(f"{TRIALS} trials of an agent that waits {args.wait:g} s (mini task set, --network none), "
          f"{os.cpu_count()} cores")  # fmt: skip
    print(f"{'level':18} {'wall s':>8} {'speedup':>8} {'overhead/trial s':>17}")
    for name, _, wall, over in rows:
        speed = f"{base / wall:7.2f}x" if base else "       -"
        print(f"{name:18} {wall:8.2f} {speed:>8} {over:17.3f}")


if __name__ == "__main__":
    main()
