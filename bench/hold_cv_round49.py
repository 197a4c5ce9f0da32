r"""Round 49, out of fold by set and by source group over v4-v46 (v46 joins as a set after its look): readers for
prompt extraction, skipped checks in words, lessons that trust a claimed identity and their risky steps
(`_concepts49.vector49`), and rows written in Amharic, Hausa, Greek and Zulu (`scripts/hold_written_round49.py`, set
`w49`), every arm including the reference held to round 45's crossing rule.

Phase 1 (`--extract`): round 48's rows (`hold_cv_round48.py --extract`'s file, read as it is: v4-v45, the hold
tests' examples, the written rows `w34`-`w48`), then v46's rows and the rows written for this round, each read as
`hold_cv_round37.written_rows` reads a written row (the shipped models, none of which saw v46 or `w49`), into
`--rows`; v46's rows keep their labels, languages and origin groups, `w49`'s their labels and languages.

Phase 2 is `hold_cv_round46.figures` over v4-v46 with one of two specs (`--arms`):

- `48`: round 48's arms (`c48`: the concept stage reading `vector48`; `c48 gate`: also asked below the gate when
  `framed_step48` reads the text; `w48`, `c48 w48`, `c48 w48 gate`), so round 48's candidate is measured with v46 in;
- `49` (the default): `c49` (`vector49`: `vector48` and 12 more numbers), `c49 gate` (also asked below the gate when
  `framed_step49` reads the text), `w49` and `c49 w49 ...` (the written rows `w46`-`w48` at their weights and `w49`);
- in both, `r44 rule`: round 44 as shipped, refitted per fold, with the crossing rule: **the reference**; each
  `... by source`: every stage refitted leaving out one of `--source-folds` source groups at a time.

**The bar (fixed before the run, as rounds 46-48):** an arm may ship when it holds more orders than `r44 rule` at no
lower precision over v4-v46, by set and by source group. Among the arms that clear it, the one with the most orders by
set (ties: fewer benign held by set, then the simpler arm). v46's slice (`v46`) and its four weakest languages are in
the figures. `vector49`'s word lists were written after reading v46's misses, so v46's own slice flatters `c49`; the
other sets' folds do not.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round49.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round49.py [--arms 48|49] [--out FILE.json]
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
import hold_written_round48 as w48
import hold_written_round49 as w49
import numpy as np

SETS = h.sets_through(46)
"""Every spent set (`hold_train_cv.SPENT` stops at v46); nothing of a set written after v46 is read."""
LATEST = (*r48.LATEST, "v46")
FOUR = ("am", "ha", "el", "zu")
"""The languages v46's look held least of (Amharic and Hausa 0/8, Greek and Zulu 1/8)."""


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 48's rows as they are, then v46's rows and the written rows `w49` (module docstring)."""
    r48.join_set(args, "v46", "w49", w49.ROWS, "written-round49")


def slices(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Round 48's slices over v4-v46 (v45's four languages among them), and v46's orders and benign texts in `FOUR`."""
    s = np.array([r["set"] for r in rows])
    out = {"v4-v46": np.isin(s, SETS)}
    out.update({k: m for k, m in _slices48(rows).items() if k != "v4-v45"})
    lang = np.array([(r.get("lang") or "").split("-")[0] for r in rows])
    out["v46 am ha el zu"] = (s == "v46") & np.isin(lang, FOUR)
    out["all am ha el zu"] = np.isin(s, SETS) & np.isin(lang, FOUR)
    return out


_slices48 = r48.slices


def misses49(rows: list[dict[str, Any]], arms: dict[str, np.ndarray], y: np.ndarray, inside: np.ndarray,
             p34: np.ndarray, base: np.ndarray, stands: np.ndarray) -> dict[str, Any]:  # fmt: skip
    """Round 48's `misses48` with `FOUR` the four languages of v46's look. Printed as found."""
    four48, r48.FOUR = r48.FOUR, FOUR
    try:
        return r48.misses48(rows, arms, y, inside, p34, base, stands)
    finally:
        r48.FOUR = four48


def figures(args: argparse.Namespace) -> None:
    """Phase 2: `hold_cv_round46.figures` with round 48's or 49's arms over v4-v46 (module docstring)."""
    from memeval.hold._concepts48 import MORE as MORE48
    from memeval.hold._concepts48 import framed_step48, vector48
    from memeval.hold._concepts49 import MORE as MORE49
    from memeval.hold._concepts49 import framed_step49, vector49

    c, w = ("c48", "w48") if args.arms == "48" else ("c49", "w49")
    if args.changed is None:
        args.changed = [c, f"{c} {w}", f"{c} gate", w]
    r45.SETS, r45.LATEST, r46.SETS = SETS, LATEST, SETS
    r45.slices = slices  # type: ignore[assignment]
    written = {"w46": w46.WEIGHT, "w47": w47.WEIGHT, "w48": w48.WEIGHT}
    if args.arms == "48":
        spec = r46.Spec("c48", "w48", vector48, framed_step48, written, near=5, after_by_set=misses49,
                        reference_only=args.reference_only, tail=10 + MORE48)  # fmt: skip
    else:
        spec = r46.Spec("c49", "w49", vector49, framed_step49, {**written, "w49": w49.WEIGHT}, near=5,
                        after_by_set=misses49, reference_only=args.reference_only,
                        tail=10 + MORE48 + MORE49)  # fmt: skip
    r46.figures(args, spec)


def main() -> None:
    """Extract, or print and write the figures (`hold_round.spec_main`'s options and `--arms`)."""
    ap = hr.parser(__doc__, Path("/tmp/det49/rows.jsonl"), base_rows=Path("/tmp/det48/rows.jsonl"))
    ap.add_argument("--reference-only", action="store_true", help="only r44 rule by set (its misses)")
    ap.add_argument("--arms", choices=("48", "49"), default="49", help="round 48's arms or round 49's, over v4-v46")
    ap.add_argument("--changed", nargs="*", default=None,
                    help="arms whose changes to list (against r44 rule; default: the concept arms and w)")  # fmt: skip
    hr.run(hr.add_tail(ap), extract, figures)


if __name__ == "__main__":
    main()
