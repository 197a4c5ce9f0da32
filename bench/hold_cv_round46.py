r"""Round 46, out of fold by set over v4-v44 and by source group: round 45's risky steps read with a negation scope
(`_concepts46.vector46`) and benign rows written for the three kinds of text round 45's refits put near the add cut
(`scripts/hold_benign_round46.py`, set `w46`), every arm including the reference held to round 45's crossing rule.

Phase 1 (`--extract`): round 45's rows (`hold_cv_round45.extract`'s file, `/tmp/det45/rows.jsonl`, read as it is),
then the rows written for this round (set `w46`) read the same way (`hold_cv_round37.written_rows`, the final
hashlr-17), into `--rows`.

Phase 2: figures, every arm in one run, every stage fitted without the set (or source group) it judges, read as
round 45 reads them (`s34` round 34's stage, its gate 0.2 up to 0.88, the release of a text that writes about
something under R 0.6, add cuts 0.8 for a person and 0.86 for every other source before the rule):

- `r44 rule`: round 44 as shipped (the concept stage reading `vector42`), refitted per fold, with the crossing rule:
  **the reference** (the bar's "round 44 refitted");
- `r44`: the same at round 44's cuts without the rule, for comparison with round 45's table only (not the bar's);
- `w46`: `r44 rule`'s stage trained with the written rows `w46` as well;
- `c46`: the concept stage reading `vector46`;
- `c46 w46`: both;
- `c46 gate`, `c46 w46 gate`: also asked below the gate when `_concepts46.framed_risk46` reads the text (a frame or a
  claim and a risky step outside a negation's scope);
- each `... by source`: every stage refitted leaving out one of `--source-folds` source groups at a time.

**The crossing rule (round 45's, as it was fixed; `hold_cv_round45.crossing_cuts`), applied to every arm including
the reference.** The stage fitted on every training row reads the hold tests' benign examples the shipped detector
would ask it about (for a `gate` arm also those its wider gate asks); when one lies within 0.01 of its source's add
cut or above it, that cut rises to the smallest cut of round 44's grid at least 0.01 above it, and the arm is
measured out of fold at the raised cut. A hold test's benign example is never trained on.

**The bar (fixed before the run).** An arm may ship when it holds more orders than `r44 rule` (round 44 refitted, held
to the same rule) at no lower precision over v4-v44, by set and by source group. Among the arms that clear it, the one
with the most orders by set ships (ties: fewer benign held by set, then the simpler arm).

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round46.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 5 python bench/hold_cv_round46.py [--out FILE.json]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import _hold_cv as h
import _hold_round as hr  # puts bench/, scripts/ and tests/hold/ on sys.path
import hold_benign_round46 as w46
import hold_cv_round34 as r34
import hold_cv_round35 as r35
import hold_cv_round37 as r37
import hold_cv_round38 as r38
import hold_cv_round39 as r39
import hold_cv_round40 as r40
import hold_cv_round44 as r44
import hold_cv_round45 as r45
import numpy as np

ROOT = hr.ROOT

SETS = r45.SETS
R43 = r45.R43
Cuts = r45.Cuts


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 45's rows as they are, then the written rows `w46` (module docstring)."""
    t0 = time.process_time()
    clf = r35.b20.Scored(r39.model17("w46", args.fold_dir)).clf
    more = r37.written_rows([("w46", w46.rows())])
    args.rows.parent.mkdir(parents=True, exist_ok=True)
    with args.rows.open("w", encoding="utf-8") as out:
        for r in r34.load(args.base_rows):
            out.write(json.dumps(r, ensure_ascii=False) + "\n")
        for r in more:
            r["origin"] = "written-round46:w46"
            r["p17"] = clf.score(r["text"])[0]
            out.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"w46: {len(more)} rows, {time.process_time() - t0:.0f} s CPU", flush=True)


@dataclass(frozen=True)
class Spec:
    """What a round's figures vary (round 46's by default; round 47's bench passes its own).

    `c`, `w`: the names of the concept arm and the written-rows arm (`c46`, `w46`); `vector`: the concept stage's
    numbers of a text (`vector42`'s first, then ten more); `gate`: the wider gate; `written`: the written sets the `w`
    arms train on besides `w34` and `w37`, with their sample weights; `near`: how many hold-test examples nearest the
    cut to list; `after_by_set`: called once the by-set arms are in (rows, arms, y, inside, p34, base, stands), its
    answer kept in the JSON under its `__name__`; `reference_only`: fit only `r44 rule`, by set; `tail`: how many
    numbers `vector` gives after `vector42`'s (round 48's `vector48` gives 28); `keep`: when given, per row whether its
    hold is never lifted by the concept arms' release (round 51's `order_sentence51`; the reference always releases as
    round 44 does).
    """

    c: str
    w: str
    vector: Callable[[str], list[float]]
    gate: Callable[[str], bool]
    written: dict[str, float] = field(default_factory=dict)
    near: int = 4
    after_by_set: Callable[..., dict[str, Any]] | None = None
    reference_only: bool = False
    tail: int = 10
    keep: Callable[[list[dict[str, Any]]], np.ndarray] | None = None


def round46() -> Spec:
    """Round 46's spec: `vector46`, `framed_risk46`, the written rows `w46`."""
    from memeval.hold._concepts46 import framed_risk46, vector46

    return Spec("c46", "w46", vector46, framed_risk46, {"w46": w46.WEIGHT})


