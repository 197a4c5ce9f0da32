r"""Round 32 against round 31, out of fold by set over v4-v31: hashlr-15 (the hashed classifier refitted on v4-v31).

Every set vK is judged by `rules/24 + classifier + views/2` (`RulesWithClassifier`, the default's shape), the
classifier being one that never saw vK (the method of `bench/hold_cv_round22.py`, whose helpers this reuses):

- `round31`: the default until now as it would have judged vK unseen: rules/24 and round 21's fold model without
  vK (`hashlr-14-without-vK` in `--r21-fold-dir`, blended half and half with the set's round-19 anchor, as round
  21's bench did) for v4-v22; the shipped hashlr-14 itself for v23-v31 (fitted before v23 existed); round 21's
  shipped numbers (document 0.8, person 0.85, `alone_at` 0.85);
- `hashlr15-fixed`: rules/24 and round 32's fold models (`hashlr-15-without-vK` in `--fold-dir`, from
  `scripts/hold_train_round32.py`, blended the same way; hashlr-10 is the round-19 anchor of v23-v31) at the same
  numbers (what the refit changes alone);
- `hashlr15-nested` and `hashlr15-pooled`: the same fold models; the grid point (document threshold, person
  threshold, `alone_at`) with most orders caught over the sets pooled at pooled precision >= `--precision`
  (0.95): nested, for each vK chosen on the other 27 sets and applied to vK (the honest proxy for an unseen
  set); pooled, chosen on all 28 (flatters).

- `rules25` and `rules25+hashlr15-fixed`: the same two classifiers behind rules/25 (`RuleDetector(version=25)`:
  a catalogue's entry about an attack read as writing about it, `_rules_v25.catalogue_entry`, and its two rules,
  `handoff-25` and `lesson-25`); `rules25` is what rules/25 changes alone; `catalogue-25` is rules/25 without its
  two rules (the catalogue's reading alone), `round31+<rule>` the default until now or rules/25 holds with that
  rule among its reasons. The grid (nested and pooled) is run behind `--grid-rules` (25 by default).

rules/25 was written from v31's texts (its benign texts held and its missed hand-offs and lessons), so v4-v30 are
the sets it was not written from (`SPANS`); its catalogue verbs were also checked against the opening words of
v4-v31's English rows (none opens an order).

A grid point is eligible only when the grid's rules with round 32's fold model without v31 holds none of the hold tests'
benign examples that round 31's default does not hold (`hold_cv_round20.benign_examples`). The rules' authors have
read every spent set over the rounds, so the figures are out of fold for the classifier only.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round32.py [--fold-dir /tmp/det32/folds]
    [--out FILE.json]
"""

from __future__ import annotations

import argparse
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

import _hold_cv as h  # noqa: E402
import hold_cv_round20 as b20  # noqa: E402
import hold_cv_round21 as b21  # noqa: E402
import hold_train_cv as cv  # noqa: E402
from hold_cv_round30 import kind_of  # noqa: E402

from memeval.hold import RuleDetector, RulesWithClassifier, get_hold_classifier  # noqa: E402
from memeval.hold._classifier import ClassifierModel  # noqa: E402
from memeval.hold._rules_v25 import NAMES25  # noqa: E402

SETS = h.sets_through(31)
UNSEEN14 = h.sets_through(31, 23)
"""The sets hashlr-14 never saw (it was fitted on v4-v22): it judges them itself in `round31`."""
ANCHOR19 = {**b21.ANCHOR19, **dict.fromkeys(UNSEEN14, "hashlr-10")}
ROUND31 = (0.8, 0.85, 0.85)
"""Round 31's shipped numbers: document threshold, person threshold, `alone_at` (hashlr-14.json)."""
SPANS = {
    "v4-v31": SETS,
    "v4-v30": SETS[:-1],
    "v4-v22": SETS[:19],
    "v23-v31": UNSEEN14,
    "v23-v30": UNSEEN14[:-1],
    "v31": ("v31",),
}
"""v4-v30: the sets rules/25 was not written from; v23-v31: the sets hashlr-14 never saw."""


