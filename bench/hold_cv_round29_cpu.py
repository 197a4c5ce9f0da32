"""The default's CPU with two rules versions in one process, rounds alternating (rounds 29 and 30's CPU check).

`bench/hold_assess_cpu.py --against` runs each checkout in its own process in turns; at load 15 on 2 cores its
turns spread by 40 ms of a 150-200 ms round. Here both detectors (`RulesWithClassifier(RuleDetector(version=v),
hashlr-14, views=True)` with the shipped numbers: the default is v=22) judge the same 932 memory and lesson texts of
`bench/audit_ingest.py`'s 2,000 events, warmed on 50, then `--rounds` rounds each, the order swapped every round,
each round's texts marked so no memo answers; prints the minimum and median CPU of a round. Round 29 compared
rules/21 and 22 (the default `--versions`), round 30 rules/22 and 23 (`--versions 22 23`).

    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round29_cpu.py [--rounds 25] [--versions 22 23]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import audit_ingest as bench  # noqa: E402

from memeval.hold import RuleDetector, RulesWithClassifier  # noqa: E402
from memeval.hold._batch import assess_many  # noqa: E402
from memeval.hold._classifier import get_hold_classifier  # noqa: E402


def main() -> None:
    """Print one line per rules version."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=25)
    ap.add_argument("--versions", type=int, nargs=2, default=(21, 22), help="the two rules versions compared")
    args = ap.parse_args()
    a, b = args.versions
    texts = [
        (e["payload"]["text"], e["payload"].get("source", "agent"))
        for e in bench.events(2000, "bench-file", "bench-file", "prefixed", "")
        if e["type"] in ("memory.written", "lesson.proposed") and e["payload"].get("text")
    ]
    clf = get_hold_classifier()
    numbers = clf.model.meta.get("combination", {})
    dets = {v: RulesWithClassifier(RuleDetector(version=v), clf, views=True, **numbers) for v in (a, b)}
    for d in dets.values():
        assess_many(d, texts[:50])
    cpu: dict[int, list[float]] = {a: [], b: []}
    for k in range(args.rounds):
        for v in (a, b) if k % 2 == 0 else (b, a):
            fresh = [(f"{t} [{k}]", s) for t, s in texts]
            c0 = time.process_time()
            assess_many(dets[v], fresh)
            cpu[v].append(time.process_time() - c0)
    for v, c in cpu.items():
        print(
            f"rules/{v}: min {min(c) * 1e3:.0f} ms, median {statistics.median(c) * 1e3:.0f} ms a round "
            f"({args.rounds} rounds of {len(texts)} texts)"
        )


if __name__ == "__main__":
    main()
