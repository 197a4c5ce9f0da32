r"""Round 34, out of fold by set over v4-v33: a stacked stage over the default and hashlr-16, with written benign rows.

Phase 1 (`--extract`, about a minute of CPU): every row of v4-v33 judged as the default would have judged it unseen
(`bench/hold_cv_round33.py`'s rows without its grid): the default `rules/25 + classifier + views/2` with the
classifier that never saw the row's set (round 21's fold model without vK blended with its round-19 anchor for
v4-v22; hashlr-14 itself for v23-v33, fitted before v23 existed), rules/25's score and reasons, hashlr-14's and
hashlr-16's probabilities (`hashlr-16-without-vK-l2-2`, round 33's fold model, blended half and half with its round-19
anchor, for v4-v32; hashlr-16 itself, fitted on v4-v32, for v33), plus the same for the rows written for round 34
(`scripts/hold_benign_round34.py`, set `w34`, benign) and for the hold tests' benign examples (set `examples`, never
trained on), both judged by hashlr-14 and hashlr-16 themselves.

Phase 2: figures from those rows, leave one set out over v4-v33. The stage is `memeval.hold._stacked.features34`
(the runtime's own feature function): a logistic model over the default's verdict, rules/25's score, verdict and
rule families, both classifiers' probabilities, a decoded view's reason and the source.

- `default`: the shipped detector as above;
- `stack34-nested`: held at a cut chosen for each left-out set on inner folds of the other sets at pooled precision
  `--precision` (strictly nested);
- `stack34@C`: held at the fixed cut C (`--cut`, the runtime's), one model per left-out set;
- with `--w34-weight W` the written rows are in every fold's training rows with weight W (0 leaves them out).

Then the final model (every row of v4-v33 and the written rows): which of the hold tests' benign examples it holds at
the cut. The sets' authors have read every spent set over the rounds, so the figures are out of fold for the fitted
parts only; the rules were written from v4-v31. One leak stays as in round 33: the hashlr-16 fold model that judges
vK saw the other sets, so a stack fitted on their rows reads probabilities a little better than unseen there.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round34.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round34.py [--out FILE.json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import _hold_cv as h  # noqa: E402
import hold_benign_round34 as w34  # noqa: E402
import hold_cv_round20 as b20  # noqa: E402
import hold_cv_round21 as b21  # noqa: E402
import hold_train as ht  # noqa: E402
import hold_train_cv as cv  # noqa: E402
import numpy as np  # noqa: E402

from memeval.hold import RuleDetector, RulesWithClassifier  # noqa: E402
from memeval.hold._classifier import ClassifierModel  # noqa: E402
from memeval.hold._stacked import features34  # noqa: E402

SETS = h.sets_through(33)
UNSEEN14 = h.sets_through(33, 23)
ANCHOR19 = {**b21.ANCHOR19, **dict.fromkeys(UNSEEN14, "hashlr-10")}
SHIPPED = (0.8, 0.85, 0.85)
"""The default's numbers: document threshold, person threshold, `alone_at` (hashlr-14.json)."""
SPANS = {"v4-v33": SETS, "v4-v32": SETS[:-1], "v4-v29": SETS[:-4], "v30": ("v30",), "v31": ("v31",),
         "v32": ("v32",), "v33": ("v33",)}  # fmt: skip
CUTS = np.linspace(0.3, 0.99, 139)
INNER = 4


def old_model(v: str) -> ClassifierModel:
    """hashlr-14, or round 21's fold model without `v` blended with its round-19 anchor for v4-v22."""
    if v not in b21.ANCHOR19 or v in UNSEEN14:
        return ClassifierModel.load("hashlr-14")
    return b20.blended(ClassifierModel.load(f"hashlr-14-without-{v}", Path("/tmp/det21/folds")), ANCHOR19[v], 0.5)


