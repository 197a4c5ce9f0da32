#!/usr/bin/env python3
r"""Train `hashlr-16`: hashlr-12 refitted on every row of the spent held-out sets v4-v32, one fold per set.

Issue 15's round 33. Round 32's refit (`scripts/hold_train_round32.py`, round 20's method, whose functions this
reuses) with v32 as one more set: the fold model without vK is fitted on the rows of every other set of v4-v32
(less any text that is also in vK; copyleft rows left out) and anchored at the newest shipped model whose training
never saw vK (`ANCHOR`: round 21's, and hashlr-12 for v23-v32, which it predates); the bench
(`bench/hold_cv_round33.py`) averages each fold model with the set's round-19 anchor (hashlr-10 for v23-v32), as
rounds 20-22 and 32 did. Round 32 fitted the same refit over v4-v31 (`hashlr-15`, not shipped) at L2 8 and 2; the
looser one did better out of fold, so round 33 fits L2 2 (`--l2 2 --suffix=-l2-2`). The final model (anchor
hashlr-12, every row of v4-v32) is averaged half and half with hashlr-10 and written to `--out` with the
thresholds and `alone_at` given. Deterministic for the same inputs. No row of the blind set being written this
session (v33) is read: `SETS` stops at v32.

Usage:
    python scripts/hold_train_round33.py --l2 2 --suffix=-l2-2 [--fold-dir /tmp/det33/folds] [--folds v31,v32]
    python scripts/hold_train_round33.py --final --l2 2 --thresholds D,P --alone-at A [--out DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_train_round20 as r20  # noqa: E402
import hold_train_round21 as r21  # noqa: E402

NAME = "hashlr-16"
SETS = tuple(f"v{n}" for n in range(4, 33))
ANCHOR = {**r21.ANCHOR, **{f"v{n}": "hashlr-12" for n in range(23, 33)}}
"""The anchor of the fold model without each set: the newest shipped model whose training never saw it."""
RECORD = {
    "threshold_rule": (
        "given on the command line from bench/hold_cv_round33.py: a grid point (document, person, alone_at) chosen "
        "out of fold over v4-v32 (nested: each set's point chosen on the other 28) behind rules/25 + views/2, every "
        "set judged by the fold model that never saw it, among the points at which the fold model without v32 holds "
        "none of the hold tests' benign examples that the default does not hold"
    ),
    "fold_rule": "each held-out set v4-v32 is one fold; the fold model without vK is anchored at ANCHOR[vK]",
    "combination_rule": "alone_at given with the thresholds (bench/hold_cv_round33.py)",
}
"""The record's rules in round 33's words (replacing round 20's threshold, fold and combination rules)."""


def main() -> None:
    """Round 20's `main` over v4-v32 as hashlr-16, folds in /tmp/det33/folds by default (`r20.main_for`)."""
    r20.main_for(NAME, SETS, ANCHOR, RECORD, "/tmp/det33/folds")


if __name__ == "__main__":
    main()
