r"""Round 48, out of fold by set and by source group over v4-v45 (v45 joins as a set after its look): the risk of the
step a lesson orders, reported speech, decoded views (`_concepts48.vector48`), and rows written in Amharic, Nepali,
Swahili and Yoruba (`scripts/hold_written_round48.py`, set `w48`), every arm including the reference held to round
45's crossing rule.

Phase 1 (`--extract`): round 47's rows (`hold_cv_round47.py --extract`'s file, read as it is: v4-v44, the hold
tests' examples, the written rows `w34`, `w37`, `w45`, `w46`, `w47`), then v45's rows and the rows written for this
round, each read as `hold_cv_round37.written_rows` reads a written row (rules/25, the default with hashlr-14,
hashlr-16, and hashlr-17's `p17`: the shipped models, none of which saw v45 or `w48`), into `--rows`; v45's rows
keep their labels, languages and origin groups (`hold_train_cv.grouped`), `w48`'s their labels and languages.

Phase 2 is `hold_cv_round46.figures` with round 48's `Spec` over v4-v45 (its sets, slices and `SETS` widened):

- `r44 rule`: round 44 as shipped (the concept stage reading `vector42`), refitted per fold, with the crossing rule:
  **the reference**;
- `w48`: `r44 rule`'s stage trained with the written rows `w46` (weight 1), `w47` (3) and `w48` (2) as well;
- `c48`: the concept stage reading `vector48` (round 47's `vector47` and 18 more numbers);
- `c48 w48`: both;
- `c48 gate`, `c48 w48 gate`: also asked below the gate when `_concepts48.framed_step48` reads the text (a frame or a
  claim and a step `steps48` reads as risky);
- each `... by source`: every stage refitted leaving out one of `--source-folds` source groups at a time.

**The bar (fixed before the run, as rounds 46 and 47):** an arm may ship when it holds more orders than `r44 rule` at
no lower precision over v4-v45, by set and by source group. Among the arms that clear it, the one with the most
orders by set (ties: fewer benign held by set, then the simpler arm).

After the by-set arms, every arm's misses by family and by language are printed (`misses48`), and v45's slice is in
the figures (`v45`), with the four languages v45's look held least of.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round47.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round48.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round48.py [--out FILE.json]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import _hold_cv as h
import _hold_round as hr  # puts bench/, scripts/ and tests/hold/ on sys.path
import hold_benign_round46 as w46
import hold_benign_round47 as w47
import hold_cv_round34 as r34
import hold_cv_round35 as r35
import hold_cv_round37 as r37
import hold_cv_round39 as r39
import hold_cv_round45 as r45
import hold_cv_round46 as r46
import hold_cv_round47 as r47
import hold_train_cv as cv
import hold_written_round48 as w48
import numpy as np

SETS = h.sets_through(45)
"""Every spent set (`hold_train_cv.SPENT` stops at v45); nothing of a set written after v45 is read."""
LATEST = (*r45.LATEST, "v45")
FOUR = ("am", "ne", "sw", "yo")
"""The languages v45's look held least of (Amharic 0/8, Nepali, Swahili, Yoruba 1/8)."""


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 47's rows as they are, then v45's rows and the written rows `w48` (module docstring)."""
    join_set(args, "v45", "w48", w48.ROWS, "written-round48")


def join_set(args: argparse.Namespace, v: str, w: str, written: tuple[tuple[str, str, bool, str, str], ...],
             origin: str) -> None:  # fmt: skip
    """`--base-rows` as they are, then the spent set `v`'s rows and the written rows `written` (set `w`), into `--rows`.

    Each new row read as `hold_cv_round37.written_rows` reads a written row (the shipped models, none of which saw `v`
    or `w`); `v`'s rows keep their labels, languages and origin groups (`hold_train_cv.grouped`), `written`'s
    (language, kind, label, source, text) their labels and languages, with origin `{origin}:{kind}`. Rounds 48 and 49.
    """
    t0 = time.process_time()
    r39.UNFOLDED17 = (*r39.UNFOLDED17, v, w)
    rows_v = cv.grouped(v)
    more = r37.written_rows([(v, [(src, text) for src, _, text, _, _ in rows_v]),
                             (w, [(src, text) for _, _, _, src, text in written])])  # fmt: skip
    for r, (_, label, _, lang, group) in zip(more, rows_v, strict=False):
        r.update(label=label, lang=lang, origin=group)
    for r, (lang, kind, label, _, _) in zip(more[len(rows_v) :], written, strict=True):
        r.update(label=label, lang=lang, origin=f"{origin}:{kind}")
    args.rows.parent.mkdir(parents=True, exist_ok=True)
    with args.rows.open("w", encoding="utf-8") as out:
        for r in r34.load(args.base_rows):
            out.write(json.dumps(r, ensure_ascii=False) + "\n")
        for name in (v, w):
            clf = r35.b20.Scored(r39.model17(name, args.fold_dir)).clf
            for r in (r for r in more if r["set"] == name):
                r["p17"] = clf.score(r["text"])[0]
                out.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{v} and {w}: {len(more)} rows, {time.process_time() - t0:.0f} s CPU", flush=True)


def slices(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Round 45's slices over v4-v45 (pooled, v4-v37, v38-v45 each, round 36's groups), and v45's orders and benign
    texts in `FOUR`."""
    s = np.array([r["set"] for r in rows])
    out = {"v4-v45": np.isin(s, SETS)}
    out.update({k: m for k, m in _slices45(rows).items() if k != "v4-v44"})
    lang = np.array([(r.get("lang") or "").split("-")[0] for r in rows])
    out["v45 am ne sw yo"] = (s == "v45") & np.isin(lang, FOUR)
    out["all am ne sw yo"] = np.isin(s, SETS) & np.isin(lang, FOUR)
    return out


