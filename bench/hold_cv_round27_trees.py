r"""Round 27, second arm: the stacked stage's inputs read by boosted trees instead of one logistic layer.

Rounds 23-26 read the default's stages through a linear model; the speaker cues of `bench/hold_cv_round27.py` did
not help as linear inputs, and their counts say why (among texts the rules do not hold, the user named in the
third person, a persona, an answer's form, instructions kept secret are about as often orders as not). A tree can
use a cue only where another input makes it telling (a persona line with no rule matched and a high n-gram
probability, in a person's message). Measured out of fold by set over v4-v27, side by side in one run:

- `round24`: stack-2's method (logistic, `t24.loso`: inner leave-one-set-out threshold);
- `round24-g4`: the same logistic stage, its threshold chosen on inner out-of-fold probabilities from four groups
  of the other sets (the nesting the tree arms can afford), so the tree arms have a like-for-like linear arm;
- `trees`, `trees+speaker`: gradient-boosted depth-2 trees (logistic loss, Newton leaves, `--rounds` rounds, rate
  `--rate`, L2 on leaves, features cut at up to 16 quantiles of the training rows) on the stage's columns, then
  with `bench/hold_cv_round27.py`'s speaker cues; rows weighted as the stage's fit (each set the same, orders and
  benign half each, the hold tests' benign examples as one set's benign rows); the threshold chosen as
  `round24-g4`'s and raised above every benign example.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round27_trees.py [--out FILE.json]
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

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_cv_round20 as b20  # noqa: E402
import hold_cv_round25 as b25  # noqa: E402
import hold_cv_round27 as b27  # noqa: E402
import hold_train_round23 as t23  # noqa: E402
import hold_train_round24 as t24  # noqa: E402

SETS = b27.SETS
Model = tuple[list[tuple[int, float, int, float, int, float, float, float, float, float]], float]
"""(trees, base score); a tree: root (column, cut), left child (column, cut), right child (column, cut), then the
four leaves' values (left-left, left-right, right-left, right-right)."""


def _cuts(x: np.ndarray, bins: int = 16) -> list[np.ndarray]:
    """Per column, the distinct quantile cuts of its values (a row goes left when its value is <= the cut)."""
    qs = np.linspace(0, 1, bins + 1)[1:-1]
    return [np.unique(np.quantile(col, qs)) for col in x.T]


def _best_split(bins: np.ndarray, cuts: list[np.ndarray], g: np.ndarray, h: np.ndarray, lam: float,
                least: float) -> tuple[int, float, float]:  # fmt: skip
    """(column, cut, gain) of the best split of these rows (`bins`: each value's bin); column -1 when none helps."""
    best = (-1, 0.0, 0.0)
    gs, hs = g.sum(), h.sum()
    parent = gs * gs / (hs + lam)
    for j, cj in enumerate(cuts):
        if not len(cj):
            continue
        gl = np.cumsum(np.bincount(bins[:, j], g, len(cj) + 1))[:-1]  # bin k holds values in (cut k-1, cut k]
        hl = np.cumsum(np.bincount(bins[:, j], h, len(cj) + 1))[:-1]
        gr, hr = gs - gl, hs - hl
        ok = (hl >= least) & (hr >= least)
        if not ok.any():
            continue
        gain = np.where(ok, gl * gl / (hl + lam) + gr * gr / (hr + lam) - parent, -np.inf)
        k = int(np.argmax(gain))
        if gain[k] > best[2]:
            best = (j, float(cj[k]), float(gain[k]))
    return best


