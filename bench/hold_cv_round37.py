r"""Round 37, out of fold by set over v4-v36: the stacked stage reading hashlr-17 (an n-gram refit with v33-v36).

Phase 1 (`--extract`): round 34's rows for v4-v36, the written benign rows of round 34 and the hold tests' examples
(`hold_cv_round34.extract`'s fields, with round 35's classifiers per set: hashlr-14 or its round-21 fold model,
hashlr-16's fold model for v4-v32 and hashlr-16 itself for v33-v36), plus `p17`: the probability from hashlr-17's
fold model without the row's set (`scripts/hold_train_round37_hashlr.py`, in /tmp/det37/folds), averaged half and
half with the set's round-19 anchor as hashlr-16 is with hashlr-10; the written rows and examples get the final
hashlr-17 (`scripts/hold_train_round37_hashlr.py --final ... --out /tmp/det37/final`; not shipped). Needs round 21's
and round 33's fold models too (/tmp/det21/folds, /tmp/det33/folds).

Phase 2: figures, leave one set out over v4-v36 (every stage fitted without the set it judges), with round 34's
two cuts (a text rules/25 or a decoded view holds stands; one the default holds is released below `--release`, one
it lets through held from `--add`) and with the cuts chosen for each set on the others (`--nested`, round 34's
`two_cut_nested`: most orders at precision at least the default's plus 0.005, among pairs whose model newly holds
none of the hold tests' benign examples):

- `default`: the shipped detector's base (round 32's);
- `stack34`: round 34's stage (`features34` over hashlr-14 and hashlr-16), the shipped default's stage, refitted;
- `stack37`: the same features with hashlr-17's probability in hashlr-16's place (the same CPU at run time);
- `stack36`: round 36's opt-in (`stack34` and the concepts), refitted; `stack37+concepts`: both changes;
- `stack34+17`: hashlr-16 and hashlr-17 both (a third classifier's CPU; measured, not a candidate default).

Slices: pooled, v33-v36 each, a person against agent-side sources, English against the rest, script groups, the ten
commonest other languages, written rows by carrier (`ORIGIN_KINDS`), published rows. `--cpu N`: CPU a round of the
default until round 37, the new default and round 36's opt-in on the ingest bench's 932 memory and lesson texts
(`assess_many`, in turns in one process).

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round37.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round37.py --nested [--out FILE.json]
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python bench/hold_cv_round37.py --cpu 9
"""

from __future__ import annotations

import argparse
import json
import os
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
import hold_benign_round37 as w37  # noqa: E402
import hold_cv_round20 as b20  # noqa: E402
import hold_cv_round34 as r34  # noqa: E402
import hold_cv_round35 as r35  # noqa: E402
import hold_cv_round36 as r36  # noqa: E402
import numpy as np  # noqa: E402

from memeval.hold._classifier import ClassifierModel  # noqa: E402
from memeval.hold._concepts import vector  # noqa: E402

SETS = h.sets_through(36)
"""Every spent set (`hold_train_cv.SPENT` stops at v36); nothing of the set being written now (v37) is read."""
LATEST = ("v33", "v34", "v35", "v36")
ANCHOR19 = {**r34.ANCHOR19, **dict.fromkeys(h.sets_through(36, 23), "hashlr-10")}
"""Each set's round-19 anchor, the model a fold model is averaged with (hashlr-10 for every set from v23)."""


def model17(v: str, fold_dir: Path) -> ClassifierModel:
    """hashlr-17's fold model without `v` averaged with `v`'s round-19 anchor, or the final hashlr-17 (written rows
    and examples; `scripts/hold_train_round37_hashlr.py --final --out /tmp/det37/final`, beside `fold_dir`)."""
    if v in SETS:
        return b20.blended(ClassifierModel.load(f"hashlr-17-without-{v}", fold_dir), ANCHOR19[v], 0.5)
    return ClassifierModel.load("hashlr-17", fold_dir.parent / "final")


def more_examples() -> list[tuple[str, str]]:
    """The hold tests' benign examples `hold_cv_round20.benign_examples` lacks: round 22's benign lines (standing
    lessons among them) and the benign notes round 34's stage releases (`RELEASED`), each (source, text) once."""
    import test_hold_round22 as t22
    import test_hold_round34 as t34

    have = set(b20.benign_examples())
    return [x for x in dict.fromkeys([*t22.BENIGN, *t34.RELEASED]) if x not in have]


