r"""Round 23 (the stacked stage, `stack-1`) against round 22, out of fold by set over v4-v24, in one run.

Every set vK is judged with the classifier that never saw vK (`scripts/hold_train_round23.py`: round 21's fold
model `hashlr-14-without-vK` blended with the set's round-19 anchor for v4-v22, hashlr-14 itself for v23 and v24):

- `round22`: round 22's default (rules/20 + that classifier + views/2) at its shipped numbers (document 0.8,
  person 0.85, `alone_at` 0.85; chosen by round 21 on v4-v22 with these fold models, which flatters it there);
- `round23-nested`: the stacked stage over the same assessments, fitted on the other twenty sets, its
  threshold chosen on those twenty sets' own leave-one-set-out probabilities at pooled precision >=
  `--precision` (nested: no figure of vK chose anything that judges vK);
- `either`: held when round 22 or the stage holds (for comparison; not shipped).

The features file is `scripts/hold_train_round23.py --extract`'s (made when missing). v24 was read by the lead
only (its look after round 22); no v24 row was read while the stage's features were chosen, but every set here is
spent, so none of these figures is a held-out figure.

Usage: PYTHONPATH=. python bench/hold_cv_round23.py [--features FILE] [--out FILE.json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_cv_round20 as b20  # noqa: E402
import hold_train_round23 as t23  # noqa: E402

SETS = t23.SETS
SPANS = {
    "v4-v24": SETS,
    "v4-v23": SETS[:-1],
    "v4-v17": SETS[:14],
    "v18-v24": SETS[14:],
    "v23": ("v23",),
    "v24": ("v24",),
}


def main() -> None:
    """Print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--features", type=Path, default=t23.FEATURES)
    ap.add_argument("--examples", type=Path, default=t23.EXAMPLES)
    ap.add_argument("--r21-fold-dir", type=Path, default=Path("/tmp/det21/folds"))
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--min-family", type=int, default=30)
    ap.add_argument("--precision", type=float, default=0.95)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    t0 = time.process_time()
    if not args.features.is_file():
        t23.extract(args.features, args.r21_fold_dir)
    if not args.examples.is_file():
        t23.extract_examples(args.examples)
    rows = t23.load(args.features)
    table = t23.Table(rows, t23.load(args.examples))
    res = t23.loso(table, args.l2, args.min_family, args.precision)
    by_set: dict[str, list[tuple[str, bool, str, str, str]]] = {}
    base: dict[str, list[bool]] = {}
    for r in rows:
        by_set.setdefault(r["set"], []).append((r["source"], bool(r["label"]), r["text"], r["lang"], r["group"]))
        base.setdefault(r["set"], []).append(r["base"].held)
    arms = {
        "round22": base,
        "round23-nested": res["held"],
        "either": {v: [a or b for a, b in zip(base[v], res["held"][v], strict=True)] for v in SETS},
    }
    pooled: dict[str, dict[str, str]] = {}
    for span, sets in SPANS.items():
        for arm, held in arms.items():
            c: Counter[str] = Counter()
            for v in sets:
                c += b20.tally(held[v], by_set[v])
            pooled.setdefault(span, {})[arm] = b20.figure(c)
    out: dict[str, Any] = {
        "precision_target": args.precision,
        "l2": args.l2,
        "min_family": args.min_family,
        "thresholds_nested": {v: round(t, 4) for v, t in res["thresholds"].items()},
        "pooled": pooled,
        "sets": {v: {arm: b20.figure(b20.tally(held[v], by_set[v])) for arm, held in arms.items()} for v in SETS},
        "breakdown": {arm: b20.breakdown(arms[arm], by_set, SETS) for arm in ("round22", "round23-nested")},
        "cpu_s": round(time.process_time() - t0, 1),
        "load_at_end": [round(x, 1) for x in os.getloadavg()],
    }
    for span, figs in pooled.items():
        for arm, f in figs.items():
            print(f"{span:8s} {arm:16s} {f}")
    t = np.array(list(res["thresholds"].values()))
    print(f"nested thresholds {t.min():.3f}-{t.max():.3f} (median {np.median(t):.3f})")
    if args.out is not None:
        args.out.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
