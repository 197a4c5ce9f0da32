r"""Round 26: an encoder head fitted per set on public rows and the other sets' rows, as cascade head and stacked input.

Out of fold by set over v4-v26 (every set spent), side by side in one run. The encoder heads (uselr's form: a
logistic regression over the USE multilingual v3 embedding of a text's first window; a text's probability is the
highest over its readings and windows, as `EncoderClassifier.score` takes it):

- `pub+sets` (this round): per set vK, fitted on the public pool (`scripts/hold_train_round26.py`: the public
  corpora of uselr/2's pool that belong to no set, set texts removed) plus the other 22 sets' rows, as
  `scripts/hold_train_use_cv.py` fits uselr/2 (`hold_train.fit`, classes balanced, L2 1; public rows weigh 1, set
  rows `--set-weight` 4 on average, each set weighing the same, v25's payload names not fitted);
- `sets` (round 25's head): per set, the other sets' rows only (round 23's Newton fit, each set weighing the same);
- `pub`: the public pool only (one head; no set row, so out of fold for every set);
- `uselr2`: the shipped head (trained on v4-v15: in sample there, out of fold on v16-v26 only).

Arms (orders caught, precision, benign held, pooled over the sets):

- `round22` (the default) and `round24` (stack-2's method, its threshold nested at inner pooled precision 0.956);
- `cascade-HEAD`: the default, plus the cascade's encoder stage (`RulesWithClassifier.assess`: read when the rules do
  not hold the text and some rule matched, the n-gram probability is >= 0.2 or the text is not ASCII, and it is not
  a quoted note about attacks; held at `CASCADE`'s 0.85 alone (person 0.9) or a mean with the n-grams of 0.6);
- `cascade-HEAD-tuned`: the same stage, its alone and mean thresholds chosen per set on the other 22 sets so that the
  holds it adds to the default's reach precision >= `--precision` there (nested; the default's own holds are at
  0.942 pooled, so the whole cannot reach 0.95 by adding holds);
- `stack+HEAD-MODE`: round 25's stacked stage with the head's logit as input (`flag-all`, `impute-all`, `flag-0.02-0.9`,
  as `bench/hold_cv_round25.py`), threshold nested;
- `stack2|cascade-HEAD`: stack-2's method, plus the cascade stage's holds only where stack-2's stacked probability is
  at least a floor; the floor, the stage's thresholds and the stacked threshold chosen together per set on the other
  sets' inner leave-one-set-out probabilities for pooled precision >= `--precision` (nested).

`curve` gives the single-threshold stacked arms' pooled recall at pooled precision >= 0.95 (one threshold over
the outer probabilities; not nested).

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round26.py [--out FILE.json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "hold"))

import hold_cv_round20 as b20  # noqa: E402
import hold_cv_round25 as b25  # noqa: E402
import hold_train as ht  # noqa: E402
import hold_train_round23 as t23  # noqa: E402
import hold_train_round24 as t24  # noqa: E402
import hold_train_round25 as t25  # noqa: E402

from memeval.hold._detector import CASCADE, QUOTED  # noqa: E402
from memeval.hold._frames import _ABOUT_ATTACKS  # noqa: E402
from memeval.hold._normalize import normalize  # noqa: E402

SETS = t25.SETS
SPANS = b25.SPANS
ALONE = (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.99, 1.01)
MEAN = (0.6, 0.7, 0.8, 0.9, 1.01)
FLOORS = (0.0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 1.01)


def head_probs(args: argparse.Namespace, rows: list[dict[str, Any]], emb: np.ndarray, owner: np.ndarray,
               first: np.ndarray, m: int) -> dict[str, np.ndarray]:  # fmt: skip
    """Per head name, every row's (and benign example's) encoder probability, each set's from a head without it."""
    n = len(rows)
    sets = np.array([r["set"] for r in rows])
    y = np.array([float(r["label"]) for r in rows])
    w = t23.weights(rows)
    for v, origin in t24.NOT_TRAINED.items():
        idx = np.nonzero(sets == v)[0]
        for i, o in zip(idx, t24.origins(v), strict=True):
            w[i] = 0.0 if o == origin else w[i]
    with np.load(args.pool) as d:
        px, py = d["x"].astype(np.float64), d["y"].astype(np.float64)
    xs = emb[first[:n]].astype(np.float64)
    out: dict[str, np.ndarray] = {}

    def by_chunks(wt: np.ndarray, b: float) -> np.ndarray:
        p = 1 / (1 + np.exp(-np.clip(emb @ wt + b, -30, 30)))
        best = np.zeros(m)
        np.maximum.at(best, owner, p)
        return best

    def mixed(mask: np.ndarray) -> tuple[np.ndarray, float]:
        sw = w[mask] * args.set_weight * (w[mask] > 0).sum() / w[mask].sum()
        keep = sw > 0
        x = np.vstack([px, xs[mask][keep]])
        yy = np.concatenate([py, y[mask][keep]])
        return ht.fit(x, yy, args.head_l2, sample_weight=np.concatenate([np.ones(len(px)), sw[keep]]))

    t0 = time.process_time()
    pub = by_chunks(*ht.fit(px, py, args.head_l2))
    out["pub"] = pub
    mix, only = np.zeros(m), np.zeros(m)
    for v in SETS:
        tr = sets != v
        p = by_chunks(*mixed(tr))
        mix[:n][sets == v] = p[:n][sets == v]
        beta = b25.head_fit(xs[tr], y[tr], w[tr], 1.0)
        q = b25.head_probability(beta, emb, owner, m)
        only[:n][sets == v] = q[:n][sets == v]
        print(f"heads without {v}: {time.process_time() - t0:.0f} s CPU", flush=True)
    mix[n:] = by_chunks(*mixed(np.ones(n, dtype=bool)))[n:]
    only[n:] = b25.head_probability(b25.head_fit(xs, y, w, 1.0), emb, owner, m)[n:]
    out["pub+sets"], out["sets"] = mix, only
    with np.load(ROOT / "memeval" / "hold" / "model" / "uselr-2.npz") as d:
        out["uselr2"] = by_chunks(d["weights"].astype(np.float64), float(d["bias"]))
    return out