def written_rows(groups: list[tuple[str, list[tuple[str, str]]]]) -> list[dict[str, Any]]:
    """Rows of benign texts outside the sets (written rows, more examples), read as `hold_cv_round34.extract` reads
    its written rows: rules/25, the default with hashlr-14, hashlr-16 itself."""
    from memeval.hold import RuleDetector, RulesWithClassifier

    rules = b20.Memo(RuleDetector(version=25))
    d, p, a = r34.SHIPPED
    old = b20.Scored(r35.old_model("w37"))
    new = b20.Scored(r35.new_model("w37", Path("/"), ROOT / "memeval/hold/model"))
    det = RulesWithClassifier(rules, old.at(d, p), alone_at=a, views=True)
    out = []
    for v, items in groups:
        for i, (source, text) in enumerate(items):
            ra, da = rules.assess(text, source), det.assess(text, source)  # type: ignore[arg-type]
            new.at(d, p).assess(text, source)  # type: ignore[arg-type]
            out.append({"set": v, "i": i, "source": source, "label": False, "text": text, "lang": "",
                        "origin": f"written-round37:{v}", "rules_score": ra.score, "rules_held": ra.held,
                        "rules": sorted({x.rule for x in ra.reasons}), "default": da.held,
                        "default_reasons": sorted({x.rule for x in da.reasons}),
                        "old_p": old.scores[text][0] if text in old.scores else old.clf.score(text)[0],
                        "new_p": new.scores[text][0]})  # fmt: skip
    return out


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 34's extract over `SETS` (round 35's classifiers), round 37's written rows (`w37`) and more of
    the hold tests' benign examples (`more_examples`, set `examples`), then `p17` for every row."""
    base = args.rows.with_suffix(".base.jsonl")
    r34.extract(argparse.Namespace(**{**vars(args), "rows": base, "fold_dir": Path("/tmp/det33/folds")}),
                SETS, r35.old_model, r35.new_model)  # fmt: skip
    rows = r34.load(base) + written_rows([("w37", w37.rows()), ("examples", more_examples())])
    t0 = time.process_time()
    with args.rows.open("w", encoding="utf-8") as out:
        for v in dict.fromkeys(r["set"] for r in rows):
            clf = b20.Scored(model17(v, args.fold_dir)).clf
            for r in (r for r in rows if r["set"] == v):
                r["p17"] = clf.score(r["text"])[0]
                out.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"p17: {time.process_time() - t0:.0f} s CPU, load {os.getloadavg()[0]:.1f}", flush=True)


