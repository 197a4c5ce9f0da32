r"""Round 41, out of fold by set over v4-v40 (and by source): round 40's concept stage (`vector40`) plus whether the
text adds a check or a person or takes one away (`_concepts41.vector41`), against round 38 refitted on the same folds.

Phase 1 (`--extract`): round 39's rows (`hold_cv_round39.extract`) over v4-v40 (v40 joined as a set after its look;
hashlr-17 for v37-v40 is the final one, fitted on v4-v36; hashlr-14 and hashlr-16 never saw v38-v40).

Phase 2: figures, every arm in one run, every stage fitted without the set it judges:

- `r34`: round 34's stage; `r38`: round 38 as shipped (round 34's stage, and behind the gate 0.2 the concept stage
  `vector38` adding a hold from 0.88), refitted per fold; `r40`: `vector40` in its place; `r41`: `vector41`; each at
  the add cuts `--adds` and nested (`hold_cv_round39.nested`: the add cut chosen for each set on the others among
  `--grid`, round 40's cuts unless given: most orders at precision at least round 38's there, none of the hold
  tests' benign examples newly held);
- `... by source`: the same arms with every stage fitted without the rows of the text's source group (the origin
  before its first ':', hashed into `--source-folds` groups; `hold_cv_round40.source_groups`).

Slices: v4-v40, v4-v37 (`LEXICON40` was written after reading v38's and v39's misses), v38-v40, round 36's language
groups and written carriers. `LEXICON41` was written from round 40's report and general knowledge of the languages;
its `checknoun41` split was made after counting a first list's forms over v4-v40's rows (memeval/hold/README.md,
round 41), so that split is in sample.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round41.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round41.py [--adds 0.86 0.9 0.92] \
           [--source-folds 20] [--grid 0.88 0.89 0.9 0.91 0.92 0.93 0.94 1.01] [--out FILE.json]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "hold"))

import _hold_cv as h  # noqa: E402
import hold_cv_round34 as r34  # noqa: E402
import hold_cv_round35 as r35  # noqa: E402
import hold_cv_round36 as r36  # noqa: E402
import hold_cv_round38 as r38  # noqa: E402
import hold_cv_round39 as r39  # noqa: E402
import hold_cv_round40 as r40  # noqa: E402
import numpy as np  # noqa: E402

SETS = h.sets_through(40)
"""Every spent set (`hold_train_cv.SPENT` stops at v40); nothing of a set written after v40 is read."""
LATEST = ("v38", "v39", "v40")


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 39's extract over `SETS`, hashlr-17's final model for v37-v40."""
    r39.SETS = SETS
    r39.UNFOLDED17 = ("v37", "v38", "v39", "v40")
    r39.extract(args)


