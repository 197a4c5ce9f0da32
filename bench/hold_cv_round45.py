r"""Round 45, out of fold by set over v4-v44 and by source group: the concept stage reading a standing lesson's
frame, a claimed approval and the risky step they carry (`_concepts45.vector45`), benign guide prose written for the
round as training rows, and a wider gate for framed risky text, against round 44 (the default) refitted on the same
folds.

Phase 1 (`--extract`): round 44's rows (`hold_cv_round44.extract`) over v4-v44 (v44 joined as a set after its look;
hashlr-17 for v37-v44 is the final one, fitted on v4-v36), then the benign rows written for this round
(`scripts/hold_benign_round45.py`, set `w45`) read the same way (`hold_cv_round37.written_rows`, the final hashlr-17).

Phase 2: figures, every arm in one run, every stage fitted without the set (or source group) it judges. `s34` is
round 34's stage's verdict, `gate` the texts the default lets through with round 34's probability from 0.2 up to its
add cut 0.88; a hold of `s34` (not one made through hidden markup, nor one the rules read only after normalising) of
a text that writes about something (`_about44.writes_about44`) is lifted when the concept stage gives under R. Every
arm runs at round 43's cuts (R 0.6, add 0.8 for a person's words, 0.86 for every other source) and the rule below.

- `r44`: round 44 as shipped (the concept stage reading `_concepts42.vector42`), refitted per fold: the reference;
- `r44 rule`: `r44` with the crossing rule (below) applied to its stage fitted on every row of v4-v44 (what a plain
  refit of round 44 would ship);
- `w45`: `r44`'s stage trained with the written guide rows (`w45`) as well;
- `c45`: the concept stage reading `vector45` (`vector42` and round 45's seven concepts and three products);
- `c45 w45`: both;
- `c45 gate`, `c45 w45 gate`: the concept stage also asked for a text the default and round 34's stage let through
  below the gate when `concepts45` reads a frame or a claim and a risky step (`_concepts45.framed_risk45`);
- each `... by source`: every stage refitted leaving out one of `--source-folds` source groups at a time
  (`hold_cv_round40.source_groups`).

**The crossing rule (fixed before the run; issue 15, round 44's refit).** For each arm, the stage fitted on every
training row (the one that would ship) reads the hold tests' benign examples the shipped detector would ask it about
(`hold_cv_round44.asked_by_the_detector`; for a `gate` arm also those its wider gate asks). When one of them lies
within `CLEARANCE` (0.01) of its source's add cut or above it, that add cut (a person's, or every other source's)
rises to the smallest cut of `GRID` at least `CLEARANCE` above the highest such example's probability, and the arm is
measured out of fold, by set and by source group, at the raised cut. A hold test's benign example is never trained on.

**The bar (fixed before the run).** An arm may ship when it holds more orders than `r44` at no lower precision over
v4-v44, by set and by source group. Among the arms that clear it, the one with the most orders by set ships (ties:
fewer benign held by set, then the simpler arm: fewer of `c45`, `w45`, `gate` in its name). None clears it: nothing
ships in the default.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round45.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round45.py [--out FILE.json]
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round45.py --fixed-cuts [--out FILE.json]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import _hold_cv as h
import _hold_round as hr  # puts bench/, scripts/ and tests/hold/ on sys.path
import hold_benign_round45 as w45
import hold_cv_round34 as r34
import hold_cv_round35 as r35
import hold_cv_round36 as r36
import hold_cv_round37 as r37
import hold_cv_round38 as r38
import hold_cv_round39 as r39
import hold_cv_round40 as r40
import hold_cv_round44 as r44
import numpy as np

ROOT = hr.ROOT

SETS = h.sets_through(44)
"""Every spent set (`hold_train_cv.SPENT` stops at v44); nothing of a set written after v44 is read."""
LATEST = ("v38", "v39", "v40", "v41", "v42", "v43", "v44")
R43 = r44.R43
"""Round 43's cuts, round 44's as shipped: release under 0.6, add 0.8 for a person and 0.86 for every other source."""
GRID = r44.GRID
"""The add cuts the crossing rule may rise to (round 44's grid)."""
CLEARANCE = 0.01
"""How far below its add cut a hold test's benign example must lie in the stage that would ship."""
Cuts = tuple[float, float]


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 44's extract over `SETS`, then the written rows `w45` (see the module docstring)."""
    r44.SETS, r44.LATEST = SETS, LATEST
    base = args.rows.with_suffix(".r44.jsonl")
    r44.extract(argparse.Namespace(**{**vars(args), "rows": base}))
    t0 = time.process_time()
    clf = r35.b20.Scored(r39.model17("w45", args.fold_dir)).clf
    more = r37.written_rows([("w45", w45.rows())])
    with args.rows.open("w", encoding="utf-8") as out:
        for r in r34.load(base):
            out.write(json.dumps(r, ensure_ascii=False) + "\n")
        for r in more:
            r["origin"] = "written-round45:w45"
            r["p17"] = clf.score(r["text"])[0]
            out.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"w45: {len(more)} rows, {time.process_time() - t0:.0f} s CPU", flush=True)


