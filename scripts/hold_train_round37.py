#!/usr/bin/env python3
r"""Train `stack-37`: round 36's stage (`features34` and the concepts) refitted on v4-v36, read behind a gate.

Issue 15's round 37. Round 36's fit (`scripts/hold_train_round36.py`'s `write_stage`: one class-balanced L2 logistic
model, L2 1, over `features34` followed by `memeval.hold._concepts.vector`) on every row of the spent held-out sets
v4-v36 (v36 joined as a set after its look) and the benign rows written for rounds 34 and 37
(`scripts/hold_benign_round34.py`, `scripts/hold_benign_round37.py`), each row read by classifiers that
never saw its set (`bench/hold_cv_round37.py --extract`; hashlr-14 or its round-21 fold model, hashlr-16 or its
round-33 fold model). The hold tests' benign examples are never trained on. The record adds the gate: the stage is
read only for a text the default holds or whose round 34 stage probability (`stack-34`) is at least `gate`; below it
the default's verdict stands (`memeval/hold/_stacked37.py`). The cuts and the gate are the ones
`bench/hold_cv_round37.py` chose out of fold by set. Deterministic for the same rows. Nothing of the set being
written now (v37) is read: the sets stop at v36 (`hold_train_cv.SPENT`).

Usage:
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python bench/hold_cv_round37.py --extract
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python scripts/hold_train_round37.py [--rows FILE] [--out DIR]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_benign_round34 as w34  # noqa: E402
import hold_benign_round37 as w37  # noqa: E402
import hold_cv_round37 as b37  # noqa: E402
import hold_train_round36 as t36  # noqa: E402

NAME = "stack-37"
RELEASE, ADD = 0.7, 0.88
"""The concept stage only adds holds (`Stacked37Detector`): `ADD` is round 34's add cut, kept fixed (the nested choice
picks 0.85 for most sets, thin for the hold tests' benign examples); `RELEASE` is recorded as round 34's and unused."""
GATE = 0.2
"""Read the stage only for a text the default lets through that `stack-34` gives at least this probability (and less
than its add cut): out of fold over v4-v36 (bench/results/hold_cv_round37.txt) and on the ingest bench's memory and
lesson texts (memeval/hold/README.md, round 37)."""


def main() -> None:
    """Fit on every row and write the record (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det37/rows.jsonl"))
    ap.add_argument("--out", type=Path, default=ROOT / "memeval/hold/model")
    ap.add_argument("--l2", type=float, default=1.0)
    args = ap.parse_args()
    gate_rule = (
        "round 34's stage (stack-34) decides every text but one the default lets through with gate <= its "
        "probability < its add cut: that one is held when this stage's probability reaches add (the stage only "
        "adds holds; release is unused); measured out of fold by bench/hold_cv_round37.py --gates (adds only)"
    )
    t36.write_stage(args, b37.SETS, NAME, RELEASE, ADD, "bench/hold_cv_round37.py",
                    {"gate": GATE, "gate_model": "stack-34", "gate_rule": gate_rule}, (w34, w37))  # fmt: skip


if __name__ == "__main__":
    main()
