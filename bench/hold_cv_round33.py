r"""Round 33, out of fold by set over v4-v32: writing ABOUT attacks told from orders TO the reader, and hashlr-16.

Phase 1 (`--extract`, about two minutes of CPU): every row of v4-v32 judged as the default would have judged it
unseen, written to `--rows` (JSON lines): the default `rules/25 + classifier + views/2` with the classifier that
never saw the row's set (round 21's fold model without vK blended half and half with its round-19 anchor for
v4-v22, `/tmp/det21/folds`; hashlr-14 itself for v23-v32, fitted before v23 existed), rules/25's own score and
reasons, both classifiers' probabilities, and the verdicts of the same detector with round 33's refit
(`hashlr-16-without-vK-l2-2`, `scripts/hold_train_round33.py`, blended the same way) at every grid point of
`hold_cv_round20.GRID`, plus which grid points hold one of the hold tests' benign examples anew (with the fold
model without v32, the one nearest a final model).

Phase 2 (the default): figures from those rows, leave one set out:

- `default`: the shipped detector as above (round 21's numbers: document 0.8, person 0.85, alone_at 0.85);
- `hashlr16-fixed`: rules/25 + the refit at the same numbers; `hashlr16-nested`: the grid point with most orders
  over the other 28 sets at pooled precision >= `--precision`, applied to the left-out set;
- `veto-describes`: the default, then a second-stage model that reads only what the default held and releases it
  when it reads as writing about attacks rather than an order to its reader (`_hold_describes.features`: who is
  addressed, words of description in 14 languages, quotes and list marks, with the stages' scores; the hashed n-grams
  of `_classifier.features` were measured by hand and separate worse: not here). Each left-out set's veto is
  fitted on the held rows of the other 28 sets only, and its cut is chosen on those sets by inner folds (four
  groups of them, `INNER`; the cut at which their out-of-fold vetoes lose at most `--max-lost` of their held orders);
- `stack*`: a logistic model over every text (not only the held ones) reading the default's verdict, rules/25's
  score and families, hashlr-14's probability, with `-refit` hashlr-16's probability and verdict, with `-describes`
  the cues of `_hold_describes`; held at a cut chosen, for each left-out set, on inner folds of the other sets at
  pooled precision `--precision` (strictly nested: no model that chose the cut saw the left-out set).

Figures for v4-v32 pooled and for v30, v31 and v32 each as if blind (every model, cut and grid point chosen
without that set). The sets' authors have read every spent set over the rounds, so the figures are out of fold
for the fitted parts only; the rules were written from v4-v31.

`--points` prints the stacks with the cues at fixed cuts (0.75-0.95), pooled and on v32.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round33.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round33.py [--out FILE.json]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import _hold_cv as h  # noqa: E402
import _hold_describes as hd  # noqa: E402
import hold_cv_round20 as b20  # noqa: E402
import hold_cv_round21 as b21  # noqa: E402
import hold_train as ht  # noqa: E402
import hold_train_cv as cv  # noqa: E402
import numpy as np  # noqa: E402

from memeval.hold import RuleDetector, RulesWithClassifier, get_hold_detector  # noqa: E402
from memeval.hold._classifier import ClassifierModel  # noqa: E402

SETS = h.sets_through(32)
UNSEEN14 = h.sets_through(32, 23)
"""The sets hashlr-14 never saw (it was fitted on v4-v22): it judges them itself in `default`."""
ANCHOR19 = {**b21.ANCHOR19, **dict.fromkeys(UNSEEN14, "hashlr-10")}
SHIPPED = (0.8, 0.85, 0.85)
"""The default's numbers: document threshold, person threshold, `alone_at` (hashlr-14.json)."""
BLIND = ("v30", "v31", "v32")


def fold_model(v: str, folder: Path, prefix: str, suffix: str = "") -> ClassifierModel:
    """The classifier that never saw `v`: `prefix-without-v` blended with v's round-19 anchor; hashlr-14 itself
    for a set it never saw when `prefix` is hashlr-14."""
    if prefix == "hashlr-14" and v in UNSEEN14:
        return ClassifierModel.load("hashlr-14")
    return b20.blended(ClassifierModel.load(f"{prefix}-without-{v}{suffix}", folder), ANCHOR19[v], 0.5)


