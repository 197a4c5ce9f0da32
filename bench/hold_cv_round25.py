r"""Round 25: a stacked stage that also reads the encoder head's out-of-fold probability, read only when unsure.

Out of fold by set over v4-v26 (v26 spent by the lead's look after round 24), side by side in one run:

- `round22`: the default (rules/20 + the classifier that never saw the set + views/2), as extracted;
- `round24`: stack-2's method (`scripts/hold_train_round24.py`) refitted per fold over the other 22 sets, its
  threshold nested at inner pooled precision `--precision`;
- `round25-BAND`: the same stage with two more inputs, read only for texts the cheap stages leave unsure (the
  rules do not hold the text and the n-gram classifier's probability is in BAND): a 0/1 "read" flag and the
  logit of the encoder head's probability (the highest over the text's readings and windows, as
  `EncoderClassifier.score` takes it). Outside the band both are 0 and the encoder is never run.

The encoder head (uselr's form: logistic over a 512-number USE multilingual v3 embedding) is fitted per set on
the cached embeddings (`scripts/hold_train_round25.py --embed`) of the other sets' rows only, each set weighing
the same, so a set's encoder input comes from a head that never saw it; the stacked stage is fitted per fold
without the set too. (The training rows' encoder inputs come from heads that left out their own set but saw the
judged one: the same one-level stacking as round 23's classifier inputs.) The hold tests' benign examples read
a head fitted on every set and bound each fold's threshold from above as in rounds 23-24.

Besides the nested verdicts, `curve` gives each arm's pooled recall at pooled precision >= 0.95 with one
threshold over the outer out-of-fold probabilities (not nested; the same footing for every arm).

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round25.py [--out FILE.json]
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
import hold_train_round25 as t25  # noqa: E402

SETS = t25.SETS
SPANS = {"v4-v26": SETS, "v4-v25": SETS[:-1], "v4-v17": SETS[:14], "v18-v26": SETS[14:], "v25": ("v25",),
         "v26": ("v26",)}  # fmt: skip
BANDS = {
    "flag-0.02-0.9": ("flag", 0.02, 0.9),
    "flag-all": ("flag", 0.0, 1.01),
    "impute-0.02-0.9": ("impute", 0.02, 0.9),
    "impute-0-0.85": ("impute", 0.0, 0.85),
    "impute-all": ("impute", 0.0, 1.01),
    "diff-0-0.85": ("diff", 0.0, 0.85),
    "flag-non-ascii": ("flag", -1.0, 1.01),
    "impute-non-ascii": ("impute", -1.0, 1.01),
}
"""Unsure bands of the n-gram classifier's probability (texts the rules hold are never in one) and how the encoder
enters: `flag` (a 0/1 read flag and the encoder's logit, both 0 outside), `impute` (one input: the encoder's logit
inside the band, the classifier's outside), `diff` (one input: encoder's logit minus the classifier's inside, 0
outside). A band from -1 reads every text with a non-ASCII letter the rules do not hold, whatever the
classifier says (the gain of reading the encoder everywhere was mostly in other languages)."""


def head_fit(e: np.ndarray, y: np.ndarray, w: np.ndarray, l2: float) -> np.ndarray:
    """A logistic head (bias first, then 512 weights) on embeddings `e`, by round 23's weighted Newton fit."""
    return t23.fit(np.hstack([np.ones((len(e), 1)), e]), y, w, l2)


def head_probability(beta: np.ndarray, emb: np.ndarray, owner: np.ndarray, n: int) -> np.ndarray:
    """Per text, the highest head probability over its chunks (`owner` maps chunks to texts 0..n-1)."""
    p = 1 / (1 + np.exp(-np.clip(emb @ beta[1:] + beta[0], -30, 30)))
    out = np.zeros(n)
    np.maximum.at(out, owner, p)
    return out


class Table25(t24.Table24):
    """Round 24's table with `extra` columns (rows, then examples) always kept after the base and family columns."""

    def __init__(self, rows: list[dict[str, Any]], examples: list[dict[str, Any]], extra: np.ndarray) -> None:
        super().__init__(rows, examples)
        self.n_main = self.x.shape[1]
        self.x = np.hstack([self.x, extra[: len(rows)]])
        self.examples = np.hstack([self.examples, extra[len(rows) :]])

    def columns(self, mask: np.ndarray, least: int) -> tuple[np.ndarray, list[str]]:
        """Round 23's columns, then the extra ones."""
        cols, fams = super().columns(mask, least)
        return np.array([*cols, *range(self.n_main, self.x.shape[1])]), fams


