#!/usr/bin/env python3
r"""Train `stack-42`: round 38's concept stage reading `_concepts42.vector42`, refitted on v4-v41, behind the same gate.

Issue 15's round 42. Round 36's fit (`scripts/hold_train_round36.py`'s `write_stage`: one class-balanced L2 logistic
model, L2 1) over `features34` followed by `memeval.hold._concepts42.vector42` (round 38's numbers, round 40's acts,
frames and skipped checks, round 41's checks added or taken away, round 42's reading of where the order words sit) on
every row of the spent held-out sets v4-v41 (v40 and v41 joined as sets after their looks) and the benign rows
written for rounds 34 and 37 (round 37's at weight 5), each row read by classifiers that never saw its set
(`bench/hold_cv_round42.py --extract`). The hold tests' benign examples are never trained on. Gate 0.2 and add cut
0.88 are round 38's: `bench/hold_cv_round42.py` chose 0.88 for every left-out set and every left-out source group.
Deterministic for the same rows. Nothing of a set not spent (v42, being written now) is read: the sets stop at v41
(`hold_train_cv.SPENT`).

Usage:
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python bench/hold_cv_round42.py --extract
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python scripts/hold_train_round42.py [--rows FILE] [--out DIR]
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
import hold_cv_round42 as b42  # noqa: E402
import hold_train_round36 as t36  # noqa: E402

from memeval.hold._stacked42 import Stack42Model  # noqa: E402

NAME = "stack-42"
RELEASE, ADD = 0.7, 0.88
"""As round 38's (`scripts/hold_train_round38.py`): the concept stage only adds holds, from `ADD`; `RELEASE` unused."""
GATE = 0.2
"""Read the stage only for a text the default lets through that `stack-34` gives at least this (and less than 0.88)."""


def main() -> None:
    """Fit on every row and write the record (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det42/rows.jsonl"))
    ap.add_argument("--out", type=Path, default=ROOT / "memeval/hold/model")
    ap.add_argument("--l2", type=float, default=1.0)
    args = ap.parse_args()
    extra = {
        "gate": GATE,
        "gate_model": "stack-34",
        "gate_rule": (
            "round 34's stage (stack-34) decides every text but one the default lets through with gate <= its "
            "probability < its add cut: that one is held when this stage's probability reaches add (the stage only "
            "adds holds; release is unused); measured out of fold by bench/hold_cv_round42.py"
        ),
        "concepts": ("memeval/hold/_concepts42.py vector42 (word lists in memeval/hold/_concepts_lexicon.py, "
                     "_concepts_lexicon38.py, _concepts_lexicon40.py and _concepts_lexicon41.py, written for memeval; "
                     "negation scope, speaker framing, checks and quotation scopes in _concepts, _concepts40, "
                     "_concepts41 and _concepts42)"),
        "fit_rule": (
            "class-balanced L2 logistic regression (scripts/hold_train.py fit, L-BFGS) over features34 of every row "
            "(each row judged by classifiers that never saw its set: bench/hold_cv_round42.py --extract) and "
            "memeval.hold._concepts42.vector42 of its text; round 37's written rows at weight 5"
        ),
    }  # fmt: skip
    t36.write_stage(args, b42.SETS, NAME, RELEASE, ADD, "bench/hold_cv_round42.py", extra, (w34, w37), Stack42Model)


if __name__ == "__main__":
    main()
