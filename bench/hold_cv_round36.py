r"""Round 36, out of fold by set over v4-v35: a language-agnostic reading of risk (concepts) as stage inputs.

Phase 1 (`--extract`): round 34's rows (`bench/hold_cv_round34.py`'s extract, with round 35's classifiers per set)
for v4-v35: every row judged as the default would have judged it unseen; hashlr-16's probability from round 33's
fold model without the row's set for v4-v32 and from hashlr-16 itself (fitted on v4-v32) for v33-v35. Needs round
21's and round 33's fold models (`scripts/hold_train_round21.py`, `scripts/hold_train_round33.py --l2 2
--suffix=-l2-2`, in /tmp/det21/folds and /tmp/det33/folds).

Phase 2: figures, leave one set out over v4-v35 (`SETS`; every stage and concept model judging vK fitted without
it), with round 34's two cuts (a text rules/25 or a decoded view holds stands; one the default holds is released
below `--release`, one it lets through held from `--add`) and with the cuts chosen for each set on the others
(`--nested`, round 34's `two_cut_nested`, among the pairs that newly hold none of the hold tests' benign examples):

- `default`: the shipped detector's base (round 32's); `stack34`: round 34's stage (`features34`), the shipped
  detector's stage, refitted per fold;
- `+concepts`: the same with `memeval.hold._concepts.vector` appended (25 concepts found in about 30 languages,
  counts, products);
- `+cpairs`: with the probability (and logit / 5) of a class-balanced L2 logistic model over every concept and every
  pair of concepts and the source (fitted out of fold by set), a model that reads the same numbers in any language;
- `+both`: both;
- `+concepts-by-script`: `+concepts` with the text's share of non-ASCII letters and every concept number times it
  (the concepts may weigh more where the n-gram classifiers saw fewer rows of the language).

Figures per slice: v4-v35 pooled, v33, v34 and v35 each left out, a person's words against agent-side sources and
each source, English against other languages, script groups and the ten commonest other languages, written rows by
carrier (`ORIGIN_KINDS`), published rows; the final models' verdicts on the hold tests' benign examples. `--cpu N`:
CPU a round of the default and of the concepts on the ingest bench's texts.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round36.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round36.py --nested [--out FILE.json]
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import _hold_cv as h  # noqa: E402
import hold_cv_round34 as r34  # noqa: E402
import hold_cv_round35 as r35  # noqa: E402
import numpy as np  # noqa: E402

from memeval.hold._concepts import CONCEPTS, concepts, vector  # noqa: E402
from memeval.hold._models import SOURCES  # noqa: E402
from memeval.hold._stacked import _scripts  # noqa: E402

SETS = h.sets_through(35)
"""Every spent set; nothing of a set being written now is read (`hold_train_cv.SPENT` stops at v35)."""

ORIGIN_KINDS = {
    **r35.ORIGIN_KINDS,
    "hand-off": (*r35.ORIGIN_KINDS["hand-off"], "relay"),
    "planted": (*r35.ORIGIN_KINDS["planted"], "content"),
    "tool output": (*r35.ORIGIN_KINDS["tool output"], "record"),
}
"""Round 35's carriers with v35's written kinds (relayed messages, planted content, data records) added."""

SCRIPT_GROUPS = {
    "cjk": ("zh", "ja", "ko"),
    "latin-europe": ("de", "fr", "es", "pt", "it", "nl", "pl", "ca", "sv", "cs", "gl", "sq", "gd", "ga", "fi", "eu",
                     "hu", "ro", "da", "nb", "no", "hr", "sk", "lt", "et", "hbs"),
    "cyrillic-greek": ("ru", "uk", "bg", "sr", "kk", "el"),
    "arabic-hebrew": ("ar", "fa", "ur", "he"),
    "indic": ("hi", "bn", "ta", "te", "mr", "kn", "pa", "ml", "gu", "ne", "or", "as", "si", "translit"),
    "se-asia-africa": ("vi", "th", "id", "ms", "tl", "my", "km", "sw", "zu", "am"),
}  # fmt: skip
"""Languages grouped by script and region, for the per-group figures."""


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 34's extract over `SETS` with round 35's classifiers per set."""
    r34.extract(args, SETS, r35.old_model, r35.new_model)


