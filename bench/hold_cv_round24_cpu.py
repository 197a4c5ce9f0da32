"""CPU of the default, `stack-1` and `stack-2` in turns in one process, on the ingest bench's memory and lesson texts.

    PYTHONPATH=. python bench/hold_cv_round24_cpu.py

The 932 texts of 2,000 `bench/audit_ingest.py` events (as `bench/hold_assess_cpu.py` takes them), assessed with
`assess_many` as the ingest does, five rounds per detector in turns, each round's texts marked so no memo answers
from an earlier one; prints each detector's minimum and median CPU a round and how many texts it held, and the load.
"""

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import audit_ingest as bench  # noqa: E402

from memeval.hold import get_hold_detector, get_stacked_detector  # noqa: E402
from memeval.hold._batch import assess_many  # noqa: E402


def main() -> None:
    """Measure and print (module docstring)."""
    texts = [
        (e["payload"]["text"], e["payload"].get("source", "agent"))
        for e in bench.events(2000, "bench-file", "bench-file", "prefixed", "")
        if e["type"] in ("memory.written", "lesson.proposed") and e["payload"].get("text")
    ]
    ds = {
        "default": get_hold_detector(),
        "stack-1": get_stacked_detector("stack-1"),
        "stack-2": get_stacked_detector("stack-2"),
    }
    for d in ds.values():
        assess_many(d, texts[:50])
    cpu: dict[str, list[float]] = {k: [] for k in ds}
    held: dict[str, int] = {}
    for k in range(5):
        for name, d in ds.items():
            fresh = [(f"{t} [{k}{name}]", s) for t, s in texts]
            c0 = time.process_time()
            out = assess_many(d, fresh)
            cpu[name].append(time.process_time() - c0)
            held[name] = sum(a.held for a in out)
    for name, c in cpu.items():
        low, mid = min(c) * 1e3, sorted(c)[2] * 1e3
        print(f"{name}: {len(texts)} texts, min {low:.0f} ms, median {mid:.0f} ms a round, held {held[name]}")
    print("load", os.getloadavg())


if __name__ == "__main__":
    main()
