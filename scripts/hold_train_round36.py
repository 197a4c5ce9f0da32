#!/usr/bin/env python3
r"""Train `stack-36`: round 34's stacked stage with a language-agnostic reading of risk as more inputs (issue 15).

Reads the rows `bench/hold_cv_round36.py --extract` wrote (every row of the spent held-out sets v4-v35, each judged by
classifiers that never saw its set, and the benign rows written for round 34 in `scripts/hold_benign_round34.py`) and
fits one class-balanced L2 logistic model (`hold_train.fit`, L2 1, the bench's) over `features34` followed by
`memeval.hold._concepts.vector` (`memeval.hold._stacked36.feature_names`) on all of them, each with weight 1. The
hold tests' benign examples (set `examples` in the rows) are never trained on. The rule families are round 34's
(`hold_cv_round34.families`: those seen 30 times or more among rules/25's reasons over v4-v33). Writes
`memeval/hold/model/stack-36.json`: feature names, weights, bias, families, the two cuts (chosen out of fold by set:
the nested choice of `bench/hold_cv_round36.py --nested` for the `+concepts` arm), the classifiers it reads and the
provenance of every row (per set: the fixture file and its counts; the written rows). Deterministic for the same rows.
Nothing of a set being written now is read: the sets stop at v35 (`hold_train_cv.SPENT`).

Usage:
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python bench/hold_cv_round36.py --extract
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python scripts/hold_train_round36.py [--rows FILE] [--out DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_benign_round34 as w34  # noqa: E402
import hold_cv_round34 as b34  # noqa: E402
import hold_cv_round36 as b36  # noqa: E402
import numpy as np  # noqa: E402

from memeval.hold._concepts import vector  # noqa: E402
from memeval.hold._stacked36 import feature_names  # noqa: E402

NAME = "stack-36"
RELEASE, ADD = 0.65, 0.88
"""The cuts the nested choice picks for 24 of the 32 left-out sets with the concepts (`bench/hold_cv_round36.py
--nested`, `nested_cuts` in bench/results/hold_cv_round36.json); round 34's stage alone picks (0.7, 0.88) for all."""


def main() -> None:
    """Fit on every row and write the record (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det36/rows.jsonl"))
    ap.add_argument("--out", type=Path, default=ROOT / "memeval/hold/model")
    ap.add_argument("--l2", type=float, default=1.0)
    args = ap.parse_args()
    write_stage(args, b36.SETS, NAME, RELEASE, ADD, "bench/hold_cv_round36.py", {})


def write_stage(args: argparse.Namespace, sets: tuple[str, ...], name: str, release: float, add: float, bench: str,
                extra: dict[str, object], written: tuple[Any, ...] = (w34,), model: Any = None) -> None:  # fmt: skip
    """Fit `features34` + the concepts on `sets` and the written rows of `args.rows`; write `name`.json to `args.out`.

    The record has the cuts, `extra` (more record fields) and the provenance; round 37 reuses it for stack-37, round
    38 for stack-38 with `model` `Stack38Model` (the concept numbers its `concepts_of` reads; `Stack36Model` unless
    given).

    Raises:
        SystemExit: the rows file lacks a set or its written rows are not `hold_benign_round34`'s.
    """
    groups = {f"w{m.PROVENANCE.rsplit(' ', 1)[1]}": m for m in written}  # "written for round 34" -> w34
    rows = [r for r in b34.load(args.rows) if r["set"] in (*sets, *groups)]
    for g, m in groups.items():
        if {r["text"] for r in rows if r["set"] == g} != {t for _, t in m.rows()}:
            raise SystemExit(f"{args.rows}: its written rows {g} are not {m.__name__}'s; extract again")
    if {r["set"] for r in rows} != {*sets, *groups}:
        raise SystemExit(f"{args.rows}: not every set of {sets[0]}-{sets[-1]} is there; run {bench} --extract")
    fams = b34.families(rows)
    concepts_of = vector if model is None else model.concepts_of
    x = np.hstack([b34.dense(rows, fams), np.array([concepts_of(r["text"]) for r in rows])])
    y = np.array([bool(r["label"]) for r in rows])
    sw = np.array([getattr(groups.get(r["set"]), "WEIGHT", 1.0) for r in rows])
    weights, bias = b34.fit(x, y, sw, args.l2)
    counts: dict[str, Counter[str]] = {}
    for r in rows:
        counts.setdefault(r["set"], Counter())["orders" if r["label"] else "not"] += 1
    digest = hashlib.sha256("\n".join(f"{r['set']}\t{r['source']}\t{int(r['label'])}\t{r['text']}"
                                      for r in rows).encode("utf-8")).hexdigest()  # fmt: skip
    record = {
        "name": name,
        "features": feature_names(fams) if model is None else feature_names(fams, model.CONCEPT_FEATURES),
        "families": fams,
        "weights": [round(float(v), 6) for v in weights],
        "bias": round(float(bias), 6),
        "release": release,
        "add": add,
        "rules": "rules/25",
        "classifier": "hashlr-14",
        "refit": "hashlr-16",
        "concepts": "memeval/hold/_concepts.py (word lists in memeval/hold/_concepts_lexicon.py, written for memeval)",
        "l2": args.l2,
        "rows": len(rows),
        "data_sha256": digest,
        "provenance": {
            **{v: {"file": f"tests/fixtures/hold_heldout_{v}/heldout_{v}.jsonl", **counts[v]} for v in sets},
            **{
                g: {
                    "file": f"scripts/{m.__name__}.py",
                    "source": m.PROVENANCE,
                    "weight": getattr(m, "WEIGHT", 1.0),
                    **counts[g],
                }
                for g, m in groups.items()
            },
        },
        "fit_rule": (
            "class-balanced L2 logistic regression (scripts/hold_train.py fit, L-BFGS) over features34 of every row "
            "(the default's verdict and decoded-view reason, rules/25's score, verdict and rule families, hashlr-14's "
            "and hashlr-16's probabilities, each row judged by classifiers that never saw its set: "
            f"{bench} --extract; the source) and memeval.hold._concepts.vector of its text"
        ),
        "cut_rule": (
            "held when rules/25 or a decoded view holds the text; otherwise a text the default holds stays held at "
            "probability >= release, and a text it does not hold is held at probability >= add; the cuts are the "
            f"pair {bench} --nested chooses for most left-out sets (most orders over the other sets at "
            "a precision at least the default's there plus 0.005, no hold test's benign example newly held)"
        ),
        **extra,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"{name}.json"
    path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {path}: {len(rows)} rows, {len(fams)} families, sha256 {digest[:12]}")


if __name__ == "__main__":
    main()
