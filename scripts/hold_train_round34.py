#!/usr/bin/env python3
r"""Train `stack-34`: round 34's stacked stage over the default and hashlr-16 (issue 15).

Reads the rows `bench/hold_cv_round34.py --extract` wrote (every row of the spent held-out sets v4-v33, each judged
by classifiers that never saw its set, and the benign rows written for round 34 in `scripts/hold_benign_round34.py`)
and fits one class-balanced L2 logistic model (`hold_train.fit`, L2 1, the bench's) over
`memeval.hold._stacked.features34` on all of them: the sets' rows with weight 1, the written rows with weight
`--w34-weight` (1). The hold tests' benign examples (set `examples` in the rows) are never trained on. Writes
`memeval/hold/model/stack-34.json`: the feature names, weights, the rule families, the two cuts (`release`: a text
the default holds is released below it unless rules/25 or a decoded view held it; `add`: a text the default does
not hold is held from it), chosen out of fold by set by the bench (`two-cut` arm), the classifiers it reads and
the provenance of every row (per set: the fixture file and its counts; the written rows: "written for round 34").
Deterministic for the same rows. Nothing named v34 is read: `SETS` stops at v33.

Usage:
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python bench/hold_cv_round34.py --extract
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python scripts/hold_train_round34.py [--rows FILE] [--out DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_benign_round34 as w34  # noqa: E402
import hold_cv_round34 as b34  # noqa: E402
import numpy as np  # noqa: E402

from memeval.hold._stacked import STACK34_FEATURES  # noqa: E402

NAME = "stack-34"
RELEASE, ADD = 0.7, 0.88
"""The cuts: the bench's `two-cut` arm (`--release 0.7 --add 0.88`), the point the nested choice picks for 26 of the
30 left-out sets (`bench/results/hold_cv_round34.txt`)."""


def main() -> None:
    """Fit on every row and write the record (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det34/rows.jsonl"))
    ap.add_argument("--out", type=Path, default=ROOT / "memeval/hold/model")
    ap.add_argument("--w34-weight", type=float, default=1.0)
    ap.add_argument("--l2", type=float, default=1.0)
    args = ap.parse_args()
    rows = [r for r in b34.load(args.rows) if r["set"] in (*b34.SETS, "w34")]
    if {r["text"] for r in rows if r["set"] == "w34"} != {t for _, t in w34.rows()}:
        raise SystemExit(f"{args.rows}: its written rows are not scripts/hold_benign_round34.py's; extract again")
    fams = b34.families(rows)
    x = b34.dense(rows, fams)
    y = np.array([bool(r["label"]) for r in rows])
    w = np.array([args.w34_weight if r["set"] == "w34" else 1.0 for r in rows])
    weights, bias = b34.fit(x, y, w, args.l2)
    counts: dict[str, Counter[str]] = {}
    for r in rows:
        counts.setdefault(r["set"], Counter())["orders" if r["label"] else "not"] += 1
    digest = hashlib.sha256("\n".join(f"{r['set']}\t{r['source']}\t{int(r['label'])}\t{r['text']}"
                                      for r in rows).encode("utf-8")).hexdigest()  # fmt: skip
    record = {
        "name": NAME,
        "features": [*STACK34_FEATURES, *(f"family_{f}" for f in fams)],
        "families": fams,
        "weights": [float(v) for v in weights],
        "bias": float(bias),
        "release": RELEASE,
        "add": ADD,
        "rules": "rules/25",
        "classifier": "hashlr-14",
        "refit": "hashlr-16",
        "l2": args.l2,
        "rows": len(rows),
        "data_sha256": digest,
        "provenance": {
            **{v: {"file": f"tests/fixtures/hold_heldout_{v}/heldout_{v}.jsonl", **counts[v]} for v in b34.SETS},
            "w34": {
                "file": "scripts/hold_benign_round34.py",
                "source": w34.PROVENANCE,
                "weight": args.w34_weight,
                **counts["w34"],
            },
        },
        "fit_rule": (
            "class-balanced L2 logistic regression (scripts/hold_train.py fit, L-BFGS) over features34 of every row: "
            "the default's verdict and decoded-view reason, rules/25's score, verdict and rule families, hashlr-14's "
            "and hashlr-16's probabilities (each row judged by classifiers that never saw its set: "
            "bench/hold_cv_round34.py --extract), the source"
        ),
        "cut_rule": (
            "held when rules/25 or a decoded view holds the text; otherwise a text the default holds stays held at "
            "probability >= release, and a text it does not hold is held at probability >= add; the cuts from "
            "bench/hold_cv_round34.py's two-cut arm, out of fold by set over v4-v33, among points at which no hold "
            "test's benign example is newly held"
        ),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"{NAME}.json"
    path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {path}: {len(rows)} rows, {len(fams)} families, sha256 {digest[:12]}")


if __name__ == "__main__":
    main()