def without_own_rules(det: RuleDetector, names: frozenset[str]) -> RuleDetector:
    """`det` without the rules named `names` (its other readings kept): one reading of a version alone."""
    det._rules = tuple(r for r in det._rules if r.name not in names)  # a bench's arm, not a product setting
    det._ids = tuple(map(id, det._rules))
    det.name += "-catalogue"
    return det


def fold_model(v: str, folder: Path, prefix: str, suffix: str = "") -> ClassifierModel:
    """The classifier that never saw `v`: `prefix-without-v` blended with v's round-19 anchor; hashlr-14 itself
    for a set it never saw when `prefix` is hashlr-14."""
    if prefix == "hashlr-14" and v in UNSEEN14:
        return ClassifierModel.load("hashlr-14")
    return b20.blended(ClassifierModel.load(f"{prefix}-without-{v}{suffix}", folder), ANCHOR19[v], 0.5)


def choose(grid: dict[tuple[float, ...], dict[str, list[bool]]], grid_rules: Any, r24: Any, rows: dict[str, Any],
           arms: dict[str, dict[str, list[bool]]], args: argparse.Namespace) -> dict[str, Any]:  # fmt: skip
    """The grid's eligible points and the nested and pooled choices; adds `hashlr15-nested` and `-pooled` to `arms`."""
    examples = b20.benign_examples()
    r31 = RulesWithClassifier(r24, get_hold_classifier("hashlr-14"), alone_at=0.85, views=True)
    before = {(s, t) for s, t in examples if r31.assess(t, s).held}
    near = b20.Scored(fold_model("v31", args.fold_dir, "hashlr-15", args.suffix))
    new_holds = {
        point: [
            (s, t)
            for s, t in examples
            if (s, t) not in before
            and RulesWithClassifier(grid_rules, near.at(point[0], point[1]), alone_at=point[2], views=True)
            .assess(t, s)
            .held
        ]
        for point in b20.GRID
    }
    eligible = {pt: per for pt, per in grid.items() if not new_holds[pt]}
    print(f"{len(eligible)} of {len(b20.GRID)} grid points hold no benign example anew", flush=True)
    nested = {v: b20.best(eligible, rows, [u for u in SETS if u != v], args.precision) for v in SETS}
    pooled = b20.best(eligible, rows, list(SETS), args.precision)
    arms["hashlr15-nested"] = {v: eligible[nested[v]][v] for v in SETS}
    arms["hashlr15-pooled"] = eligible[pooled]
    return {
        "benign_examples": f"{len(examples)} texts, {len(before)} held by round 31's default",
        "grid_points_excluded": {",".join(map(str, pt)): len(x) for pt, x in new_holds.items() if x},
        "grid_rules": f"rules/{args.grid_rules}",
        "chosen": {"pooled": list(pooled), "nested": {v: list(pt) for v, pt in nested.items()}},
    }


