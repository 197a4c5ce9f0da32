r"""Round 38, out of fold by set over v4-v37: negation scope, speaker framing and the encoder behind round 37's gate.

Phase 1 (`--extract`): round 37's rows (`hold_cv_round37.extract`: round 34's fields with round 35's classifiers,
hashlr-17's `p17`) for v4-v37, round 34's and round 37's written benign rows and the hold tests' benign examples;
v37's classifiers are ones that never saw it (hashlr-14, hashlr-16 and the final hashlr-17, all fitted before v37
was written). Phase 1b (`--encode`): the encoder head `uselr-2`'s score of every row (the opt-in cascade's stage 2;
`uselr-2` was fitted with v3-v15 among its data, so its score is in sample for v4-v15 and out of fold from v16).

Phase 2: figures, leave one set out over v4-v37 (every stage fitted without the set it judges), all arms in one run:

- `default`: the shipped detector's base (round 32's); `r34`: round 34's stage as shipped (0.7/0.88);
- `r37`: round 37 as shipped, refitted per fold: round 34's stage, and for a text the default lets through with
  round 34's probability from the gate (0.2) below 0.88, round 36's concept stage (fitted with round 37's written
  rows at weight 5) adding a hold from its add cut (0.88);
- `r38 neg`: the same with `_concepts.vector38` in `vector`'s place (acts read with a negation scope, an act under
  "never"/"do not"/"nie"/"不要" in its clause counted apart from an act ordered; a text framed as another agent's or a
  tool's message with an act ordered in it);
- `r38 enc`: round 37's concept stage with the encoder's probability and logit as two more inputs;
- `--releases R`: arms where the concept stage also releases a text the default holds (not by rules/25 or a view)
  when it gives less than R (it is then read for every text the default holds);
- `r38 neg+enc`: both; each at the gates of `--gates` (a lower gate asks the stage about more texts).

"nested" arms choose the add cut for each set on the others (most orders at precision at least the default's
plus `--margin`, among cuts whose final model newly holds none of the hold tests' benign examples).
Slices: pooled, v33-v37 each, v16-v37 (the encoder out of fold), a person against agent-side sources, English
against the rest, written rows by carrier (hand-offs, memory lessons, tool output, planted documents).

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round38.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round38.py --encode
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round38.py [--out FILE.json]
"""

from __future__ import annotations

import argparse
import hashlib
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
import hold_cv_round34 as r34  # noqa: E402
import hold_cv_round35 as r35  # noqa: E402
import hold_cv_round36 as r36  # noqa: E402
import hold_cv_round37 as r37  # noqa: E402
import numpy as np  # noqa: E402

from memeval.hold._classifier import ClassifierModel  # noqa: E402

SETS = h.sets_through(37)
"""Every spent set (`hold_train_cv.SPENT` stops at v37); nothing of the set being written now (v38) is read."""
LATEST = ("v33", "v34", "v35", "v36", "v37")


def model17(v: str, fold_dir: Path) -> ClassifierModel:
    """Round 37's `model17`, with the final hashlr-17 (fitted on v4-v36) for v37, a set it never saw."""
    if v == "v37":
        return ClassifierModel.load("hashlr-17", fold_dir.parent / "final")
    return _MODEL17(v, fold_dir)


_MODEL17 = r37.model17


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 37's extract over `SETS`."""
    r37.SETS = SETS
    r37.model17 = model17  # type: ignore[assignment]
    r37.extract(args)


def key(text: str) -> str:
    """The encoder cache's key of a text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def encode(args: argparse.Namespace) -> None:
    """Phase 1b: `uselr-2`'s score (`EncoderClassifier.score`, the highest over the text's views and windows) of every
    row's text, appended to `--enc` (one JSON line per text; texts already there are skipped)."""
    from memeval.hold._detector import CASCADE_HEAD
    from memeval.hold._encoder import EncoderClassifier, EncoderModel

    enc = EncoderClassifier(EncoderModel.load(CASCADE_HEAD))
    done = set(load_enc(args.enc))
    t0, n = time.process_time(), 0
    with args.enc.open("a", encoding="utf-8") as out:
        for r in r34.load(args.rows):
            k = key(r["text"])
            if k in done:
                continue
            done.add(k)
            out.write(json.dumps({"k": k, "p": enc.score(r["text"])[0]}) + "\n")
            n += 1
            if n % 500 == 0:
                out.flush()
                print(f"{n} texts, {time.process_time() - t0:.0f} s CPU, load {os.getloadavg()[0]:.1f}", flush=True)
    print(f"encoded {n} texts: {time.process_time() - t0:.0f} s CPU", flush=True)


def load_enc(path: Path) -> dict[str, float]:
    """The encoder cache: text key -> probability."""
    if not path.exists():
        return {}
    return {d["k"]: d["p"] for d in (json.loads(x) for x in path.open(encoding="utf-8"))}