def slices(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Masks over the rows of `SETS`: pooled, v4-v37, v38-v40 each, round 36's groups and written carriers."""
    s = np.array([r["set"] for r in rows])
    out = {"v4-v40": np.isin(s, SETS), "v4-v37": np.isin(s, h.sets_through(37))}
    out.update({v: s == v for v in LATEST})
    r36.SETS = SETS
    more = r36.slices(rows)
    out.update({k: m for k, m in more.items() if not k.startswith("v")})
    for k in [k for k in more if k.startswith("written ")] + ["not-english"]:
        out[f"v40 {k}"] = more[k] & (s == "v40")
    return out


def figures(args: argparse.Namespace) -> None:
    """Phase 2: every arm's figures over `slices`, nested cuts, the hold tests' examples newly held, CPU a text."""
    from memeval.hold._concepts import vector38
    from memeval.hold._concepts40 import vector40
    from memeval.hold._concepts41 import FEATURES41, vector41

    t_start = time.process_time()
    r38.SETS = SETS
    r39.SETS = SETS
    rows = r34.load(args.rows)
    print(f"{len(rows)} rows", flush=True)
    fams = list(r34.families([r for r in rows if r["set"] in h.sets_through(33)]))  # v4-v33's, as rounds 34-40
    x34 = r34.dense(rows, fams)
    cpu: dict[str, float] = {}
    xs: dict[str, np.ndarray] = {}
    for name, fn in (("38", vector38), ("40", vector40), ("41", vector41)):
        t0 = time.process_time()
        xs[name] = np.array([fn(r["text"]) for r in rows])
        cpu[f"vector{name}_ms"] = round((time.process_time() - t0) / len(rows) * 1e3, 4)
    print(cpu, flush=True)
    assert np.array_equal(xs["41"][:, : xs["40"].shape[1]], xs["40"]), "vector41 must begin with vector40's numbers"
    y = np.array([bool(r["label"]) for r in rows])
    s = np.array([r["set"] for r in rows])
    inside = np.isin(s, SETS)
    for c in FEATURES41[xs["40"].shape[1] :]:
        col = xs["41"][:, FEATURES41.index(c)] > 0
        print(f"{c}: {int((col & inside & y).sum())} orders, {int((col & inside & ~y).sum())} benign", flush=True)
    base = np.array([bool(r["default"]) for r in rows])
    stands = np.array([bool(r["rules_held"]) or (bool(r["default"]) and any(x.startswith("hidden-")
                       for x in r["default_reasons"])) for r in rows])  # fmt: skip
    ones = np.ones(len(rows))
    w = np.where(s == "w37", args.w37_weight, 1.0)
    plain = np.isin(s, (*SETS, "w34"))
    train_ok = np.isin(s, (*SETS, "w34", "w37"))
    ex = s == "examples"
    arms: dict[str, np.ndarray] = {"default": base}
    chosen: dict[str, Any] = {}
    examples: dict[str, Any] = {}

    def family(tag: str, p34: np.ndarray, stage: dict[str, np.ndarray], nest: bool) -> None:
        s34 = stands | np.where(base, p34 >= 0.7, p34 >= 0.88)
        arms[f"r34{tag}"] = s34
        gate = ~base & ~s34 & (p34 >= 0.2)
        ref = s34 | (gate & (stage["38"] >= 0.88))
        for name, p in stage.items():
            label = f"r{name}{tag}"
            arms[label] = s34 | (gate & (p >= 0.88))
            for a in args.adds:
                arms[f"{label} add {a:g}"] = s34 | (gate & (p >= a))
            if nest:
                ok = {(a,): not bool((ex & gate & (p >= a)).any()) for a in args.grid}
                examples[label] = [rows[i]["text"] for i in np.where(ex & gate & (p >= 0.88))[0]]
                held, ch = r39.nested(lambda c, p=p: s34 | (gate & (p >= c[0])), [(a,) for a in args.grid], ok, y, s,
                                      ref, args.margin)  # fmt: skip
                arms[f"{label} nested"] = held
                chosen[label] = ch

    nen = inside & np.array([(r.get("lang") or "en").split("-")[0] != "en" for r in rows])
    p34, _ = r38.oof_of(x34, y, s, ones, plain, args.l2)
    stage = {k: r38.oof_of(np.hstack([x34, x]), y, s, w, train_ok, args.l2)[0] for k, x in xs.items()}
    auc = {f"r{k} by set": [round(r35.auc(p[inside], y[inside]), 4), round(r35.auc(p[nen], y[nen]), 4)]
           for k, p in stage.items()}  # fmt: skip
    family("", p34, stage, nest=True)
    if args.source_folds:
        g = r40.source_groups(rows, args.source_folds)
        q34 = r40.oof_by(x34, y, g, inside, ones, plain, args.l2)
        qs = {k: r40.oof_by(np.hstack([x34, x]), y, g, inside, w, train_ok, args.l2) for k, x in xs.items()}
        auc.update({f"r{k} by source": [round(r35.auc(p[inside], y[inside]), 4), round(r35.auc(p[nen], y[nen]), 4)]
                    for k, p in qs.items()})  # fmt: skip
        family(" by source", q34, qs, nest=False)
    print("AUC (all, outside English)", auc, flush=True)
    sl = slices(rows)
    res: dict[str, Any] = {
        "l2": args.l2, "w37": args.w37_weight, "source_folds": args.source_folds, "cpu_a_text": cpu, "auc": auc,
        "figures": {k: {a: r35.fig(held, y, m) for a, held in arms.items()} for k, m in sl.items()},
        "examples_newly_held_at_0.88": examples,
        "nested_cuts": {k: {v: list(c) for v, c in ch.items()} for k, ch in chosen.items()},
        "changed": {a: [[rows[i]["set"], bool(y[i]), bool(held[i]), rows[i]["text"][:160]]
                        for i in np.where(inside & (held != arms["r38"]))[0]]
                    for a, held in arms.items() if a in args.changed},
    }  # fmt: skip
    h.finish(res, t_start, args.out)
    for k, figs in res["figures"].items():
        print(f"== {k}")
        for a in arms:
            print(f"  {a:28s} {figs[a]}")
    print("examples newly held at 0.88:", examples)
    for k, ch in chosen.items():
        print(k, sorted(set(ch.values())))
    print(f"cpu {res['cpu_s']} s, load {res['load_at_end']}")


def main() -> None:
    """Extract, or print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--extract", action="store_true")
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det41/rows.jsonl"))
    ap.add_argument("--fold-dir", type=Path, default=Path("/tmp/det37/folds"))
    ap.add_argument("--final-dir", type=Path, default=ROOT / "memeval/hold/model")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--w37-weight", type=float, default=5.0)
    ap.add_argument("--margin", type=float, default=0.0, help="nested: precision above round 38's arm")
    ap.add_argument("--adds", type=float, nargs="*", default=[0.86, 0.9, 0.92], help="more fixed add cuts")
    ap.add_argument("--grid", type=float, nargs="*", default=list(r40.ADD), help="the add cuts the nested choice tries")
    ap.add_argument("--changed", nargs="*", default=["r41", "r40"], help="arms whose verdicts that differ from r38's")
    ap.add_argument("--source-folds", type=int, default=20, help="source-grouped folds (0: none)")
    args = ap.parse_args()
    if args.extract:
        extract(args)
    else:
        figures(args)


if __name__ == "__main__":
    main()
