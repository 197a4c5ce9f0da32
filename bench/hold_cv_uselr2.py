#!/usr/bin/env python3
r"""Cross-validate, by held-out set, the encoder head uselr/2 and combinations of it with the default.

Each set v3-v15 is judged as its fold: the default `rules/12+hashlr/10+views/2` with hashlr-10
fitted without the set (`--hashlr-folds`, hashlr-10's own fold models; v15 by hashlr-10 itself,
which never saw v15), and uselr-2 fitted without the set (`--use-folds`, written by
`scripts/hold_train_use_cv.py`). Arms (orders caught, benign held, precision, CPU per text):

- `default`: round 13's default, out of fold (the README's hold_cv figures);
- `default+uselr1` / `default+uselr2`: the default with the encoder stage of
  `RulesWithClassifier` (gate: the rules did not hold and some rule matched, or hashlr scored at
  least 0.2, or the text is not ASCII; not a note quoting an attack) at the cascade's numbers
  (`_detector.CASCADE`: alone 0.85, person 0.9, mean with hashlr 0.6);
- `shipped cascade (rules+hashlr/2+usemlp1)` / `rules+hashlr/2+uselr2`: `get_cascade_detector()`'s
  stage 1 (rules + hashlr/2, which saw v3 only, no views) with either head at the same numbers
  (CPU: the default's stage-1 time plus the encoder's, a slight overstatement);
- `default+uselr2 tuned`: the same stage, its alone and mean thresholds chosen per source group
  (person, other) on the other sets only, the most orders at precision >= `--floor` there;
- `stack`: texts the rules hold stay held; the others by a logistic model over (default held,
  hashlr score, rules score, encoder score, person, non-ASCII share, non-Latin letters, length),
  fitted on the other sets' rows and thresholded per source group on them at precision >= `--floor`.

Features are computed once (`--features FILE.pkl`, made by this script's `features` step, which
embeds each text's readings and windows as `EncoderClassifier.score` does); set rows only, so
every stacker and threshold is fitted on other sets and never on the set it judges.

Usage:
    PYTHONPATH=. python bench/hold_cv_uselr2.py features --hashlr-folds /tmp/det13/folds --out F.pkl
    PYTHONPATH=. python bench/hold_cv_uselr2.py cv --features F.pkl --use-folds /tmp/enc14/folds \
        --json bench/results/hold_cv_uselr2.json
"""

from __future__ import annotations

import argparse
import json
import pickle
import re
import sys
import time
import unicodedata
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "hold"))

SETS = ("v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15")
POOLED = SETS[1:]
"""The README's hold_cv figures pool v4 onward (v3 is reported alone)."""


def features(args: argparse.Namespace) -> None:
    """Judge every set row with its fold's default and embed its readings; pickle the rows."""
    import hold_train_cv as cv

    from memeval.hold import RuleDetector, RulesWithClassifier
    from memeval.hold._classifier import ClassifierModel, HashedClassifier, views, windows
    from memeval.hold._encoder import embed

    thresholds = json.loads((ROOT / "memeval/hold/model/hashlr-10.json").read_text())["thresholds"]
    rules = RuleDetector()
    out: dict[str, list[dict[str, Any]]] = {}
    for v in SETS:
        m = (
            ClassifierModel.load("hashlr-10")
            if v == "v15"
            else ClassifierModel.load(f"hashlr-10-without-{v}", args.hashlr_folds)
        )
        clf = HashedClassifier(
            ClassifierModel(name="hashlr-10", weights=m.weights, bias=m.bias, thresholds=thresholds, meta={})
        )
        default = RulesWithClassifier(rules, clf, alone_at=0.85, views=True)
        rows = []
        for source, label, text, lang, group in cv.grouped(v):
            t = time.process_time()
            a = default.assess(text, source)
            t_default = time.process_time() - t
            r, c = rules.assess(text, source), clf.assess(text, source)
            chunks = [reading[ws:we] for _, _, reading in views(text) for ws, we in windows(reading)]
            t = time.process_time()
            emb = embed(chunks).astype(np.float16)
            rows.append(dict(source=source, label=label, lang=lang, group=group, text=text, d_held=a.held,
                             d_score=a.score, r_score=r.score, r_held=r.held, c_score=c.score, c_held=c.held,
                             emb=emb, t_default=t_default, t_enc=time.process_time() - t))  # fmt: skip
        out[v] = rows
        print(v, len(rows), flush=True)
    with args.out.open("wb") as f:
        pickle.dump(out, f)


