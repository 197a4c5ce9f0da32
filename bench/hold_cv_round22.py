r"""Round 22 against round 21, out of fold by set over v4-v23, the classifier's thresholds chosen out of fold.

Every set vK is judged by `rules/N + classifier + views/2` (`RulesWithClassifier`), the classifier being one
that never saw vK (the method of `bench/hold_cv_round20.py` and `bench/hold_cv_round21.py`, whose helpers this
reuses):

- `round21`: round 21's default as it would have judged vK unseen: rules/19 and round 21's fold model without
  vK (`hashlr-14-without-vK` in `--r21-fold-dir`, blended half and half with the set's round-19 anchor, as
  round 21's bench did) at round 21's shipped thresholds (document 0.8, person 0.85, `alone_at` 0.85); for v23,
  the shipped hashlr-14 itself (fitted before v23 existed: v23's look, reproduced). Round 21 chose those
  numbers on v4-v22 with these fold models, so its figures there flatter it a little; on v23 they do not;
- `rules20+hashlr14`: the same classifiers and numbers behind rules/20 (what the new rules change alone);
- `rules19+hashlr15-nested`: rules/19 and round 22's fold models (`hashlr-15-without-vK` in `--fold-dir`, from
  `scripts/hold_train_round22.py`, blended as above; for v23 hashlr-14, which is that fold model), thresholds
  chosen nested (what the refit changes alone);
- `round22-pooled` and `round22-nested`: rules/20 and round 22's fold models; the grid point (document
  threshold, person threshold, `alone_at`) with most orders caught over the sets pooled at pooled precision >=
  `--precision` (0.95): pooled, chosen on all twenty sets (flatters); nested, for each vK chosen on the other
  nineteen and applied to vK (the honest proxy for an unseen set).

rules/20 was written after reading v23's misses, so its figures on v23 are in sample (README says so); v4-v22's
are out of fold for the classifier only (the rules' authors have read every spent set over the rounds).

A grid point is eligible only when the rules/20 detector with round 22's fold model without v22 (the nearest the
final model that still left a set out) holds none of the hold tests' benign examples that round 21's default
does not hold (`hold_cv_round20.benign_examples`).

Usage: PYTHONPATH=. python bench/hold_cv_round22.py [--fold-dir /tmp/det22/folds] [--out FILE.json]
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
import hold_cv_round21 as b21  # noqa: E402
import hold_train_cv as cv  # noqa: E402

from memeval.hold import RuleDetector, RulesWithClassifier, get_hold_classifier  # noqa: E402
from memeval.hold._classifier import ClassifierModel  # noqa: E402

SETS = tuple(f"v{n}" for n in range(4, 24))
ANCHOR19 = {**b21.ANCHOR19, "v23": "hashlr-10"}
ROUND21 = (0.8, 0.85, 0.85)
"""Round 21's shipped numbers: document threshold, person threshold, `alone_at` (hashlr-14.json)."""


def fold_model(v: str, folder: Path, prefix: str) -> ClassifierModel:
    """The classifier that never saw `v`: `prefix-without-v` blended with v's round-19 anchor; hashlr-14 for v23."""
    if v == "v23":
        return ClassifierModel.load("hashlr-14")
    return b20.blended(ClassifierModel.load(f"{prefix}-without-{v}", folder), ANCHOR19[v], 0.5)


def pooled_figures(arms: dict[str, dict[str, list[bool]]], rows: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Per span ('v4-v23', 'v4-v17', 'v18-v23', 'v23') and arm: `hold_cv_round20.figure` of the pooled tally."""
    spans = {"v4-v23": SETS, "v4-v22": SETS[:-1], "v4-v17": SETS[:14], "v18-v23": SETS[14:], "v23": ("v23",)}
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
    ap.add_argument("--fold-dir", type=Path, default=Path("/tmp/det22/folds"))
    ap.add_argument("--r21-fold-dir", type=Path, default=Path("/tmp/det21/folds"))
    ap.add_argument("--precision", type=float, default=0.95)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    rules = {19: b20.Memo(RuleDetector(version=19)), 20: b20.Memo(RuleDetector(version=20))}
    rows = {v: cv.grouped(v) for v in SETS}
    arms: dict[str, dict[str, list[bool]]] = {"round21": {}, "rules20+hashlr14": {}}
    grid: dict[int, dict[tuple[float, ...], dict[str, list[bool]]]] = {n: {p: {} for p in b20.GRID} for n in rules}
    for v in SETS:
        t0 = time.process_time()
        old = b20.Scored(fold_model(v, args.r21_fold_dir, "hashlr-14"))
        new = b20.Scored(fold_model(v, args.fold_dir, "hashlr-15"))
        d, p, a = ROUND21
        for n, arm in ((19, "round21"), (20, "rules20+hashlr14")):
            det = RulesWithClassifier(rules[n], old.at(d, p), alone_at=a, views=True)
            arms[arm][v] = b20.verdicts(det, rows[v])
        for n in rules:
            for point in b20.GRID:
                det = RulesWithClassifier(rules[n], new.at(point[0], point[1]), alone_at=point[2], views=True)
                grid[n][point][v] = b20.verdicts(det, rows[v])
        print(
            f"{v}: round21 {b20.figure(b20.tally(arms['round21'][v], rows[v]))}; rules20+hashlr14 "
            f"{b20.figure(b20.tally(arms['rules20+hashlr14'][v], rows[v]))}; {time.process_time() - t0:.0f} s CPU, "
            f"load {os.getloadavg()[0]:.1f}",
            flush=True,
        )
    examples = b20.benign_examples()
    r21 = RulesWithClassifier(rules[19], get_hold_classifier("hashlr-14"), alone_at=0.85, views=True)
    before = {(s, t) for s, t in examples if r21.assess(t, s).held}
    near = b20.Scored(fold_model("v22", args.fold_dir, "hashlr-15"))
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
        name = "round22" if n == 20 else "rules19+hashlr15"
        arms[f"{name}-nested"] = {v: eligible[nested[v]][v] for v in SETS}
        if n == 20:
            arms["round22-pooled"] = eligible[pooled]
        chosen[name] = {"pooled": list(pooled), "nested": {v: list(p) for v, p in nested.items()}}
    figures = pooled_figures(arms, rows)
    res: dict[str, Any] = {
        "precision_target": args.precision,
        "benign_examples": f"{len(examples)} texts, {len(before)} held by round 21's default",
        "grid_points_excluded": {f"rules/{n}": e for n, e in excluded.items()},
        "chosen": chosen,
        "pooled": figures,
        "sets": {v: {arm: b20.figure(b20.tally(held[v], rows[v])) for arm, held in arms.items()} for v in SETS},
        "breakdown": {
            arm: b20.breakdown(arms[arm], rows, SETS) for arm in ("round21", "rules20+hashlr14", "round22-nested")
        },
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