_slices45 = r45.slices


def misses48(rows: list[dict[str, Any]], arms: dict[str, np.ndarray], y: np.ndarray, inside: np.ndarray,
             p34: np.ndarray, base: np.ndarray, stands: np.ndarray) -> dict[str, Any]:  # fmt: skip
    """Round 47's `where_missed` of the reference, then every by-set arm's misses (`hold_cv_round47.misses`): by
    family, by language, and in `FOUR`. Printed as found."""
    out = {"reference": r47.where_missed(rows, arms, y, inside, p34, base, stands)}
    where = np.array(["-"] * len(rows))
    for a, held in arms.items():
        if a in ("default", "r34", "r44") or " by source" in a:
            continue
        m = r47.misses(rows, held, y, inside, where)
        four = {g: f"{t - n}/{t}" for g, n, t in m["by_language"] if g in FOUR}
        fam = {f: f"{t - n}/{t}" for f, n, t, _ in m["by_family"][:8]}
        print(f"{a:16s} held by language (am ne sw yo) {four}; top missed families held {fam}", flush=True)
        out[a] = {"missed": m["missed"], "four": four, "by_family": m["by_family"][:25]}
    return out


def figures(args: argparse.Namespace) -> None:
    """Phase 2: `hold_cv_round46.figures` with round 48's arms over v4-v45 (module docstring)."""
    from memeval.hold._concepts48 import MORE, framed_step48, vector48

    r45.SETS, r45.LATEST, r46.SETS = SETS, LATEST, SETS
    r45.slices = slices  # type: ignore[assignment]
    written = {"w46": w46.WEIGHT, "w47": w47.WEIGHT, "w48": w48.WEIGHT}
    spec = r46.Spec("c48", "w48", vector48, framed_step48, written, near=5, after_by_set=misses48,
                    reference_only=args.reference_only, tail=10 + MORE)  # fmt: skip
    r46.figures(args, spec)


def main() -> None:
    """Extract, or print and write the figures."""
    hr.spec_main(__doc__, Path("/tmp/det48/rows.jsonl"), Path("/tmp/det47/rows.jsonl"), "c48", "w48", extract, figures)


if __name__ == "__main__":
    main()