ADD = (0.8, 0.82, 0.85, 0.88, 0.9, 0.92, 0.95)
"""The add cuts the nested choice tries."""


def slices(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Masks over the rows of `SETS`: pooled, v16-v37 (the encoder head out of fold), v33-v37 each, then round 36's
    slices (sources, English or not, script groups, ten commonest languages, written rows by carrier), and v37's
    written carriers apart (the kinds the blind look v37 counted)."""
    s = np.array([r["set"] for r in rows])
    out = {"v4-v37": np.isin(s, SETS), "v16-v37": np.isin(s, SETS[12:])}
    out.update({v: s == v for v in LATEST})
    r36.SETS = SETS
    more = r36.slices(rows)
    out.update({k: m for k, m in more.items() if not k.startswith("v")})
    for k in [k for k in more if k.startswith("written ")]:
        out[f"v37 {k}"] = more[k] & (s == "v37")
    out["v37 not-english"] = more["not-english"] & (s == "v37")
    return out


def oof_of(x: np.ndarray, y: np.ndarray, s: np.ndarray, w: np.ndarray, train_ok: np.ndarray, l2: float
           ) -> tuple[np.ndarray, Any]:  # fmt: skip
    """Out-of-fold probabilities over `SETS` (each set from a model fitted without it) and the model fitted on every
    training row (for the rows outside the sets: written rows and examples, which it judges in sample)."""
    oof = np.zeros(len(y))
    for k in SETS:
        tr = train_ok & (s != k)
        oof[s == k] = r34.prob(x[s == k], r34.fit(x[tr], y[tr], w[tr], l2))
    final = r34.fit(x[train_ok], y[train_ok], w[train_ok], l2)
    out = ~np.isin(s, SETS)
    oof[out] = r34.prob(x[out], final)
    return oof, final


def nested_add(oof: np.ndarray, y: np.ndarray, s: np.ndarray, s34: np.ndarray, asked: np.ndarray, ref: np.ndarray,
               ex_new: dict[float, bool], margin: float) -> tuple[np.ndarray, dict[str, float]]:  # fmt: skip
    """The gated stage with its add cut chosen for each set on the others: most orders at precision at least the
    reference arm's there (`ref`, round 37's at its fixed cut) plus `margin`, among the cuts at which the model fitted
    on every training row newly holds none of the hold tests' benign examples (`ex_new[cut]` False)."""
    held, chosen = np.zeros(len(s), bool), {}
    for k in SETS:
        m = np.isin(s, SETS) & (s != k)
        tp0, fp0 = int((ref & y & m).sum()), int((ref & ~y & m).sum())
        floor = tp0 / max(1, tp0 + fp0) + margin
        scored = []
        for a in ADD:
            if ex_new[a]:
                continue
            hh = s34 | (asked & (oof >= a))
            tp, fp = int((hh & y & m).sum()), int((hh & ~y & m).sum())
            scored.append((tp / max(1, tp + fp) >= floor, tp, -fp, a))
        best = max(scored)
        chosen[k] = best[3]
        held[s == k] = (s34 | (asked & (oof >= best[3])))[s == k]
    return held, chosen