def extract(args: argparse.Namespace) -> None:
    """Phase 1: write one JSON line per row of v4-v32 (see the module docstring)."""
    t_start = time.process_time()
    rules = b20.Memo(RuleDetector(version=25))
    examples = b20.benign_examples()
    default = get_hold_detector()
    before = {(s, t) for s, t in examples if default.assess(t, s).held}  # type: ignore[arg-type]
    near = b20.Scored(fold_model("v32", args.fold_dir, "hashlr-16", args.suffix))
    new_holds = {
        ",".join(map(str, pt)): [
            t for s, t in examples
            if (s, t) not in before
            and RulesWithClassifier(rules, near.at(pt[0], pt[1]), alone_at=pt[2], views=True).assess(t, s).held
        ]
        for pt in b20.GRID
    }  # fmt: skip
    meta = {"grid": [list(p) for p in b20.GRID], "examples": len(examples), "examples_held_by_default": len(before),
            "new_holds": {k: v for k, v in new_holds.items() if v}}  # fmt: skip
    args.rows.parent.mkdir(parents=True, exist_ok=True)
    (args.rows.parent / "meta.json").write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n")
    d, p, a = SHIPPED
    with args.rows.open("w", encoding="utf-8") as out:
        for v in SETS:
            t0 = time.process_time()
            old = b20.Scored(fold_model(v, args.r21_fold_dir, "hashlr-14"))
            new = b20.Scored(fold_model(v, args.fold_dir, "hashlr-16", args.suffix))
            det = RulesWithClassifier(rules, old.at(d, p), alone_at=a, views=True)
            grid = [RulesWithClassifier(rules, new.at(pt[0], pt[1]), alone_at=pt[2], views=True) for pt in b20.GRID]
            for i, (source, label, text, lang, group) in enumerate(cv.grouped(v)):
                ra, da = rules.assess(text, source), det.assess(text, source)
                row = {"set": v, "i": i, "source": source, "label": label, "lang": lang, "group": group,
                       "text": text, "rules_score": ra.score, "rules_held": ra.held,
                       "rules": sorted({x.rule for x in ra.reasons}), "default": da.held,
                       "default_reasons": sorted({x.rule for x in da.reasons}),
                       "old_p": old.scores[text][0] if text in old.scores else None,
                       "grid": "".join("1" if g.assess(text, source).held else "0" for g in grid),
                       "new_p": new.scores[text][0] if text in new.scores else None}  # fmt: skip
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
            print(f"{v}: {time.process_time() - t0:.0f} s CPU, load {os.getloadavg()[0]:.1f}", flush=True)
    print(f"cpu {time.process_time() - t_start:.0f} s")


SPANS = {"v4-v32": SETS, "v4-v29": SETS[:-3], "v30": ("v30",), "v31": ("v31",), "v32": ("v32",)}
CUTS = np.linspace(0.3, 0.99, 139)
INNER = 4
"""Inner folds (groups of the other sets) on which a left-out set's cut is chosen."""
SOURCE_ORDER = ("person", "agent", "tool", "web", "email", "document")


@dataclass
class Table:
    """The extracted rows as arrays: labels `y`, sets `s`, the default's verdicts `base`, grid verdicts `grid`."""

    rows: list[dict[str, Any]]
    y: np.ndarray
    s: np.ndarray
    base: np.ndarray
    grid: np.ndarray
    points: list[tuple[float, ...]]
    eligible: list[int]

    @classmethod
    def load(cls, path: Path) -> Table:
        """`--rows` and the `meta.json` beside it."""
        rows = [json.loads(line) for line in path.open(encoding="utf-8")]
        meta = json.loads((path.parent / "meta.json").read_text(encoding="utf-8"))
        points = [tuple(p) for p in meta["grid"]]
        return cls(
            rows,
            np.array([bool(r["label"]) for r in rows]),
            np.array([r["set"] for r in rows]),
            np.array([bool(r["default"]) for r in rows]),
            np.array([[c == "1" for c in r["grid"]] for r in rows]),
            points,
            [i for i, p in enumerate(points) if ",".join(map(str, p)) not in meta["new_holds"]],
        )

    def tally(self, held: np.ndarray, sets: tuple[str, ...]) -> tuple[int, int, int]:
        """(orders caught, benign held, orders) over `sets`."""
        m = np.isin(self.s, sets)
        return int((held & self.y & m).sum()), int((held & ~self.y & m).sum()), int((self.y & m).sum())

    def figure(self, held: np.ndarray, sets: tuple[str, ...]) -> str:
        """'caught/orders = recall, precision p, benign held n'."""
        tp, fp, pos = self.tally(held, sets)
        return f"{tp}/{pos} = {tp / pos:.3f}, precision {tp / max(1, tp + fp):.3f}, benign held {fp}"


