r"""Round 42, out of fold by set over v4-v41 and by source group: where a text's order words sit (quoted in prose or
code, or carried in a JSON string; `_concepts42.vector42`), in the concept stage and as a release, against round 38
(the default) and round 41 refitted on the same folds.

Phase 1 (`--extract`): round 39's rows (`hold_cv_round39.extract`) over v4-v41 (v41 joined as a set after its look;
hashlr-17 for v37-v41 is the final one, fitted on v4-v36; hashlr-14 and hashlr-16 never saw v38-v41).

Phase 2: figures, every arm in one run, every stage fitted without the set (or source group) it judges:

- `r38`: round 38 as shipped (round 34's stage, and behind the gate 0.2 the concept stage `vector38` adding a hold
  from 0.88), refitted per fold; `r41`: `vector41` in its place; `r42`: `vector42`; each at the add cuts `--adds` and
  nested (the add cut chosen for each set on the other sets among `--grid`: most orders at precision at least round
  38's there, none of the hold tests' benign examples newly held; `hold_cv_round39.nested`);
- `rel38`, `rel42`: the same stages, and also a release: a hold of round 34's stage (rules/25 as sent included; not
  one made by hidden markup, `hidden-*`) is lifted when the stage's probability is under R. (R, add cut) chosen
  nested among `--releases` x `--grid`. Rules/25's verdict has stood since round 23 (a textbook injection the stage
  scored 0.47); the release asks whether, read with the quote concepts, the stage can lift the guides' paragraphs;
- `... by source`: every stage refitted leaving out one of `--source-folds` source groups at a time (a row's origin
  before its first ':', hashed; `hold_cv_round40.source_groups`), the nested choice made on the other groups.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round42.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round42.py [--out FILE.json]
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

ROOT = hr.ROOT

SETS = h.sets_through(41)
"""Every spent set (`hold_train_cv.SPENT` stops at v41); nothing of a set written after v41 is read."""
LATEST = ("v38", "v39", "v40", "v41")
RELEASES = (0.0, 0.1, 0.2, 0.3, 0.4)
"""The release cuts the nested choice tries (0: nothing released)."""


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 39's extract over `SETS`, hashlr-17's final model for v37-v41."""
    r39.SETS = SETS
    r39.UNFOLDED17 = ("v37", *LATEST)
    r39.extract(args)


