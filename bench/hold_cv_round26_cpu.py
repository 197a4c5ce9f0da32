"""CPU a text on an ingest stream: the default, stack-2, the cascade, and how many texts the encoder stage reads.

    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round26_cpu.py

The 932 memory and lesson texts of 2,000 `bench/audit_ingest.py` events (as `bench/hold_cv_round25_cpu.py` takes
them). Per text, the minimum of three passes (each pass's texts marked, so no memo answers) of `assess` by the
default (`get_hold_detector()`), stack-2 (`get_stacked_detector()`) and the cascade (`get_cascade_detector()`: the
default's stage 1 with hashlr/10, and the uselr/2 encoder stage), in ms; and the share of texts round 26's encoder
stage would read (the rules do not hold it, and some rule matched, the default's classifier gives >= 0.2 or the
text is not ASCII: `RulesWithClassifier`'s gate) with the encoder's own CPU on them (`EncoderClassifier.score`).
Round 26's combination (stack-2, plus the encoder stage where stack-2's probability is above a floor) costs
stack-2's CPU plus the encoder's on the texts the gate reads.
"""

import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import audit_ingest as bench  # noqa: E402

from memeval.hold import (  # noqa: E402
    EncoderClassifier,
    EncoderModel,
    RuleDetector,
    get_cascade_detector,
    get_hold_classifier,
    get_hold_detector,
    get_stacked_detector,
)
from memeval.hold._detector import CASCADE  # noqa: E402


def main() -> None:
    """Measure and print (module docstring)."""
    texts = [
        (e["payload"]["text"], e["payload"].get("source", "agent"))
        for e in bench.events(2000, "bench-file", "bench-file", "prefixed", "")
        if e["type"] in ("memory.written", "lesson.proposed") and e["payload"].get("text")
    ]
    rules, clf = RuleDetector(version=20), get_hold_classifier()
    r = [rules.assess(t, s) for t, s in texts]
    gate = np.array(
        [not a.held and (a.score > 0 or clf.assess(t, s).score >= CASCADE["gate_at"] or not t.isascii())
         for a, (t, s) in zip(r, texts, strict=True)]
    )  # fmt: skip
    detectors = {"default": get_hold_detector(), "stack-2": get_stacked_detector(), "cascade": get_cascade_detector()}
    enc = EncoderClassifier(EncoderModel.load("uselr-2"))
    for d in detectors.values():
        d.assess("warm up", "agent")
    enc.score("warm up")
    ms = {k: np.full(len(texts), np.inf) for k in [*detectors, "encoder"]}
    for k in range(3):
        for i, (t, s) in enumerate(texts):
            for name, d in detectors.items():
                c0 = time.process_time()
                d.assess(f"{t} [{k}{name}]", s)
                ms[name][i] = min(ms[name][i], (time.process_time() - c0) * 1e3)
            c0 = time.process_time()
            enc.score(f"{t} [{k}e]")
            ms["encoder"][i] = min(ms["encoder"][i], (time.process_time() - c0) * 1e3)
    print(f"{len(texts)} texts; the encoder stage's gate reads {int(gate.sum())} = {gate.mean():.3f}")
    for name, v in ms.items():
        print(f"{name}: {np.median(v):.2f} ms a text median, {v.mean():.2f} mean")
    combo = ms["stack-2"] + np.where(gate, ms["encoder"], 0.0)
    print(f"stack-2 + encoder where the gate reads: {np.median(combo):.2f} median, {combo.mean():.2f} mean")
    print("load", [round(x, 1) for x in os.getloadavg()])


if __name__ == "__main__":
    main()
