#!/usr/bin/env python3
r"""Train `hashlr-17`: hashlr-12 refitted on every row of the spent held-out sets v4-v36, one fold per set.

Issue 15's round 37. Round 33's refit (`scripts/hold_train_round33.py`, round 20's method, whose functions this
reuses) with v33-v36 as four more sets: the fold model without vK is fitted on the rows of every other set of v4-v36
(less any text that is also in vK; copyleft rows left out) at L2 2 and anchored at the newest shipped model whose
training never saw vK (`ANCHOR`: round 21's for v4-v22, hashlr-12 for v23-v36, which predates them); the bench
(`bench/hold_cv_round37.py`) averages each fold model half and half with the set's round-19 anchor (hashlr-10 for
v23-v36), as round 33's did. The final model (anchor hashlr-12, every row of v4-v36) is averaged half and half with
hashlr-10 and written to `--out` (`/tmp/det37/final` for the bench). Read in hashlr-16's place by round 34's stacked
stage it would cost no extra CPU (the same hashing pass); out of fold it held no more orders than hashlr-16 there
(memeval/hold/README.md, round 37), so it is not shipped. Deterministic for the same inputs. No row of the blind
set being written this session (v37) is read: `SETS` stops at v36 (`hold_train_cv.SPENT`).

Usage:
    python scripts/hold_train_round37_hashlr.py --l2 2 [--fold-dir /tmp/det37/folds] [--folds v35,v36]
    python scripts/hold_train_round37_hashlr.py --final --l2 2 --thresholds 0.85,0.85 --alone-at 0.9 \
        --out /tmp/det37/final
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_train_round20 as r20  # noqa: E402
import hold_train_round21 as r21  # noqa: E402

NAME = "hashlr-17"
SETS = tuple(f"v{n}" for n in range(4, 37))
ANCHOR = {**r21.ANCHOR, **{f"v{n}": "hashlr-12" for n in range(23, 37)}}
"""The anchor of the fold model without each set: the newest shipped model whose training never saw it."""
RECORD = {
    "threshold_rule": (
        "hashlr-16's (bench/hold_cv_round33.py's choice); hashlr-17 was read only by the stacked stage, which reads "
        "its probability, not its verdict (bench/hold_cv_round37.py; measured in round 37, not shipped)"
    ),
    "fold_rule": "each held-out set v4-v36 is one fold; the fold model without vK is anchored at ANCHOR[vK]",
    "combination_rule": "none at run time: the stacked stage reads the probability",
}
"""The record's rules in round 37's words (replacing round 20's threshold, fold and combination rules)."""


def main() -> None:
    """Round 20's `main` over v4-v36 as hashlr-17, folds in /tmp/det37/folds by default (`r20.main_for`)."""
    r20.main_for(NAME, SETS, ANCHOR, RECORD, "/tmp/det37/folds")


if __name__ == "__main__":
    main()
