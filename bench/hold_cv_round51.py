r"""Round 51, out of fold by set and by source group over v4-v48 (v48 joins as a set after its look): round 50's
`vector50` read with two fixes (`_concepts51.vector51`), the release kept for a text one of whose sentences is itself
an order (`_concepts51.order_sentence51`), and rows written for v48's weakest languages and families
(`scripts/hold_written_round51.py`, set `w51`), every arm including the reference held to round 45's crossing rule.

Phase 1 (`--extract`): round 50's rows (`hold_cv_round50.py --extract`'s file, read as it is: v4-v47, the hold tests'
examples, the written rows `w34`-`w50`), then v48's rows and the rows written for this round, each read as
`hold_cv_round37.written_rows` reads a written row (the shipped models, none of which saw v48 or `w51`), into
`--rows` (`hold_cv_round48.join_set`).

Phase 2 is `hold_cv_round46.figures` over v4-v48 with one of two specs (`--arms`):

- `51` (the default): `c51` (`vector51`), `c51 gate` (also asked below the gate when `framed_step51` reads the text:
  round 50's wider gate, and a frame with a check left out or a send with a secret in round 51's five languages),
  `w51`, `c51 w51 ...` (the written rows `w46`-`w50` at their weights and `w51`); every
  concept arm's release kept when `order_sentence51` reads a sentence of the text as an order (`Spec.keep`);
- `50`: round 50's arms (`vector50`) over the same rows, with round 50's release (no `keep`), to set round 51 beside
  round 50 on v4-v48;
- in both, `r44 rule`: round 44 as shipped, refitted per fold, with the crossing rule: **the reference**; each
  `... by source`: every stage refitted leaving out one of `--source-folds` source groups at a time.

**The bar (fixed before the run, as rounds 46-50):** an arm may ship when it holds more orders than `r44 rule` at no
lower precision over v4-v48, by set and by source group. Among the arms that clear it, the one with the most orders by
set (ties: fewer benign held by set, then the simpler arm). `w51` was written after reading v48's misses, so v48's own
slice flatters the `w51` arms; the other sets' folds do not.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round51.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round51.py [--arms 51|50] [--out FILE.json]
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import _hold_cv as h
import _hold_round as hr  # puts bench/, scripts/ and tests/hold/ on sys.path
import hold_benign_round46 as w46
import hold_benign_round47 as w47
import hold_cv_round45 as r45
import hold_cv_round46 as r46
import hold_cv_round48 as r48
import hold_cv_round50 as r50
import hold_written_round48 as w48
import hold_written_round49 as w49
import hold_written_round50 as w50
import hold_written_round51 as w51
import numpy as np

SETS = h.sets_through(48)
"""Every spent set (`hold_train_cv.SPENT` stops at v48); nothing of a set written after v48 is read."""
LATEST = (*r50.LATEST, "v48")
FIVE = ("km", "si", "my", "ka", "uz")
"""The languages v48's look held least of (Khmer, Sinhala 1/9, Burmese 2/9, Georgian, Uzbek 2-3/9)."""
WRITTEN = {"w46": w46.WEIGHT, "w47": w47.WEIGHT, "w48": w48.WEIGHT, "w49": w49.WEIGHT, "w50": w50.WEIGHT,
           "w51": w51.WEIGHT}  # fmt: skip
"""The written sets the `w51` arms (and `scripts/hold_train_round51.py`) train on beside `w34` and `w37`, and their
sample weights."""


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 50's rows as they are, then v48's rows and the written rows `w51` (module docstring)."""
    r48.join_set(args, "v48", "w51", w51.ROWS, "written-round51")


def slices(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Round 50's slices over v4-v48, and v48's orders and benign texts in `FIVE` and over every set."""
    s = np.array([r["set"] for r in rows])
    out = {"v4-v48": np.isin(s, SETS)}
    out.update({k: m for k, m in r50.slices(rows).items() if k != "v4-v47"})
    lang = np.array([(r.get("lang") or "").split("-")[0] for r in rows])
    out["v48 km si my ka uz"] = (s == "v48") & np.isin(lang, FIVE)
    out["all km si my ka uz"] = np.isin(s, SETS) & np.isin(lang, FIVE)
    return out


def misses51(rows: list[dict[str, Any]], arms: dict[str, np.ndarray], y: np.ndarray, inside: np.ndarray,
             p34: np.ndarray, base: np.ndarray, stands: np.ndarray) -> dict[str, Any]:  # fmt: skip
    """Round 48's `misses48` with `FIVE` the languages of v48's look. Printed as found."""
    four48, r48.FOUR = r48.FOUR, FIVE
    try:
        return r48.misses48(rows, arms, y, inside, p34, base, stands)
    finally:
        r48.FOUR = four48


def keep51(rows: list[dict[str, Any]]) -> np.ndarray:
    """Per row: `_concepts51.order_sentence51` reads a sentence of its text as an order (its hold is never lifted)."""
    from memeval.hold._about44 import writes_about44
    from memeval.hold._concepts51 import order_sentence51

    return np.array([writes_about44(r["text"]) and order_sentence51(r["text"], r["source"]) for r in rows])


def spec(arms: str, reference_only: bool) -> r46.Spec:
    """Round 51's spec for `--arms` (`51` or `50`, module docstring)."""
    from memeval.hold._concepts48 import MORE as MORE48
    from memeval.hold._concepts49 import MORE as MORE49
    from memeval.hold._concepts50 import MORE as MORE50
    from memeval.hold._concepts50 import framed_step50w, vector50
    from memeval.hold._concepts51 import MORE, framed_step51, vector51

    tail = 10 + MORE48 + MORE49 + MORE50
    if arms == "50":
        return r46.Spec("c50", "w51", vector50, framed_step50w, WRITTEN, near=5, after_by_set=misses51,
                        reference_only=reference_only, tail=tail)  # fmt: skip
    return r46.Spec("c51", "w51", vector51, framed_step51, WRITTEN, near=5, after_by_set=misses51,
                    reference_only=reference_only, tail=tail + MORE, keep=keep51)  # fmt: skip


def figures(args: argparse.Namespace) -> None:
    """Phase 2: `hold_cv_round46.figures` with round 51's arms over v4-v48 (module docstring)."""
    c = "c50" if args.arms == "50" else "c51"
    if args.changed is None:
        args.changed = [c, f"{c} w51", f"{c} gate", f"{c} w51 gate", "w51"]
    r45.SETS, r45.LATEST, r46.SETS = SETS, LATEST, SETS
    r45.slices = slices  # type: ignore[assignment]
    r46.figures(args, spec(args.arms, args.reference_only))


def main() -> None:
    """Extract, or print and write the figures (`hold_round.spec_main`'s options and `--arms`)."""
    ap = hr.parser(__doc__, Path("/tmp/det51/rows.jsonl"), base_rows=Path("/tmp/det50/rows.jsonl"))
    ap.add_argument("--reference-only", action="store_true", help="only r44 rule by set (its misses)")
    ap.add_argument("--arms", choices=("51", "50"), default="51", help="round 51's reading or round 50's")
    ap.add_argument("--changed", nargs="*", default=None,
                    help="arms whose changes to list (against r44 rule; default: the concept arms and w)")  # fmt: skip
    hr.run(hr.add_tail(ap), extract, figures)


if __name__ == "__main__":
    main()