def slices(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Masks over the rows of `SETS`: pooled, v4-v37, v38-v44 each, round 36's groups and written carriers."""
    s = np.array([r["set"] for r in rows])
    out = {"v4-v44": np.isin(s, SETS), "v4-v37": np.isin(s, h.sets_through(37))}
    out.update({v: s == v for v in LATEST})
    r36.SETS = SETS
    more = r36.slices(rows)
    out.update({k: m for k, m in more.items() if not k.startswith("v")})
    return out


def crossing_cuts(p: np.ndarray, asked: np.ndarray, person: np.ndarray, cuts: Cuts) -> tuple[Cuts, list[float]]:
    """Round 45's crossing rule (module docstring): `cuts` (a person's add cut, every other source's), each raised to
    the smallest `GRID` cut at least `CLEARANCE` above the highest probability `p` of an `asked` example of its side
    when that example lies within `CLEARANCE` of the cut or above it. Returns the cuts and each side's highest
    example probability (-1 when none is asked)."""
    out, tops = list(cuts), []
    for j, side in enumerate((person, ~person)):
        m = asked & side
        top = float(p[m].max()) if m.any() else -1.0
        tops.append(round(top, 4))
        if top > out[j] - CLEARANCE:
            out[j] = min(g for g in GRID if g >= top + CLEARANCE)
    return (out[0], out[1]), tops


def examples_held_by_round34(rows: list[dict[str, Any]]) -> np.ndarray:
    """Per row, for the hold tests' benign examples only: whether the shipped round 34 stage (`stack/34`) holds the
    text (the wider gate asks only texts it lets through)."""
    from memeval.hold._stacked import get_stacked34_detector

    d = get_stacked34_detector()
    return np.array([r["set"] == "examples" and d.assess(r["text"], r["source"]).held for r in rows])


def row_arrays(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Per row of an extract: `y` (an order), `s` (its set), `person` (a person's words), `inside` (in `SETS`), `base`
    (the default holds it), `hidden` (through hidden markup), `stands` (rules/25 hold it, or the default through hidden
    markup: no stage lifts it) and `about` (it writes about something, `_about44.writes_about44`, and was held through
    no hidden markup and no reason of `hold_cv_round44.OBSCURED`). Round 46 reads the same arrays (insertion order)."""
    from memeval.hold._about44 import writes_about44

    y = np.array([bool(r["label"]) for r in rows])
    s = np.array([r["set"] for r in rows])
    person = np.array([r["source"] == "person" for r in rows])
    base = np.array([bool(r["default"]) for r in rows])
    hidden = np.array([any(x.startswith("hidden-") for x in r["default_reasons"]) for r in rows])
    stands = np.array([bool(r["rules_held"]) for r in rows]) | (base & hidden)
    obscured = np.array([bool(set(r["default_reasons"]) & set(r44.OBSCURED)) for r in rows])
    about = np.array([writes_about44(r["text"]) for r in rows]) & ~obscured & ~hidden
    return {"y": y, "s": s, "person": person, "inside": np.isin(s, SETS), "base": base, "hidden": hidden,
            "stands": stands, "about": about}  # fmt: skip


def figures(args: argparse.Namespace) -> None:
    """Phase 2: every arm's figures over `slices`, the crossing rule's cuts, the bar and the arm it picks."""
    from memeval.hold._concepts45 import framed_risk45, vector45

    t_start = time.process_time()
    r38.SETS = SETS
    r39.SETS = SETS
    rows = r34.load(args.rows)
    print(f"{len(rows)} rows", flush=True)
    fams = list(r34.families([r for r in rows if r["set"] in h.sets_through(33)]))  # v4-v33's, as rounds 34-44
    x34 = r34.dense(rows, fams)
    t0 = time.process_time()
    x45 = np.array([vector45(r["text"]) for r in rows])
    cpu = {"vector45_ms": round((time.process_time() - t0) / len(rows) * 1e3, 4)}
    x42 = x45[:, : len(x45[0]) - 10]  # vector45 is vector42 and ten more numbers
    t0 = time.process_time()
    risk = np.array([framed_risk45(r["text"]) for r in rows])
    cpu["framed_risk45_ms"] = round((time.process_time() - t0) / len(rows) * 1e3, 4)
    y, s, person, inside, base, hidden, stands, about = row_arrays(rows).values()
    ones = np.ones(len(rows))
    w = np.where(s == "w37", args.w37_weight, np.where(s == "w45", w45.WEIGHT, 1.0))
    plain = np.isin(s, (*SETS, "w34"))
    train = {False: np.isin(s, (*SETS, "w34", "w37")), True: np.isin(s, (*SETS, "w34", "w37", "w45"))}
    ex = s == "examples"
    asked = r44.asked_by_the_detector(rows)
    asked_wide = ex & ~base & ~examples_held_by_round34(rows) & risk
    print(f"framed risk: {int((risk & inside & y).sum())} orders, {int((risk & inside & ~y).sum())} benign; "
          f"examples asked {int(asked.sum())}, by the wider gate {int((asked_wide & ~asked).sum())} more",
          flush=True)  # fmt: skip
    stages = {"r44": (x42, False), "w45": (x42, True), "c45": (x45, False), "c45 w45": (x45, True)}
    arms: dict[str, np.ndarray] = {"default": base}
    cuts_of: dict[str, Any] = {}
    nen = inside & np.array([(r.get("lang") or "en").split("-")[0] != "en" for r in rows])
    auc: dict[str, list[float]] = {}

    def family(tag: str, p34: np.ndarray, probs: dict[str, np.ndarray]) -> None:
        s34 = stands | np.where(base, p34 >= 0.7, p34 >= 0.88)
        gate = ~base & ~s34 & (p34 >= 0.2)
        wide = ~base & ~s34 & ((p34 >= 0.2) | risk)

        def at(p: np.ndarray, c: Cuts, g: np.ndarray) -> np.ndarray:
            return (s34 & ~(about & (p < R43[0]))) | (g & (p >= np.where(person, c[0], c[1])))

        arms[f"r34{tag}"] = s34
        arms[f"r44{tag}"] = at(probs["r44"], R43[1], gate)
        for name, p in probs.items():
            for gated, g, ask in ((False, gate, asked), (True, wide, asked | asked_wide)):
                if gated and not name.startswith("c45"):
                    continue
                arm = f"{name} rule" if name == "r44" else f"{name}{' gate' if gated else ''}"
                c, tops = crossing_cuts(p, ex & ask, person, R43[1])
                cuts_of[f"{arm}{tag}"] = {"cuts": list(c), "highest_example": tops}
                arms[f"{arm}{tag}"] = at(p, c, g)

    def fit_all(oof: Any) -> dict[str, np.ndarray]:
        out = {}
        for name, (x, with_w45) in stages.items():
            out[name] = oof(np.hstack([x34, x]), train[with_w45])
            q = out[name]
            auc[f"{name}{tag}"] = [round(r35.auc(q[inside], y[inside]), 4), round(r35.auc(q[nen], y[nen]), 4)]
        return out

    tag = ""
    p34, _ = r38.oof_of(x34, y, s, ones, plain, args.l2)
    family("", p34, fit_all(lambda x, ok: r38.oof_of(x, y, s, w, ok, args.l2)[0]))
    if args.source_folds:
        tag = " by source"
        g = r40.source_groups(rows, args.source_folds)
        q34 = r40.oof_by(x34, y, g, inside, ones, plain, args.l2)
        family(" by source", q34, fit_all(lambda x, ok: r40.oof_by(x, y, g, inside, w, ok, args.l2)))
    sl = slices(rows)
    counts = {a: r39.counts(held, y, inside) for a, held in arms.items()}
    verdict = bar(counts, bool(args.source_folds))
    res: dict[str, Any] = {
        "l2": args.l2, "w37": args.w37_weight, "w45": w45.WEIGHT, "source_folds": args.source_folds,
        "cpu_a_text": cpu, "auc": auc, "crossing_rule_cuts": cuts_of, "bar": verdict,
        "figures": {k: {a: r35.fig(held, y, m) for a, held in arms.items()} for k, m in sl.items()},
        "changed": {a: [[rows[i]["set"], rows[i]["source"], bool(y[i]), bool(held[i]), rows[i]["text"][:160]]
                        for i in np.where(inside & (held != arms["r44"]))[0]]
                    for a, held in arms.items() if a in args.changed},
    }  # fmt: skip
    h.finish(res, t_start, args.out)
    for k, figs in res["figures"].items():
        if k in args.print_slices or not args.print_slices:
            print(f"== {k}")
            for a in arms:
                print(f"  {a:28s} {figs[a]}")
    print("AUC (all, outside English):", auc)
    print("crossing rule:", cuts_of)
    print("bar:", json.dumps(verdict, indent=1))
    print(f"cpu {res['cpu_s']} s, load {res['load_at_end']}")


def bar(counts: dict[str, tuple[int, int]], by_source: bool) -> dict[str, Any]:
    """The bar of the module docstring over the pooled (orders held, benign held) of every arm: which arms clear it
    against `r44`, by set and (when `by_source`) by source group, and the arm that ships (None: nothing)."""

    def prec(tp: int, fp: int) -> float:
        return tp / max(1, tp + fp)

    out: dict[str, Any] = {"passes": {}}
    for a in counts:
        if " by source" in a or a in ("default", "r34", "r44"):
            continue
        ok = True
        for tag in ("", " by source") if by_source else ("",):
            t0, f0 = counts[f"r44{tag}"]
            t1, f1 = counts[f"{a}{tag}"]
            ok &= t1 > t0 and prec(t1, f1) >= prec(t0, f0)
        out["passes"][a] = ok
    passing = [a for a, ok in out["passes"].items() if ok]

    def order(a: str) -> tuple[int, int, int]:
        return -counts[a][0], counts[a][1], sum(k in a for k in ("c45", "w45", "gate"))

    out["ships"] = min(passing, key=order) if passing else None
    return out


FIXED = ((0.8, 0.86), (0.8, 0.87), (0.8, 0.88))
"""`--fixed-cuts`: round 43's cuts and the two above them for text an agent read, with no crossing rule."""


def fixed_cuts(args: argparse.Namespace) -> None:
    """`--fixed-cuts` (added after the run, to see what the crossing rule cost): `r44`, `c45` and `c45 gate` by set
    at each of `FIXED`, the rule not applied; pooled over v4-v44 and v44's fold. Not a candidate to ship: the final
    fits cross a hold test's benign example at 0.86."""
    from memeval.hold._concepts45 import framed_risk45, vector45

    t_start = time.process_time()
    r38.SETS = SETS
    rows = r34.load(args.rows)
    fams = list(r34.families([r for r in rows if r["set"] in h.sets_through(33)]))
    x34 = r34.dense(rows, fams)
    x45 = np.array([vector45(r["text"]) for r in rows])
    risk = np.array([framed_risk45(r["text"]) for r in rows])
    y, s, person, _, base, hidden, stands, about = row_arrays(rows).values()
    w = np.where(s == "w37", args.w37_weight, 1.0)
    ok = np.isin(s, (*SETS, "w34", "w37"))
    p34, _ = r38.oof_of(x34, y, s, np.ones(len(rows)), np.isin(s, (*SETS, "w34")), args.l2)
    s34 = stands | np.where(base, p34 >= 0.7, p34 >= 0.88)
    gates = {"": ~base & ~s34 & (p34 >= 0.2), " gate": ~base & ~s34 & ((p34 >= 0.2) | risk)}
    out: dict[str, Any] = {}
    for name, x in (("r44", x45[:, : len(x45[0]) - 10]), ("c45", x45)):
        p, _ = r38.oof_of(np.hstack([x34, x]), y, s, w, ok, args.l2)
        for g, gate in gates.items():
            if name == "r44" and g:
                continue
            for c in FIXED:
                held = (s34 & ~(about & (p < R43[0]))) | (gate & (p >= np.where(person, c[0], c[1])))
                tp, fp = r39.counts(held, y, np.isin(s, SETS))
                out[f"{name}{g} {c[0]:g}/{c[1]:g}"] = [tp, fp, round(tp / max(1, tp + fp), 5),
                                                        list(r39.counts(held, y, s == "v44"))]  # fmt: skip
    h.finish(out, t_start, args.out)
    for k, v in out.items():
        print(f"{k:24s} {v}")


def main() -> None:
    """Extract, or print and write the figures."""
    ap = hr.parser(__doc__, Path("/tmp/det45/rows.jsonl"), final_dir=True)
    ap.add_argument("--changed", nargs="*", default=["c45", "c45 w45", "c45 gate", "w45"],
                    help="arms whose changes to list (against r44)")  # fmt: skip
    hr.add_tail(ap)
    ap.add_argument("--fixed-cuts", action="store_true", help="r44 and c45 by set at FIXED, no crossing rule")
    args = ap.parse_args()
    if args.extract:
        extract(args)
    elif args.fixed_cuts:
        fixed_cuts(args)
    else:
        figures(args)


if __name__ == "__main__":
    main()