def boost(x: np.ndarray, y: np.ndarray, w: np.ndarray, rounds: int, rate: float, lam: float) -> Model:
    """Gradient-boosted depth-2 trees on weighted logistic loss (`w` sums to the row count)."""
    cuts = _cuts(x)
    bins = np.column_stack([np.searchsorted(c, col, side="left") for c, col in zip(cuts, x.T, strict=True)])
    p0 = float(np.clip((w * y).sum() / w.sum(), 1e-4, 1 - 1e-4))
    base = float(np.log(p0 / (1 - p0)))
    f = np.full(len(y), base)
    least = 1.0
    trees = []
    for _ in range(rounds):
        p = 1 / (1 + np.exp(-f))
        g, h = w * (p - y), w * p * (1 - p)
        j, c, _ = _best_split(bins, cuts, g, h, lam, least)
        if j < 0:
            break
        left = x[:, j] <= c
        node = []
        leaves = []
        for side in (left, ~left):
            jj, cc, _ = _best_split(bins[side], cuts, g[side], h[side], lam, least)
            if jj < 0:
                jj, cc = j, np.inf  # no split: both leaves the same
            node.append((jj, cc))
            sub = x[:, jj] <= cc
            for leaf in (side & sub, side & ~sub):
                leaves.append(-rate * g[leaf].sum() / (h[leaf].sum() + lam))
        trees.append((j, c, node[0][0], node[0][1], node[1][0], node[1][1], *leaves))
        f = f + apply_tree(trees[-1], x)
    return trees, base


def apply_tree(t: tuple[Any, ...], x: np.ndarray) -> np.ndarray:
    """One tree's value for each row of `x`."""
    j, c, lj, lc, rj, rc, a, b, cc, d = t
    left = x[:, j] <= c
    return np.where(left, np.where(x[:, lj] <= lc, a, b), np.where(x[:, rj] <= rc, cc, d))


def predict(model: Model, x: np.ndarray) -> np.ndarray:
    """The boosted model's probability for each row of `x`."""
    trees, base = model
    f = np.full(len(x), base)
    for t in trees:
        f += apply_tree(t, x)
    return 1 / (1 + np.exp(-f))


def tree_fitter(args: argparse.Namespace) -> Callable[[t23.Table, np.ndarray], tuple[Model, np.ndarray]]:
    """A fit on a table's rows of `mask` with the stage's weights and columns (the examples as benign rows)."""

    def fit(table: t23.Table, mask: np.ndarray) -> tuple[Model, np.ndarray]:
        mask = mask & (table.w > 0)
        cols, _ = table.columns(mask, args.min_family)
        w = table.w[mask] * mask.sum() / table.w[mask].sum()
        share = w.sum() / (2 * len(set(table.sets[mask]))) / len(table.examples)
        x = np.vstack([table.x[mask][:, cols], table.examples[:, cols]])
        y = np.concatenate([table.y[mask], np.zeros(len(table.examples))])
        w = np.concatenate([w, np.full(len(table.examples), share)])
        return boost(x, y, w * len(w) / w.sum(), args.rounds, args.rate, args.lam), cols

    return fit


def linear_fitter(args: argparse.Namespace) -> Callable[[t23.Table, np.ndarray], tuple[Any, np.ndarray]]:
    """Stack-2's logistic fit in the same shape as `tree_fitter`'s."""

    def fit(table: t23.Table, mask: np.ndarray) -> tuple[Any, np.ndarray]:
        beta, cols, _ = table.fit_on(mask, args.l2, args.min_family)
        return ("linear", beta), cols

    return fit


def prob(model: Any, x: np.ndarray) -> np.ndarray:
    """Probability from either kind of fitted model."""
    if isinstance(model, tuple) and model and model[0] == "linear":
        return 1 / (1 + np.exp(-np.clip(x @ model[1], -30, 30)))
    return predict(model, x)


def loso_grouped(table: t23.Table, fit: Callable[..., Any], args: argparse.Namespace) -> dict[str, Any]:
    """Leave one set out; the threshold from inner out-of-fold probabilities over four groups of the other sets."""
    held: dict[str, list[bool]] = {}
    outer: dict[str, list[float]] = {}
    for v in SETS:
        others = [u for u in SETS if u != v]
        groups = [others[i::4] for i in range(4)]
        within = np.isin(table.sets, others)
        inner = np.zeros(len(table.rows))
        for grp in groups:
            model, cols = fit(table, within & ~np.isin(table.sets, grp))
            m = np.isin(table.sets, grp)
            inner[m] = prob(model, table.x[m][:, cols])
        keep = within & (table.w > 0)
        t = t23.threshold_for(inner[keep], table.y[keep], table.forced[keep], args.precision)
        model, cols = fit(table, within)
        t = max(t, float(prob(model, table.examples[:, cols]).max()) + 1e-4)
        m = table.sets == v
        p = prob(model, table.x[m][:, cols])
        held[v] = [bool(x) for x in (table.forced[m] | (p >= t))]
        outer[v] = [float(x) for x in p]
        print(f"  without {v}: threshold {t:.3f}", flush=True)
    return {"held": held, "probabilities": outer}


