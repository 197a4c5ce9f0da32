r"""Round 43, out of fold by set over v4-v42 and by source group: a release of round 34's holds where round 42's
concept stage scores low, with its cut chosen by a rule fixed before the run, and add cuts per source, against round
42 (the default) refitted on the same folds.

Phase 1 (`--extract`): round 39's rows (`hold_cv_round39.extract`) over v4-v42 (v42 joined as a set after its look;
hashlr-17 for v37-v42 is the final one, fitted on v4-v36; hashlr-14 and hashlr-16 never saw v38-v42).

Phase 2: figures, every arm in one run, every stage fitted without the set (or source group) it judges. `p42` is
the concept stage reading `_concepts42.vector42` (round 42's), refitted per fold; `s34` round 34's verdicts; `gate`
the texts the default lets through with round 34's probability from 0.2 up to its add cut 0.88; a release lifts a
hold of `s34` (rules/25 as sent included, not one made through hidden markup, `hidden-*`) when `p42` is under R.

- `r42`: round 42 as shipped (add 0.88), the reference of every choice below; `r42 nested`: the add cut chosen on
  the other folds among `--grid` (`hold_cv_round42.nested_by`: most orders at precision at least `r42`'s there, then
  fewest benign held; none of the hold tests' benign examples newly held);
- `rel R`: the release at a fixed R, add 0.88 (round 42 measured 0.4: 5423 orders with 369 benign over v4-v41);
- `relp` (the rule fixed in advance, round 39's `nested_precision` on any folds): R chosen on the other folds among
  `--releases` as the most precise point that loses no more orders than it releases benign texts against `r42`, ties
  to the lower R; add 0.88. A release only loses orders, so it can clear "more orders" only with a lower add cut:
- `relp+add`: with each fold's R so chosen, its add cut chosen on the other folds by `r42 nested`'s rule;
- `src`: one add cut for a person's own words (`person`) and one for everything else (an agent's message, tool
  output, a web page, a mail, a document), the pair chosen on the other folds by `r42 nested`'s rule;
- `relp+src`: each fold's R chosen as in `relp`, then its pair of add cuts as in `src`;
- `relq ...` (added after the hold tests showed `relp+src`'s final model releasing a rules/25 hold of an order written
  under combining marks, which the concept stage reads as no words at all): the same choices with the release limited
  to texts that write about something (`ABOUT`: a quotation or code, or words of description), the prose about
  attacks the release is meant for, and never to a text the rules read only after normalising it (`OBSCURED`: added
  after reading the first `relq` run's released orders, two of them written with zero-width characters);
- each `... by source`: every stage refitted leaving out one of `--source-folds` source groups at a time
  (`hold_cv_round40.source_groups`), every choice made on the other groups.

The bar for the default: more orders than `r42` at no lower precision, by set and by source group.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round43.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round43.py [--out FILE.json]
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
import hold_cv_round42 as b42
import numpy as np

ROOT = hr.ROOT

SETS = h.sets_through(42)
"""Every spent set (`hold_train_cv.SPENT` stops at v42); nothing of a set written after v42 is read."""
LATEST = ("v38", "v39", "v40", "v41", "v42")
RELEASES = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6)
"""The release cuts the choices try (0: nothing released)."""
GRID = (0.8, 0.82, 0.84, 0.85, 0.86, 0.87, 0.88, 0.9, 0.92, 0.94, 1.01)
"""The add cuts the choices try (0.88: round 42's; 1.01: the concept stage adds nothing)."""
Cuts = tuple[float, ...]
ABOUT = ("quoted42", "describe_outside42", "concept_describe")
"""`vector42`'s readings of a text that writes about something (a quotation or code of two words or more, words of
description outside the quotes, or anywhere): the `relq` arms release only such texts."""
OBSCURED = ("invisible-characters", "homoglyphs", "letter-spacing", "encoded-instructions")
"""The default's reasons that say the rules read the text only after normalising it: the `relq` arms never release
such a text (the concept stage reads the raw text)."""


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 39's extract over `SETS`, hashlr-17's final model for v37-v42."""
    r39.SETS = SETS
    r39.UNFOLDED17 = ("v37", *LATEST)
    r39.extract(args)


def slices(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Masks over the rows of `SETS`: pooled, v4-v37, v38-v42 each, round 36's groups and written carriers."""
    s = np.array([r["set"] for r in rows])
    out = {"v4-v42": np.isin(s, SETS), "v4-v37": np.isin(s, h.sets_through(37))}
    out.update({v: s == v for v in LATEST})
    r36.SETS = SETS
    more = r36.slices(rows)
    out.update({k: m for k, m in more.items() if not k.startswith("v")})
    return out


def release_choice(arm_of: Callable[[float], np.ndarray], y: np.ndarray, m: np.ndarray, ref: np.ndarray,
                   releases: tuple[float, ...]) -> float:  # fmt: skip
    """The release cut chosen on the rows `m`: round 39's `nested_precision` rule (the highest precision among the
    cuts that lose no more orders than they release benign texts against `ref`, ties to the lower cut). 0 always
    qualifies, so a cut is always returned."""
    tp0, fp0 = r39.counts(ref, y, m)
    cand = []
    for r in releases:
        tp, fp = r39.counts(arm_of(r), y, m)
        if tp0 - tp <= fp0 - fp:
            cand.append((tp / max(1, tp + fp), -r))
    return -max(cand)[1]


def add_choice(arms: dict[Cuts, np.ndarray], y: np.ndarray, m: np.ndarray, ref: np.ndarray, margin: float) -> Cuts:
    """The cuts chosen on the rows `m` by `hold_cv_round42.nested_by`'s rule: most orders at precision at least
    `ref`'s there plus `margin`, then fewest benign held; the most precise point when none reaches it."""
    tp0, fp0 = r39.counts(ref, y, m)
    floor = tp0 / max(1, tp0 + fp0) + margin
    scored = [(tp / max(1, tp + fp), tp, -fp, c) for c, a in arms.items() for tp, fp in [r39.counts(a, y, m)]]
    met = [x for x in scored if x[0] >= floor]
    return max(x[1:] for x in met)[2] if met else max(scored)[3]


def two_step(release_of: Callable[[float], np.ndarray], arm_of: Callable[[float, Cuts], np.ndarray],
             grid: list[Cuts], ok: dict[Cuts, bool], y: np.ndarray, folds: np.ndarray, inside: np.ndarray,
             ref: np.ndarray, releases: tuple[float, ...], margin: float
             ) -> tuple[np.ndarray, dict[str, list[float]]]:  # fmt: skip
    """Each fold judged by `arm_of(R, cuts)`: R chosen on the other folds by `release_choice` over `release_of(R)`
    (the release at the reference add cut), then `cuts` chosen there by `add_choice` among the `grid` points with
    `ok` (the final model newly holds none of the hold tests' benign examples). Returns the verdicts and, per fold,
    [R, *cuts]."""
    held, chosen = np.zeros(len(y), bool), {}
    rel = {r: release_of(r) for r in releases}
    cache: dict[float, dict[Cuts, np.ndarray]] = {}
    for k in np.unique(folds[inside]):
        m = inside & (folds != k)
        r = release_choice(rel.__getitem__, y, m, ref, releases)
        if r not in cache:
            cache[r] = {c: arm_of(r, c) for c in grid if ok[c]}
        c = add_choice(cache[r], y, m, ref, margin)
        chosen[str(k)] = [r, *c]
        held[folds == k] = cache[r][c][folds == k]
    return held, chosen


def figures(args: argparse.Namespace) -> None:
    """Phase 2: every arm's figures over `slices`, chosen cuts by set and by source, changed verdicts, released."""
    from memeval.hold._concepts42 import FEATURES42, vector42

    t_start = time.process_time()
    r38.SETS = SETS
    r39.SETS = SETS
    rows = r34.load(args.rows)
    print(f"{len(rows)} rows", flush=True)
    fams = list(r34.families([r for r in rows if r["set"] in h.sets_through(33)]))  # v4-v33's, as rounds 34-42
    x34 = r34.dense(rows, fams)
    t0 = time.process_time()
    x42 = np.array([vector42(r["text"]) for r in rows])
    cpu = {"vector42_ms": round((time.process_time() - t0) / len(rows) * 1e3, 4)}
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
    grid1 = [(a,) for a in args.grid]
    grid2 = [(a, b) for a in args.grid for b in args.grid]
    rel_grid = tuple(args.releases)
    arms: dict[str, np.ndarray] = {"default": base}
    chosen: dict[str, Any] = {}
    released: dict[str, list[int]] = {}
    final: dict[str, list[float]] = {}

    def tally(lost: np.ndarray) -> list[int]:
        return [int((lost & y).sum()), int((lost & ~y).sum()), int((lost & stands & y).sum()),
                int((lost & stands & ~y).sum())]  # fmt: skip

    def family(tag: str, p34: np.ndarray, p: np.ndarray, folds: np.ndarray) -> None:
        s34 = stands | np.where(base, p34 >= 0.7, p34 >= 0.88)
        gate = ~base & ~s34 & (p34 >= 0.2)
        ref = s34 | (gate & (p >= 0.88))
        arms[f"r34{tag}"] = s34
        arms[f"r42{tag}"] = ref

        def one(r: float, c: Cuts, lift: np.ndarray = ~hidden) -> np.ndarray:
            return (s34 & ~(lift & (p < r))) | (gate & (p >= c[0]))

        def per_source(r: float, c: Cuts, lift: np.ndarray = ~hidden) -> np.ndarray:
            return (s34 & ~(lift & (p < r))) | (gate & (p >= np.where(person, c[0], c[1])))

        def one_about(r: float, c: Cuts) -> np.ndarray:
            return one(r, c, ~hidden & about)

        def per_source_about(r: float, c: Cuts) -> np.ndarray:
            return per_source(r, c, ~hidden & about)

        ok1 = {c: not bool((ex & gate & (p >= c[0])).any()) for c in grid1}
        ok2 = {c: not bool((ex & gate & (p >= np.where(person, c[0], c[1]))).any()) for c in grid2}
        for a in args.adds:
            arms[f"r42{tag} add {a:g}"] = one(0.0, (a,))
        held, ch = b42.nested_by(lambda c: one(0.0, c), grid1, ok1, y, folds, inside, ref, args.margin)
        arms[f"r42{tag} nested"], chosen[f"r42{tag} nested"] = held, ch
        ok42 = {(a,): not bool((ex & gate & (p >= a)).any()) for a in r40.ADD}
        held, ch = b42.nested_by(lambda c: one(0.0, c), list(ok42), ok42, y, folds, inside, ref, args.margin)
        arms[f"r42{tag} nested (round 42's grid)"], chosen[f"r42{tag} nested (round 42's grid)"] = held, ch
        for r in rel_grid[1:]:
            arms[f"rel{tag} {r:g}"] = one(r, (0.88,))
            lost = s34 & ~one(r, (1.01,)) & inside
            released[f"rel{tag} {r:g}"] = tally(lost)
        for r in rel_grid[1:]:
            arms[f"relq{tag} {r:g}"] = one_about(r, (0.88,))
            lost = s34 & ~one_about(r, (1.01,)) & inside
            released[f"relq{tag} {r:g}"] = tally(lost)
        for name, arm_of, grid, ok in (
            ("relp", one, [(0.88,)], {(0.88,): True}),
            ("relp+add", one, grid1, ok1),
            ("src", per_source, grid2, ok2),
            ("relp+src", per_source, grid2, ok2),
            ("relq", one_about, [(0.88,)], {(0.88,): True}),
            ("relq+add", one_about, grid1, ok1),
            ("relq+src", per_source_about, grid2, ok2),
        ):
            rels = (0.0,) if name == "src" else rel_grid
            at = one_about if name.startswith("relq") else one
            held, ch = two_step(lambda r, at=at: at(r, (0.88,)), arm_of, grid, ok, y, folds, inside, ref, rels,
                                args.margin)  # fmt: skip
            arms[f"{name}{tag}"], chosen[f"{name}{tag}"] = held, ch
            r = release_choice(lambda r, at=at: at(r, (0.88,)), y, inside, ref, rels)
            final[f"{name}{tag}"] = [r, *add_choice({c: arm_of(r, c) for c in grid if ok[c]}, y, inside, ref,
                                                    args.margin)]  # fmt: skip

    about = np.zeros(len(rows), bool)
    for c in ABOUT:
        about |= x42[:, FEATURES42.index(c)] > 0
    about &= ~np.array([bool(set(r["default_reasons"]) & set(OBSCURED)) for r in rows])
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
        "chosen_cuts": {k: {v: list(c) for v, c in ch.items()} for k, ch in chosen.items()},
        "changed": {a: [[rows[i]["set"], rows[i]["source"], bool(y[i]), bool(held[i]), round(float(p42[i]), 3),
                         rows[i]["text"][:160]]
                        for i in np.where(inside & (held != arms["r42"]))[0]]
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
    print(f"cpu {res['cpu_s']} s, load {res['load_at_end']}")


def main() -> None:
    """Extract, or print and write the figures."""
    ap = hr.parser(__doc__, Path("/tmp/det43/rows.jsonl"), final_dir=True)
    ap.add_argument("--margin", type=float, default=0.0, help="add choices: precision above round 42's arm")
    ap.add_argument("--adds", type=float, nargs="*", default=[0.86, 0.9], help="more fixed add cuts")
    ap.add_argument("--grid", type=float, nargs="*", default=list(GRID), help="the add cuts the choices try")
    ap.add_argument("--releases", type=float, nargs="*", default=list(RELEASES), help="release cuts (first: none)")
    ap.add_argument("--changed", nargs="*", default=["relp+src", "relq+src", "src"], help="arms whose changes to list")
    hr.add_tail(ap)
    hr.run(ap, extract, figures)


if __name__ == "__main__":
    main()
