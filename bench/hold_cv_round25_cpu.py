"""How many texts of an ingest stream round 25's gated encoder input would read, and its CPU a text.

    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round25_cpu.py

The 932 memory and lesson texts of 2,000 `bench/audit_ingest.py` events (as `bench/hold_cv_round24_cpu.py` takes
them): for each, whether rules/20 hold it and the shipped classifier's probability (hashlr-14, the default's);
for each band of `bench/hold_cv_round25.py`, the share of texts in it (those the encoder would be run on) and the
CPU of `EncoderClassifier.score` on them (uselr-2's head; the encoder's cost does not depend on the head), in ms
a text (median and mean of three passes' minimum per text), and the default's own CPU a text for scale.
"""

import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import audit_ingest as bench  # noqa: E402
import hold_cv_round25 as b25  # noqa: E402

from memeval.hold import (  # noqa: E402
    EncoderClassifier,
    EncoderModel,
    RuleDetector,
    get_hold_classifier,
    get_hold_detector,  # noqa: E402
)


def main() -> None:
    """Measure and print (module docstring)."""
    texts = [
        (e["payload"]["text"], e["payload"].get("source", "agent"))
        for e in bench.events(2000, "bench-file", "bench-file", "prefixed", "")
        if e["type"] in ("memory.written", "lesson.proposed") and e["payload"].get("text")
    ]
    rules, clf, default = RuleDetector(version=20), get_hold_classifier(), get_hold_detector()
    ruled = np.array([rules.assess(t, s).held for t, s in texts])
    score = np.array([clf.assess(t, s).score for t, s in texts])
    enc = EncoderClassifier(EncoderModel.load("uselr-2"))
    enc.score("warm up")
    ms = np.full(len(texts), np.inf)
    base = np.full(len(texts), np.inf)
    for k in range(3):  # each pass's texts marked, so no memo answers from an earlier one
        for i, (t, s) in enumerate(texts):
            c0 = time.process_time()
            enc.score(f"{t} [{k}e]")
            ms[i] = min(ms[i], (time.process_time() - c0) * 1e3)
            c0 = time.process_time()
            default.assess(f"{t} [{k}d]", s)
            base[i] = min(base[i], (time.process_time() - c0) * 1e3)
    print(f"{len(texts)} texts; rules hold {int(ruled.sum())}; default {np.median(base):.2f} ms a text median, "
          f"{base.mean():.2f} mean")  # fmt: skip
    for name, (_, lo, hi) in b25.BANDS.items():
        foreign = np.array([any(ord(c) > 127 and c.isalpha() for c in t) for t, _ in texts])
        gate = (~ruled) & (score >= lo) & (score < hi) if lo >= 0 else (~ruled) & foreign
        cost = ms[gate]
        print(f"{name}: {int(gate.sum())}/{len(texts)} = {gate.mean():.3f} encoded; encoder "
              f"{np.median(cost) if len(cost) else 0:.2f} ms a text median, {cost.mean() if len(cost) else 0:.2f} "
              f"mean; {cost.sum() / len(texts):.2f} ms a text over the stream")  # fmt: skip
    print("load", [round(x, 1) for x in os.getloadavg()])


if __name__ == "__main__":
    main()