def slices(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Masks over the rows of `SETS` (round 36's groups with v33-v36 apart)."""
    s = np.array([r["set"] for r in rows])
    inside = np.isin(s, SETS)
    out = {"v4-v36": inside, "v4-v32": np.isin(s, SETS[:-4])}
    out.update({v: s == v for v in LATEST})
    r36.SETS = SETS
    more = r36.slices(rows)
    out.update({k: m for k, m in more.items() if not k.startswith("v")})
    return out


def figures(args: argparse.Namespace) -> None:
    """Phase 2: the arms' figures over `slices`, and the final models' verdicts on the hold tests' examples."""
    t_start = time.process_time()
    r34.SETS = SETS  # round 34's nested two-cut choice iterates its module's SETS
    rows = r34.load(args.rows)
    fams = list(r34.families([r for r in rows if r["set"] not in LATEST[1:]]))  # v4-v33's, as rounds 34-36
    x34 = r34.dense(rows, fams)
    x37 = r34.dense([{**r, "new_p": r["p17"]} for r in rows], fams)
    q = np.clip(np.array([r["p17"] for r in rows]), 1e-6, 1 - 1e-6)
    extra17 = np.column_stack([q, np.log(q / (1 - q)) / 5])
    xc = np.array([vector(r["text"]) for r in rows])
    y = np.array([bool(r["label"]) for r in rows])
    s = np.array([r["set"] for r in rows])
    base = np.array([bool(r["default"]) for r in rows])
    stands = np.array([bool(r["rules_held"]) or (bool(r["default"]) and any(x.startswith("hidden-")
                       for x in r["default_reasons"])) for r in rows])  # fmt: skip
    w = np.where(s == "w37", args.w37_weight, 1.0)
    train_ok = np.isin(s, (*SETS, "w34", *(() if args.no_w37 else ("w37",))))
    ex = s == "examples"
    inside = np.isin(s, SETS)
    old_p, new_p, p17 = (np.array([r[k] for r in rows]) for k in ("old_p", "new_p", "p17"))
    nen = inside & np.array([(r.get("lang") or "en").split("-")[0] != "en" for r in rows])
    for name, p in (("hashlr-14", old_p), ("hashlr-16", new_p), ("hashlr-17", p17)):
        print(f"{name} out of fold: AUC {r35.auc(p[inside], y[inside]):.3f}, outside English "
              f"{r35.auc(p[nen], y[nen]):.3f}, v33-v36 {r35.auc(p[np.isin(s, LATEST)], y[np.isin(s, LATEST)]):.3f}",
              flush=True)  # fmt: skip
    variants = {"stack34": x34, "stack37": x37, "stack36": np.hstack([x34, xc]),
                "stack37+concepts": np.hstack([x37, xc]), "stack34+17": np.hstack([x34, extra17])}  # fmt: skip
    variants = {k: v for k, v in variants.items() if k in args.variants}
    arms: dict[str, np.ndarray] = {"default": base}
    finals: dict[str, Any] = {}
    nested_cuts: dict[str, dict[str, list[float]]] = {}
    oofs: dict[str, np.ndarray] = {}
    for name, x in variants.items():
        t0 = time.process_time()
        oof = np.zeros(len(rows))
        for k in SETS:
            tr = train_ok & (s != k)
            oof[s == k] = r34.prob(x[s == k], r34.fit(x[tr], y[tr], w[tr], args.l2))
        oofs[name] = oof
        arms[f"{name} {args.release:g}/{args.add:g}"] = stands | np.where(base, oof >= args.release, oof >= args.add)
        if args.nested:
            ns = argparse.Namespace(l2=args.l2, margin=args.margin)
            arms[f"{name} nested"], chosen = r34.two_cut_nested(x, y, s, w, base, stands, oof, train_ok, ns)
            nested_cuts[name] = {k: list(v) for k, v in chosen.items()}
        pe = r34.prob(x[ex], r34.fit(x[train_ok], y[train_ok], w[train_ok], args.l2))
        finals[name] = {
            "newly_held": [rows[i]["text"] for i, q in zip(np.where(ex)[0], pe, strict=True)
                           if not base[i] and (stands[i] or q >= args.add)],
            "released": [rows[i]["text"] for i, q in zip(np.where(ex)[0], pe, strict=True)
                         if base[i] and not stands[i] and q < args.release],
            "nearest": sorted(((round(float(q), 3), rows[i]["text"]) for i, q in zip(np.where(ex)[0], pe, strict=True)
                               if not base[i]), reverse=True)[:3],
        }  # fmt: skip
        print(f"{name}: {time.process_time() - t0:.0f} s CPU, load {os.getloadavg()[0]:.1f}", flush=True)
    if args.gates and "stack34" in oofs:
        # the gate reads round 34's stage as shipped: fitted without round 37's written rows
        plain = np.isin(s, (*SETS, "w34"))
        p34 = np.zeros(len(rows))
        for k in SETS:
            tr = plain & (s != k)
            p34[s == k] = r34.prob(x34[s == k], r34.fit(x34[tr], y[tr], w[tr], args.l2))
        arms["stack34 as shipped 0.7/0.88"] = stands | np.where(base, p34 >= 0.7, p34 >= 0.88)
        gated_arms(arms, p34, base, stands, args)
    sl = slices(rows)
    res: dict[str, Any] = {
        "l2": args.l2, "cuts": [args.release, args.add], "w37": 0.0 if args.no_w37 else args.w37_weight,
        "figures": {k: {a: r35.fig(held, y, m) for a, held in arms.items()} for k, m in sl.items()},
        "examples_final": finals, "nested_cuts": nested_cuts, "families": fams,
    }  # fmt: skip
    h.finish(res, t_start, args.out)
    print("slice                 " + " | ".join(f"{a:>26s}" for a in arms))
    for k, figs in res["figures"].items():
        print(f"{k:21s} " + " | ".join(f"{f:>26s}" for f in figs.values()))
    for name, f in finals.items():
        print(name, "examples newly held", f["newly_held"], "released", f["released"], "nearest", f["nearest"])
    print(f"cpu {res['cpu_s']} s, load {res['load_at_end']}")


def gated_arms(
    arms: dict[str, np.ndarray], p34: np.ndarray, base: np.ndarray, stands: np.ndarray, args: argparse.Namespace
) -> None:
    """Add, for each concept arm and each gate g of `--gates`, that arm read only where the default's stage is unsure.

    A text the default lets through whose round 34 stage probability (`p34`, out of fold) is below g keeps the
    default's verdict (not held unless rules/25 or a view holds it); every other text takes the concept arm's
    verdict. So the concepts are computed only for texts the default holds or its stage puts at g or more. The
    "adds only" arm keeps round 34's stage's verdict (at 0.7/0.88) and only adds the concept arm's holds of texts
    the default lets through at p34 >= g (it never releases what round 34's stage keeps).
    """
    s34 = stands | np.where(base, p34 >= 0.7, p34 >= 0.88)  # round 34's stage at its shipped cuts
    for name in [a for a in arms if "concepts" in a or a.startswith("stack36")]:
        for g in args.gates:
            arms[f"{name} gate {g:g}"] = np.where(base | (p34 >= g), arms[name], stands)
            arms[f"{name} adds only, gate {g:g}"] = s34 | (~base & (p34 >= g) & arms[name])


def cpu(rounds: int) -> None:
    """CPU a round of round 34's stage (the default until round 37), of round 37's gated stage (the default) and of
    round 36's opt-in (concepts for every text), in turns in this process, on the ingest bench's 932 memory and lesson
    texts through `assess_many` as the ingest reads them; each round on the texts with a mark appended (a different
    one per detector and round, so no memo answers), after a warm-up; and how many texts the concept stage reads."""
    import statistics

    import audit_ingest as bench

    from memeval.hold import get_hold_detector
    from memeval.hold._batch import assess_many
    from memeval.hold._stacked import get_stacked34_detector
    from memeval.hold._stacked36 import get_stacked36_detector

    texts = [(e["payload"]["text"], e["payload"].get("source", "agent"))
             for e in bench.events(2000, "bench-file", "bench-file", "prefixed", "")
             if e["type"] in ("memory.written", "lesson.proposed") and e["payload"].get("text")]  # fmt: skip
    detectors = {"stack/34": get_stacked34_detector(), "stack/37": get_hold_detector(),
                 "stack/36": get_stacked36_detector()}  # fmt: skip
    for d in detectors.values():
        assess_many(d, texts[:50])
    spent: dict[str, list[float]] = {k: [] for k in detectors}
    for k in range(rounds):
        order = list(detectors.items()) if k % 2 == 0 else list(reversed(detectors.items()))
        for name, d in order:
            fresh = [(f"{t} [{k}{name}]", src) for t, src in texts]
            c0 = time.process_time()
            assess_many(d, fresh)
            spent[name].append((time.process_time() - c0) * 1e3)
    reached = 0
    d37 = detectors["stack/37"]  # the gate is read from it below
    old = assess_many(detectors["stack/34"], texts)
    for (t, src), a in zip(texts, old, strict=True):  # the concept stage reads a text the default lets through
        reached += not a.held and a.score >= d37.gate and not d37.base.assess(t, src).held  # type: ignore[attr-defined]
    base = min(spent["stack/34"])
    rounds_ms = "; ".join(f"{k} {min(v):.0f} / {statistics.median(v):.0f} ({min(v) / base - 1:+.1%} at the min)"
                          for k, v in spent.items())  # fmt: skip
    print(f"{len(texts)} texts, {rounds} rounds in turns, CPU a round (min / median ms): {rounds_ms}; {reached} texts "
          f"({reached / len(texts):.1%}) read by the concept stage; load {os.getloadavg()[0]:.1f}")  # fmt: skip


def main() -> None:
    """Extract, or print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--extract", action="store_true")
    ap.add_argument("--cpu", type=int, default=0, metavar="ROUNDS", help="only the CPU figures, ROUNDS rounds")
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det37/rows.jsonl"))
    ap.add_argument("--fold-dir", type=Path, default=Path("/tmp/det37/folds"))
    ap.add_argument("--final-dir", type=Path, default=ROOT / "memeval/hold/model")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--release", type=float, default=0.7, help="a text the default holds is released below this")
    ap.add_argument("--add", type=float, default=0.88, help="a text the default lets through is held from this")
    ap.add_argument("--nested", action="store_true", help="also the cuts chosen for each set on the others")
    ap.add_argument("--margin", type=float, default=0.005, help="nested: precision above the default's")
    ap.add_argument("--variants", nargs="*", default=["stack34", "stack37", "stack36", "stack37+concepts"])
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--no-w37", action="store_true", help="leave round 37's written benign rows out of training")
    ap.add_argument("--w37-weight", type=float, default=1.0, help="sample weight of round 37's written benign rows")
    ap.add_argument("--gates", type=float, nargs="*", default=[], help="concept arms read only from these p34")
    args = ap.parse_args()
    if args.cpu:
        cpu(args.cpu)
        return
    if args.extract:
        extract(args)
        return
    figures(args)


if __name__ == "__main__":
    main()
