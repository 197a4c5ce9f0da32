#!/usr/bin/env python3
r"""Train `stack-43`: round 42's concept stage refitted on v4-v42, with round 43's release and per-source add cut.

Issue 15's round 43. Round 36's fit (`scripts/hold_train_round36.py`'s `write_stage`: one class-balanced L2 logistic
model, L2 1) over `features34` followed by `memeval.hold._concepts42.vector42` on every row of the spent held-out sets
v4-v42 (v42 joined as a set after its look) and the benign rows written for rounds 34 and 37 (round 37's at weight
5), each row read by classifiers that never saw its set (`bench/hold_cv_round43.py --extract`). The hold tests'
benign examples are never trained on. Gate 0.2 is round 38's. The cuts are the ones `bench/hold_cv_round43.py`'s
`relq+src` rule chooses on every set's out-of-fold probabilities (`final_cuts`; the same for every left-out set and
source group): the release cut (for texts that write about something, `_stacked43.writes_about`) by round 39's
`nested_precision` rule, then the pair of add cuts (a person's words, every other source) by round 42's nested rule.
Deterministic for the same rows. Nothing of a set not spent is read: the sets stop at v42 (`hold_train_cv.SPENT`).

Usage:
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python bench/hold_cv_round43.py --extract
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python scripts/hold_train_round43.py [--rows FILE] [--out DIR]
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
import hold_cv_round43 as b43  # noqa: E402
import hold_train_round36 as t36  # noqa: E402

from memeval.hold._stacked43 import Stack43Model  # noqa: E402

NAME = "stack-43"
RELEASE, ADD = 0.7, 0.86
"""`ADD`: the add cut for every source but `person`; `RELEASE` is round 36's field, unused since round 37."""
GATE = 0.2
"""Read the stage only for a text the default lets through that `stack-34` gives at least this (and less than 0.88)."""
RELEASE_BELOW = 0.6
"""Lift a hold of round 34's stage (rules/25's included, not one made through hidden markup) of a text that writes
about something under this probability."""
ADD_PERSON = 0.8
"""The add cut for a person's own words."""


def main() -> None:
    """Fit on every row and write the record (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det43/rows.jsonl"))
    ap.add_argument("--out", type=Path, default=ROOT / "memeval/hold/model")
    ap.add_argument("--l2", type=float, default=1.0)
    args = ap.parse_args()
    extra = {
        "gate": GATE,
        "gate_model": "stack-34",
        "release_below": RELEASE_BELOW,
        "add_person": ADD_PERSON,
        "gate_rule": (
            "round 34's stage (stack-34) decides every text but two kinds: a hold of it (rules/25's as sent included, "
            "not one the default made through a decoded view) of a text that writes about something "
            "(memeval.hold._stacked43.writes_about) is lifted when this stage's probability is under release_below; "
            "a text the default lets through with gate <= its probability < its add cut is held when this stage's "
            "probability reaches add_person (source person) or add (any other source); measured out of fold by "
            "bench/hold_cv_round43.py"
        ),
        "concepts": ("memeval/hold/_concepts42.py vector42 (word lists in memeval/hold/_concepts_lexicon.py, "
                     "_concepts_lexicon38.py, _concepts_lexicon40.py and _concepts_lexicon41.py, written for memeval; "
                     "negation scope, speaker framing, checks and quotation scopes in _concepts, _concepts40, "
                     "_concepts41 and _concepts42)"),
        "fit_rule": (
            "class-balanced L2 logistic regression (scripts/hold_train.py fit, L-BFGS) over features34 of every row "
            "(each row judged by classifiers that never saw its set: bench/hold_cv_round43.py --extract) and "
            "memeval.hold._concepts42.vector42 of its text; round 37's written rows at weight 5"
        ),
    }  # fmt: skip
    t36.write_stage(args, b43.SETS, NAME, RELEASE, ADD, "bench/hold_cv_round43.py", extra, (w34, w37), Stack43Model)


if __name__ == "__main__":
    main()
