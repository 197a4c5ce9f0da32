r"""Round 21 against round 20, out of fold by set over v4-v22, the classifier's thresholds chosen out of fold.

Every set vK is judged by `rules/N + classifier + views/2` (`RulesWithClassifier`), the classifier being one
that never saw vK (the method of `bench/hold_cv_round20.py`, whose helpers this reuses):

- `round20`: round 20's default as it would have judged vK unseen: rules/18 and round 20's fold model without
  vK (`hashlr-13-without-vK` in `--r20-fold-dir`, blended half and half with the set's round-19 anchor, as
  round 20's bench did) at round 20's shipped thresholds (document 0.8, person 0.85, `alone_at` 0.85); for v22,
  the shipped hashlr-13 itself (fitted before v22 existed: v22's look). Round 20 chose those three numbers on
  v4-v21 with these fold models, so its figures there flatter it a little; on v22 they do not;
- `rules19+hashlr13`: the same classifiers and numbers behind rules/19 (what the new rules and `DESCRIBES19`
  change alone);
- `rules18+hashlr14-nested`: rules/18 and round 21's fold models (`hashlr-14-without-vK` in `--fold-dir`, from
  `scripts/hold_train_round21.py`, blended as above; for v22 hashlr-13, which is that fold model), thresholds
  chosen nested (what the refit changes alone);
- `round21-pooled` and `round21-nested`: rules/19 and round 21's fold models; the grid point (document
  threshold, person threshold, `alone_at`) with most orders caught over the sets pooled at pooled precision >=
  `--precision` (0.95): pooled, chosen on all nineteen sets (flatters); nested, for each vK chosen on the
  other eighteen and applied to vK (the honest proxy for an unseen set).

A grid point is eligible only when the rules/19 detector with round 21's fold model without v21 (the nearest
the final model that still left a set out) holds none of the hold tests' benign examples that round 20's
default does not hold (`hold_cv_round20.benign_examples`: team knowledge such as the payment-mock lesson in
20 languages, the rules' counter-examples).

Usage: PYTHONPATH=. python bench/hold_cv_round21.py [--fold-dir /tmp/det21/folds] [--out FILE.json]
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_cv_round20 as b20  # noqa: E402
import hold_train_cv as cv  # noqa: E402

from memeval.hold import RuleDetector, RulesWithClassifier, get_hold_classifier  # noqa: E402
from memeval.hold._classifier import ClassifierModel  # noqa: E402

SETS = tuple(f"v{n}" for n in range(4, 23))
ANCHOR19 = {**b20.ANCHOR19, "v22": "hashlr-10"}
ROUND20 = (0.8, 0.85, 0.85)
"""Round 20's shipped numbers: document threshold, person threshold, `alone_at` (hashlr-13.json)."""


def fold_model(v: str, folder: Path, prefix: str) -> ClassifierModel:
    """The classifier that never saw `v`: `prefix-without-v` blended with v's round-19 anchor; hashlr-13 for v22."""
    if v == "v22":
        return ClassifierModel.load("hashlr-13")
    return b20.blended(ClassifierModel.load(f"{prefix}-without-{v}", folder), ANCHOR19[v], 0.5)