def family(rule: str) -> str:
    """A rule's name without its round ('lesson-25' -> 'lesson')."""
    head, _, tail = rule.rpartition("-")
    return head if head and tail.isdigit() else rule


def logit(p: float | None) -> float:
    """log(p / (1 - p)) / 5, p clipped to [1e-4, 1 - 1e-4] (None reads as 0)."""
    q = min(max(p or 0.0, 1e-4), 1 - 1e-4)
    return math.log(q / (1 - q)) / 5


def families(t: Table) -> list[str]:
    """The rule families seen 30 times or more among the rows' rules/25 reasons, most frequent first."""
    counts = Counter(family(x) for r in t.rows for x in r["rules"])
    return [f for f, c in counts.most_common() if c >= 30]


def dense(t: Table, refit: bool, describes: bool, fams: list[str]) -> np.ndarray:
    """One row of numbers per text: `_hold_describes` cues (when `describes`), the default's verdict, rules/25's
    score and verdict, hashlr-14's probability and logit (the fold model's for v4-v22), with `refit` hashlr-16's and
    its verdict behind rules/25 at (0.85, 0.85, 0.85), a decoded view's hold, each rule family of `fams`, the
    source."""
    at = t.points.index((0.85, 0.85, 0.85))
    out = []
    for r in t.rows:
        g = r["grid"][at] == "1"
        f = hd.features(r["text"]) if describes else []
        f += [float(r["default"]), r["rules_score"], float(r["rules_held"]), r["old_p"] or 0.0, logit(r["old_p"])]
        f += [r["new_p"] or 0.0, logit(r["new_p"]), float(g)] if refit else []
        f += [float(any(x.startswith("hidden-") for x in r["default_reasons"]))]
        seen = {family(x) for x in r["rules"]}
        out.append(f + [float(k in seen) for k in fams] + [float(r["source"] == s) for s in SOURCE_ORDER])
    return np.array(out)


def fit_predict(x: np.ndarray, y: np.ndarray, train: np.ndarray, test: np.ndarray, l2: float) -> np.ndarray:
    """`hold_train.fit` (class-balanced L2 logistic regression, L-BFGS) on `train`, probabilities of `test`."""
    w, b = ht.fit(x[train], y[train].astype(float), l2, maxiter=500)
    return 1.0 / (1.0 + np.exp(-(x[test] @ w + b)))


def best_cut(p: np.ndarray, t: Table, mask: np.ndarray, precision: float) -> float:
    """The cut on `p` with most orders caught among `mask` at precision >= `precision` (else the most precise)."""
    scored = []
    for c in CUTS:
        held = (p >= c) & mask
        tp, fp = int((held & t.y).sum()), int((held & ~t.y).sum())
        prec = tp / max(1, tp + fp)
        scored.append((prec >= precision, tp if prec >= precision else prec, float(c)))
    return max(scored)[2]


def inner_groups(k: str) -> list[np.ndarray]:
    """The sets other than `k` in `INNER` groups (every INNER-th set), as tuples for `np.isin`."""
    others = [v for v in SETS if v != k]
    return [np.array(others[i::INNER]) for i in range(INNER)]


def stack_arm(t: Table, x: np.ndarray, precision: float, l2: float) -> tuple[np.ndarray, dict[str, float]]:
    """Leave one set out, strictly nested: the model for vK is fitted on the other sets; its cut is chosen on their
    probabilities from models fitted without vK and without their own inner group (`inner_groups`)."""
    held, cuts = np.zeros(len(t.rows), bool), {}
    for k in SETS:
        inner = np.zeros(len(t.rows))
        for g in inner_groups(k):
            inner[np.isin(t.s, g)] = fit_predict(x, t.y, (t.s != k) & ~np.isin(t.s, g), np.isin(t.s, g), l2)
        cuts[k] = best_cut(inner, t, t.s != k, precision)
        held[t.s == k] = fit_predict(x, t.y, t.s != k, t.s == k, l2) >= cuts[k]
    return held, cuts