_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")


def text_features(text: str) -> tuple[float, float, float]:
    """(share of non-ASCII characters, share of letters outside Latin, log10 length)."""
    n = max(1, len(text))
    letters = [ch for ch in text if ch.isalpha()]
    non_latin = sum(1 for ch in letters if not _LATIN.match(ch) and not unicodedata.name(ch, "").startswith("LATIN"))
    return sum(1 for ch in text if ord(ch) > 127) / n, non_latin / max(1, len(letters)), float(np.log10(n))


def mention(text: str) -> bool:
    """The cascade's skip: a text about attacks that quotes one (`RulesWithClassifier.assess`)."""
    from memeval.hold._detector import _ABOUT_ATTACKS, QUOTED
    from memeval.hold._normalize import normalize

    flat = normalize(text).text
    return _ABOUT_ATTACKS.search(flat) is not None and QUOTED.search(flat) is not None


def head_score(emb: np.ndarray, w: np.ndarray, b: float) -> float:
    """Highest logistic probability over a text's embedded chunks (as `EncoderClassifier.score`)."""
    return float((1.0 / (1.0 + np.exp(-(emb.astype(np.float32) @ w + b)))).max())


def tally(held: np.ndarray, y: np.ndarray) -> dict[str, int]:
    return {
        "tp": int((held & y).sum()),
        "fp": int((held & ~y).sum()),
        "fn": int((~held & y).sum()),
        "tn": int((~held & ~y).sum()),
    }


def best_threshold(p: np.ndarray, y: np.ndarray, base: np.ndarray, floor: float) -> float:
    """Lowest cut on `p` whose holds (with `base`'s) keep precision >= floor on these rows; 1.01 if none."""
    best = 1.01
    for t in np.unique(np.round(p, 3))[::-1]:
        held = base | (p >= t)
        tp, fp = int((held & y).sum()), int((held & ~y).sum())
        if tp and tp / (tp + fp) >= floor:
            best = float(t)
    return best


