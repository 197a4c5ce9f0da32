#!/usr/bin/env python3
r"""Train `hashlr-14`: hashlr-12 refitted on every row of the spent held-out sets v4-v22, one fold per set.

Issue 15's round 21. Round 20's method (`scripts/hold_train_round20.py`, whose functions this reuses) with v22
as a nineteenth set: the fold model without vK is fitted on the rows of every other set of v4-v22 (less any
text that is also in vK; copyleft rows left out) and anchored at the newest shipped model whose training never
saw vK (`ANCHOR`: round 20's, and hashlr-12 for v22 too); the bench (`bench/hold_cv_round21.py --blend 0.5`)
averages each fold model with the set's round-19 anchor, as round 20's bench did. The fold model without v22 is
round 20's refit itself (the same rows, anchor and fit), so blended it is hashlr-13, the classifier that
judged v22 unseen. The final model (anchor hashlr-12, every row of v4-v22) is averaged half and half with
hashlr-10 and written to `--out` with the thresholds and `alone_at` given (chosen out of fold by the bench).
Deterministic for the same inputs.

Usage:
    python scripts/hold_train_round21.py [--fold-dir /tmp/det21/folds] [--folds v18,v22] [--l2 8]
    python scripts/hold_train_round21.py --final --thresholds 0.8,0.85 --alone-at 0.85 [--blend 0.5] [--out DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_train_round20 as r20  # noqa: E402

NAME = "hashlr-14"
SETS = tuple(f"v{n}" for n in range(4, 23))
ANCHOR = {**r20.ANCHOR, "v22": "hashlr-12"}
"""The anchor of the fold model without each set: the newest shipped model whose training never saw it."""
RECORD = {
    "threshold_rule": (
        "chosen out of fold by bench/hold_cv_round21.py: the grid point (document, person, alone_at) with the "
        "highest recall of the whole detector (rules/19 + the fold model blended half and half with the set's "
        "round-19 anchor + views/2) over v4-v22 at pooled precision >= 0.95, every set judged by the fold model "
        "that never saw it, among the points at which the fold model without v21 holds none of the hold tests' "
        "benign examples that round 20 does not hold; the same point is chosen for each of the 19 sets on the "
        "other eighteen (nested)"
    ),
    "fit_rule": (
        "hashlr-12's weights plus a change fitted on every non-copyleft row of v4-v22 with L2 8 on the change, "
        "class-balanced, L-BFGS at most 150 iterations (scripts/hold_train_round21.py, round 20's fit); then "
        "weights and bias averaged with hashlr-10's, 0.5 of the logit from hashlr-10 (one linear model: no extra CPU)"
    ),
    "fold_rule": "each held-out set v4-v22 is one fold; the fold model without vK is anchored at ANCHOR[vK]",
    "combination_rule": "alone_at chosen out of fold with the thresholds (bench/hold_cv_round21.py)",
}
"""The record's rules in round 21's words (round 20's `main` writes its own; the final fit replaces them)."""


def main() -> None:
    """Round 20's `main` over v4-v22 as hashlr-14, folds in /tmp/det21/folds by default (`r20.main_for`)."""
    r20.main_for(NAME, SETS, ANCHOR, RECORD, "/tmp/det21/folds")


if __name__ == "__main__":
    main()
