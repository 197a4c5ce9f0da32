r"""Round 35, out of fold by set over v4-v34: who a text addresses and whether it orders or describes, as stage inputs.

Phase 1 (`--extract`, about a minute of CPU): round 34's rows (`bench/hold_cv_round34.py`'s extract) for v4-v34:
every row judged as the default would have judged it unseen, hashlr-16's probability from round 33's fold model
without the row's set for v4-v32 and from hashlr-16 itself (fitted on v4-v32) for v33 and v34.

Phase 2: figures, leave one set out over v4-v34 (`SETS`; every stage and mood model judging vK fitted without it),
with round 34's two cuts (a text rules/25 or a decoded view holds stands; one the default holds is released below
`--release`, one it lets through held from `--add`) and with the cuts chosen for each set on the others
(`--nested`, round 34's `two_cut_nested`, among the pairs that newly hold none of the hold tests' benign examples):

- `default`: the shipped detector's base (round 32's), `stack34`: round 34's stage (`features34`) refitted per fold;
- `stack35`: the same with `_hold_address.cues` appended (addressee, mood, description, scripts);
- `stack34+mood`, `stack35+mood`: with the probability (and logit / 5) of the mood model, a class-balanced L2
  (`--mood-l2`) logistic model over `_hold_mood.columns` (hashed clause-edge tokens) fitted out of fold by set;
- `--arms no-scripts scripts-only`: the cues without the script shares, round 34's stage with only them.

Figures per slice: v4-v34 pooled, v4-v32, v33 and v34 each left out, a person's words against agent-side sources,
English against other languages and the ten commonest of those, written rows by carrier (`ORIGIN_KINDS`), published
rows; the pooled frontier over round 34's cut grid (the cuts in sample); the final models' scores of the hold tests'
benign examples. `--cpu N`: CPU a round of the default and of the cues and mood hashing on the ingest bench's texts.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round35.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round35.py [--out FILE.json]
"""

from __future__ import annotations

import argparse
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
import hold_cv_round20 as b20  # noqa: E402
import hold_cv_round34 as r34  # noqa: E402
import numpy as np  # noqa: E402
from _hold_address import cues  # noqa: E402
from _hold_mood import BUCKETS, columns  # noqa: E402

from memeval.hold._classifier import ClassifierModel  # noqa: E402

SETS = h.sets_through(34)
FOLDED16 = h.sets_through(32)
"""The sets round 33's hashlr-16 fold models exist for; hashlr-16 itself never saw v33 or v34."""


def new_model(v: str, fold_dir: Path, final_dir: Path) -> ClassifierModel:
    """hashlr-16's fold model without `v` (round 33's, blended), or hashlr-16 itself for a set it never saw."""
    if v in FOLDED16:
        return b20.blended(ClassifierModel.load(f"hashlr-16-without-{v}-l2-2", fold_dir), r34.ANCHOR19[v], 0.5)
    return ClassifierModel.load("hashlr-16", final_dir)


def old_model(v: str) -> ClassifierModel:
    """hashlr-14 (fitted before v23) for v23 on, else round 21's fold model (`hold_cv_round34.old_model`)."""
    return ClassifierModel.load("hashlr-14") if v not in r34.ANCHOR19 else r34.old_model(v)


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 34's extract over `SETS` with `old_model` and `new_model`."""
    r34.extract(args, SETS, old_model, new_model)


AGENT_SIDE = ("agent", "tool", "web", "email", "document")
"""Sources an agent read or wrote (everything but a person's own words)."""

ORIGIN_KINDS = {
    "hand-off": ("agent-message", "handoff", "authority"),
    "memory": ("memory", "lesson"),
    "planted": ("planted", "rag", "document", "web-order", "wiki", "agent-doc", "calendar", "ticket-order"),
    "tool output": ("tool", "json"),
    "about attacks": ("about-injection", "attack-prose", "security", "note-about", "quoted-attack", "scanner-doc",
                      "incident"),
}  # fmt: skip
"""Written rows' origin kinds (after `written-vN:`) grouped by what carries them; a kind may fall in two groups."""