def new_model(v: str, fold_dir: Path, final_dir: Path) -> ClassifierModel:
    """hashlr-16's fold model without `v` (round 33's, blended), or hashlr-16 itself for a set it never saw."""
    if v in SETS[:-1]:
        return b20.blended(ClassifierModel.load(f"hashlr-16-without-{v}-l2-2", fold_dir), ANCHOR19[v], 0.5)
    return ClassifierModel.load("hashlr-16", final_dir)


def extract(
    args: argparse.Namespace,
    sets: tuple[str, ...] = SETS,
    old_of: Callable[[str], ClassifierModel] = old_model,
    new_of: Callable[[str, Path, Path], ClassifierModel] = new_model,
) -> None:
    """Phase 1: one JSON line per row (see the module docstring), with the row's language and origin group.

    `sets`, `old_of` and `new_of` (the sets, the default classifier and hashlr-16 that judge a set's rows) let a
    later round extract its own sets (`bench/hold_cv_round35.py`)."""
    t_start = time.process_time()
    rules = b20.Memo(RuleDetector(version=25))
    d, p, a = SHIPPED
    groups: list[tuple[str, list[tuple[str, bool, str, str, str]]]] = [(v, list(cv.grouped(v))) for v in sets]
    groups.append(("w34", [(s, False, t, "", "written-round34") for s, t in w34.rows()]))
    groups.append(("examples", [(s, False, t, "", "examples") for s, t in b20.benign_examples()]))
    args.rows.parent.mkdir(parents=True, exist_ok=True)
    with args.rows.open("w", encoding="utf-8") as out:
        for v, rows in groups:
            t0 = time.process_time()
            old, new = b20.Scored(old_of(v)), b20.Scored(new_of(v, args.fold_dir, args.final_dir))
            det = RulesWithClassifier(rules, old.at(d, p), alone_at=a, views=True)
            for i, (source, label, text, lang, origin) in enumerate(rows):
                ra, da = rules.assess(text, source), det.assess(text, source)  # type: ignore[arg-type]
                new.at(d, p).assess(text, source)  # type: ignore[arg-type]
                row = {"set": v, "i": i, "source": source, "label": label, "text": text, "lang": lang,
                       "origin": origin, "rules_score": ra.score, "rules_held": ra.held,
                       "rules": sorted({x.rule for x in ra.reasons}), "default": da.held,
                       "default_reasons": sorted({x.rule for x in da.reasons}),
                       "old_p": old.scores[text][0] if text in old.scores else old.clf.score(text)[0],
                       "new_p": new.scores[text][0]}  # fmt: skip
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
            print(f"{v}: {time.process_time() - t0:.0f} s CPU, load {os.getloadavg()[0]:.1f}", flush=True)
    print(f"cpu {time.process_time() - t_start:.0f} s")


def load(path: Path) -> list[dict[str, Any]]:
    """The extracted rows."""
    return [json.loads(line) for line in path.open(encoding="utf-8")]


def families(rows: list[dict[str, Any]]) -> list[str]:
    """Rule families seen 30 times or more among the sets' rows' rules/25 reasons, most frequent first."""
    from memeval.hold._stacked import family

    counts = Counter(family(x) for r in rows if r["set"] in SETS for x in r["rules"])
    return [f for f, c in counts.most_common() if c >= 30]


def dense(rows: list[dict[str, Any]], fams: list[str]) -> np.ndarray:
    """`features34` of every row (the runtime's own numbers)."""
    return np.array([features34(r["source"], r["default"], r["default_reasons"], r["rules_score"], r["rules_held"],
                                r["rules"], r["old_p"], r["new_p"], fams) for r in rows])  # fmt: skip


def fit(x: np.ndarray, y: np.ndarray, w: np.ndarray, l2: float) -> tuple[np.ndarray, float]:
    """`hold_train.fit` (class-balanced L2 logistic regression, L-BFGS) with sample weights `w`."""
    return ht.fit(x, y.astype(float), l2, sample_weight=w, maxiter=500)


def prob(x: np.ndarray, model: tuple[np.ndarray, float]) -> np.ndarray:
    """The logistic model's probabilities."""
    return 1.0 / (1.0 + np.exp(-(x @ model[0] + model[1])))


