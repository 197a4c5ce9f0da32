#!/usr/bin/env python3
r"""Train `stack-50`: round 50's candidate concept stage (`vector50`) on v4-v47, with the cuts its arm was measured at.

Issue 15's round 50. Round 36's fit (`scripts/hold_train_round36.py`'s `write_stage`: one class-balanced L2 logistic
model, L2 1) over `features34` followed by `memeval.hold._concepts50.vector50` on every row of the spent held-out sets
v4-v47 (v46 and v47 joined as sets after their looks) and the benign rows written for rounds 34 and 37 (round 37's at
weight 5), each row read by classifiers that never saw its set (`bench/hold_cv_round50.py --extract`); the arm
`c50 gate` of `bench/hold_cv_round50.py` trains on the same rows. The hold tests' benign examples are never trained
on. Gate 0.2 (round 38's), release 0.6 and a person's add cut 0.8 (round 43's); the add cut for every other source
`ADD`, where round 45's crossing rule put it for this arm. Deterministic for the same rows. Nothing of a set not spent
is read: the sets stop at v47 (`hold_train_cv.SPENT`).

Usage:
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python bench/hold_cv_round49.py --extract
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python bench/hold_cv_round50.py --extract
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python scripts/hold_train_round50.py [--rows FILE] [--out DIR]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import _hold_round as hr  # noqa: E402  (puts scripts/ on sys.path)
import hold_benign_round34 as w34  # noqa: E402
import hold_benign_round37 as w37  # noqa: E402
import hold_cv_round50 as b50  # noqa: E402
import hold_train_round36 as t36  # noqa: E402

from memeval.hold._stacked50 import Stack50Model  # noqa: E402

NAME = "stack-50"
RELEASE, ADD = 0.7, 0.87
"""`ADD`: the add cut for every source but `person` (the crossing rule's for `c50 gate`); `RELEASE` is round 36's
field, unused since round 37."""
GATE = 0.2
RELEASE_BELOW = 0.6
ADD_PERSON = 0.8


def main() -> None:
    """Fit on every row and write the record (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det50/rows.jsonl"))
    ap.add_argument("--out", type=Path, default=hr.ROOT / "memeval/hold/model")
    ap.add_argument("--l2", type=float, default=1.0)
    args = ap.parse_args()
    extra = {
        "gate": GATE,
        "gate_model": "stack-34",
        "release_below": RELEASE_BELOW,
        "add_person": ADD_PERSON,
        "gate_rule": (
            "as stack-43 (round 34's stage decides; a hold of a text that writes about something, "
            "memeval.hold._about44.writes_about44, is lifted under release_below; a text the default lets through "
            "with gate <= stack-34's probability < its add cut is held at add_person or add), and a text the default "
            "lets through is also asked below the gate when memeval.hold._concepts50.framed_step50w reads it; "
            "measured out of fold by bench/hold_cv_round50.py (arm c50 gate)"
        ),
        "concepts": ("memeval/hold/_concepts50.py vector50: _concepts49.vector49 (word lists in "
                     "memeval/hold/_concepts_lexicon*.py, written for memeval) and 10 numbers of _concepts50 "
                     "(word lists in _concepts_lexicon50.py, written for memeval)"),
        "fit_rule": (
            "class-balanced L2 logistic regression (scripts/hold_train.py fit, L-BFGS) over features34 of every row "
            "(each row judged by classifiers that never saw its set: bench/hold_cv_round50.py --extract) and "
            "memeval.hold._concepts50.vector50 of its text; round 37's written rows at weight 5"
        ),
    }  # fmt: skip
    t36.write_stage(args, b50.SETS, NAME, RELEASE, ADD, "bench/hold_cv_round50.py", extra, (w34, w37), Stack50Model)


if __name__ == "__main__":
    main()