def figures(args: argparse.Namespace) -> None:
    """Phase 2: every arm's figures over `slices`, the final models' verdicts on the hold tests' examples."""
    from memeval.hold._concepts import vector, vector38

    t_start = time.process_time()
    rows = r34.load(args.rows)
    enc = load_enc(args.enc)
    have_enc = all(key(r["text"]) in enc for r in rows)
    print(f"{len(rows)} rows, encoder scores for {sum(key(r['text']) in enc for r in rows)}", flush=True)
    fams = list(r34.families([r for r in rows if r["set"] in h.sets_through(33)]))  # v4-v33's, as rounds 34-37
    x34 = r34.dense(rows, fams)
    xc = np.array([vector(r["text"]) for r in rows])
    x38 = np.array([vector38(r["text"]) for r in rows])
    y = np.array([bool(r["label"]) for r in rows])
    s = np.array([r["set"] for r in rows])
    base = np.array([bool(r["default"]) for r in rows])
    stands = np.array([bool(r["rules_held"]) or (bool(r["default"]) and any(x.startswith("hidden-")
                       for x in r["default_reasons"])) for r in rows])  # fmt: skip
    ones = np.ones(len(rows))
    w = np.where(s == "w37", args.w37_weight, 1.0)
    plain = np.isin(s, (*SETS, "w34"))
    train_ok = np.isin(s, (*SETS, "w34", "w37"))
    ex = s == "examples"
    p34, _ = oof_of(x34, y, s, ones, plain, args.l2)  # round 34's stage as shipped: no round 37 rows
    s34 = stands | np.where(base, p34 >= 0.7, p34 >= 0.88)
    stages = {"r37": np.hstack([x34, xc]), "r38 neg": np.hstack([x34, x38])}
    if have_enc:
        q = np.clip(np.array([enc[key(r["text"])] for r in rows]), 1e-6, 1 - 1e-6)
        xe = np.column_stack([q, np.log(q / (1 - q)) / 5])
        stages["r38 enc"] = np.hstack([x34, xc, xe])
        stages["r38 neg+enc"] = np.hstack([x34, x38, xe])
    stages = {k: v for k, v in stages.items() if k in args.stages}
    arms: dict[str, np.ndarray] = {"default": base, "r34": s34}
    chosen: dict[str, Any] = {}
    examples: dict[str, Any] = {}
    asked_share: dict[str, float] = {}
    for name, x in stages.items():
        t0 = time.process_time()
        fit_on = train_ok if args.fit_asked is None else train_ok & ~base & (p34 >= args.fit_asked)
        oof, _ = oof_of(x, y, s, w, fit_on, args.l2)
        for g in args.gates:
            asked = ~base & ~s34 & (p34 >= g)
            asked_share[f"{name} gate {g:g}"] = round(float(asked[np.isin(s, SETS)].mean()), 4)
            fixed = s34 | (asked & (oof >= 0.88))
            for a in args.adds:
                arms[f"{name} g{g:g} {a:g}"] = s34 | (asked & (oof >= a))
                for r in args.releases:  # the concept stage also releases a hold the default made on a weak sign
                    kept = ~(base & ~stands & (oof < r))
                    arms[f"{name} g{g:g} {a:g} release {r:g}"] = (s34 | (asked & (oof >= a))) & kept
            ex_new = {a: bool((asked[ex] & (oof[ex] >= a)).any()) for a in ADD}
            examples[f"{name} g{g:g}"] = {
                "newly_held_at": {str(a): [rows[i]["text"] for i in np.where(ex & asked & (oof >= a))[0]] for a in ADD},
                "nearest": sorted(((round(float(oof[i]), 3), rows[i]["text"]) for i in np.where(ex & asked)[0]),
                                  reverse=True)[:3],
            }  # fmt: skip
            ref = arms.get("r37 g0.2 0.88", fixed)
            held, ch = nested_add(oof, y, s, s34, asked, ref, ex_new, args.margin)
            arms[f"{name} g{g:g} nested"] = held
            chosen[f"{name} g{g:g}"] = ch
        print(f"{name}: {time.process_time() - t0:.0f} s CPU, load {os.getloadavg()[0]:.1f}", flush=True)
    sl = slices(rows)
    res: dict[str, Any] = {
        "l2": args.l2, "w37": args.w37_weight, "gates": args.gates, "asked_share": asked_share,
        "figures": {k: {a: r35.fig(held, y, m) for a, held in arms.items()} for k, m in sl.items()},
        "examples_final": examples, "nested_cuts": chosen, "families": fams,
    }  # fmt: skip
    h.finish(res, t_start, args.out)
    names = list(arms)
    print("slice                  " + " | ".join(f"{a:>22s}" for a in names))
    for k, figs in res["figures"].items():
        print(f"{k:22s} " + " | ".join(f"{f:>22s}" for f in figs.values()))
    print("asked", asked_share)
    for name, e in examples.items():
        print(name, "examples newly held at 0.88:", e["newly_held_at"]["0.88"], "nearest", e["nearest"])
    print({k: sorted(set(v.values())) for k, v in chosen.items()})
    print(f"cpu {res['cpu_s']} s, load {res['load_at_end']}")


def main() -> None:
    """Extract, encode, or print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--extract", action="store_true")
    ap.add_argument("--encode", action="store_true")
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det38/rows.jsonl"))
    ap.add_argument("--enc", type=Path, default=Path("/tmp/det38/enc.jsonl"))
    ap.add_argument("--fold-dir", type=Path, default=Path("/tmp/det37/folds"))
    ap.add_argument("--final-dir", type=Path, default=ROOT / "memeval/hold/model")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--w37-weight", type=float, default=5.0)
    ap.add_argument("--margin", type=float, default=0.0, help="nested: precision above round 37's arm")
    ap.add_argument("--gates", type=float, nargs="*", default=[0.2])
    ap.add_argument(
        "--fit-asked",
        type=float,
        default=None,
        metavar="G",
        help="fit the concept stages only on rows the default lets through at a p34 of G or more",
    )
    ap.add_argument("--releases", type=float, nargs="*", default=[], help="also release below these (arms)")
    ap.add_argument("--adds", type=float, nargs="*", default=[0.88], help="fixed add cuts of the concept stages")
    ap.add_argument("--stages", nargs="*", default=["r37", "r38 neg", "r38 enc", "r38 neg+enc"])
    args = ap.parse_args()
    if args.extract:
        extract(args)
    elif args.encode:
        encode(args)
    else:
        figures(args)


if __name__ == "__main__":
    main()