def slices(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Masks over the rows of `SETS`: pooled, v4-v37, v38-v41 each, round 36's groups and written carriers."""
    s = np.array([r["set"] for r in rows])
    out = {"v4-v41": np.isin(s, SETS), "v4-v37": np.isin(s, h.sets_through(37))}
    out.update({v: s == v for v in LATEST})
    r36.SETS = SETS
    more = r36.slices(rows)
    out.update({k: m for k, m in more.items() if not k.startswith("v")})
    return out


def nested_by(arm_of: Callable[[tuple[float, ...]], np.ndarray], grid: list[tuple[float, ...]],
              ok: dict[tuple[float, ...], bool], y: np.ndarray, folds: np.ndarray, inside: np.ndarray,
              ref: np.ndarray, margin: float) -> tuple[np.ndarray, dict[str, tuple[float, ...]]]:  # fmt: skip
    """Each fold (a set, or a source group) judged by `arm_of(cuts)` with `cuts` chosen on the other folds' rows
    `inside`: `hold_cv_round39.nested`'s rule (most orders at precision at least `ref`'s there plus `margin`, then
    fewest benign held, among the points with `ok`; the most precise point when none reaches it)."""
    held, chosen = np.zeros(len(y), bool), {}
    arms = {c: arm_of(c) for c in grid if ok[c]}
    for k in np.unique(folds[inside]):
        m = inside & (folds != k)
        tp0, fp0 = r39.counts(ref, y, m)
        floor = tp0 / max(1, tp0 + fp0) + margin
        scored = [(tp / max(1, tp + fp), tp, -fp, c) for c, a in arms.items() for tp, fp in [r39.counts(a, y, m)]]
        met = [x for x in scored if x[0] >= floor]
        best = max(x[1:] for x in met)[2] if met else max(scored)[3]
        chosen[str(k)] = best
        held[folds == k] = arms[best][folds == k]
    return held, chosen


def figures(args: argparse.Namespace) -> None:
    """Phase 2: every arm's figures over `slices`, nested cuts by set and by source, changed verdicts, CPU a text."""
    from memeval.hold._concepts import vector38
    from memeval.hold._concepts41 import vector41
    from memeval.hold._concepts42 import FEATURES42, vector42

    t_start = time.process_time()
    r38.SETS = SETS
    r39.SETS = SETS
    rows = r34.load(args.rows)
    print(f"{len(rows)} rows", flush=True)
    fams = list(r34.families([r for r in rows if r["set"] in h.sets_through(33)]))  # v4-v33's, as rounds 34-41
    x34 = r34.dense(rows, fams)
    cpu: dict[str, float] = {}
    xs: dict[str, np.ndarray] = {}
    for name, fn in (("38", vector38), ("41", vector41), ("42", vector42)):
        t0 = time.process_time()
        xs[name] = np.array([fn(r["text"]) for r in rows])
        cpu[f"vector{name}_ms"] = round((time.process_time() - t0) / len(rows) * 1e3, 4)
    print(cpu, flush=True)
    assert np.array_equal(xs["42"][:, : xs["41"].shape[1]], xs["41"]), "vector42 must begin with vector41's numbers"
    y = np.array([bool(r["label"]) for r in rows])
    s = np.array([r["set"] for r in rows])
    inside = np.isin(s, SETS)
    counts: dict[str, list[int]] = {}
    for c in FEATURES42[xs["41"].shape[1] :]:
        col = xs["42"][:, FEATURES42.index(c)] > 0
        counts[c] = [int((col & inside & y).sum()), int((col & inside & ~y).sum())]
        print(f"{c}: {counts[c][0]} orders, {counts[c][1]} benign", flush=True)
    base = np.array([bool(r["default"]) for r in rows])
    hidden = np.array([any(x.startswith("hidden-") for x in r["default_reasons"]) for r in rows])
    stands = np.array([bool(r["rules_held"]) for r in rows]) | (base & hidden)
    ones = np.ones(len(rows))
    w = np.where(s == "w37", args.w37_weight, 1.0)
    plain = np.isin(s, (*SETS, "w34"))
    train_ok = np.isin(s, (*SETS, "w34", "w37"))
    ex = s == "examples"
    arms: dict[str, np.ndarray] = {"default": base}
    chosen: dict[str, Any] = {}
    released: dict[str, Any] = {}

    def family(tag: str, p34: np.ndarray, stage: dict[str, np.ndarray], folds: np.ndarray) -> None:
        s34 = stands | np.where(base, p34 >= 0.7, p34 >= 0.88)
        arms[f"r34{tag}"] = s34
        gate = ~base & ~s34 & (p34 >= 0.2)
        ref = s34 | (gate & (stage["38"] >= 0.88))
        for name, p in stage.items():
            label = f"r{name}{tag}"
            arms[label] = s34 | (gate & (p >= 0.88))
            for a in args.adds:
                arms[f"{label} add {a:g}"] = s34 | (gate & (p >= a))
            ok = {(a,): not bool((ex & gate & (p >= a)).any()) for a in args.grid}
            held, ch = nested_by(lambda c, p=p: s34 | (gate & (p >= c[0])), [(a,) for a in args.grid], ok, y, folds,
                                 inside, ref, args.margin)  # fmt: skip
            arms[f"{label} nested"] = held
            chosen[label] = ch
            if name not in args.release_stages:
                continue

            def rel(c: tuple[float, ...], p: np.ndarray = p) -> np.ndarray:
                return (s34 & ~(~hidden & (p < c[0]))) | (gate & (p >= c[1]))

            for r in args.releases[1:]:
                arms[f"rel{name}{tag} {r:g}"] = rel((r, 0.88))
                lost = s34 & ~rel((r, 1.01)) & inside
                released[f"rel{name}{tag} {r:g}"] = [
                    int((lost & y).sum()),
                    int((lost & ~y).sum()),
                    int((lost & stands & y).sum()),
                    int((lost & stands & ~y).sum()),
                ]
            grid2 = [(r, a) for r in args.releases for a in args.grid]
            ok2 = {(r, a): ok[(a,)] for r, a in grid2}
            held, ch = nested_by(rel, grid2, ok2, y, folds, inside, ref, args.margin)
            arms[f"rel{name}{tag} nested"] = held
            chosen[f"rel{name}{tag}"] = ch

    nen = inside & np.array([(r.get("lang") or "en").split("-")[0] != "en" for r in rows])
    p34, _ = r38.oof_of(x34, y, s, ones, plain, args.l2)
    stage = {k: r38.oof_of(np.hstack([x34, x]), y, s, w, train_ok, args.l2)[0] for k, x in xs.items()}
    auc = {f"r{k} by set": [round(r35.auc(p[inside], y[inside]), 4), round(r35.auc(p[nen], y[nen]), 4)]
           for k, p in stage.items()}  # fmt: skip
    family("", p34, stage, s)
    if args.source_folds:
        g = r40.source_groups(rows, args.source_folds)
        q34 = r40.oof_by(x34, y, g, inside, ones, plain, args.l2)
        qs = {k: r40.oof_by(np.hstack([x34, x]), y, g, inside, w, train_ok, args.l2) for k, x in xs.items()}
        auc.update({f"r{k} by source": [round(r35.auc(p[inside], y[inside]), 4), round(r35.auc(p[nen], y[nen]), 4)]
                    for k, p in qs.items()})  # fmt: skip
        family(" by source", q34, qs, g)
    print("AUC (all, outside English)", auc, flush=True)
    sl = slices(rows)
    res: dict[str, Any] = {
        "l2": args.l2, "w37": args.w37_weight, "source_folds": args.source_folds, "cpu_a_text": cpu, "auc": auc,
        "feature_counts_orders_benign": counts,
        "released_orders_benign_of_which_rules25": released,
        "figures": {k: {a: r35.fig(held, y, m) for a, held in arms.items()} for k, m in sl.items()},
        "nested_cuts": {k: {v: list(c) for v, c in ch.items()} for k, ch in chosen.items()},
        "changed": {a: [[rows[i]["set"], bool(y[i]), bool(held[i]), rows[i]["text"][:160]]
                        for i in np.where(inside & (held != arms["r38"]))[0]]
                    for a, held in arms.items() if a in args.changed},
    }  # fmt: skip
    h.finish(res, t_start, args.out)
    for k, figs in res["figures"].items():
        if k in args.print_slices or not args.print_slices:
            print(f"== {k}")
            for a in arms:
                print(f"  {a:30s} {figs[a]}")
    print("released (orders, benign, of them rules/25 orders, benign):", released)
    for k, ch in chosen.items():
        print(k, sorted(set(map(tuple, ch.values()))))
    print(f"cpu {res['cpu_s']} s, load {res['load_at_end']}")


def main() -> None:
    """Extract, or print and write the figures."""
    ap = hr.parser(__doc__, Path("/tmp/det42/rows.jsonl"), final_dir=True)
    ap.add_argument("--margin", type=float, default=0.0, help="nested: precision above round 38's arm")
    ap.add_argument("--adds", type=float, nargs="*", default=[0.86, 0.9, 0.92], help="more fixed add cuts")
    ap.add_argument("--grid", type=float, nargs="*", default=list(r40.ADD), help="the add cuts the nested choice tries")
    ap.add_argument("--releases", type=float, nargs="*", default=list(RELEASES), help="release cuts (first: none)")
    ap.add_argument("--release-stages", nargs="*", default=["38", "42"], help="stages also measured as a release")
    ap.add_argument("--changed", nargs="*", default=["r42", "rel42 nested"], help="arms whose changed verdicts to list")
    hr.add_tail(ap)
    hr.run(ap, extract, figures)


if __name__ == "__main__":
    main()