def main() -> None:
    """Print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--features", type=Path, default=b27.FEATURES)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--min-family", type=int, default=30)
    ap.add_argument("--precision", type=float, default=t24.INNER_PRECISION)
    ap.add_argument("--rounds", type=int, default=60)
    ap.add_argument("--rate", type=float, default=0.2)
    ap.add_argument("--lam", type=float, default=5.0)
    ap.add_argument("--arms", nargs="*", default=["round24", "round24-g4", "trees", "trees+speaker"])
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    t0 = time.process_time()
    rows = t23.load(args.features)
    examples = t23.load(args.features.parent / "examples.jsonl")
    y = np.array([float(r["label"]) for r in rows])
    by_set: dict[str, list[tuple[str, bool, str, str, str]]] = {}
    for r in rows:
        by_set.setdefault(r["set"], []).append((r["source"], bool(r["label"]), r["text"], r["lang"], r["group"]))
    base_table = t24.Table24(rows, examples)
    names = [*b27.OWNER, *b27.THIRD]
    speaker = b25.Table25(rows, examples, np.array([b27.cues(r["text"], r["source"], names, True)
                                                      for r in rows + examples]))  # fmt: skip
    arms: dict[str, dict[str, list[bool]]] = {}
    probs: dict[str, dict[str, list[float]]] = {}
    for arm in args.arms:
        if arm == "round24":
            arms[arm] = t24.loso(base_table, SETS, args.l2, args.min_family, args.precision)["held"]
        else:
            table = speaker if arm.endswith("+speaker") else base_table
            res = loso_grouped(table, (linear_fitter if arm == "round24-g4" else tree_fitter)(args), args)
            arms[arm], probs[arm] = res["held"], res["probabilities"]
        print(f"{arm}: {time.process_time() - t0:.0f} s CPU, load {os.getloadavg()[0]:.1f}", flush=True)
    pooled: dict[str, dict[str, str]] = {}
    for span, ss in b27.SPANS.items():
        for arm, h in arms.items():
            c: Counter[str] = Counter()
            for v in ss:
                c += b20.tally(h[v], by_set[v])
            pooled.setdefault(span, {})[arm] = b20.figure(c)
    rforced = np.array([r["rules"].held for r in rows])
    curve = {a: b25.curve_at(np.array([x for v in SETS for x in p[v]]), y, rforced, 0.95) for a, p in probs.items()}
    out: dict[str, Any] = {
        "inner_precision": args.precision,
        "trees": {"rounds": args.rounds, "rate": args.rate, "leaf_l2": args.lam, "depth": 2, "bins": 16},
        "pooled": pooled,
        "curve_recall_at_pooled_precision_0.95": curve,
        "auc_out_of_fold": {
            a: round(b25.auc(np.array([x for v in SETS for x in p[v]]), y), 4) for a, p in probs.items()
        },  # fmt: skip
        "sets": {v: {arm: b20.figure(b20.tally(h[v], by_set[v])) for arm, h in arms.items()} for v in SETS},
        "breakdown": {arm: b20.breakdown(h, by_set, SETS) for arm, h in arms.items()},
        "cpu_s": round(time.process_time() - t0, 1),
        "load_at_end": [round(x, 1) for x in os.getloadavg()],
    }
    for span, figs in pooled.items():
        for arm, f in figs.items():
            print(f"{span:8s} {arm:16s} {f}")
    for arm, f in curve.items():
        print(f"curve {arm:16s} {f}")
    print(f"AUC {out['auc_out_of_fold']}; cpu {out['cpu_s']} s, load {out['load_at_end']}")
    if args.out is not None:
        args.out.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