def main() -> None:
    """Print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fold-dir", type=Path, default=Path("/tmp/det32/folds"))
    ap.add_argument("--r21-fold-dir", type=Path, default=Path("/tmp/det21/folds"))
    ap.add_argument("--suffix", default="", help="round 32's fold models' name suffix (`--l2 2 --suffix -l2-2`)")
    ap.add_argument("--grid", action="store_true", help="also the grid (hashlr15-nested, -pooled): 144 points")
    ap.add_argument("--grid-rules", type=int, default=25, choices=(24, 25), help="rules version behind the grid")
    ap.add_argument("--precision", type=float, default=0.95)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    t_start = time.process_time()
    rules = {n: b20.Memo(RuleDetector(version=n)) for n in (24, 25)}
    catalogue = b20.Memo(without_own_rules(RuleDetector(version=25), NAMES25))
    rows = {v: cv.grouped(v) for v in SETS}
    arms: dict[str, dict[str, list[bool]]] = {a: {} for a in ("round31", "hashlr15-fixed", "rules25")}
    arms["rules25+hashlr15-fixed"], arms["catalogue-25"] = {}, {}
    grid_rules = rules[args.grid_rules]
    grid: dict[tuple[float, ...], dict[str, list[bool]]] = {p: {} for p in b20.GRID}
    d, p, a = ROUND31
    for v in SETS:
        t0 = time.process_time()
        old = b20.Scored(fold_model(v, args.r21_fold_dir, "hashlr-14"))
        new = b20.Scored(fold_model(v, args.fold_dir, "hashlr-15", args.suffix))
        for n, clf, arm in ((24, old, "round31"), (24, new, "hashlr15-fixed"), (25, old, "rules25"),
                            (25, new, "rules25+hashlr15-fixed")):  # fmt: skip
            det = RulesWithClassifier(rules[n], clf.at(d, p), alone_at=a, views=True)
            arms[arm][v] = b20.verdicts(det, rows[v])
        det = RulesWithClassifier(catalogue, old.at(d, p), alone_at=a, views=True)
        arms["catalogue-25"][v] = b20.verdicts(det, rows[v])
        for name in sorted(NAMES25):
            own = [any(x.rule == name for x in rules[25].assess(t, s_).reasons) and rules[25].assess(t, s_).held
                   for s_, _, t, _, _ in rows[v]]  # fmt: skip
            arms.setdefault(f"round31+{name}", {})[v] = [x or y for x, y in zip(arms["round31"][v], own, strict=True)]
        for point in b20.GRID if args.grid else ():
            det = RulesWithClassifier(grid_rules, new.at(point[0], point[1]), alone_at=point[2], views=True)
            grid[point][v] = b20.verdicts(det, rows[v])
        print(
            f"{v}: round31 {b20.figure(b20.tally(arms['round31'][v], rows[v]))}; hashlr15-fixed "
            f"{b20.figure(b20.tally(arms['hashlr15-fixed'][v], rows[v]))}; rules25 "
            f"{b20.figure(b20.tally(arms['rules25'][v], rows[v]))}; {time.process_time() - t0:.0f} s CPU, "
            f"load {os.getloadavg()[0]:.1f}",
            flush=True,
        )
    res: dict[str, Any] = {"precision_target": args.precision}
    if args.grid:
        res |= choose(grid, grid_rules, rules[24], rows, arms, args)
    figures = h.pooled(arms, rows, SPANS)
    flat_rows = [{"set": v, "label": r[1], "source": r[0], "lang": r[3], "group": r[4]} for v in SETS for r in rows[v]]
    flat = {a: [x for v in SETS for x in arms[a][v]] for a in ("round31", "rules25", "rules25+hashlr15-fixed")}
    kinds = h.kinds_table(flat_rows, flat, SPANS, kind_of)
    res |= {
        "pooled": figures,
        "kinds": kinds,
        "sets": h.per_set(arms, rows),
        "breakdown": h.breakdowns({k: arms[k] for k in ("round31", "rules25")}, rows, SETS),
    }
    res["rules25_changed"] = [
        {"set": v, "label": row[1], "held_now": b, "source": row[0], "text": row[2][:200]}
        for v in SETS
        for row, a_, b in zip(rows[v], arms["round31"][v], arms["rules25"][v], strict=True)
        if a_ != b
    ]
    h.finish(res, t_start, args.out)
    h.print_pooled(figures)
    h.print_kinds(kinds)
    if args.grid:
        nested = res["chosen"]["nested"].values()
        print(f"pooled {res['chosen']['pooled']}; nested {sorted(Counter(map(tuple, nested)).items())}")
    for c in res["rules25_changed"]:
        print("RULES25", c["set"], "order" if c["label"] else "benign", "held" if c["held_now"] else "released",
              c["text"][:140].replace("\n", " "))  # fmt: skip
    print(f"cpu {res['cpu_s']} s, load {res['load_at_end']}")


if __name__ == "__main__":
    main()