def slices(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Masks over the rows of `SETS`: every set pooled, v4-v32, v33, v34, by source side, by language (the ten
    commonest), English or not, and by written origin kind (the part of `written-vN:kind` after the colon)."""
    s = np.array([r["set"] for r in rows])
    inside = np.isin(s, SETS)
    src = np.array([r["source"] for r in rows])
    lang = np.array([(r.get("lang") or "?").split("-")[0] for r in rows])
    origin = np.array([r.get("origin", "") for r in rows])
    kind = np.array([o.partition(":")[2] if o.startswith("written-") else "published" for o in origin])
    out = {"v4-v34": inside, "v4-v32": np.isin(s, SETS[:-2]), "v33": s == "v33", "v34": s == "v34",
           "person": inside & (src == "person"), "agent-side": inside & np.isin(src, AGENT_SIDE),
           "english": inside & (lang == "en"), "not-english": inside & (lang != "en")}  # fmt: skip
    langs, counts = np.unique(lang[inside & (lang != "en")], return_counts=True)
    for g in langs[np.argsort(-counts)][:10]:
        out[f"lang:{g}"] = inside & (lang == g)
    for name, keys in ORIGIN_KINDS.items():
        out[f"written {name}"] = inside & np.array([any(k in x for k in keys) for x in kind])
    out["published"] = inside & (kind == "published")
    return out


def hashed(rows: list[dict[str, Any]]) -> Any:
    """`_mood.columns` of every row as a sparse (rows, `BUCKETS`) matrix, each row scaled to unit length."""
    from scipy import sparse

    ind, ptr = [], [0]
    for r in rows:
        ind.extend(columns(r["text"]))
        ptr.append(len(ind))
    lens = np.diff(ptr)
    data = np.repeat(1.0 / np.sqrt(np.maximum(lens, 1)), lens)
    return sparse.csr_matrix((data, np.array(ind, dtype=np.int64), np.array(ptr)), shape=(len(rows), BUCKETS))


def mood_oof(xs: Any, y: np.ndarray, s: np.ndarray, train_ok: np.ndarray, l2: float) -> np.ndarray:
    """The mood model's probability of every row from a model fitted without the row's set (rows of `SETS`), or
    on every training row (the written rows and the hold tests' examples)."""
    out = np.zeros(len(y))
    w = np.ones(len(y))
    for k in (*SETS, None):
        tr = train_ok & (s != k)
        m = (s == k) if k else ~np.isin(s, SETS)
        out[m] = r34.prob(xs[m], r34.ht.fit(xs[tr], y[tr].astype(float), l2, sample_weight=w[tr], maxiter=300))
    return out


def auc(p: np.ndarray, y: np.ndarray) -> float:
    """The area under the ROC curve of scores `p` for labels `y` (ties counted half)."""
    from scipy.stats import rankdata

    r = rankdata(p)
    pos = int(y.sum())
    return float((r[y].sum() - pos * (pos + 1) / 2) / (pos * (len(y) - pos)))


def fig(held: np.ndarray, y: np.ndarray, m: np.ndarray) -> str:
    """'caught/orders = recall, precision p, benign held n' over mask `m`."""
    tp, fp, pos = int((held & y & m).sum()), int((held & ~y & m).sum()), int((y & m).sum())
    return f"{tp}/{pos} = {tp / max(1, pos):.3f}, {tp / max(1, tp + fp):.3f}, {fp}"


def figures(args: argparse.Namespace) -> None:
    """Phase 2: the arms' figures over `slices`, and the final models' verdicts on the hold tests' examples."""
    t_start = time.process_time()
    r34.SETS = SETS  # round 34's nested two-cut choice iterates its module's SETS
    rows = r34.load(args.rows)
    fams = [f for f in r34.families([r for r in rows if r["set"] != "v34"])]
    x34 = r34.dense(rows, fams)
    t0 = time.process_time()
    xc = np.array([cues(r["text"]) for r in rows])
    cue_ms = (time.process_time() - t0) / len(rows) * 1e3
    y = np.array([bool(r["label"]) for r in rows])
    s = np.array([r["set"] for r in rows])
    base = np.array([bool(r["default"]) for r in rows])
    stands = np.array([bool(r["rules_held"]) or (bool(r["default"]) and any(x.startswith("hidden-")
                       for x in r["default_reasons"])) for r in rows])  # fmt: skip
    w = np.where(s == "w34", 1.0, 1.0)
    train_ok = np.isin(s, (*SETS, "w34"))
    ex = s == "examples"
    arms: dict[str, np.ndarray] = {"default": base}
    finals: dict[str, Any] = {}
    t0 = time.process_time()
    xs = hashed(rows)
    mood_ms = (time.process_time() - t0) / len(rows) * 1e3
    mood = mood_oof(xs, y, s, train_ok, args.mood_l2)
    inside = np.isin(s, SETS)
    print(
        f"mood model out of fold: AUC {auc(mood[inside], y[inside]):.3f} (hashlr-14 "
        f"{auc(np.array([r['old_p'] for r in rows])[inside], y[inside]):.3f}); {mood_ms:.3f} ms a text",
        flush=True,
    )
    q = np.clip(mood, 1e-4, 1 - 1e-4)
    xm = np.column_stack([mood, np.log(q / (1 - q)) / 5])
    variants = {"stack34": x34, "stack35": np.hstack([x34, xc]), "stack34+mood": np.hstack([x34, xm]),
                "stack35+mood": np.hstack([x34, xc, xm])}  # fmt: skip
    for extra in args.arms:
        if extra == "no-scripts":
            variants["stack35-no-scripts"] = np.hstack([x34, xc[:, :-8]])
        elif extra == "scripts-only":
            variants["stack34+scripts"] = np.hstack([x34, xc[:, -8:]])
    frontier: dict[str, list[str]] = {}
    nested_cuts: dict[str, dict[str, list[float]]] = {}
    for name, x in variants.items():
        oof = np.zeros(len(rows))
        for k in SETS:
            tr = train_ok & (s != k)
            if args.split:  # one model for the texts the default holds (release), one for the rest (add)
                for side in (base, ~base):
                    oof[(s == k) & side] = r34.prob(
                        x[(s == k) & side], r34.fit(x[tr & side], y[tr & side], w[tr & side], args.l2)
                    )
            else:
                oof[s == k] = r34.prob(x[s == k], r34.fit(x[tr], y[tr], w[tr], args.l2))
        frontier[name] = [fig(stands | np.where(base, oof >= rc, oof >= ac), y, inside) + f" @{rc:g}/{ac:g}"
                          for rc in r34.RELEASE for ac in r34.ADD]  # fmt: skip
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
    for name, pts in frontier.items():
        best: dict[int, str] = {}
        for f in pts:
            fp = int(f.split(", ")[2].split(" @")[0])
            tp = int(f.split("/")[0])
            if fp not in best or tp > int(best[fp].split("/")[0]):
                best[fp] = f
        keep, top = [], -1
        for fp in sorted(best):
            if int(best[fp].split("/")[0]) > top:
                keep.append(best[fp])
                top = int(best[fp].split("/")[0])
        print(f"{name} pooled frontier over the cut grid (in sample for the cuts):", *keep[-8:], sep="\n  ")
    sl = slices(rows)
    res: dict[str, Any] = {
        "cue_ms_per_text": round(cue_ms, 3), "l2": args.l2, "cuts": [args.release, args.add],
        "figures": {k: {a: fig(held, y, m) for a, held in arms.items()} for k, m in sl.items()},
        "examples_final": finals,
        "nested_cuts": nested_cuts,
    }  # fmt: skip
    h.finish(res, t_start, args.out)
    print("slice          " + " | ".join(f"{a:>26s}" for a in arms))
    for k, figs in res["figures"].items():
        print(f"{k:14s} " + " | ".join(f"{f:>26s}" for f in figs.values()))
    for name, f in finals.items():
        print(name, "examples newly held", f["newly_held"], "released", f["released"], "nearest", f["nearest"])
    print(f"cues {cue_ms:.3f} ms a text; cpu {res['cpu_s']} s, load {res['load_at_end']}")


def cpu(rounds: int) -> None:
    """CPU a round of the default (`assess_many`, as `bench/hold_assess_cpu.py`), of the cues alone and of the mood
    model's tokens (cues included) with one dot product, on the ingest bench's 932 memory and lesson texts; each
    round on the texts with a round mark appended (no memo answers from an earlier round)."""
    import statistics

    import audit_ingest as bench

    from memeval.hold import get_hold_detector
    from memeval.hold._batch import assess_many

    texts = [(e["payload"]["text"], e["payload"].get("source", "agent"))
             for e in bench.events(2000, "bench-file", "bench-file", "prefixed", "")
             if e["type"] in ("memory.written", "lesson.proposed") and e["payload"].get("text")]  # fmt: skip
    detector = get_hold_detector()
    assess_many(detector, texts[:50])
    weights = np.random.default_rng(0).normal(size=BUCKETS)
    spent: dict[str, list[float]] = {"default": [], "cues": [], "cues + mood": []}
    for k in range(rounds):
        fresh = [(f"{t} [{k}]", src) for t, src in texts]
        c0 = time.process_time()
        assess_many(detector, fresh)
        c1 = time.process_time()
        for t, _ in fresh:
            cues(t)
        c2 = time.process_time()
        for t, _ in fresh:
            float(weights[columns(t)].sum())  # `columns` reads the cues too
        c3 = time.process_time()
        for name, v in zip(spent, (c1 - c0, c2 - c1, c3 - c2), strict=True):
            spent[name].append(v * 1e3)
    print(f"{len(texts)} texts, CPU a round (min / median ms): "
          + "; ".join(f"{k} {min(v):.0f} / {statistics.median(v):.0f}" for k, v in spent.items())
          + f"; load {os.getloadavg()[0]:.1f}")  # fmt: skip


def main() -> None:
    """Extract, or print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--extract", action="store_true")
    ap.add_argument("--cpu", type=int, default=0, metavar="ROUNDS", help="only the CPU figures, ROUNDS rounds")
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det35/rows.jsonl"))
    ap.add_argument("--fold-dir", type=Path, default=Path("/tmp/det33/folds"))
    ap.add_argument("--final-dir", type=Path, default=ROOT / "memeval/hold/model")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--release", type=float, default=0.7, help="a text the default holds is released below this")
    ap.add_argument("--add", type=float, default=0.88, help="a text the default lets through is held from this")
    ap.add_argument("--nested", action="store_true", help="also the cuts chosen for each set on the others")
    ap.add_argument("--margin", type=float, default=0.005, help="nested: precision above the default's")
    ap.add_argument("--arms", nargs="*", default=[], choices=["no-scripts", "scripts-only"])
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--split", action="store_true", help="separate stage models for held and not-held texts")
    ap.add_argument("--mood-l2", type=float, default=1.0)
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
