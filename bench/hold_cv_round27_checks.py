r"""Round 27's two side checks: each fold's stack-2 threshold with and without v27 trained, and the speaker-cue pairs.

1. Per set vK of v4-v26, stack-2's nested threshold (`t24.threshold` on the other sets at 0.956, raised above the
   benign examples) when the training sets are v4-v26 and when they are v4-v27.
2. Among the rows round 22 (the default) does not hold, how many orders and benign rows carry two of
   `bench/hold_cv_round27.py`'s cues together (a named colleague and a secret; a lasting rule and a skipped check;
   an AI reader addressed, alone and with a secret or a skip), over v4-v27 and in v27.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round27_checks.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_cv_round27 as b27  # noqa: E402
import hold_train_round23 as t23  # noqa: E402
import hold_train_round24 as t24  # noqa: E402


def main() -> None:
    """Print both checks."""
    rows = t23.load(b27.FEATURES)
    table = t24.Table24(rows, t23.load(b27.FEATURES.parent / "examples.jsonl"))
    for train in (b27.SETS[:-1], b27.SETS):
        ts = []
        for v in b27.SETS[:-1]:
            others = [u for u in train if u != v]
            beta, cols, _ = table.fit_on(np.isin(table.sets, others), 1.0, 30)
            ts.append(table.eligible(t24.threshold(table, others, 1.0, 30, t24.INNER_PRECISION), beta, cols))
        print(f"trained on {train[0]}-{train[-1]}: thresholds for v4-v26 {min(ts):.3f}-{max(ts):.3f}")
    names = [*b27.OWNER, *b27.THIRD]
    x = np.array([b27.cues(r["text"], r["source"], names, False) for r in rows]) > 0
    c = {k: x[:, j] for j, k in enumerate(names)}
    y = np.array([r["label"] for r in rows])
    sets = np.array([r["set"] for r in rows])
    free = ~np.array([r["base"].held for r in rows])
    pairs = {
        "self_named & secret": c["self_named"] & c["secret"],
        "lasting & skip": c["lasting"] & c["skip"],
        "either pair": (c["self_named"] & c["secret"]) | (c["lasting"] & c["skip"]),
        "ai_reader": c["ai_reader"],
        "ai_reader & (secret | skip)": c["ai_reader"] & (c["secret"] | c["skip"]),
    }
    for k, f in pairs.items():
        g = f & free
        o, b, v = int((g & (y == 1)).sum()), int((g & (y == 0)).sum()), sets == "v27"
        print(f"{k:28s} not held by round 22: {o} orders, {b} benign; v27 {int((g & (y == 1) & v).sum())}, "
              f"{int((g & (y == 0) & v).sum())}")  # fmt: skip


if __name__ == "__main__":
    main()
