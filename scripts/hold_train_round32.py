#!/usr/bin/env python3
r"""Train `hashlr-15`: hashlr-12 refitted on every row of the spent held-out sets v4-v31, one fold per set.

Issue 15's round 32. Round 20's method (`scripts/hold_train_round20.py`, whose functions this reuses, as rounds 21
and 22 did) with v23-v31 as nine more sets: the fold model without vK is fitted on the rows of every other set of
v4-v31 (less any text that is also in vK; copyleft rows left out) and anchored at the newest shipped model whose
training never saw vK (`ANCHOR`: round 21's, and hashlr-12 for v23-v31, which it predates); the bench
(`bench/hold_cv_round32.py`) averages each fold model with the set's round-19 anchor (hashlr-10 for v23-v31), as
rounds 20-22 did. Round 31 left this refit out because 27 fold models looked too dear; on the committed sets
(11,471 rows, 4.9 M non-zero features) a fold's fit takes about a second of CPU (L-BFGS stops well before its
150 iterations), so every set keeps its own fold. The final model (anchor hashlr-12, every row of v4-v31) is
averaged half and half with hashlr-10 and written to `--out` with the thresholds and `alone_at` given (chosen out
of fold by the bench). Deterministic for the same inputs.

Usage:
    python scripts/hold_train_round32.py [--fold-dir /tmp/det32/folds] [--folds v30,v31] [--l2 2 --suffix=-l2-2]
    python scripts/hold_train_round32.py --final --l2 2 --thresholds 0.8,0.85 --alone-at 0.85 [--out DIR]

Round 32 measured L2 8 (round 20's) and 2; the final model is not shipped (memeval/hold/README.md, round 32).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_train_round20 as r20  # noqa: E402
import hold_train_round21 as r21  # noqa: E402

NAME = "hashlr-15"
SETS = tuple(f"v{n}" for n in range(4, 32))
ANCHOR = {**r21.ANCHOR, **{f"v{n}": "hashlr-12" for n in range(23, 32)}}
"""The anchor of the fold model without each set: the newest shipped model whose training never saw it."""
RECORD = {
    "threshold_rule": (
        "given on the command line from bench/hold_cv_round32.py: round 21's numbers (document 0.8, person 0.85, "
        "alone_at 0.85) at which the whole detector (rules/25 + the fold model blended half and half with the set's "
        "round-19 anchor + views/2) was measured over v4-v31, every set judged by the fold model that never saw it, "
        "or a grid point chosen there (--grid, nested)"
    ),
    "fold_rule": "each held-out set v4-v31 is one fold; the fold model without vK is anchored at ANCHOR[vK]",
    "combination_rule": "alone_at given with the thresholds (bench/hold_cv_round32.py)",
}
"""The record's rules in round 32's words (round 20's `main` writes its own, with the L2 given; these replace the
threshold, fold and combination rules)."""


def main() -> None:
    """Round 20's `main` over v4-v31 as hashlr-15, folds in /tmp/det32/folds by default (`r20.main_for`)."""
    r20.main_for(NAME, SETS, ANCHOR, RECORD, "/tmp/det32/folds")


if __name__ == "__main__":
    main()