def main() -> None:
    """Print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--features", type=Path, default=t25.FEATURES)
    ap.add_argument("--embeddings", type=Path, default=t25.EMBEDDINGS)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--head-l2", type=float, default=1.0)
    ap.add_argument("--min-family", type=int, default=30)
    ap.add_argument("--precision", type=float, default=t24.INNER_PRECISION)
    ap.add_argument("--bands", nargs="*", default=list(BANDS), choices=list(BANDS), help="arms to run (default all)")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    t0 = time.process_time()
    rows = t23.load(args.features)
    examples = t23.load(args.features.parent / "examples.jsonl")
    n, m = len(rows), len(rows) + len(examples)
    with np.load(args.embeddings) as d:
        emb, owner, first, cpu_ms = d["emb"], d["owner"], d["first"], d["cpu_ms"]
    assert len(first) == m, "embeddings do not match the features; rerun scripts/hold_train_round25.py --embed"
    sets = np.array([r["set"] for r in rows])
    y = np.array([float(r["label"]) for r in rows])
    w = t23.weights(rows)
    for v, origin in t24.NOT_TRAINED.items():  # scored, not fitted, as round 24
        idx = np.nonzero(sets == v)[0]
        for i, o in zip(idx, t24.origins(v), strict=True):
            w[i] = 0.0 if o == origin else w[i]
    enc = np.zeros(m)
    for v in SETS:  # each set's encoder probability from a head that never saw it
        tr = sets != v
        beta = head_fit(emb[first[:n][tr]], y[tr], w[tr], args.head_l2)
        p = head_probability(beta, emb, owner, m)
        enc[:n][sets == v] = p[:n][sets == v]
        print(f"head without {v}: {time.process_time() - t0:.0f} s CPU", flush=True)
    beta = head_fit(emb[first[:n]], y, w, args.head_l2)
    enc[n:] = head_probability(beta, emb, owner, m)[n:]
    everything = rows + examples
    clf = np.array([r["clf"].score for r in everything])
    ruled = np.array([r["rules"].held for r in everything])
    logit = np.log(np.clip(enc, 1e-4, 1 - 1e-4) / (1 - np.clip(enc, 1e-4, 1 - 1e-4)))
    by_set: dict[str, list[tuple[str, bool, str, str, str]]] = {}
    base: dict[str, list[bool]] = {}
    for r in rows:
        by_set.setdefault(r["set"], []).append((r["source"], bool(r["label"]), r["text"], r["lang"], r["group"]))
        base.setdefault(r["set"], []).append(r["base"].held)
    arms: dict[str, dict[str, list[bool]]] = {"round22": base}
    probs: dict[str, dict[str, list[float]]] = {}
    thresholds: dict[str, dict[str, float]] = {}
    gated: dict[str, Any] = {}
    r24 = t24.loso(t24.Table24(rows, examples), SETS, args.l2, args.min_family, args.precision)
    arms["round24"], thresholds["round24"] = r24["held"], r24["thresholds"]
    probs["round24"] = outer_probabilities(t24.Table24(rows, examples), args)
    foreign = np.array([any(ord(c) > 127 and c.isalpha() for c in r["text"]) for r in everything])
    cl = np.clip(clf, 1e-4, 1 - 1e-4)
    clf_logit = np.log(cl / (1 - cl))
    for name in args.bands:
        mode, lo, hi = BANDS[name]
        gate = (~ruled) & (clf >= lo) & (clf < hi) if lo >= 0 else (~ruled) & foreign
        if mode == "flag":
            extra = np.column_stack([gate.astype(float), np.where(gate, logit, 0.0)])
        elif mode == "impute":
            extra = np.where(gate, logit, clf_logit)[:, None]
        else:
            extra = np.where(gate, logit - clf_logit, 0.0)[:, None]
        table = Table25(rows, examples, extra)
        res = t24.loso(table, SETS, args.l2, args.min_family, args.precision)
        arm = f"round25-{name}"
        arms[arm], thresholds[arm] = res["held"], res["thresholds"]
        probs[arm] = outer_probabilities(table, args)
        g = gate[:n]
        gated[arm] = {
            "share_of_rows_encoded": round(float(g.mean()), 4),
            "orders_in_band": int(y[g].sum()),
            "benign_in_band": int((1 - y[g]).sum()),
            "encoder_cpu_ms_per_encoded_text": {"median": round(float(np.median(cpu_ms[:n][g])), 2),
                                                "mean": round(float(np.mean(cpu_ms[:n][g])), 2),
                                                "p90": round(float(np.percentile(cpu_ms[:n][g], 90)), 2)},
        }  # fmt: skip
        print(f"{arm}: {gated[arm]}", flush=True)
    pooled: dict[str, dict[str, str]] = {}
    for span, ss in SPANS.items():
        for arm, held in arms.items():
            c: Counter[str] = Counter()
            for v in ss:
                c += b20.tally(held[v], by_set[v])
            pooled.setdefault(span, {})[arm] = b20.figure(c)
    forced = np.array([r["rules"].held for r in rows])
    curve = {arm: curve_at(np.array([x for v in SETS for x in p[v]]), y, forced, 0.95) for arm, p in probs.items()}
    out: dict[str, Any] = {
        "inner_precision": args.precision,
        "l2": args.l2,
        "head_l2": args.head_l2,
        "bands": {k: list(BANDS[k]) for k in args.bands},
        "gated": gated,
        "encoder_cpu_ms_all_rows": {"median": round(float(np.median(cpu_ms[:n])), 2),
                                    "mean": round(float(np.mean(cpu_ms[:n])), 2)},
        "encoder_head_auc_out_of_fold": round(auc(enc[:n], y), 4),
        "thresholds_nested": {a: {v: round(t, 4) for v, t in th.items()} for a, th in thresholds.items()},
        "pooled": pooled,
        "curve_recall_at_pooled_precision_0.95": curve,
        "sets": {v: {arm: b20.figure(b20.tally(held[v], by_set[v])) for arm, held in arms.items()} for v in SETS},
        "breakdown": {arm: b20.breakdown(held, by_set, SETS) for arm, held in arms.items()},
        "cpu_s": round(time.process_time() - t0, 1),
        "load_at_end": [round(x, 1) for x in os.getloadavg()],
    }  # fmt: skip
    for span, figs in pooled.items():
        for arm, f in figs.items():
            print(f"{span:8s} {arm:20s} {f}")
    for arm, f in curve.items():
        print(f"curve {arm:20s} {f}")
    print(f"encoder head AUC out of fold {out['encoder_head_auc_out_of_fold']}; cpu {out['cpu_s']} s, "
          f"load {out['load_at_end']}")  # fmt: skip
    if args.out is not None:
        args.out.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def outer_probabilities(table: t23.Table, args: argparse.Namespace) -> dict[str, list[float]]:
    """Each set's probabilities from the stage fitted without it (no threshold)."""
    out = {}
    for v in SETS:
        beta, cols, _ = table.fit_on(table.sets != v, args.l2, args.min_family)
        out[v] = [float(x) for x in table.prob(table.sets == v, beta, cols)]
    return out


def curve_at(p: np.ndarray, y: np.ndarray, forced: np.ndarray, precision: float) -> str:
    """Pooled orders caught at the lowest single threshold whose pooled precision is >= `precision`."""
    t = t23.threshold_for(p, y, forced, precision)
    held = forced | (p >= t)
    tp, fp = int((held & (y > 0)).sum()), int((held & (y == 0)).sum())
    return f"{tp}/{int(y.sum())} = {tp / y.sum():.3f} at {tp / max(tp + fp, 1):.3f} ({fp} benign held, t={t:.3f})"


def auc(p: np.ndarray, y: np.ndarray) -> float:
    """Area under the ROC curve (ties counted half)."""
    order = np.argsort(p, kind="mergesort")
    ranks = np.empty(len(p))
    ranks[order] = np.arange(1, len(p) + 1)
    pos = y > 0
    return float((ranks[pos].sum() - pos.sum() * (pos.sum() + 1) / 2) / (pos.sum() * (~pos).sum()))


if __name__ == "__main__":
    main()
