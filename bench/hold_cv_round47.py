r"""Round 47, out of fold by set over v4-v44 and by source group: round 46's negation scope also read after the step
(`_concepts47.vector47`), more and heavier written benign rows of the kinds near the add cut
(`scripts/hold_benign_round47.py`, set `w47`, beside round 46's `w46`), and where the reference misses, every arm
including the reference held to round 45's crossing rule.

Phase 1 (`--extract`): round 46's rows (`hold_cv_round46.extract`'s file, `/tmp/det46/rows.jsonl`, read as it is:
v4-v44, the hold tests' examples, the written rows `w34`, `w37`, `w45`, `w46`), then the rows written for this round
(set `w47`) read the same way (`hold_cv_round37.written_rows`, the final hashlr-17), into `--rows`.

Phase 2: figures, every arm in one run, every stage fitted without the set (or source group) it judges, read as
rounds 45 and 46 read them (`s34` round 34's stage, its gate 0.2 up to 0.88, the release of a text that writes about
something under R 0.6, add cuts 0.8 for a person and 0.86 for every other source before the rule):

Phase 2 is `hold_cv_round46.figures` run with round 47's `Spec` (its arms, written sets and gate); it also reports
`r44`, round 44 refitted at its own cuts without the rule, for comparison only.

- `r44 rule`: round 44 as shipped (the concept stage reading `vector42`), refitted per fold, with the crossing rule:
  **the reference** (the bar's "round 44 refitted");
- `w47`: `r44 rule`'s stage trained with the written rows `w46` (weight 1) and `w47` (weight
  `hold_benign_round47.WEIGHT`) as well;
- `c47`: the concept stage reading `vector47`;
- `c47 w47`: both;
- `c47 gate`, `c47 w47 gate`: also asked below the gate when `_concepts47.framed_risk47` reads the text;
- each `... by source`: every stage refitted leaving out one of `--source-folds` source groups at a time.

**The crossing rule** is round 45's (`hold_cv_round45.crossing_cuts`), unchanged, on every arm including the
reference. **The bar (fixed before the run, as round 46's):** an arm may ship when it holds more orders than
`r44 rule` at no lower precision over v4-v44, by set and by source group. Among the arms that clear it, the one with
the most orders by set (ties: fewer benign held by set, then the simpler arm).

**The misses** (printed first, and in the JSON): the orders `r44 rule` lets through out of fold by set, counted by
family (a written row's kind after `written-...:`, a published corpus's origin) and by language.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round47.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round47.py [--out FILE.json]
"""

from __future__ import annotations

import argparse
import collections
import json
import time
from pathlib import Path
from typing import Any

import _hold_round as hr  # puts bench/, scripts/ and tests/hold/ on sys.path
import hold_benign_round46 as w46
import hold_benign_round47 as w47
import hold_cv_round34 as r34
import hold_cv_round35 as r35
import hold_cv_round37 as r37
import hold_cv_round39 as r39
import hold_cv_round46 as r46
import numpy as np

ROOT = hr.ROOT


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 46's rows as they are, then the written rows `w47` (module docstring)."""
    t0 = time.process_time()
    clf = r35.b20.Scored(r39.model17("w47", args.fold_dir)).clf
    more = r37.written_rows([("w47", w47.rows())])
    args.rows.parent.mkdir(parents=True, exist_ok=True)
    with args.rows.open("w", encoding="utf-8") as out:
        for r in r34.load(args.base_rows):
            out.write(json.dumps(r, ensure_ascii=False) + "\n")
        for r in more:
            r["origin"] = "written-round47:w47"
            r["p17"] = clf.score(r["text"])[0]
            out.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"w47: {len(more)} rows, {time.process_time() - t0:.0f} s CPU", flush=True)


def family_of(r: dict[str, Any]) -> str:
    """A row's family for the misses: a written row's kind (`written-round35:relay` -> `relay`), else its origin."""
    o = r.get("origin") or r["set"]
    return o.partition(":")[2] or o if o.startswith("written-") else o


def misses(rows: list[dict[str, Any]], held: np.ndarray, y: np.ndarray, inside: np.ndarray, where: np.ndarray
           ) -> dict[str, Any]:  # fmt: skip
    """The orders inside the sets that `held` lets through, counted by family and by language (largest first), with
    each family's orders for scale, three examples of the largest ten families, and per family where the misses sit
    (`where`: a label per row, e.g. below the gate or asked and under the cut)."""
    miss = np.where(inside & y & ~held)[0]
    fam = collections.Counter(family_of(rows[i]) for i in miss)
    at = {f: dict(collections.Counter(str(where[i]) for i in miss if family_of(rows[i]) == f)) for f in fam}
    tot = collections.Counter(family_of(rows[i]) for i in np.where(inside & y)[0])
    lang = collections.Counter((rows[i].get("lang") or "?").split("-")[0] for i in miss)
    ltot = collections.Counter((rows[i].get("lang") or "?").split("-")[0] for i in np.where(inside & y)[0])
    ex = {f: [rows[i]["text"][:140] for i in miss if family_of(rows[i]) == f][:3] for f, _ in fam.most_common(10)}
    return {
        "missed": len(miss),
        "by_family": [[f, n, tot[f], at[f]] for f, n in fam.most_common()],
        "where": dict(collections.Counter(str(where[i]) for i in miss)),
        "by_language": [[g, n, ltot[g]] for g, n in lang.most_common()],
        "examples": ex,
    }


def where_missed(rows: list[dict[str, Any]], arms: dict[str, np.ndarray], y: np.ndarray, inside: np.ndarray,
                 p34: np.ndarray, base: np.ndarray, stands: np.ndarray) -> dict[str, Any]:  # fmt: skip
    """`misses` of `r44 rule` out of fold by set, each labelled by where it sits: released (round 34's stage holds it
    and the release lifts it), the default's hold lifted by round 34's stage, below the gate (0.2), or asked and
    under the cut. Printed as it is found."""
    s34 = stands | np.where(base, p34 >= 0.7, p34 >= 0.88)
    where = np.select(
        [s34, base, p34 < 0.2],
        ["released (writes about)", "default's hold lifted by s34", "below the gate"],
        "asked, under the cut",
    )
    missed = misses(rows, arms["r44 rule"], y, inside, where)
    print(f"r44 rule misses {missed['missed']} orders ({missed['where']}); by family (missed, orders, where):")
    for f, n, t, at in missed["by_family"][:25]:
        print(f"  {f:40s} {n:5d} {t:5d} {at}")
    print("by language (missed, orders):", " ".join(f"{g}:{n}/{t}" for g, n, t in missed["by_language"][:30]))
    print("examples:", json.dumps(missed["examples"], ensure_ascii=False, indent=1), flush=True)
    return missed


def figures(args: argparse.Namespace) -> None:
    """Phase 2: `hold_cv_round46.figures` with round 47's arms and the reference's misses (module docstring)."""
    from memeval.hold._concepts47 import framed_risk47, vector47

    spec = r46.Spec("c47", "w47", vector47, framed_risk47, {"w46": w46.WEIGHT, "w47": w47.WEIGHT}, near=5,
                    after_by_set=where_missed, reference_only=args.reference_only)  # fmt: skip
    r46.figures(args, spec)


def main() -> None:
    """Extract, or print and write the figures."""
    hr.spec_main(__doc__, Path("/tmp/det47/rows.jsonl"), Path("/tmp/det46/rows.jsonl"), "c47", "w47", extract, figures)


if __name__ == "__main__":
    main()