def veto_arm(t: Table, x: np.ndarray, max_lost: float, l2: float) -> np.ndarray:
    """The default, then a veto fitted on the default's holds of the other sets: released below the cut at which the
    inner leave-one-set-out vetoes of those sets release at most `max_lost` of their held orders."""
    out = t.base.copy()
    for k in SETS:
        inner = np.full(len(t.rows), np.nan)
        for g in inner_groups(k):
            inner[t.base & np.isin(t.s, g)] = fit_predict(x, t.y, t.base & (t.s != k) & ~np.isin(t.s, g),
                                                          t.base & np.isin(t.s, g), l2)  # fmt: skip
        m = t.base & (t.s != k)
        orders = int((m & t.y).sum())
        cut = max([0.0] + [float(c) for c in CUTS if int(((inner < c) & m & t.y).sum()) <= max_lost * orders])
        te = t.base & (t.s == k)
        idx = np.where(te)[0]
        out[idx[fit_predict(x, t.y, t.base & (t.s != k), te, l2) < cut]] = False
    return out


def grid_nested(t: Table, precision: float) -> tuple[np.ndarray, dict[str, tuple[float, ...]]]:
    """hashlr-16 behind rules/25: for each vK the eligible grid point with most orders over the other sets at
    pooled precision >= `precision`, applied to vK."""
    held, chosen = np.zeros(len(t.rows), bool), {}
    for k in SETS:
        others = tuple(v for v in SETS if v != k)
        scored = []
        for i in t.eligible:
            tp, fp, _ = t.tally(t.grid[:, i], others)
            prec = tp / max(1, tp + fp)
            scored.append((prec >= precision, tp if prec >= precision else prec, -fp, i))
        i = max(scored)[3]
        chosen[k], held[t.s == k] = t.points[i], t.grid[t.s == k, i]
    return held, chosen


def examples_held(t: Table, x: np.ndarray, refit: bool, describes: bool, precision: float, l2: float,
                  final_dir: Path) -> dict[str, Any]:  # fmt: skip
    """The stack fitted on every set, its cut chosen on the pooled leave-one-set-out probabilities: which of the
    hold tests' benign examples it holds that the default does not (hashlr-16's final model from `final_dir`)."""
    oof = np.zeros(len(t.rows))
    for k in SETS:
        oof[t.s == k] = fit_predict(x, t.y, t.s != k, t.s == k, l2)
    cut = best_cut(oof, t, np.ones(len(t.rows), bool), precision)
    w, b = ht.fit(x, t.y.astype(float), l2, maxiter=500)
    rules = b20.Memo(RuleDetector(version=25))
    old = b20.Scored(ClassifierModel.load("hashlr-14"))
    new = b20.Scored(ClassifierModel.load("hashlr-16", final_dir)) if refit else None
    det = RulesWithClassifier(rules, old.at(*SHIPPED[:2]), alone_at=SHIPPED[2], views=True)
    ex_rows = []
    for source, text in b20.benign_examples():
        ra, da = rules.assess(text, source), det.assess(text, source)  # type: ignore[arg-type]
        g = new is not None and RulesWithClassifier(rules, new.at(0.85, 0.85), alone_at=0.85, views=True).assess(
            text, source).held  # type: ignore[arg-type]  # fmt: skip
        ex_rows.append({"text": text, "source": source, "set": "examples", "label": False, "rules_score": ra.score,
                        "rules_held": ra.held, "rules": sorted({x.rule for x in ra.reasons}), "default": da.held,
                        "default_reasons": sorted({x.rule for x in da.reasons}), "old_p": old.scores[text][0],
                        "new_p": new.scores[text][0] if new is not None else None})  # fmt: skip
        ex_rows[-1]["grid"] = "".join("1" if g and p == (0.85, 0.85, 0.85) else "0" for p in t.points)
    both = Table(t.rows + ex_rows, t.y, t.s, t.base, t.grid, t.points, t.eligible)
    xe = dense(both, refit, describes, families(t))[len(t.rows) :]
    p = 1.0 / (1.0 + np.exp(-(xe @ w + b)))
    return {
        "cut_pooled": cut,
        "examples": len(ex_rows),
        "newly_held": [(r["source"], r["text"], round(float(q), 3)) for r, q in zip(ex_rows, p, strict=True)
                       if q >= cut and not r["default"]],
        "released": [(r["source"], r["text"], round(float(q), 3)) for r, q in zip(ex_rows, p, strict=True)
                     if q < cut and r["default"]],
    }  # fmt: skip