def stage_fires(enc: np.ndarray, clf: np.ndarray, person: np.ndarray, alone: float, mean: float) -> np.ndarray:
    """The cascade stage's hold decision where it is read (person's alone threshold at least 0.9, as `CASCADE`)."""
    at = np.where(person, max(alone, CASCADE["encoder_person_at"]) if alone <= 1 else alone, alone)
    return (enc >= at) | ((enc + clf) / 2 >= mean)


def choose(held_of: Any, y: np.ndarray, keep: np.ndarray, grid: list[Any], precision: float) -> Any:
    """The grid point whose held rows (`held_of(point)`, over `keep`) catch most orders at pooled precision."""
    best, best_tp = None, -1
    for g in grid:
        h = held_of(g)[keep]
        tp, k = int((h & (y[keep] > 0)).sum()), int(h.sum())
        if k and tp / k >= precision and tp > best_tp:
            best, best_tp = g, tp
    return best


def main() -> None:
    """Print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--features", type=Path, default=t25.FEATURES)
    ap.add_argument("--embeddings", type=Path, default=t25.EMBEDDINGS)
    ap.add_argument("--pool", type=Path, default=Path("/tmp/det26/pool.npz"))
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--head-l2", type=float, default=1.0)
    ap.add_argument("--set-weight", type=float, default=4.0)
    ap.add_argument("--min-family", type=int, default=30)
    ap.add_argument("--precision", type=float, default=t24.INNER_PRECISION)
    ap.add_argument("--heads", nargs="*", default=["pub+sets", "sets", "pub", "uselr2"])
    ap.add_argument("--modes", nargs="*", default=["flag-all", "impute-all", "flag-0.02-0.9"])
    ap.add_argument("--combine", nargs="*", default=["pub+sets", "sets"])
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    t0 = time.process_time()
    rows = t23.load(args.features)
    examples = t23.load(args.features.parent / "examples.jsonl")
    n, m = len(rows), len(rows) + len(examples)
    with np.load(args.embeddings) as d:
        emb, owner, first = d["emb"], d["owner"], d["first"]
    assert len(first) == m, "embeddings do not match the features; rerun scripts/hold_train_round25.py --embed"
    encs = head_probs(args, rows, emb, owner, first, m)
    everything = rows + examples
    sets = np.array([r["set"] for r in rows])
    y = np.array([float(r["label"]) for r in rows])
    clf = np.array([r["clf"].score for r in everything])
    ruled = np.array([r["rules"].held for r in everything])
    person = np.array([r["source"] == "person" for r in everything])
    base_all = np.array([r["base"].held for r in everything])
    flat = [normalize(r["text"]).text for r in everything]
    mention = np.array([_ABOUT_ATTACKS.search(f) is not None and QUOTED.search(f) is not None for f in flat])
    unsure = ~ruled & (np.array([r["rules"].score > 0 for r in everything]) | (clf >= CASCADE["gate_at"])
                       | np.array([not r["text"].isascii() for r in everything])) & ~mention  # fmt: skip
    by_set: dict[str, list[tuple[str, bool, str, str, str]]] = {}
    for r in rows:
        by_set.setdefault(r["set"], []).append((r["source"], bool(r["label"]), r["text"], r["lang"], r["group"]))

    def split(h: np.ndarray) -> dict[str, list[bool]]:
        return {v: [bool(x) for x in h[:n][sets == v]] for v in SETS}

    arms: dict[str, dict[str, list[bool]]] = {"round22": split(base_all)}
    probs: dict[str, dict[str, list[float]]] = {}
    chosen: dict[str, dict[str, Any]] = {}
    keep_w = t23.weights(rows) > 0
    for v, origin in t24.NOT_TRAINED.items():
        idx = np.nonzero(sets == v)[0]
        for i, o in zip(idx, t24.origins(v), strict=True):
            keep_w[i] = keep_w[i] and o != origin
    grid = [(a, b) for a in ALONE for b in MEAN]
    for name in args.heads:
        enc = encs[name]
        fixed = base_all | (unsure & stage_fires(enc, clf, person, CASCADE["encoder_alone_at"], CASCADE["mean_at"]))
        arms[f"cascade-{name}"] = split(fixed)
        tuned, picks = np.zeros(n, dtype=bool), {}
        for v in SETS:
            others = (sets != v) & keep_w

            def adds(g: tuple[float, float], e: np.ndarray = enc) -> np.ndarray:
                return ~base_all[:n] & unsure[:n] & stage_fires(e[:n], clf[:n], person[:n], *g)

            g = choose(adds, y, others, grid, args.precision) or (1.01, 1.01)  # what it adds at the precision
            tuned[sets == v] = (base_all[:n] | adds(g))[sets == v]
            picks[v] = g
        arms[f"cascade-{name}-tuned"], chosen[f"cascade-{name}-tuned"] = split(tuned), picks
        print(f"cascade {name}: {time.process_time() - t0:.0f} s CPU", flush=True)
    base_table = t24.Table24(rows, examples)
    inner: dict[str, np.ndarray] = {}
    stage_p = np.zeros(n)
    r24_held, r24_t, bound, ex_p = {}, {}, {}, {}
    for v in SETS:  # stack-2's method with its inner leave-one-set-out probabilities kept for the combination
        others = [u for u in SETS if u != v]
        beta, cols, _ = base_table.fit_on(np.isin(base_table.sets, others), args.l2, args.min_family)
        within = np.isin(base_table.sets, others)
        pin = np.zeros(n)
        pin[within] = t24.oof(base_table, others, args.l2, args.min_family)
        inner[v] = pin
        keep = base_table.w[within] > 0
        t0_v = t23.threshold_for(pin[within][keep], y[within][keep], base_table.forced[within][keep], args.precision)
        t = base_table.eligible(t0_v, beta, cols)
        p = base_table.prob(base_table.sets == v, beta, cols)
        stage_p[sets == v] = p
        r24_held[v] = [bool(x >= t or f) for x, f in zip(p, base_table.forced[sets == v], strict=True)]
        r24_t[v], bound[v] = t, base_table.eligible(0.0, beta, cols)
        ex_p[v] = 1 / (1 + np.exp(-np.clip(base_table.examples[:, cols] @ beta, -30, 30)))
        print(f"stack-2 without {v}: {time.process_time() - t0:.0f} s CPU", flush=True)
    arms["round24"] = r24_held
    probs["round24"] = {v: [float(x) for x in stage_p[sets == v]] for v in SETS}
    forced = base_table.forced
    for name in args.combine:
        enc = encs[name]
        held, picks = np.zeros(n, dtype=bool), {}
        combos = [(a, b, f) for a in ALONE[:-1] for b in MEAN for f in FLOORS]
        for v in SETS:
            within = (sets != v) & keep_w
            pin = inner[v]
            fires = unsure[:n] & ~ruled[:n]
            best, best_tp = None, -1
            for a, b, f in combos:
                extra = fires & stage_fires(enc[:n], clf[:n], person[:n], a, b) & (pin >= f)
                fz = (forced | extra)[within]
                t = t23.threshold_for(pin[within], y[within], fz, args.precision)
                h = fz | (pin[within] >= t)
                tp, k = int((h & (y[within] > 0)).sum()), int(h.sum())
                if k and tp / k >= args.precision and tp > best_tp:
                    best, best_tp = (a, b, f, t), tp
            a, b, f, t = best or (1.01, 1.01, 1.01, r24_t[v])  # none reaches the precision: stack-2 alone
            # above every hold test's benign example, as stack-2: the threshold above all, the floor above those
            # the stage would hold
            ex_fire = unsure[n:] & stage_fires(enc[n:], clf[n:], person[n:], a, b)
            t = max(t, bound[v])
            f = max(f, float(ex_p[v][ex_fire].max()) + 1e-4) if ex_fire.any() else f
            mask = sets == v
            extra = unsure[:n][mask] & stage_fires(enc[:n][mask], clf[:n][mask], person[:n][mask], a, b)
            extra &= stage_p[mask] >= f
            held[mask] = forced[mask] | extra | (stage_p[mask] >= t)
            picks[v] = (a, b, f, round(t, 4))
        arms[f"stack2|cascade-{name}"], chosen[f"stack2|cascade-{name}"] = split(held), picks
        print(f"combine {name}: {time.process_time() - t0:.0f} s CPU", flush=True)
    logit_of = {k: np.log(np.clip(e, 1e-4, 1 - 1e-4) / (1 - np.clip(e, 1e-4, 1 - 1e-4))) for k, e in encs.items()}
    cl = np.clip(clf, 1e-4, 1 - 1e-4)
    clf_logit = np.log(cl / (1 - cl))
    for name in [h for h in args.heads if h != "uselr2"]:
        for mode_name in args.modes:
            mode, lo, hi = b25.BANDS[mode_name]
            gate = (~ruled) & (clf >= lo) & (clf < hi)
            lg = logit_of[name]
            if mode == "flag":
                extra = np.column_stack([gate.astype(float), np.where(gate, lg, 0.0)])
            else:
                extra = np.where(gate, lg, clf_logit)[:, None]
            table = b25.Table25(rows, examples, extra)
            res = t24.loso(table, SETS, args.l2, args.min_family, args.precision)
            arm = f"stack+{name}-{mode_name}"
            arms[arm] = res["held"]
            probs[arm] = b25.outer_probabilities(table, args)
            print(f"{arm}: {time.process_time() - t0:.0f} s CPU", flush=True)
    pooled: dict[str, dict[str, str]] = {}
    for span, ss in SPANS.items():
        for arm, h in arms.items():
            c: Counter[str] = Counter()
            for v in ss:
                c += b20.tally(h[v], by_set[v])
            pooled.setdefault(span, {})[arm] = b20.figure(c)
    rforced = np.array([r["rules"].held for r in rows])
    curve = {a: b25.curve_at(np.array([x for v in SETS for x in p[v]]), y, rforced, 0.95) for a, p in probs.items()}
    out: dict[str, Any] = {
        "inner_precision": args.precision,
        "head_l2": args.head_l2,
        "set_weight": args.set_weight,
        "pool": str(args.pool),
        "encoder_auc_by_head": {k: round(b25.auc(e[:n], y), 4) for k, e in encs.items()},
        "encoder_auc_v16_v26": {k: round(b25.auc(e[:n][np.isin(sets, SETS[12:])], y[np.isin(sets, SETS[12:])]), 4)
                                for k, e in encs.items()},
        "chosen_nested": {a: {v: list(g) for v, g in p.items()} for a, p in chosen.items()},
        "pooled": pooled,
        "curve_recall_at_pooled_precision_0.95": curve,
        "sets": {v: {arm: b20.figure(b20.tally(h[v], by_set[v])) for arm, h in arms.items()} for v in SETS},
        "breakdown": {arm: b20.breakdown(h, by_set, SETS) for arm, h in arms.items()},
        "cpu_s": round(time.process_time() - t0, 1),
        "load_at_end": [round(x, 1) for x in os.getloadavg()],
    }  # fmt: skip
    for span, figs in pooled.items():
        for arm, f in figs.items():
            print(f"{span:8s} {arm:32s} {f}")
    for arm, f in curve.items():
        print(f"curve {arm:32s} {f}")
    print(f"AUC {out['encoder_auc_by_head']} v16-v26 {out['encoder_auc_v16_v26']}; cpu {out['cpu_s']} s, "
          f"load {out['load_at_end']}")  # fmt: skip
    if args.out is not None:
        args.out.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
