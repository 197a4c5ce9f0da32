#!/usr/bin/env python3
r"""Train `stack-52`: round 52's candidate concept stage (`vector52`) on v4-v49 (with `--written`, also `w46`-`w52`).

Issue 15's round 52. Round 36's fit (`scripts/hold_train_round36.py`'s `write_stage`: one class-balanced L2 logistic
model, L2 1) over `features34` followed by `memeval.hold._concepts52.vector52` on every row of the spent held-out sets
v4-v49 (v49 joined as a set after its look) and the benign rows written for rounds 34 and 37 (round 37's at weight 5):
the fit of the arm `c52 gate` of `bench/hold_cv_round52.py`, which clears the bar by set but not by source. With
`--written`, also the rows written for rounds 46-52 at their weights (`bench/hold_cv_round52.WRITTEN`): the fit of
the arm `c52 w52 gate`, the only arm that clears the bar by set and by source, the one shipped (`stack-52.json`).
Each row read by classifiers that never saw its set (`bench/hold_cv_round52.py --extract`). The hold tests' benign
examples are never trained on. Gate 0.2 (round 38's), release 0.6 and a person's add cut 0.8 (round 43's); the add
cut for every other source where round 45's crossing rule put it for the arm (`ADD`, from
`bench/results/hold_cv_round52.json`). Deterministic for the same rows. Nothing of a set not spent is read: the sets
stop at v49 (`hold_train_cv.SPENT`).

Usage:
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python bench/hold_cv_round52.py --extract
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python scripts/hold_train_round52.py [--written] [--rows FILE] [--out DIR]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import _hold_round as hr  # noqa: E402  (puts scripts/ on sys.path)
import hold_benign_round34 as w34  # noqa: E402
import hold_benign_round37 as w37  # noqa: E402
import hold_benign_round46 as w46  # noqa: E402
import hold_benign_round47 as w47  # noqa: E402
import hold_cv_round52 as b52  # noqa: E402
import hold_train_round36 as t36  # noqa: E402
import hold_written_round48 as w48  # noqa: E402
import hold_written_round49 as w49  # noqa: E402
import hold_written_round50 as w50  # noqa: E402
import hold_written_round51 as w51  # noqa: E402
import hold_written_round52 as w52  # noqa: E402

from memeval.hold._stacked52 import Stack52Model  # noqa: E402

NAME = "stack-52"
RELEASE = 0.7
"""Round 36's field, unused since round 37."""
ADD = {False: 0.87, True: 0.86}
"""The add cut for every source but `person`, without and with `--written` (the crossing rule's for `c52 gate` and
`c52 w52 gate`, `bench/results/hold_cv_round52.json`)."""
GATE = 0.2
RELEASE_BELOW = 0.6
ADD_PERSON = 0.8


def written_sets() -> tuple[SimpleNamespace, ...]:
    """The written rows of rounds 46-52 as `write_stage` reads a written module.

    Each with `PROVENANCE` "written for round N" (its set `wN`), `WEIGHT` and `rows()` ((source, text) pairs): the
    module's own rows and weight.
    """
    mods = {"46": w46, "47": w47, "48": w48, "49": w49, "50": w50, "51": w51, "52": w52}
    out = []
    for n, m in mods.items():
        pairs = m.rows() if hasattr(m, "rows") else [(src, text) for _, _, _, src, text in m.ROWS]
        out.append(SimpleNamespace(PROVENANCE=f"written for round {n}", WEIGHT=b52.WRITTEN[f"w{n}"],
                                   rows=lambda p=pairs: p, __name__=m.__name__))  # fmt: skip
    return tuple(out)


def main() -> None:
    """Fit on every row and write the record (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det52/rows.jsonl"))
    ap.add_argument("--out", type=Path, default=hr.ROOT / "memeval/hold/model")
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--written", action="store_true", help="also the rows written for rounds 46-52 (c52 w52 gate)")
    args = ap.parse_args()
    arm = "c52 w52 gate" if args.written else "c52 gate"
    extra = {
        "gate": GATE,
        "gate_model": "stack-34",
        "release_below": RELEASE_BELOW,
        "add_person": ADD_PERSON,
        "gate_rule": (
            "as stack-43 (round 34's stage decides; a hold of a text that writes about something, "
            "memeval.hold._about44.writes_about44, is lifted under release_below unless a sentence of it is itself an "
            "order, memeval.hold._concepts51.order_sentence51; a text the default lets through with gate <= "
            "stack-34's probability < its add cut is held at add_person or add), and a text the default lets through "
            "is also asked below the gate when memeval.hold._concepts52.framed_step52 reads it; measured out of fold "
            f"by bench/hold_cv_round52.py (arm {arm})"
        ),
        "concepts": ("memeval/hold/_concepts52.py vector52: _concepts51.vector51 (word lists in "
                     "memeval/hold/_concepts_lexicon*.py, written for memeval) and 7 numbers of _concepts52 "
                     "(shapes, no word list)"),
        "fit_rule": (
            "class-balanced L2 logistic regression (scripts/hold_train.py fit, L-BFGS) over features34 of every row "
            "(each row judged by classifiers that never saw its set: bench/hold_cv_round52.py --extract) and "
            "memeval.hold._concepts52.vector52 of its text; round 37's written rows at weight 5"
            + (", rounds 46-52's at their modules' WEIGHT (bench/hold_cv_round52.WRITTEN)" if args.written else "")
        ),
    }  # fmt: skip
    written = (w34, w37, *written_sets()) if args.written else (w34, w37)
    t36.write_stage(args, b52.SETS, NAME, RELEASE, ADD[args.written], "bench/hold_cv_round52.py", extra, written,
                    Stack52Model)  # fmt: skip


if __name__ == "__main__":
    main()