def operating_points(args: argparse.Namespace) -> None:
    """`--points`: the stacks with the cues at fixed cuts (one leave-one-set-out model per set, no cut chosen on the
    sets), pooled over v4-v32 and on v32: the figures a cut above the hold tests' benign examples would give."""
    t = Table.load(args.rows)
    fams = families(t)
    for refit in (False, True):
        x = dense(t, refit, True, fams)
        oof = np.zeros(len(t.rows))
        for k in SETS:
            oof[t.s == k] = fit_predict(x, t.y, t.s != k, t.s == k, args.l2)
        for cut in (0.75, 0.8, 0.82, 0.85, 0.9, 0.95):
            name = f"stack{'-refit' if refit else ''}-describes@{cut:g}"
            print(f"{name:30s} v4-v32 {t.figure(oof >= cut, SETS)}; v32 {t.figure(oof >= cut, ('v32',))}", flush=True)


def figures(args: argparse.Namespace) -> None:
    """Phase 2: the arms, per span; printed and written to `--out`."""
    t_start = time.process_time()
    t = Table.load(args.rows)
    arms: dict[str, np.ndarray] = {"default": t.base, "hashlr16-fixed": t.grid[:, t.points.index(SHIPPED)]}
    arms["hashlr16-nested"], chosen = grid_nested(t, args.precision)
    res: dict[str, Any] = {"fixed_eligible": t.points.index(SHIPPED) in t.eligible, "eligible": len(t.eligible),
                           "grid_chosen": {k: chosen[k] for k in BLIND}}  # fmt: skip
    print(f"{len(t.eligible)} of {len(t.points)} grid points eligible; the shipped numbers "
          f"{'are' if res['fixed_eligible'] else 'are not'}; nested picks {Counter(chosen.values()).most_common(3)}",
          flush=True)  # fmt: skip
    fams = families(t)
    arms["veto-describes"] = veto_arm(t, dense(t, False, True, fams), args.max_lost, args.l2)
    print(f"veto done, {time.process_time() - t_start:.0f} s CPU", flush=True)
    res["stack_cuts"], res["examples"] = {}, {}
    for refit in (False, True):
        for describes in (False, True):
            name = f"stack{'-refit' if refit else ''}{'-describes' if describes else ''}"
            x = dense(t, refit, describes, fams)
            arms[name], cuts = stack_arm(t, x, args.precision, args.l2)
            res["stack_cuts"][name] = {k: cuts[k] for k in BLIND}
            if args.final_dir is not None and (not refit or (args.final_dir / "hashlr-16.npz").is_file()):
                res["examples"][name] = examples_held(t, x, refit, describes, args.precision, args.l2, args.final_dir)
                print(f"{name}: hold tests' benign examples newly held {res['examples'][name]['newly_held']}")
            print(f"{name} done, {time.process_time() - t_start:.0f} s CPU, load {os.getloadavg()[0]:.1f}", flush=True)
    res["figures"] = {span: {a: t.figure(held, sets) for a, held in arms.items()} for span, sets in SPANS.items()}
    h.finish(res, t_start, args.out)
    for span, figs in res["figures"].items():
        for a, f in figs.items():
            print(f"{span:7s} {a:26s} {f}")
    print(f"cpu {res['cpu_s']} s, load {res['load_at_end']}")


def main() -> None:
    """Extract, or print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--extract", action="store_true")
    ap.add_argument("--points", action="store_true", help="only the stacks with the cues at fixed cuts")
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det33/rows.jsonl"))
    ap.add_argument("--fold-dir", type=Path, default=Path("/tmp/det33/folds"))
    ap.add_argument("--r21-fold-dir", type=Path, default=Path("/tmp/det21/folds"))
    ap.add_argument("--suffix", default="-l2-2")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--precision", type=float, default=0.95, help="pooled precision the cuts and grid points aim at")
    ap.add_argument("--max-lost", type=float, default=0.005, help="share of held orders a veto may release")
    ap.add_argument("--l2", type=float, default=1.0, help="L2 penalty of the stack and veto models")
    ap.add_argument(
        "--final-dir",
        type=Path,
        default=Path("/tmp/det33/final"),
        help="hashlr-16's final model (scripts/hold_train_round33.py --final) for the examples check",
    )
    args = ap.parse_args()
    if args.extract:
        extract(args)
        return
    if args.points:
        operating_points(args)
        return
    figures(args)


if __name__ == "__main__":
    main()
