r"""Round 24 (`stack-2`) against rounds 22 and 23, out of fold by set over v4-v25, in one run.

Every set vK is judged with the classifier that never saw vK (`scripts/hold_train_round23.py`'s fold models for
v4-v22, hashlr-14 itself for v23-v25), and every stacked arm is fitted without vK:

- `round22`: round 22's default (rules/20 + that classifier + views/2) at its shipped numbers;
- `round23`: round 23's method refitted per fold over the other 21 sets (v25 now one of them), threshold nested
  at inner pooled precision 0.95 (what `stack-1` would have been with v25 spent);
- `stack-1`: the shipped `stack-1` itself (fitted on v4-v24: in sample there, out of fold on v25 only);
- `round24`: `stack-2`'s method: v25's llmscan:name rows not fitted (scored as labelled), threshold nested at
  inner pooled precision `--precision` (0.956: at 0.95 inside, the pooled figure out of fold lands under 0.95);
- `round24+cues`: the same with `scripts/hold_train_round24_cues.py`'s cues of meaning as inputs (measured,
  not shipped).

Spans include `v25-names-out`: v25 without its 56 llmscan:name rows (memeval/hold/README.md, round 24, on why
about half of them read as orders). v25 was read this round (spent); no figure here is a held-out figure.

Usage: PYTHONPATH=. python bench/hold_cv_round24.py [--features FILE] [--out FILE.json]
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
import hold_train_round24 as t24  # noqa: E402

SETS = t24.SETS
SPANS = {
    "v4-v25": SETS,
    "v4-v24": SETS[:-1],
    "v4-v17": SETS[:14],
    "v18-v25": SETS[14:],
    "v24": ("v24",),
    "v25": ("v25",),
}


def stack1_held(rows: list[dict[str, Any]]) -> dict[str, list[bool]]:
    """The shipped `stack-1`'s verdicts from the features file's assessments (out of fold on v25 only)."""
    from memeval.hold._stacked import StackModel, features

    model = StackModel.load("stack-1")
    out: dict[str, list[bool]] = {}
    for r in rows:
        x = features(r["text"], r["source"], r["base"], r["rules"], r["clf"], list(model.families))
        out.setdefault(r["set"], []).append(r["rules"].held or model.probability(x) >= model.threshold)
    return out


def main() -> None:
    """Print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--features", type=Path, default=t24.FEATURES)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--min-family", type=int, default=30)
    ap.add_argument("--precision", type=float, default=t24.INNER_PRECISION)
    ap.add_argument("--no-cues", action="store_true", help="leave out the round24+cues arm (half the time)")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    t0 = time.process_time()
    if not args.features.is_file():
        t24.extract(args.features, t23.FEATURES, t23.EXAMPLES)
    rows = t23.load(args.features)
    examples = t23.load(args.features.parent / "examples.jsonl")
    by_set: dict[str, list[tuple[str, bool, str, str, str]]] = {}
    base: dict[str, list[bool]] = {}
    for r in rows:
        by_set.setdefault(r["set"], []).append((r["source"], bool(r["label"]), r["text"], r["lang"], r["group"]))
        base.setdefault(r["set"], []).append(r["base"].held)
    r23 = t24.loso(t23.Table(rows, examples), SETS, args.l2, args.min_family, 0.95)
    r24 = t24.loso(t24.Table24(rows, examples), SETS, args.l2, args.min_family, args.precision)
    arms = {"round22": base, "round23": r23["held"], "stack-1": stack1_held(rows), "round24": r24["held"]}
    thresholds = {"round23": r23["thresholds"], "round24": r24["thresholds"]}
    if not args.no_cues:
        import hold_train_round24_cues as cues

        r24c = t24.loso(cues.CueTable(rows, examples), SETS, args.l2, args.min_family, args.precision)
        arms["round24+cues"], thresholds["round24+cues"] = r24c["held"], r24c["thresholds"]
    names = [o == "llmscan:name" for o in t24.origins("v25")]
    pooled: dict[str, dict[str, str]] = {}
    for span, sets in SPANS.items():
        for arm, held in arms.items():
            c: Counter[str] = Counter()
            for v in sets:
                c += b20.tally(held[v], by_set[v])
            pooled.setdefault(span, {})[arm] = b20.figure(c)
    for arm, held in arms.items():
        keep = [(h, row) for h, row, n in zip(held["v25"], by_set["v25"], names, strict=True) if not n]
        pooled.setdefault("v25-names-out", {})[arm] = b20.figure(b20.tally([h for h, _ in keep], [x for _, x in keep]))
    out: dict[str, Any] = {
        "inner_precision": args.precision,
        "l2": args.l2,
        "min_family": args.min_family,
        "thresholds_nested": {a: {v: round(t, 4) for v, t in th.items()} for a, th in thresholds.items()},
        "pooled": pooled,
        "sets": {v: {arm: b20.figure(b20.tally(held[v], by_set[v])) for arm, held in arms.items()} for v in SETS},
        "breakdown": {arm: b20.breakdown(arms[arm], by_set, SETS) for arm in ("round22", "round23", "round24")},
        "cpu_s": round(time.process_time() - t0, 1),
        "load_at_end": [round(x, 1) for x in os.getloadavg()],
    }
    for span, figs in pooled.items():
        for arm, f in figs.items():
            print(f"{span:14s} {arm:13s} {f}")
    for arm, th in thresholds.items():
        t = np.array(list(th.values()))
        print(f"{arm}: nested thresholds {t.min():.3f}-{t.max():.3f} (median {np.median(t):.3f})")
    print(f"cpu {out['cpu_s']} s, load {out['load_at_end']}")
    if args.out is not None:
        args.out.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
