"""CPU of the default hold detector on the ingest bench's memory and lesson texts, in one process.

    .venv/bin/python bench/hold_assess_cpu.py [--events 2000] [--rounds 7] [--against CHECKOUT] [--turns 2]

Takes the memory and lesson texts of `--events` of `bench/audit_ingest.py`'s events (932 texts
for 2,000 events), assesses them with `memeval.hold._batch.assess_many` as the ingest does,
`--rounds` times, each round on the texts with a round mark appended (so no memo of the detector
or its screens answers from an earlier round), after a warm-up of 50 texts; prints the minimum and
median CPU seconds of a round (`time.process_time`) with the load average. With `--against`,
that checkout and this one run in turns (`--turns` times), each in a fresh process with
`PYTHONPATH` set to it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _code import pythonpath
from _machine import load_now

ROOT = Path(__file__).resolve().parent.parent


def measure(n: int, rounds: int) -> str:
    """Assess the texts of `n` bench events `rounds` times in this process; returns the printed line."""
    sys.path.insert(0, str(ROOT / "bench"))
    import audit_ingest as bench  # noqa: E402  # the same events as the ingest bench

    import memeval
    from memeval.hold import get_hold_detector
    from memeval.hold._batch import assess_many

    texts = [
        (e["payload"]["text"], e["payload"].get("source", "agent"))
        for e in bench.events(n, "bench-file", "bench-file", "prefixed", "")
        if e["type"] in ("memory.written", "lesson.proposed") and e["payload"].get("text")
    ]
    detector = get_hold_detector()
    assess_many(detector, texts[:50])
    cpu = []
    for k in range(rounds):
        fresh = [(f"{t} [{k}]", s) for t, s in texts]
        c0 = time.process_time()
        assess_many(detector, fresh)
        cpu.append(time.process_time() - c0)
    return (
        f"{Path(memeval.__file__).parent.parent}: {len(texts)} texts, CPU a round min {min(cpu) * 1e3:.0f} ms, "
        f"median {statistics.median(cpu) * 1e3:.0f} ms ({min(cpu) / len(texts) * 1e6:.0f} us a text at the min); "
        + load_now()
    )


def main() -> None:
    """Measure this checkout (and `--against`, in turns)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--turns", type=int, default=2)
    ap.add_argument("--against", default=None, help="another checkout to measure in turns with this one")
    ap.add_argument("--here", action="store_true", help=argparse.SUPPRESS)  # one measurement in this process
    args = ap.parse_args()
    if args.here:
        print(measure(args.events, args.rounds))
        return
    codes = ([Path(args.against).resolve()] if args.against else []) + [ROOT]
    for _ in range(args.turns):
        for code in codes:
            cmd = [sys.executable, str(ROOT / "bench" / "hold_assess_cpu.py"), "--here"]
            cmd += ["--events", str(args.events), "--rounds", str(args.rounds)]
            run = subprocess.run(
                cmd, env={**os.environ, "PYTHONPATH": pythonpath(code)}, capture_output=True, text=True
            )
            print(run.stdout.strip() if run.returncode == 0 else f"{code} failed:\n{run.stderr[-2000:]}", flush=True)


if __name__ == "__main__":
    main()
