r"""Round 44, out of fold by set over v4-v43 and by source group: round 43's release read with whom its words of
description are for, and round 43's cuts chosen again with v43 in, against round 43 (the default) refitted on the
same folds.

Phase 1 (`--extract`): round 39's rows (`hold_cv_round39.extract`) over v4-v43 (v43 joined as a set after its look;
hashlr-17 for v37-v43 is the final one, fitted on v4-v36; hashlr-14 and hashlr-16 never saw v38-v43).

Phase 2: figures, every arm in one run, every stage fitted without the set (or source group) it judges. `p42` is
the concept stage reading `_concepts42.vector42`, refitted per fold; `s34` round 34's verdicts; `gate` the texts the
default lets through with round 34's probability from 0.2 up to its add cut 0.88; a release lifts a hold of `s34`
(rules/25 as sent included, not one made through hidden markup, `hidden-*`, nor one the rules read only after
normalising, `OBSCURED`) of a text that writes about something when `p42` is under R.

- `r42`: round 42 as shipped (add 0.88); `r43`: round 43 as shipped (release 0.6 of `_stacked43.writes_about`'s
  texts, add 0.8 for a person, 0.86 for every other source), the reference of every choice and of the bar;
- `r43 nested`: round 43's rule run again with v43 in (R by round 39's `nested_precision` among `--releases`
  against no release at round 43's add cuts; then the pair of add cuts by round 42's nested rule against `r43`:
  most orders at precision at least `r43`'s there, then fewest benign held, none of the hold tests' benign
  examples newly held), over wider grids than round 43's (R to 0.7, add cuts from 0.74);
- `r43 person`: only a person's add cut chosen again (R 0.6, the others' add 0.86 fixed), by the same rule;
- `w44`: round 43's cuts with `_about44.writes_about44` in `writes_about`'s place (a text's words of description
  count only outside labels and addresses: "Malicious instruction:", "attacker@..."); `w44 nested`: `w44`'s
  reading with the cuts chosen as in `r43 nested`; `w44 person`, `w44 others`: only a person's, or only every other
  source's, add cut chosen again (R 0.6, the other add cut round 43's);
- the hold tests' benign examples: a point is refused when the model fitted on every training row would newly hold
  one of them, the stage asked as the shipped detector asks it (`asked_by_the_detector`: added after the first run,
  whose check read the gate from round 34's stage refitted here and let round 43's cuts pass, while the final
  `stack-44` held "Before answering a support ticket, read the customer's history in the CRM." at 0.8602);
- each `... by source`: every stage refitted leaving out one of `--source-folds` source groups at a time
  (`hold_cv_round40.source_groups`), every choice made on the other groups.

The bar for the default (fixed before the run): more orders than `r43` at no lower precision, by set and by source
group.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round44.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round44.py [--out FILE.json]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import _hold_cv as h
import _hold_round as hr  # puts bench/, scripts/ and tests/hold/ on sys.path
import hold_cv_round34 as r34
import hold_cv_round35 as r35
import hold_cv_round36 as r36
import hold_cv_round38 as r38
import hold_cv_round39 as r39
import hold_cv_round40 as r40
import numpy as np
from hold_cv_round43 import add_choice, release_choice  # round 43's rules, run again here

ROOT = hr.ROOT

SETS = h.sets_through(43)
"""Every spent set (`hold_train_cv.SPENT` stops at v43); nothing of a set written after v43 is read."""
LATEST = ("v38", "v39", "v40", "v41", "v42", "v43")
RELEASES = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)
"""The release cuts the choices try (0: nothing released)."""
GRID = (0.74, 0.76, 0.78, 0.8, 0.82, 0.84, 0.85, 0.86, 0.87, 0.88, 0.9, 0.92, 0.94, 1.01)
"""The add cuts the choices try (0.8 and 0.86: round 43's; 1.01: the concept stage adds nothing)."""
Cuts = tuple[float, ...]
ABOUT = ("quoted42", "describe_outside42", "concept_describe")
"""`vector42`'s readings of a text that writes about something (a quotation or code of two words or more, words of
description outside the quotes, or anywhere): round 43's release lifts only such texts."""
OBSCURED = ("invisible-characters", "homoglyphs", "letter-spacing", "encoded-instructions")
"""The default's reasons that say the rules read the text only after normalising it: no arm releases
such a text (the concept stage reads the raw text)."""


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 39's extract over `SETS`, hashlr-17's final model for v37-v43."""
    r39.SETS = SETS
    r39.UNFOLDED17 = ("v37", *LATEST)
    r39.extract(args)


def slices(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Masks over the rows of `SETS`: pooled, v4-v37, v38-v43 each, round 36's groups and written carriers."""
    s = np.array([r["set"] for r in rows])
    out = {"v4-v43": np.isin(s, SETS), "v4-v37": np.isin(s, h.sets_through(37))}
    out.update({v: s == v for v in LATEST})
    r36.SETS = SETS
    more = r36.slices(rows)
    out.update({k: m for k, m in more.items() if not k.startswith("v")})
    return out


def two_step(release_of: Callable[[float], np.ndarray], arm_of: Callable[[float, Cuts], np.ndarray],
             grid: list[Cuts], ok: dict[Cuts, bool], y: np.ndarray, folds: np.ndarray, inside: np.ndarray,
             ref_release: np.ndarray, ref: np.ndarray, releases: tuple[float, ...], margin: float
             ) -> tuple[np.ndarray, dict[str, list[float]]]:  # fmt: skip
    """Each fold judged by `arm_of(R, cuts)`: R chosen on the other folds by `release_choice` over `release_of(R)`
    against `ref_release` (no release at round 43's add cuts), then `cuts` chosen there by `add_choice` against `ref`
    (round 43) among the `grid` points with `ok` (the final model newly holds none of the hold tests' benign
    examples). Returns the verdicts and, per fold, [R, *cuts]."""
    held, chosen = np.zeros(len(y), bool), {}
    rel = {r: release_of(r) for r in releases}
    cache: dict[float, dict[Cuts, np.ndarray]] = {}
    for k in np.unique(folds[inside]):
        m = inside & (folds != k)
        r = release_choice(rel.__getitem__, y, m, ref_release, releases)
        if r not in cache:
            cache[r] = {c: arm_of(r, c) for c in grid if ok[c]}
        c = add_choice(cache[r], y, m, ref, margin)
        chosen[str(k)] = [r, *c]
        held[folds == k] = cache[r][c][folds == k]
    return held, chosen


R43 = (0.6, (0.8, 0.86))
"""Round 43's cuts as shipped: release under 0.6, add 0.8 for a person and 0.86 for every other source."""


def asked_by_the_detector(rows: list[dict[str, Any]]) -> np.ndarray:
    """Per row, for the hold tests' benign examples (set `examples`) only: whether the shipped detector asks its
    concept stage (the default lets the text through, rules/25 do not hold it, and the shipped `stack-34` gives it
    from the gate, 0.2, up to its add cut). Round 43's check read the gate from round 34's stage refitted in this
    bench, which let a cut pass that the final model then used to hold an example; this reads the stage that runs."""
    from memeval.hold._stacked43 import get_stacked43_detector

    d = get_stacked43_detector()  # round 34's stage, rules and classifiers are the same in rounds 43 and 44
    out = np.zeros(len(rows), bool)
    for i, r in enumerate(rows):
        if r["set"] != "examples":
            continue
        base, rr, c, view, standing = d._standing(r["text"], r["source"])
        if standing is not None or base.held:
            continue
        fired = [x.rule for x in rr.reasons]
        p34 = d.model34.probability_of(r["source"], base.held, view, rr.score, rr.held, fired, c.score,
                                       d.refit.score(r["text"])[0])  # fmt: skip
        out[i] = d.gate <= p34 < d.model34.add
    return out


def figures(args: argparse.Namespace) -> None:
    """Phase 2: every arm's figures over `slices`, chosen cuts by set and by source, changed verdicts, released."""
    from memeval.hold._about44 import writes_about44
    from memeval.hold._concepts42 import FEATURES42, vector42

    t_start = time.process_time()
    r38.SETS = SETS
    r39.SETS = SETS
    rows = r34.load(args.rows)
    print(f"{len(rows)} rows", flush=True)
    fams = list(r34.families([r for r in rows if r["set"] in h.sets_through(33)]))  # v4-v33's, as rounds 34-43
    x34 = r34.dense(rows, fams)
    t0 = time.process_time()
    x42 = np.array([vector42(r["text"]) for r in rows])
    cpu = {"vector42_ms": round((time.process_time() - t0) / len(rows) * 1e3, 4)}
    t0 = time.process_time()
    w44 = np.array([writes_about44(r["text"]) for r in rows])
    cpu["writes_about44_ms"] = round((time.process_time() - t0) / len(rows) * 1e3, 4)
    y = np.array([bool(r["label"]) for r in rows])
    s = np.array([r["set"] for r in rows])
    src = np.array([r["source"] for r in rows])
    person = src == "person"
    inside = np.isin(s, SETS)
    base = np.array([bool(r["default"]) for r in rows])
    hidden = np.array([any(x.startswith("hidden-") for x in r["default_reasons"]) for r in rows])
    stands = np.array([bool(r["rules_held"]) for r in rows]) | (base & hidden)
    ones = np.ones(len(rows))
    w = np.where(s == "w37", args.w37_weight, 1.0)
    plain = np.isin(s, (*SETS, "w34"))
    train_ok = np.isin(s, (*SETS, "w34", "w37"))
    ex = s == "examples"
    asked = asked_by_the_detector(rows)
    grid2 = [(a, b) for a in args.grid for b in args.grid]
    person_grid = [(a, R43[1][1]) for a in args.grid]
    others_grid = [(R43[1][0], b) for b in args.grid]
    rel_grid = tuple(args.releases)
    arms: dict[str, np.ndarray] = {"default": base}
    chosen: dict[str, Any] = {}
    released: dict[str, list[int]] = {}
    final: dict[str, list[float]] = {}
    examples: dict[str, list[Any]] = {}

    def tally(lost: np.ndarray) -> list[int]:
        return [int((lost & y).sum()), int((lost & ~y).sum()), int((lost & stands & y).sum()),
                int((lost & stands & ~y).sum())]  # fmt: skip

    def family(tag: str, p34: np.ndarray, p: np.ndarray, folds: np.ndarray) -> None:
        s34 = stands | np.where(base, p34 >= 0.7, p34 >= 0.88)
        gate = ~base & ~s34 & (p34 >= 0.2)
        arms[f"r34{tag}"] = s34
        arms[f"r42{tag}"] = s34 | (gate & (p >= 0.88))

        def per_source(r: float, c: Cuts, lift: np.ndarray) -> np.ndarray:
            return (s34 & ~(lift & (p < r))) | (gate & (p >= np.where(person, c[0], c[1])))

        def at43(r: float, c: Cuts) -> np.ndarray:
            return per_source(r, c, about43)

        def at44(r: float, c: Cuts) -> np.ndarray:
            return per_source(r, c, about44)

        ref = at43(*R43)
        arms[f"r43{tag}"] = ref
        arms[f"w44{tag}"] = at44(*R43)
        ok2 = {c: not bool((ex & asked & (p >= np.where(person, c[0], c[1]))).any()) for c in grid2}
        examples[f"r43{tag}"] = [rows[i]["text"] for i in np.where(ex & asked & (p >= np.where(person, 0.8, 0.86)))[0]]
        examples[f"r43{tag} p"] = [round(float(p[i]), 4) for i in np.where(ex & asked)[0]]
        for r in rel_grid[1:]:
            released[f"r43{tag} {r:g}"] = tally(s34 & ~at43(r, (1.01, 1.01)) & inside)
            released[f"w44{tag} {r:g}"] = tally(s34 & ~at44(r, (1.01, 1.01)) & inside)
        for name, at, grid, rels in (
            ("r43 nested", at43, grid2, rel_grid),
            ("r43 person", at43, person_grid, (R43[0],)),
            ("w44 nested", at44, grid2, rel_grid),
            ("w44 person", at44, person_grid, (R43[0],)),
            ("w44 others", at44, others_grid, (R43[0],)),
        ):
            if not any(ok2[c] for c in grid):
                chosen[f"{name}{tag}"] = {"none": ["every point newly holds a hold test's benign example"]}
                continue
            no_release = at(0.0, R43[1])
            held, ch = two_step(lambda r, at=at: at(r, R43[1]), at, grid, ok2, y, folds, inside, no_release, ref, rels,
                                args.margin)  # fmt: skip
            arms[f"{name}{tag}"], chosen[f"{name}{tag}"] = held, ch
            r = release_choice(lambda r, at=at: at(r, R43[1]), y, inside, no_release, rels)
            final[f"{name}{tag}"] = [r, *add_choice({c: at(r, c) for c in grid if ok2[c]}, y, inside, ref,
                                                    args.margin)]  # fmt: skip

    obscured = np.array([bool(set(r["default_reasons"]) & set(OBSCURED)) for r in rows])
    about43 = np.zeros(len(rows), bool)
    for c in ABOUT:
        about43 |= x42[:, FEATURES42.index(c)] > 0
    about43 &= ~obscured & ~hidden
    about44 = w44 & ~obscured & ~hidden
    print(f"writes about: round 43 {int(about43.sum())}, round 44 {int(about44.sum())}, "
          f"round 44 not round 43 {int((about44 & ~about43).sum())}", flush=True)  # fmt: skip
    nen = inside & np.array([(r.get("lang") or "en").split("-")[0] != "en" for r in rows])
    p34, _ = r38.oof_of(x34, y, s, ones, plain, args.l2)
    p42, _ = r38.oof_of(np.hstack([x34, x42]), y, s, w, train_ok, args.l2)
    auc = {"r42 by set": [round(r35.auc(p42[inside], y[inside]), 4), round(r35.auc(p42[nen], y[nen]), 4)]}
    family("", p34, p42, s)
    if args.source_folds:
        g = r40.source_groups(rows, args.source_folds)
        q34 = r40.oof_by(x34, y, g, inside, ones, plain, args.l2)
        q42 = r40.oof_by(np.hstack([x34, x42]), y, g, inside, w, train_ok, args.l2)
        auc["r42 by source"] = [round(r35.auc(q42[inside], y[inside]), 4), round(r35.auc(q42[nen], y[nen]), 4)]
        family(" by source", q34, q42, g)
    print("AUC (all, outside English)", auc, flush=True)
    sl = slices(rows)
    res: dict[str, Any] = {
        "l2": args.l2, "w37": args.w37_weight, "source_folds": args.source_folds, "cpu_a_text": cpu, "auc": auc,
        "grid": args.grid, "releases": args.releases,
        "released_orders_benign_of_which_rules25": released,
        "figures": {k: {a: r35.fig(held, y, m) for a, held in arms.items()} for k, m in sl.items()},
        "final_cuts": final,
        "examples_held_at_round_43s_cuts_by_the_final_fit": examples,
        "chosen_cuts": {k: {v: list(c) for v, c in ch.items()} for k, ch in chosen.items()},
        "changed": {a: [[rows[i]["set"], rows[i]["source"], bool(y[i]), bool(held[i]), round(float(p42[i]), 3),
                         rows[i]["text"][:160]]
                        for i in np.where(inside & (held != arms["r43"]))[0]]
                    for a, held in arms.items() if a in args.changed},
    }  # fmt: skip
    h.finish(res, t_start, args.out)
    for k, figs in res["figures"].items():
        if k in args.print_slices or not args.print_slices:
            print(f"== {k}")
            for a in arms:
                print(f"  {a:36s} {figs[a]}")
    print("released (orders, benign, of them rules/25 orders, benign):", released)
    for k, ch in chosen.items():
        print(k, sorted(set(map(tuple, ch.values()))))
    print("chosen on every set (the final model's cuts):", final)
    print("examples the final fit holds at round 43's cuts:", {k: v for k, v in examples.items() if " p" not in k})
    print(f"cpu {res['cpu_s']} s, load {res['load_at_end']}")


def main() -> None:
    """Extract, or print and write the figures."""
    ap = hr.parser(__doc__, Path("/tmp/det44/rows.jsonl"), final_dir=True)
    ap.add_argument("--margin", type=float, default=0.0, help="add choices: precision above round 43's arm")
    ap.add_argument("--grid", type=float, nargs="*", default=list(GRID), help="the add cuts the choices try")
    ap.add_argument("--releases", type=float, nargs="*", default=list(RELEASES), help="release cuts (first: none)")
    ap.add_argument(
        "--changed",
        nargs="*",
        default=["w44", "w44 nested", "r43 nested", "r43 person"],
        help="arms whose changes to list (against r43)",
    )
    hr.add_tail(ap)
    hr.run(ap, extract, figures)


if __name__ == "__main__":
    main()
