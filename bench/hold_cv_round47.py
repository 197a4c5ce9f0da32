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
import hold_benign_round46 as w46  # noqa: E402
import hold_benign_round47 as w47  # noqa: E402
import hold_cv_round34 as r34  # noqa: E402
import hold_cv_round35 as r35  # noqa: E402
import hold_cv_round37 as r37  # noqa: E402
import hold_cv_round38 as r38  # noqa: E402
import hold_cv_round39 as r39  # noqa: E402
import hold_cv_round40 as r40  # noqa: E402
import hold_cv_round44 as r44  # noqa: E402
import hold_cv_round45 as r45  # noqa: E402
import numpy as np  # noqa: E402

SETS = r45.SETS
R43 = r45.R43


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


def figures(args: argparse.Namespace) -> None:
    """Phase 2: the reference's misses, every arm's figures over `hold_cv_round45.slices`, the crossing rule, the
    bar."""
    from memeval.hold._concepts47 import framed_risk47, vector47

    t_start = time.process_time()
    r38.SETS = SETS
    r39.SETS = SETS
    rows = r34.load(args.rows)
    print(f"{len(rows)} rows", flush=True)
    fams = list(r34.families([r for r in rows if r["set"] in h.sets_through(33)]))
    x34 = r34.dense(rows, fams)
    t0 = time.process_time()
    x47 = np.array([vector47(r["text"]) for r in rows])
    cpu = {"vector47_ms": round((time.process_time() - t0) / len(rows) * 1e3, 4)}
    x42 = x47[:, : len(x47[0]) - 10]  # vector47 is vector42 and ten more numbers
    t0 = time.process_time()
    risk = np.array([framed_risk47(r["text"]) for r in rows])
    cpu["framed_risk47_ms"] = round((time.process_time() - t0) / len(rows) * 1e3, 4)
    y, s, person, inside, base, hidden, stands, about = r45.row_arrays(rows).values()
    ones = np.ones(len(rows))
    w = np.where(s == "w37", args.w37_weight, np.where(s == "w46", w46.WEIGHT, np.where(s == "w47", w47.WEIGHT, 1.0)))
    plain = np.isin(s, (*SETS, "w34"))
    train = {False: np.isin(s, (*SETS, "w34", "w37")), True: np.isin(s, (*SETS, "w34", "w37", "w46", "w47"))}
    ex = s == "examples"
    asked = r44.asked_by_the_detector(rows)
    asked_wide = ex & ~base & ~r45.examples_held_by_round34(rows) & risk
    print(f"framed risk47: {int((risk & inside & y).sum())} orders, {int((risk & inside & ~y).sum())} benign; "
          f"examples asked {int(asked.sum())}, by the wider gate {int((asked_wide & ~asked).sum())} more",
          flush=True)  # fmt: skip
    stages = {"r44": (x42, False), "w47": (x42, True), "c47": (x47, False), "c47 w47": (x47, True)}
    stages = {k: v for k, v in stages.items() if k == "r44" or not args.reference_only}
    arms: dict[str, np.ndarray] = {"default": base}
    cuts_of: dict[str, Any] = {}
    nen = inside & np.array([(r.get("lang") or "en").split("-")[0] != "en" for r in rows])
    auc: dict[str, list[float]] = {}
    near: dict[str, list[list[Any]]] = {}

    def family(tag: str, p34: np.ndarray, probs: dict[str, np.ndarray]) -> None:
        s34 = stands | np.where(base, p34 >= 0.7, p34 >= 0.88)
        gate = ~base & ~s34 & (p34 >= 0.2)
        wide = ~base & ~s34 & ((p34 >= 0.2) | risk)

        def at(p: np.ndarray, c: tuple[float, float], g: np.ndarray) -> np.ndarray:
            return (s34 & ~(about & (p < R43[0]))) | (g & (p >= np.where(person, c[0], c[1])))

        arms[f"r34{tag}"] = s34
        for name, p in probs.items():
            for gated, g, ask in ((False, gate, asked), (True, wide, asked | asked_wide)):
                if gated and not name.startswith("c47"):
                    continue
                arm = f"{name} rule" if name == "r44" else f"{name}{' gate' if gated else ''}"
                c, tops = r45.crossing_cuts(p, ex & ask, person, R43[1])  # examples: the fit on every row
                cuts_of[f"{arm}{tag}"] = {"cuts": list(c), "highest_example": tops}
                arms[f"{arm}{tag}"] = at(p, c, g)
                if not tag:
                    top = np.argsort(-np.where(ex & ask, p, -1))[:5]
                    near[arm] = [[round(float(p[i]), 4), rows[i]["source"], rows[i]["text"][:70]]
                                 for i in top if ex[i] and ask[i]]  # fmt: skip

    def fit_all(oof: Any) -> dict[str, np.ndarray]:
        out = {}
        for name, (x, with_w) in stages.items():
            out[name] = q = oof(np.hstack([x34, x]), train[with_w])
            auc[f"{name}{tag}"] = [round(r35.auc(q[inside], y[inside]), 4), round(r35.auc(q[nen], y[nen]), 4)]
        return out

    tag = ""
    p34, _ = r38.oof_of(x34, y, s, ones, plain, args.l2)
    family("", p34, fit_all(lambda x, ok: r38.oof_of(x, y, s, w, ok, args.l2)[0]))
    s34 = stands | np.where(base, p34 >= 0.7, p34 >= 0.88)
    where = np.select(
        [s34, base, p34 < 0.2],
        ["released (writes about)", "default's hold lifted by s34", "below the gate"],
        "asked, under the cut",
    )
    missed = misses(rows, arms["r44 rule"], y, inside, where)
    print(f"r44 rule misses {missed['missed']} orders ({missed['where']}); by family (missed, orders, where):")
    for f, n, t, a in missed["by_family"][:25]:
        print(f"  {f:40s} {n:5d} {t:5d} {a}")
    print("by language (missed, orders):", " ".join(f"{g}:{n}/{t}" for g, n, t in missed["by_language"][:30]))
    print("examples:", json.dumps(missed["examples"], ensure_ascii=False, indent=1), flush=True)
    if args.source_folds and not args.reference_only:
        tag = " by source"
        g = r40.source_groups(rows, args.source_folds)
        q34 = r40.oof_by(x34, y, g, inside, ones, plain, args.l2)
        family(" by source", q34, fit_all(lambda x, ok: r40.oof_by(x, y, g, inside, w, ok, args.l2)))
    sl = r45.slices(rows)
    counts = {a: r39.counts(held, y, inside) for a, held in arms.items()}
    ref = {"r44": counts["r44 rule"], "r44 by source": counts.get("r44 rule by source", (0, 0))}
    verdict = r45.bar({**{a: c for a, c in counts.items() if not a.startswith(("r44", "r34"))}, **ref},
                      bool(args.source_folds) and not args.reference_only)  # fmt: skip
    res: dict[str, Any] = {
        "l2": args.l2, "w37": args.w37_weight, "w46": w46.WEIGHT, "w47": w47.WEIGHT,
        "source_folds": args.source_folds, "reference": "r44 rule", "cpu_a_text": cpu, "auc": auc,
        "crossing_rule_cuts": cuts_of, "examples_nearest_the_cut": near, "bar": verdict, "misses_r44_rule": missed,
        "figures": {k: {a: r35.fig(held, y, m) for a, held in arms.items()} for k, m in sl.items()},
        "changed": {a: [[rows[i]["set"], rows[i]["source"], bool(y[i]), bool(held[i]), rows[i]["text"][:160]]
                        for i in np.where(inside & (held != arms["r44 rule"]))[0]]
                    for a, held in arms.items() if a in args.changed},
    }  # fmt: skip
    h.finish(res, t_start, args.out)
    for k, figs in res["figures"].items():
        if k in args.print_slices or not args.print_slices:
            print(f"== {k}")
            for a in arms:
                print(f"  {a:28s} {figs[a]}")
    print("AUC (all, outside English):", auc)
    print("crossing rule:", json.dumps(cuts_of))
    print("examples nearest the cut:", json.dumps(near, ensure_ascii=False, indent=1))
    print("bar (against r44 rule):", json.dumps(verdict, indent=1))
    print(f"cpu {res['cpu_s']} s, load {res['load_at_end']}")


def main() -> None:
    """Extract, or print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--extract", action="store_true")
    ap.add_argument("--base-rows", type=Path, default=Path("/tmp/det46/rows.jsonl"))
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det47/rows.jsonl"))
    ap.add_argument("--fold-dir", type=Path, default=Path("/tmp/det37/folds"))
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--w37-weight", type=float, default=5.0)
    ap.add_argument("--reference-only", action="store_true", help="only r44 rule by set (its misses)")
    ap.add_argument("--changed", nargs="*", default=["c47", "c47 w47", "c47 gate", "w47"],
                    help="arms whose changes to list (against r44 rule)")  # fmt: skip
    ap.add_argument("--print-slices", nargs="*", default=[], help="slices to print (default: all)")
    ap.add_argument("--source-folds", type=int, default=20, help="source-grouped folds (0: none)")
    args = ap.parse_args()
    if args.extract:
        extract(args)
    else:
        figures(args)


if __name__ == "__main__":
    main()