def figures(args: argparse.Namespace, spec: Spec | None = None) -> None:
    """Phase 2: every arm's figures over `hold_cv_round45.slices`, each arm's cuts by the crossing rule, the bar
    (`spec`: the arms, round 46's when None)."""
    spec = spec or round46()
    c_, w_ = spec.c, spec.w
    t_start = time.process_time()
    r38.SETS = SETS
    r39.SETS = SETS
    rows = r34.load(args.rows)
    print(f"{len(rows)} rows", flush=True)
    fams = list(r34.families([r for r in rows if r["set"] in h.sets_through(33)]))
    x34 = r34.dense(rows, fams)
    t0 = time.process_time()
    x46 = np.array([spec.vector(r["text"]) for r in rows])
    cpu = {f"{spec.vector.__name__}_ms": round((time.process_time() - t0) / len(rows) * 1e3, 4)}
    x42 = x46[:, : len(x46[0]) - spec.tail]  # the vector is vector42 and `spec.tail` more numbers
    t0 = time.process_time()
    risk = np.array([spec.gate(r["text"]) for r in rows])
    cpu[f"{spec.gate.__name__}_ms"] = round((time.process_time() - t0) / len(rows) * 1e3, 4)
    y, s, person, inside, base, hidden, stands, about = r45.row_arrays(rows).values()
    about_c = about if spec.keep is None else about & ~spec.keep(rows)
    if spec.keep is not None:
        print(
            f"release kept: {int((about & ~about_c & inside & y).sum())} orders, "
            f"{int((about & ~about_c & inside & ~y).sum())} benign texts that write about something",
            flush=True,
        )
    ones = np.ones(len(rows))
    w = np.where(s == "w37", args.w37_weight, 1.0)
    for k, weight in spec.written.items():
        w = np.where(s == k, weight, w)
    plain = np.isin(s, (*SETS, "w34"))
    train = {False: np.isin(s, (*SETS, "w34", "w37")), True: np.isin(s, (*SETS, "w34", "w37", *spec.written))}
    ex = s == "examples"
    asked = r44.asked_by_the_detector(rows)
    asked_wide = ex & ~base & ~r45.examples_held_by_round34(rows) & risk
    print(f"framed risk{c_[1:]}: {int((risk & inside & y).sum())} orders, {int((risk & inside & ~y).sum())} benign; "
          f"examples asked {int(asked.sum())}, by the wider gate {int((asked_wide & ~asked).sum())} more",
          flush=True)  # fmt: skip
    stages = {"r44": (x42, False), w_: (x42, True), c_: (x46, False), f"{c_} {w_}": (x46, True)}
    stages = {k: v for k, v in stages.items() if k == "r44" or not spec.reference_only}
    arms: dict[str, np.ndarray] = {"default": base}
    cuts_of: dict[str, Any] = {}
    nen = inside & np.array([(r.get("lang") or "en").split("-")[0] != "en" for r in rows])
    auc: dict[str, list[float]] = {}
    near: dict[str, list[list[Any]]] = {}

    def family(tag: str, p34: np.ndarray, probs: dict[str, np.ndarray]) -> None:
        s34 = stands | np.where(base, p34 >= 0.7, p34 >= 0.88)
        gate = ~base & ~s34 & (p34 >= 0.2)
        wide = ~base & ~s34 & ((p34 >= 0.2) | risk)

        def at(p: np.ndarray, c: Cuts, g: np.ndarray, lifts: np.ndarray = about) -> np.ndarray:
            return (s34 & ~(lifts & (p < R43[0]))) | (g & (p >= np.where(person, c[0], c[1])))

        arms[f"r34{tag}"] = s34
        arms[f"r44{tag}"] = at(probs["r44"], R43[1], gate)
        for name, p in probs.items():
            for gated, g, ask in ((False, gate, asked), (True, wide, asked | asked_wide)):
                if gated and not name.startswith(c_):
                    continue
                arm = f"{name} rule" if name == "r44" else f"{name}{' gate' if gated else ''}"
                c, tops = r45.crossing_cuts(p, ex & ask, person, R43[1])  # examples: the fit on every row
                cuts_of[f"{arm}{tag}"] = {"cuts": list(c), "highest_example": tops}
                arms[f"{arm}{tag}"] = at(p, c, g, about if name == "r44" else about_c)
                if not tag:
                    top = np.argsort(-np.where(ex & ask, p, -1))[: spec.near]
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
    more = {}
    if spec.after_by_set is not None:
        more[spec.after_by_set.__name__] = spec.after_by_set(rows, arms, y, inside, p34, base, stands)
    by_source = bool(args.source_folds) and not spec.reference_only
    if by_source:
        tag = " by source"
        g = r40.source_groups(rows, args.source_folds)
        q34 = r40.oof_by(x34, y, g, inside, ones, plain, args.l2)
        family(" by source", q34, fit_all(lambda x, ok: r40.oof_by(x, y, g, inside, w, ok, args.l2)))
    sl = r45.slices(rows)
    counts = {a: r39.counts(held, y, inside) for a, held in arms.items()}
    ref = {"r44": counts["r44 rule"], "r44 by source": counts.get("r44 rule by source", (0, 0))}
    verdict = r45.bar({**{a: c for a, c in counts.items() if not a.startswith(("r44", "r34"))}, **ref},
                      by_source)  # fmt: skip
    res: dict[str, Any] = {
        "l2": args.l2, "w37": args.w37_weight, **spec.written, "source_folds": args.source_folds,
        "reference": "r44 rule", "cpu_a_text": cpu, "auc": auc, "crossing_rule_cuts": cuts_of,
        "examples_nearest_the_cut": near, "bar": verdict, **more,
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
    hr.spec_main(
        __doc__,
        Path("/tmp/det46/rows.jsonl"),
        Path("/tmp/det45/rows.jsonl"),
        "c46",
        "w46",
        extract,
        figures,
        reference_only=False,
    )


if __name__ == "__main__":
    main()
