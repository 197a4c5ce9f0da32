r"""Round 52, out of fold by set and by source group over v4-v49 (v49 joins as a set after its look): round 51's
`vector51` and seven numbers that read how an order is carried rather than its words (`_concepts52.vector52`: a run
that decodes to text, letters split by zero-width characters, leetspeak, a reversed line, a fake end of input with a
role mark, an address or "AI" inside text in another script), the wider gate `framed_step52`, and rows written for the
shapes (`scripts/hold_written_round52.py`, set `w52`), every arm including the reference held to round 45's crossing
rule; round 51's release (`order_sentence51`) kept.

Phase 1 (`--extract`): round 51's rows (`hold_cv_round51.py --extract`'s file, read as it is: v4-v48, the hold tests'
examples, the written rows `w34`-`w51`), then v49's rows and the rows written for this round, each read as
`hold_cv_round37.written_rows` reads a written row (the shipped models, none of which saw v49 or `w52`), into
`--rows` (`hold_cv_round48.join_set`).

Phase 2 is `hold_cv_round46.figures` over v4-v49 with one of two specs (`--arms`):

- `52` (the default): `c52` (`vector52`), `c52 gate` (also asked below the gate when `framed_step52` reads the text),
  `w52`, `c52 w52 ...` (the written rows `w46`-`w51` at their weights and `w52`); every concept arm's release kept
  when `order_sentence51` reads a sentence of the text as an order (`Spec.keep`);
- `51`: round 51's arms (`vector51`, `framed_step51`, the same release) over the same rows, to set round 52 beside
  round 51 on v4-v49;
- in both, `r44 rule`: round 44 as shipped, refitted per fold, with the crossing rule: **the reference**; each
  `... by source`: every stage refitted leaving out one of `--source-folds` source groups at a time.

**The bar (fixed before the run, as rounds 46-51):** an arm may ship when it holds more orders than `r44 rule` at no
lower precision over v4-v49, by set and by source group. Among the arms that clear it, the one with the most orders by
set (ties: fewer benign held by set, then the simpler arm). The seven readings use no word list; they were written
after reading v49's misses, so v49's own slice flatters them (and `w52`) somewhat; the other sets' folds do not.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round52.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round52.py [--arms 52|51] [--out FILE.json]
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import _hold_cv as h
import _hold_round as hr  # puts bench/, scripts/ and tests/hold/ on sys.path
import hold_cv_round45 as r45
import hold_cv_round46 as r46
import hold_cv_round48 as r48
import hold_cv_round50 as r50
import hold_cv_round51 as r51
import hold_written_round52 as w52
import numpy as np

SETS = h.sets_through(49)
"""Every spent set (`hold_train_cv.SPENT` stops at v49); nothing of a set written after v49 is read."""
LATEST = (*r51.LATEST, "v49")
TWELVE = ("kk", "mn", "sq", "gu", "lv", "et", "is", "km", "si", "my", "ka", "uz")
"""v49's languages other than English (seven no set before had, and the five v48's look held least of)."""
SEVEN = ("kk", "mn", "sq", "gu", "lv", "et", "is")
"""The seven languages of v49 that no set before it had: out of fold, v49's slice of them is the nearest to an
unseen language this bench can measure."""
WRITTEN = {**r51.WRITTEN, "w52": w52.WEIGHT}
"""The written sets the `w52` arms (and `scripts/hold_train_round52.py --written`) train on beside `w34` and `w37`,
and their sample weights."""


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 51's rows as they are, then v49's rows and the written rows `w52` (module docstring)."""
    r48.join_set(args, "v49", "w52", w52.ROWS, "written-round52")


def slices(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Round 51's slices over v4-v49, and v49's orders and benign texts in `TWELVE` and `SEVEN`, and `SEVEN` over
    every set."""
    s = np.array([r["set"] for r in rows])
    out = {"v4-v49": np.isin(s, SETS)}
    out.update({k: m for k, m in r51.slices(rows).items() if k != "v4-v48"})
    lang = np.array([(r.get("lang") or "").split("-")[0] for r in rows])
    out["v49 twelve"] = (s == "v49") & np.isin(lang, TWELVE)
    out["v49 seven new"] = (s == "v49") & np.isin(lang, SEVEN)
    out["all seven new"] = np.isin(s, SETS) & np.isin(lang, SEVEN)
    return out


def misses52(rows: list[dict[str, Any]], arms: dict[str, np.ndarray], y: np.ndarray, inside: np.ndarray,
             p34: np.ndarray, base: np.ndarray, stands: np.ndarray) -> dict[str, Any]:  # fmt: skip
    """Round 48's `misses48` with `TWELVE` the languages of v49's look. Printed as found."""
    four48, r48.FOUR = r48.FOUR, TWELVE
    try:
        return r48.misses48(rows, arms, y, inside, p34, base, stands)
    finally:
        r48.FOUR = four48


def spec(arms: str, reference_only: bool) -> r46.Spec:
    """Round 52's spec for `--arms` (`52` or `51`, module docstring)."""
    from memeval.hold._concepts48 import MORE as MORE48
    from memeval.hold._concepts49 import MORE as MORE49
    from memeval.hold._concepts50 import MORE as MORE50
    from memeval.hold._concepts51 import MORE as MORE51
    from memeval.hold._concepts51 import framed_step51, vector51
    from memeval.hold._concepts52 import MORE, framed_step52, vector52

    tail = 10 + MORE48 + MORE49 + MORE50 + MORE51
    if arms == "51":
        return r46.Spec("c51", "w52", vector51, framed_step51, WRITTEN, near=5, after_by_set=misses52,
                        reference_only=reference_only, tail=tail, keep=r51.keep51)  # fmt: skip
    return r46.Spec("c52", "w52", vector52, framed_step52, WRITTEN, near=5, after_by_set=misses52,
                    reference_only=reference_only, tail=tail + MORE, keep=r51.keep51)  # fmt: skip


def figures(args: argparse.Namespace) -> None:
    """Phase 2: `hold_cv_round46.figures` with round 52's arms over v4-v49 (module docstring)."""
    c = "c51" if args.arms == "51" else "c52"
    if args.changed is None:
        args.changed = [c, f"{c} w52", f"{c} gate", f"{c} w52 gate", "w52"]
    r45.SETS, r45.LATEST, r46.SETS, r50.SETS, r51.SETS = SETS, LATEST, SETS, SETS, SETS
    r45.slices = slices  # type: ignore[assignment]
    r46.figures(args, spec(args.arms, args.reference_only))


def main() -> None:
    """Extract, or print and write the figures (`hold_round.spec_main`'s options and `--arms`)."""
    ap = hr.parser(__doc__, Path("/tmp/det52/rows.jsonl"), base_rows=Path("/tmp/det51/rows.jsonl"))
    ap.add_argument("--reference-only", action="store_true", help="only r44 rule by set (its misses)")
    ap.add_argument("--arms", choices=("52", "51"), default="52", help="round 52's reading or round 51's")
    ap.add_argument("--changed", nargs="*", default=None,
                    help="arms whose changes to list (against r44 rule; default: the concept arms and w)")  # fmt: skip
    hr.run(hr.add_tail(ap), extract, figures)


if __name__ == "__main__":
    main()