def best_cut(p: np.ndarray, y: np.ndarray, mask: np.ndarray, precision: float) -> float:
    """The cut on `p` with most orders among `mask` at precision >= `precision` (else the most precise)."""
    scored = []
    for c in CUTS:
        held = (p >= c) & mask
        tp, fp = int((held & y).sum()), int((held & ~y).sum())
        prec = tp / max(1, tp + fp)
        scored.append((prec >= precision, tp if prec >= precision else prec, float(c)))
    return max(scored)[2]


def figure(held: np.ndarray, y: np.ndarray, s: np.ndarray, sets: tuple[str, ...]) -> str:
    """'caught/orders = recall, precision p, benign held n'."""
    m = np.isin(s, sets)
    tp, fp, pos = int((held & y & m).sum()), int((held & ~y & m).sum()), int((y & m).sum())
    return f"{tp}/{pos} = {tp / pos:.3f}, precision {tp / max(1, tp + fp):.3f}, benign held {fp}"


RELEASE = (0.5, 0.6, 0.65, 0.7, 0.75, 0.8)
ADD = (0.85, 0.88, 0.9, 0.92, 0.95)


def two_cut_nested(x: np.ndarray, y: np.ndarray, s: np.ndarray, w: np.ndarray, base: np.ndarray, stands: np.ndarray,
                   oof: np.ndarray, train_ok: np.ndarray, args: argparse.Namespace
                   ) -> tuple[np.ndarray, dict[str, tuple[float, float]]]:  # fmt: skip
    """The two-cut stage with its cuts chosen for each left-out vK on the other sets: among the points of
    `RELEASE` x `ADD` at which the model without vK holds none of the hold tests' benign examples anew, the one with
    most orders over the other sets at a precision at least the default's there plus `--margin`. The other sets are
    judged by their own out-of-fold probabilities (`oof`; their models saw vK, so this is nested for the cuts only)."""
    ex = s == "examples"
    held, chosen = np.zeros(len(s), bool), {}
    for k in SETS:
        m = np.isin(s, SETS) & (s != k)
        tr = train_ok & (s != k)
        pe = prob(x[ex], fit(x[tr], y[tr], w[tr], args.l2))
        tp0, fp0 = int((base & y & m).sum()), int((base & ~y & m).sum())
        floor = tp0 / (tp0 + fp0) + args.margin
        scored = []
        for r in RELEASE:
            for a in ADD:
                if ((~base[ex]) & (stands[ex] | (pe >= a))).any():
                    continue
                hh = stands | np.where(base, oof >= r, oof >= a)
                tp, fp = int((hh & y & m).sum()), int((hh & ~y & m).sum())
                scored.append((tp / max(1, tp + fp) >= floor, tp, -fp, r, a))
        best = max(scored)
        chosen[k] = (best[3], best[4])
        held[s == k] = (stands | np.where(base, oof >= best[3], oof >= best[4]))[s == k]
    return held, chosen