def cv_main(args: argparse.Namespace) -> None:
    """Score every arm on every set out of fold; print and write the figures."""
    from memeval.hold._detector import CASCADE, CASCADE_CLASSIFIER

    sys.path.insert(0, str(ROOT / "scripts"))
    import hold_train as ht

    with args.features.open("rb") as f:
        feats = pickle.load(f)
    u1 = np.load(ROOT / "memeval/hold/model/uselr-1.npz")
    w1, b1 = u1["weights"].astype(np.float32), float(u1["bias"])
    from memeval.hold import RuleDetector, RulesWithClassifier
    from memeval.hold._classifier import get_hold_classifier
    from memeval.hold._encoder import EncoderModel

    mlp = EncoderModel.load("usemlp-1")
    # the shipped cascade's stage 1 (`get_cascade_detector()`: rules + hashlr/2, no views); hashlr/2 saw v3 only
    hashlr2 = get_hold_classifier(CASCADE_CLASSIFIER)
    shipped = RulesWithClassifier(RuleDetector(), hashlr2)
    cols: dict[str, dict[str, np.ndarray]] = {}
    for v in SETS:
        rows = feats[v]
        s1 = [(shipped.assess(r["text"], r["source"]).held, hashlr2.assess(r["text"], r["source"]).score) for r in rows]
        z = np.load(args.use_folds / f"uselr-2-without-{v}.npz")
        w2, b2 = z["weights"].astype(np.float32), float(z["bias"])
        tf = np.array([text_features(r["text"]) for r in rows])
        cols[v] = {
            "y": np.array([bool(r["label"]) for r in rows]),
            "lang": np.array([str(r["lang"]) for r in rows]),
            "person": np.array([r["source"] == "person" for r in rows]),
            "d": np.array([bool(r["d_held"]) for r in rows]),
            "r_held": np.array([bool(r["r_held"]) for r in rows]),
            "r": np.array([r["r_score"] for r in rows]),
            "c": np.array([r["c_score"] for r in rows]),
            "e1": np.array([head_score(r["emb"], w1, b1) for r in rows]),
            "e2": np.array([head_score(r["emb"], w2, b2) for r in rows]),
            "em": np.array([float(mlp.probabilities(r["emb"].astype(np.float32)).max()) for r in rows]),
            "ascii": np.array([r["text"].isascii() for r in rows]),
            "mention": np.array([mention(r["text"]) for r in rows]),
            "tf": tf,
            "t_default": np.array([r["t_default"] for r in rows]),
            "t_enc": np.array([r["t_enc"] for r in rows]),
            "d_shipped": np.array([h for h, _ in s1]),
            "c_shipped": np.array([c for _, c in s1]),
        }
        k = cols[v]
        k["gate"] = ~k["r_held"] & ((k["r"] > 0) | (k["c"] >= CASCADE["gate_at"]) | ~k["ascii"]) & ~k["mention"]
        k["gate_shipped"] = ~k["r_held"] & ((k["r"] > 0) | (k["c_shipped"] >= CASCADE["gate_at"]) | ~k["ascii"])
        k["gate_shipped"] &= ~k["mention"]

    def stage(
        k: dict[str, np.ndarray], e: np.ndarray, alone: float, person: float, mean: float, only: str | None = None
    ) -> np.ndarray:
        at = np.where(k["person"], person, alone)
        gate = k["gate"] & ~k[only] if only else k["gate"]
        return k["d"] | (gate & ((e >= at) | ((e + k["c"]) / 2 >= mean)))

    def X(k: dict[str, np.ndarray]) -> np.ndarray:
        logit = lambda p: np.log(np.clip(p, 1e-4, 1 - 1e-4) / (1 - np.clip(p, 1e-4, 1 - 1e-4)))  # noqa: E731
        return np.column_stack(
            [k["d"], logit(k["c"]), k["r"], logit(k["e2"]), k["person"], k["tf"], (~k["ascii"]) * logit(k["e2"])]
        )

    res: dict[str, dict[str, Any]] = {}
    grid = [round(x, 2) for x in np.arange(0.5, 1.0, 0.025)]
    for v in SETS:
        k = cols[v]
        others = [u for u in SETS if u != v]
        arms: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        arms["default"] = (k["d"], np.zeros(len(k["y"]), bool))
        c = CASCADE
        arms["default+uselr1"] = (
            stage(k, k["e1"], c["encoder_alone_at"], c["encoder_person_at"], c["mean_at"]),
            k["gate"],
        )
        arms["default+usemlp1"] = (
            stage(k, k["em"], c["encoder_alone_at"], c["encoder_person_at"], c["mean_at"]),
            k["gate"],
        )
        for arm, e in (("shipped cascade (rules+hashlr/2+usemlp1)", k["em"]), ("rules+hashlr/2+uselr2", k["e2"])):
            at = np.where(k["person"], c["encoder_person_at"], c["encoder_alone_at"])
            add = k["gate_shipped"] & ((e >= at) | ((e + k["c_shipped"]) / 2 >= c["mean_at"]))
            arms[arm] = (k["d_shipped"] | add, k["gate_shipped"])
        arms["default+uselr2"] = (
            stage(k, k["e2"], c["encoder_alone_at"], c["encoder_person_at"], c["mean_at"]),
            k["gate"],
        )
        # tuned stage: (alone, mean) for sources other than a person, chosen on the other sets;
        # "non-ASCII" reads only texts that are not ASCII (transliterated text is ASCII, so it is not read)
        yo = np.concatenate([cols[u]["y"] for u in others])
        po = np.concatenate([cols[u]["person"] for u in others])
        chosen: dict[str, tuple[float, float]] = {}
        for arm, only in (("default+uselr2 tuned", None), ("default+uselr2 non-ASCII tuned", "ascii")):
            best, best_tp = (1.01, 1.01), -1
            for alone in [*grid, 1.01]:
                for mean in [*grid, 1.01]:
                    held = np.concatenate([stage(cols[u], cols[u]["e2"], alone, 1.01, mean, only) for u in others])
                    held = np.where(po, np.concatenate([cols[u]["d"] for u in others]), held)
                    tp, fp = int((held & yo).sum()), int((held & ~yo).sum())
                    if args.marginal:  # precision of the holds the stage adds, not of the whole
                        extra = held & ~np.concatenate([cols[u]["d"] for u in others])
                        ok = int((extra & yo).sum()) >= args.floor * max(1, int(extra.sum()))
                    else:
                        ok = tp / max(1, tp + fp) >= args.floor
                    if ok and tp > best_tp:
                        best, best_tp = (alone, mean), tp
            chosen[arm] = best
            gate = k["gate"] & ~k["ascii"] if only else k["gate"]
            arms[arm] = (
                np.where(k["person"], k["d"], stage(k, k["e2"], best[0], 1.01, best[1], only)),
                gate & ~k["person"],
            )
        # stacker fitted on the other sets
        xo = np.concatenate([X(cols[u]) for u in others]).astype(np.float64)
        mu, sd = xo.mean(0), xo.std(0) + 1e-9
        w, b = ht.fit((xo - mu) / sd, yo.astype(np.float64), 1.0)
        p_o = 1.0 / (1.0 + np.exp(-(((xo - mu) / sd) @ w + b)))
        rh_o = np.concatenate([cols[u]["r_held"] for u in others])
        cut = {}
        for g in ("person", "other"):
            m = po == (g == "person")
            cut[g] = best_threshold(p_o[m], yo[m], rh_o[m], args.floor)
        p = 1.0 / (1.0 + np.exp(-(((X(k) - mu) / sd) @ w + b)))
        t = np.where(k["person"], cut["person"], cut["other"])
        arms["stack"] = (k["r_held"] | (p >= t), ~k["r_held"])
        res[v] = {}
        for name, (held, enc) in arms.items():
            cpu = float((k["t_default"] + enc * k["t_enc"]).mean() * 1000)
            res[v][name] = {**tally(held, k["y"]), "cpu_ms": round(cpu, 3), "encoder_reads": int(enc.sum())}
            res[v][name]["per_language"] = {
                lang: tally(held[k["lang"] == lang], k["y"][k["lang"] == lang]) for lang in sorted(set(k["lang"]))
            }
        for arm, (alone, mean) in chosen.items():
            res[v][arm]["chosen"] = {"alone_at": alone, "mean_at": mean}
        res[v]["stack"]["chosen"] = cut
        print(
            v,
            {n: f"{a['tp']}/{a['tp'] + a['fn']} {a['fp']}/{a['fp'] + a['tn']}" for n, a in res[v].items()},
            flush=True,
        )
    pooled: dict[str, Any] = {}
    for label, sets in (("v4-v15", POOLED), ("v6-v15", POOLED[2:])):
        for name in res["v4"]:
            s = {x: sum(res[v][name][x] for v in sets) for x in ("tp", "fp", "fn", "tn")}
            n = sum(len(cols[v]["y"]) for v in sets)
            cpu = sum(res[v][name]["cpu_ms"] * len(cols[v]["y"]) for v in sets) / n
            pooled[f"{label} {name}"] = {
                **s,
                "recall": round(s["tp"] / (s["tp"] + s["fn"]), 4),
                "precision": round(s["tp"] / max(1, s["tp"] + s["fp"]), 4),
                "benign_held": round(s["fp"] / (s["fp"] + s["tn"]), 4),
                "cpu_ms_per_text": round(cpu, 3),
            }
            q = pooled[f"{label} {name}"]
            print(f"{label} {name:22s} {s['tp']}/{s['tp'] + s['fn']} = {q['recall']:.3f} at {q['precision']:.3f}, "
                  f"benign held {s['fp']}/{s['fp'] + s['tn']}, {cpu:.2f} ms")  # fmt: skip
    for name in res["v4"]:
        langs: dict[str, dict[str, int]] = {}
        for v in POOLED:
            for lang, t in res[v][name]["per_language"].items():
                group = (
                    "en" if lang == "en" else "romanised" if lang.lower().endswith(("-latn", "translit")) else "other"
                )
                for x, n in t.items():
                    langs.setdefault(group, {}).setdefault(x, 0)
                    langs[group][x] += n
        pooled[f"v4-v15 {name}"]["by_language_group"] = langs
        print(
            name, {g: f"{t['tp']}/{t['tp'] + t['fn']}, {t['fp']}/{t['fp'] + t['tn']}" for g, t in sorted(langs.items())}
        )
    if args.json:
        args.json.write_text(json.dumps({"per_set": res, "pooled": pooled, "floor": args.floor}, indent=1) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="step", required=True)
    f = sub.add_parser("features")
    f.add_argument("--hashlr-folds", type=Path, required=True)
    f.add_argument("--out", type=Path, required=True)
    c = sub.add_parser("cv")
    c.add_argument("--features", type=Path, required=True)
    c.add_argument("--use-folds", type=Path, required=True)
    c.add_argument("--floor", type=float, default=0.95)
    c.add_argument("--json", type=Path, default=None)
    c.add_argument(
        "--marginal", action="store_true", help="the floor applies to the holds a tuned stage adds, not to all holds"
    )
    args = ap.parse_args()
    features(args) if args.step == "features" else cv_main(args)


if __name__ == "__main__":
    main()