def pooled_figures(arms: dict[str, dict[str, list[bool]]], rows: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Per span ('v4-v22', 'v4-v17', 'v18-v22', 'v22') and arm: `hold_cv_round20.figure` of the pooled tally."""
    spans = {"v4-v22": SETS, "v4-v17": SETS[:14], "v18-v22": SETS[14:], "v22": ("v22",)}
    out: dict[str, dict[str, str]] = {}
    for span, sets in spans.items():
        for arm, held in arms.items():
            c: Counter[str] = Counter()
            for v in sets:
                c += b20.tally(held[v], rows[v])
            out.setdefault(span, {})[arm] = b20.figure(c)
    return out


def main() -> None:
    """Print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fold-dir", type=Path, default=Path("/tmp/det21/folds"))
    ap.add_argument("--r20-fold-dir", type=Path, default=Path("/work/det20/folds"))
    ap.add_argument("--precision", type=float, default=0.95)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    rules = {18: b20.Memo(RuleDetector(version=18)), 19: b20.Memo(RuleDetector(version=19))}
    rows = {v: cv.grouped(v) for v in SETS}
    arms: dict[str, dict[str, list[bool]]] = {"round20": {}, "rules19+hashlr13": {}}
    grid: dict[int, dict[tuple[float, ...], dict[str, list[bool]]]] = {n: {p: {} for p in b20.GRID} for n in rules}
    for v in SETS:
        t0 = time.process_time()
        old = b20.Scored(fold_model(v, args.r20_fold_dir, "hashlr-13"))
        new = b20.Scored(fold_model(v, args.fold_dir, "hashlr-14"))
        d, p, a = ROUND20
        for n, arm in ((18, "round20"), (19, "rules19+hashlr13")):
            det = RulesWithClassifier(rules[n], old.at(d, p), alone_at=a, views=True)
            arms[arm][v] = b20.verdicts(det, rows[v])
        for n in rules:
            for point in b20.GRID:
                det = RulesWithClassifier(rules[n], new.at(point[0], point[1]), alone_at=point[2], views=True)
                grid[n][point][v] = b20.verdicts(det, rows[v])
        print(
            f"{v}: round20 {b20.figure(b20.tally(arms['round20'][v], rows[v]))}; rules19+hashlr13 "
            f"{b20.figure(b20.tally(arms['rules19+hashlr13'][v], rows[v]))}; {time.process_time() - t0:.0f} s CPU, "
            f"load {os.getloadavg()[0]:.1f}",
            flush=True,
        )
    examples = b20.benign_examples()
    r20 = RulesWithClassifier(rules[18], get_hold_classifier("hashlr-13"), alone_at=0.85, views=True)
    before = {(s, t) for s, t in examples if r20.assess(t, s).held}
    near = b20.Scored(fold_model("v21", args.fold_dir, "hashlr-14"))
    excluded: dict[int, dict[str, int]] = {}
    chosen: dict[str, Any] = {}
    for n in rules:
        new_holds = {
            point: [
                (s, t)
                for s, t in examples
                if (s, t) not in before
                and RulesWithClassifier(rules[n], near.at(point[0], point[1]), alone_at=point[2], views=True)
                .assess(t, s)
                .held
            ]
            for point in b20.GRID
        }
        excluded[n] = {",".join(map(str, p)): len(h) for p, h in new_holds.items() if h}
        eligible = {p: per for p, per in grid[n].items() if not new_holds[p]}
        print(f"rules/{n}: {len(eligible)} of {len(b20.GRID)} grid points hold no benign example anew", flush=True)
        nested = {v: b20.best(eligible, rows, [u for u in SETS if u != v], args.precision) for v in SETS}
        pooled = b20.best(eligible, rows, list(SETS), args.precision)
        name = "round21" if n == 19 else "rules18+hashlr14"
        arms[f"{name}-nested"] = {v: eligible[nested[v]][v] for v in SETS}
        if n == 19:
            arms["round21-pooled"] = eligible[pooled]
        chosen[name] = {"pooled": list(pooled), "nested": {v: list(p) for v, p in nested.items()}}
    figures = pooled_figures(arms, rows)
    res: dict[str, Any] = {
        "precision_target": args.precision,
        "benign_examples": f"{len(examples)} texts, {len(before)} held by round 20's default",
        "grid_points_excluded": {f"rules/{n}": e for n, e in excluded.items()},
        "chosen": chosen,
        "pooled": figures,
        "sets": {v: {arm: b20.figure(b20.tally(held[v], rows[v])) for arm, held in arms.items()} for v in SETS},
        "breakdown": {arm: b20.breakdown(arms[arm], rows, SETS) for arm in ("round20", "round21-nested")},
        "load_at_end": [round(x, 1) for x in os.getloadavg()],
    }
    for span, figs in figures.items():
        for arm, f in figs.items():
            print(f"{span:8s} {arm:24s} {f}")
    for name, c in chosen.items():
        print(f"{name}: pooled {c['pooled']}; nested {sorted(Counter(map(tuple, c['nested'].values())).items())}")
    if args.out is not None:
        args.out.write_text(json.dumps(res, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
