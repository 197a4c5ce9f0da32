#!/usr/bin/env python3
r"""Train `stack-45`: the concept stage reading `_concepts45.vector45`, fitted on v4-v44, cuts by the crossing rule.

Issue 15's round 45. Round 36's fit (`scripts/hold_train_round36.py`'s `write_stage`: one class-balanced L2 logistic
model, L2 1) over `features34` followed by `memeval.hold._concepts45.vector45` on every row of the spent held-out sets
v4-v44 (v44 joined as a set after its look) and the benign rows written for rounds 34 and 37 (round 37's at weight
5) and, with `--w45`, round 45's (`scripts/hold_benign_round45.py`), each row read by classifiers that never saw its
set (`bench/hold_cv_round45.py --extract`). The hold tests' benign examples are never trained on. Gate 0.2 is round
38's; the release cut and the add cuts are round 43's as raised by the crossing rule `bench/hold_cv_round45.py` fixed
before its run (`crossing_rule_cuts` of the arm that ships), given here as `--add-person` and `--add`.
Deterministic for the same rows. Nothing of a set not spent is read: the sets stop at v44 (`hold_train_cv.SPENT`).

Usage:
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python bench/hold_cv_round45.py --extract
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python scripts/hold_train_round45.py --add-person P --add A [--w45]
        [--wide-gate] [--rows FILE] [--out DIR]
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
import hold_benign_round45 as w45  # noqa: E402
import hold_cv_round45 as b45  # noqa: E402
import hold_train_round36 as t36  # noqa: E402

from memeval.hold._stacked45 import Stack45Model  # noqa: E402

NAME = "stack-45"
RELEASE = 0.7
"""Round 36's field, unused since round 37."""
GATE = 0.2
"""Read the stage only for a text the default lets through that `stack-34` gives at least this (and less than 0.88)."""
RELEASE_BELOW = b45.R43[0]
"""Lift a hold of round 34's stage (rules/25's included, not one made through hidden markup) of a text that writes
about something for a reader (`_about44.writes_about44`) under this probability: round 43's."""


def main() -> None:
    """Fit on every row and write the record (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det45/rows.jsonl"))
    ap.add_argument("--out", type=Path, default=ROOT / "memeval/hold/model")
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--add-person", type=float, required=True, help="the add cut for a person's words")
    ap.add_argument("--add", type=float, required=True, help="the add cut for every other source")
    ap.add_argument("--w45", action="store_true", help="train on round 45's written guide rows too")
    ap.add_argument("--wide-gate", action="store_true", help="ask the stage for framed risky text under the gate")
    args = ap.parse_args()
    extra = {
        "gate": GATE,
        "gate_model": "stack-34",
        "release_below": RELEASE_BELOW,
        "add_person": args.add_person,
        "wide_gate": args.wide_gate,
        "gate_rule": (
            "round 34's stage (stack-34) decides every text but two kinds: a hold of it (rules/25's as sent included, "
            "not one the default made through a decoded view) of a text that writes about something for a reader "
            "(memeval.hold._about44.writes_about44) is lifted when this stage's probability is under release_below; "
            "a text the default lets through with gate <= its probability < its add cut (or, with wide_gate, under "
            "the gate when memeval.hold._concepts45.framed_risk45 reads it) is held when this stage's probability "
            "reaches add_person (source person) or add (any other source); measured out of fold by "
            "bench/hold_cv_round45.py"
        ),
        "cut_rule": (
            "round 43's cuts (release 0.6, add 0.8 for a person, 0.86 otherwise), each add cut raised to the smallest "
            "cut of round 44's grid at least 0.01 above the highest probability this fit gives a hold test's benign "
            "example the detector asks it about, when one lies within 0.01 of the cut (bench/hold_cv_round45.py's "
            "crossing rule, fixed before its run)"
        ),
        "concepts": ("memeval/hold/_concepts45.py vector45 (word lists in memeval/hold/_concepts_lexicon.py, "
                     "_concepts_lexicon38.py, _concepts_lexicon40.py, _concepts_lexicon41.py and "
                     "_concepts_lexicon45.py, written for memeval; negation scope, speaker framing, checks, quotation "
                     "scopes and round 45's frames and risky steps in _concepts, _concepts40, _concepts41, _concepts42 "
                     "and _concepts45)"),
        "fit_rule": (
            "class-balanced L2 logistic regression (scripts/hold_train.py fit, L-BFGS) over features34 of every row "
            "(each row judged by classifiers that never saw its set: bench/hold_cv_round45.py --extract) and "
            "memeval.hold._concepts45.vector45 of its text; round 37's written rows at weight 5"
        ),
    }  # fmt: skip
    written = (w34, w37, w45) if args.w45 else (w34, w37)
    t36.write_stage(args, b45.SETS, NAME, RELEASE, args.add, "bench/hold_cv_round45.py", extra, written, Stack45Model)


if __name__ == "__main__":
    main()