def slices(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Masks over the rows of `SETS` (see the module docstring)."""
    s = np.array([r["set"] for r in rows])
    inside = np.isin(s, SETS)
    src = np.array([r["source"] for r in rows])
    lang = np.array([(r.get("lang") or "?").split("-")[0] for r in rows])
    origin = np.array([r.get("origin", "") for r in rows])
    kind = np.array([o.partition(":")[2] if o.startswith("written-") else "published" for o in origin])
    out = {"v4-v35": inside, "v4-v32": np.isin(s, SETS[:-3]), "v33": s == "v33", "v34": s == "v34", "v35": s == "v35",
           "person": inside & (src == "person"), "agent-side": inside & np.isin(src, r35.AGENT_SIDE)}  # fmt: skip
    for name in SOURCES:
        if name != "person":
            out[f"source:{name}"] = inside & (src == name)
    out["english"] = inside & (lang == "en")
    out["not-english"] = inside & (lang != "en")
    for g, langs in SCRIPT_GROUPS.items():
        out[f"group:{g}"] = inside & np.isin(lang, langs)
    known = {x for v in SCRIPT_GROUPS.values() for x in v} | {"en"}
    out["group:other"] = inside & ~np.isin(lang, sorted(known))
    langs, counts = np.unique(lang[inside & (lang != "en")], return_counts=True)
    for g in langs[np.argsort(-counts)][:10]:
        out[f"lang:{g}"] = inside & (lang == g)
    for name, keys in ORIGIN_KINDS.items():
        out[f"written {name}"] = inside & np.array([any(k in x for k in keys) for x in kind])
    out["published"] = inside & (kind == "published")
    return out


PAIRS = tuple(itertools.combinations(range(len(CONCEPTS)), 2))


def pair_matrix(found: list[set[str]], sources: list[str]) -> np.ndarray:
    """One 0/1 column per concept, per pair of concepts and per source (the concept model's inputs)."""
    idx = {c: i for i, c in enumerate(CONCEPTS)}
    out = np.zeros((len(found), len(CONCEPTS) + len(PAIRS) + len(SOURCES)))
    pair_col = {p: len(CONCEPTS) + k for k, p in enumerate(PAIRS)}
    for r, (f, src) in enumerate(zip(found, sources, strict=True)):
        ids = sorted(idx[c] for c in f)
        out[r, ids] = 1.0
        for p in itertools.combinations(ids, 2):
            out[r, pair_col[p]] = 1.0
        out[r, len(CONCEPTS) + len(PAIRS) + SOURCES.index(src)] = 1.0  # type: ignore[arg-type]
    return out


def concept_oof(xp: np.ndarray, y: np.ndarray, s: np.ndarray, train_ok: np.ndarray, l2: float) -> np.ndarray:
    """The concept model's probability of every row from a model fitted without the row's set (rows of `SETS`), or
    on every training row (the written rows and the hold tests' examples)."""
    out = np.zeros(len(y))
    w = np.ones(len(y))
    for k in (*SETS, None):
        tr = train_ok & (s != k)
        m = (s == k) if k else ~np.isin(s, SETS)
        out[m] = r34.prob(xp[m], r34.ht.fit(xp[tr], y[tr].astype(float), l2, sample_weight=w[tr], maxiter=300))
    return out


def figures(args: argparse.Namespace) -> None:
    """Phase 2: the arms' figures over `slices`, and the final models' verdicts on the hold tests' examples."""
    t_start = time.process_time()
    r34.SETS = SETS  # round 34's nested two-cut choice iterates its module's SETS
    rows = r34.load(args.rows)
    fams = list(r34.families([r for r in rows if r["set"] not in ("v34", "v35")]))
    x34 = r34.dense(rows, fams)
    t0 = time.process_time()
    found = [concepts(r["text"]) for r in rows]
    xc = np.array([vector(r["text"]) for r in rows])
    concept_ms = (time.process_time() - t0) / len(rows) / 2 * 1e3
    y = np.array([bool(r["label"]) for r in rows])
    s = np.array([r["set"] for r in rows])
    base = np.array([bool(r["default"]) for r in rows])
    stands = np.array([bool(r["rules_held"]) or (bool(r["default"]) and any(x.startswith("hidden-")
                       for x in r["default_reasons"])) for r in rows])  # fmt: skip
    w = np.ones(len(rows))
    train_ok = np.isin(s, (*SETS, "w34"))
    ex = s == "examples"
    inside = np.isin(s, SETS)
    xp = pair_matrix(found, [r["source"] for r in rows])
    cp = concept_oof(xp, y, s, train_ok, args.concept_l2)
    old_p = np.array([r["old_p"] for r in rows])
    print(f"concept model out of fold: AUC {r35.auc(cp[inside], y[inside]):.3f} (hashlr-14 "
          f"{r35.auc(old_p[inside], y[inside]):.3f}); concepts {concept_ms:.3f} ms a text", flush=True)  # fmt: skip
    nen = inside & np.array([(r.get("lang") or "en").split("-")[0] != "en" for r in rows])
    print(f"  outside English: concept model AUC {r35.auc(cp[nen], y[nen]):.3f}, hashlr-14 "
          f"{r35.auc(old_p[nen], y[nen]):.3f}", flush=True)  # fmt: skip
    q = np.clip(cp, 1e-4, 1 - 1e-4)
    xm = np.column_stack([cp, np.log(q / (1 - q)) / 5])
    na = np.array([[_scripts(r["text"])[0]] for r in rows])
    variants = {"stack34": x34, "+concepts": np.hstack([x34, xc]), "+cpairs": np.hstack([x34, xm]),
                "+both": np.hstack([x34, xc, xm]),
                "+concepts-by-script": np.hstack([x34, xc, na, xc * na])}  # fmt: skip
    variants = {k: v for k, v in variants.items() if k in args.variants}
    arms: dict[str, np.ndarray] = {"default": base}
    finals: dict[str, Any] = {}
    nested_cuts: dict[str, dict[str, list[float]]] = {}
    for name, x in variants.items():
        t0 = time.process_time()
        oof = np.zeros(len(rows))
        for k in SETS:
            tr = train_ok & (s != k)
            oof[s == k] = r34.prob(x[s == k], r34.fit(x[tr], y[tr], w[tr], args.l2))
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
    sl = slices(rows)
    res: dict[str, Any] = {
        "concept_ms_per_text": round(concept_ms, 3), "l2": args.l2, "concept_l2": args.concept_l2,
        "cuts": [args.release, args.add],
        "figures": {k: {a: r35.fig(held, y, m) for a, held in arms.items()} for k, m in sl.items()},
        "examples_final": finals,
        "nested_cuts": nested_cuts,
    }  # fmt: skip
    h.finish(res, t_start, args.out)
    print("slice                 " + " | ".join(f"{a:>26s}" for a in arms))
    for k, figs in res["figures"].items():
        print(f"{k:21s} " + " | ".join(f"{f:>26s}" for f in figs.values()))
    for name, f in finals.items():
        print(name, "examples newly held", f["newly_held"], "released", f["released"], "nearest", f["nearest"])
    print(f"concepts {concept_ms:.3f} ms a text; cpu {res['cpu_s']} s, load {res['load_at_end']}")


def cpu(rounds: int) -> None:
    """CPU a round of the default (`assess_many`, as `bench/hold_assess_cpu.py`), of the concepts' vector alone and of
    round 36's opt-in detector (`assess_many`), on the ingest bench's 932 memory and lesson texts; each round on the
    texts with a round mark appended (a different one for each detector, so no memo answers)."""
    import statistics

    import audit_ingest as bench

    from memeval.hold import get_hold_detector
    from memeval.hold._batch import assess_many

    texts = [(e["payload"]["text"], e["payload"].get("source", "agent"))
             for e in bench.events(2000, "bench-file", "bench-file", "prefixed", "")
             if e["type"] in ("memory.written", "lesson.proposed") and e["payload"].get("text")]  # fmt: skip
    from memeval.hold._stacked36 import get_stacked36_detector

    detector, opt_in = get_hold_detector(), get_stacked36_detector()
    assess_many(detector, texts[:50])
    assess_many(opt_in, texts[:50])
    spent: dict[str, list[float]] = {"default": [], "concepts": [], "stack/36": []}
    for k in range(rounds):
        fresh = [(f"{t} [{k}]", src) for t, src in texts]
        c0 = time.process_time()
        assess_many(detector, fresh)
        c1 = time.process_time()
        for t, _ in fresh:
            vector(t)
        c2 = time.process_time()
        assess_many(opt_in, [(f"{t} [{k}b]", src) for t, src in texts])
        c3 = time.process_time()
        spent["default"].append((c1 - c0) * 1e3)
        spent["concepts"].append((c2 - c1) * 1e3)
        spent["stack/36"].append((c3 - c2) * 1e3)
    print(f"{len(texts)} texts, CPU a round (min / median ms): "
          + "; ".join(f"{k} {min(v):.0f} / {statistics.median(v):.0f}" for k, v in spent.items())
          + f"; load {os.getloadavg()[0]:.1f}")  # fmt: skip


def main() -> None:
    """Extract, or print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--extract", action="store_true")
    ap.add_argument("--cpu", type=int, default=0, metavar="ROUNDS", help="only the CPU figures, ROUNDS rounds")
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det36/rows.jsonl"))
    ap.add_argument("--fold-dir", type=Path, default=Path("/tmp/det33/folds"))
    ap.add_argument("--final-dir", type=Path, default=ROOT / "memeval/hold/model")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--release", type=float, default=0.7, help="a text the default holds is released below this")
    ap.add_argument("--add", type=float, default=0.88, help="a text the default lets through is held from this")
    ap.add_argument("--nested", action="store_true", help="also the cuts chosen for each set on the others")
    ap.add_argument("--margin", type=float, default=0.005, help="nested: precision above the default's")
    ap.add_argument("--variants", nargs="*", default=["stack34", "+concepts", "+cpairs", "+both"])
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--concept-l2", type=float, default=1.0)
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