def figures(args: argparse.Namespace) -> None:
    """Phase 2: print and write the arms' figures and the final model's verdicts on the hold tests' examples."""
    t_start = time.process_time()
    rows = load(args.rows)
    fams = families(rows)
    x = dense(rows, fams)
    y = np.array([bool(r["label"]) for r in rows])
    s = np.array([r["set"] for r in rows])
    base = np.array([bool(r["default"]) for r in rows])
    w = np.where(s == "w34", args.w34_weight, 1.0)
    train_ok = np.isin(s, (*SETS, "w34")) & (w > 0)
    oof = np.zeros(len(rows))
    nested = np.zeros(len(rows), bool)
    cuts = {}
    for k in SETS:
        tr = train_ok & (s != k)
        oof[s == k] = prob(x[s == k], fit(x[tr], y[tr], w[tr], args.l2))
        if args.nested:
            others = [v for v in SETS if v != k]
            inner = np.zeros(len(rows))
            for g in (np.array(others[i::INNER]) for i in range(INNER)):
                tri = tr & ~np.isin(s, g)
                inner[np.isin(s, g)] = prob(x[np.isin(s, g)], fit(x[tri], y[tri], w[tri], args.l2))
            cuts[k] = best_cut(inner, y, np.isin(s, others), args.precision)
            nested[s == k] = oof[s == k] >= cuts[k]
    stands = np.array([bool(r["rules_held"]) or (bool(r["default"]) and any(x.startswith("hidden-")
                       for x in r["default_reasons"])) for r in rows])  # fmt: skip
    arms = {"default": base, **{f"stack34@{c:g}": oof >= c for c in args.cut}}
    if args.nested:
        arms["stack34-nested"] = nested
    model = fit(x[train_ok], y[train_ok], w[train_ok], args.l2)
    ex = s == "examples"
    pe = prob(x[ex], model)
    two = stands | np.where(base, oof >= args.release, oof >= args.add)
    arms[f"two-cut {args.release:g}/{args.add:g}"] = two
    arms["two-cut nested"], chosen = two_cut_nested(x, y, s, w, base, stands, oof, train_ok, args)
    res: dict[str, Any] = {
        "families": fams, "w34_weight": args.w34_weight, "l2": args.l2, "cuts_nested": cuts,
        "figures": {span: {a: figure(held, y, s, sets) for a, held in arms.items()} for span, sets in SPANS.items()},
        "two_cut_chosen": chosen,
        "examples": int(ex.sum()),
        "examples_newly_held_two_cut": [rows[i]["text"] for i, q in zip(np.where(ex)[0], pe, strict=True)
                                        if not base[i] and (stands[i] or q >= args.add)],
        "examples_released_two_cut": [rows[i]["text"] for i, q in zip(np.where(ex)[0], pe, strict=True)
                                      if base[i] and not stands[i] and q < args.release],
        "examples_default_held": [rows[i]["text"] for i in np.where(ex & base)[0]],
        "examples_final": [(rows[i]["source"], rows[i]["text"], round(float(q), 3))
                           for i, q in zip(np.where(ex)[0], pe, strict=True) if q >= min(args.cut) - 0.1],
        "w34_final_max": round(float(prob(x[s == "w34"], model).max()), 3),
        "weights": [round(float(v), 4) for v in model[0]] + [round(float(model[1]), 4)],
    }  # fmt: skip
    h.finish(res, t_start, args.out)
    for span, figs in res["figures"].items():
        for a, f in figs.items():
            print(f"{span:7s} {a:18s} {f}")
    print("examples the final model scores near or above the cut:", *res["examples_final"], sep="\n  ")
    print(
        "two-cut: examples newly held",
        res["examples_newly_held_two_cut"],
        "released",
        res["examples_released_two_cut"],
        "chosen",
        Counter(chosen.values()).most_common(4),
    )
    print(f"cpu {res['cpu_s']} s, load {res['load_at_end']}")


def main() -> None:
    """Extract, or print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--extract", action="store_true")
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det34/rows.jsonl"))
    ap.add_argument("--fold-dir", type=Path, default=Path("/tmp/det33/folds"))
    ap.add_argument("--final-dir", type=Path, default=ROOT / "memeval/hold/model",
                    help="where hashlr-16 (scripts/hold_train_round33.py --final) is")  # fmt: skip
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--precision", type=float, default=0.95)
    ap.add_argument("--nested", action="store_true", help="also the strictly nested cut (slower)")
    ap.add_argument("--cut", type=float, nargs="+", default=[0.75])
    ap.add_argument("--release", type=float, default=0.7, help="two-cut: a held text is released below this")
    ap.add_argument("--add", type=float, default=0.88, help="two-cut: a text not held is held from this")
    ap.add_argument("--margin", type=float, default=0.005, help="two-cut nested: precision above the default's")
    ap.add_argument("--w34-weight", type=float, default=1.0)
    ap.add_argument("--l2", type=float, default=1.0)
    args = ap.parse_args()
    if args.extract:
        extract(args)
        return
    figures(args)


if __name__ == "__main__":
    main()
