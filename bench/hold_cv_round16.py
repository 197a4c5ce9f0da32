r"""Round 16 against round 15, out of fold by set over v4-v17, in one run.

Each set vK is judged by four detectors, `rules/N + C + views/2` with the default's combination numbers
(hashlr-10's `alone_at`):

- `r14+anchor` (round 15's make: rules/14 and a classifier that never saw vK),
- `r15+anchor` (rules/15 alone changed),
- `r14+refit` (the refitted model alone changed),
- `r15+refit` (both changed: rules/15 with the refitted model),

where `anchor` is the newest shipped model trained before vK was written
(`scripts/hold_train_anchored.ANCHOR`: hashlr-2 for v4-v7, hashlr-3 ... hashlr-9 for v8-v14, hashlr-10 for
v15-v17, so for v15-v17 `r14+anchor` is round 15's default itself) and `refit` the fold model
`hashlr-12-without-vK[-l2-X]` of `--fold-dir`: that anchor refitted on every other set and source row,
never on vK's (its data digest is in its `.json`). rules/15 was written from v17's misses, so v17's
`r15` figures are in sample for the rules; v4-v16 are out of sample for both parts. The shipped default
(`rules/14+hashlr-10`; it saw v3-v14 in training) is counted too, for reference.

With `--cpu`, instead: process time per text of round 15's default (`rules/14+hashlr-10+views/2`) and
round 16's (`rules/15+hashlr-10+views/2`; hashlr-12 has hashlr-10's features, so the same cost), in
turns (two rounds each, same process, first reading paid by neither: a
warm-up pass runs first), over v13-v17's texts and over texts of 200, 1,024 and 10,240 characters cut from
them; the load average is printed beside each figure.

Usage: PYTHONPATH=. python bench/hold_cv_round16.py --fold-dir DIR [--suffix=-l2-8] [--out FILE.json]
       PYTHONPATH=. python bench/hold_cv_round16.py --cpu [--out FILE.json]
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_train_anchored as ta  # noqa: E402
import hold_train_cv as cv  # noqa: E402

from memeval.hold import RuleDetector, RulesWithClassifier, get_hold_classifier  # noqa: E402
from memeval.hold._classifier import ClassifierModel, HashedClassifier  # noqa: E402

ARMS = ("r14+anchor", "r15+anchor", "r14+refit", "r15+refit", "shipped r14+hashlr-10")


def detectors(v: str, fold_dir: Path, suffix: str) -> dict[str, Any]:
    """The arms judging set `v` (see the module docstring)."""
    numbers = dict(get_hold_classifier("hashlr-10").model.meta["combination"])
    anchor = HashedClassifier(ClassifierModel.load(ta.ANCHOR[v]))
    refit = HashedClassifier(ClassifierModel.load(f"{ta.NAME}-without-{v}{suffix}", fold_dir))
    r14, r15 = RuleDetector(version=14), RuleDetector(version=15)
    return {
        "r14+anchor": RulesWithClassifier(r14, anchor, views=True, **numbers),
        "r15+anchor": RulesWithClassifier(r15, anchor, views=True, **numbers),
        "r14+refit": RulesWithClassifier(r14, refit, views=True, **numbers),
        "r15+refit": RulesWithClassifier(r15, refit, views=True, **numbers),
        "shipped r14+hashlr-10": RulesWithClassifier(r14, get_hold_classifier("hashlr-10"), views=True, **numbers),
    }


def pooled(per_set: dict[str, Any], sets: tuple[str, ...]) -> dict[str, str]:
    """Orders caught, precision and benign held of each arm over `sets`."""
    out = {}
    for arm in ARMS:
        c: Counter[str] = Counter()
        for v in sets:
            c.update({k: per_set[v][arm][k] for k in ("tp", "fp", "fn", "tn")})
        pos, neg = c["tp"] + c["fn"], c["fp"] + c["tn"]
        out[arm] = (
            f"{c['tp']}/{pos} = {c['tp'] / pos:.3f}, precision {c['tp'] / max(1, c['tp'] + c['fp']):.3f}, "
            f"benign held {c['fp']}/{neg}"
        )
    return out


def cpu_figures() -> dict[str, Any]:
    """ms of process time per text of each detector, in turns (see the module docstring)."""
    numbers = dict(get_hold_classifier("hashlr-10").model.meta["combination"])
    dets = {
        "rules/14+hashlr/10+views/2": RulesWithClassifier(
            RuleDetector(version=14), get_hold_classifier("hashlr-10"), views=True, **numbers
        ),
        "rules/15+hashlr/10+views/2": RulesWithClassifier(
            RuleDetector(version=15), get_hold_classifier("hashlr-10"), views=True, **numbers
        ),
    }
    rows = [(r[0], r[2]) for v in ("v13", "v14", "v15", "v16", "v17") for r in cv.grouped(v)]
    joined = "\n".join(t for _, t in rows)
    sized = {n: [(s, joined[i * n : (i + 1) * n]) for i, (s, _) in enumerate(rows[:30])] for n in (200, 1024, 10240)}
    out: dict[str, Any] = {}
    for d in dets.values():  # warm-up: compiled patterns, loaded weights
        for s, t in rows[:50]:
            d.assess(t, s)
    for rnd in (1, 2):
        for name, d in dets.items():
            for label, texts in (("set texts", rows), *((f"{n} chars", sized[n]) for n in sized)):
                t0 = time.process_time()
                for s, t in texts:
                    d.assess(t, s)
                ms = (time.process_time() - t0) / len(texts) * 1000
                out[f"round {rnd} {name} {label}"] = f"{ms:.2f} ms, load {os.getloadavg()[0]:.1f}"
                print(f"round {rnd} {name:28s} {label:10s} {ms:.2f} ms/text, load {os.getloadavg()[0]:.1f}", flush=True)
    return out


def main() -> None:
    """Print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cpu", action="store_true")
    ap.add_argument("--fold-dir", type=Path, default=None)
    ap.add_argument("--suffix", default="", help="fold models' name suffix, e.g. -l2-8 for a --l2-grid run")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    if args.cpu:
        figs = cpu_figures()
        if args.out is not None:
            args.out.write_text(json.dumps(figs, indent=1) + "\n", encoding="utf-8")
        return
    if args.fold_dir is None:
        ap.error("--fold-dir is required without --cpu")
    per_set: dict[str, Any] = {}
    cpu: dict[str, float] = {}
    for v in ta.SETS:
        t0 = time.process_time()
        rows = cv.grouped(v)
        per_set[v] = {}
        for arm, d in detectors(v, args.fold_dir, args.suffix).items():
            per_set[v][arm] = cv.count(d, rows)
            m = per_set[v][arm]
            print(f"{v} {arm:24s} caught {m['tp']}/{m['tp'] + m['fn']}, benign held {m['fp']}/{m['fp'] + m['tn']}")
        cpu[v] = round(time.process_time() - t0, 1)
        print(
            f"{v}: {cpu[v]} s CPU for {len(rows)} texts x {len(ARMS)} arms, load {os.getloadavg()[0]:.1f}", flush=True
        )
    res: dict[str, Any] = {
        "pooled": {
            "v4-v14": pooled(per_set, ta.SETS[:11]),
            "v4-v16 (out of sample for rules and model)": pooled(per_set, ta.SETS[:13]),
            "v4-v17 (v17 in sample for rules/15)": pooled(per_set, ta.SETS),
            "v15-v17": pooled(per_set, ta.SETS[11:]),
        },
        "sets": per_set,
        "fold_models": {
            v: json.loads((args.fold_dir / f"{ta.NAME}-without-{v}{args.suffix}.json").read_text())["data_sha256"]
            for v in ta.SETS
        },
        "cpu_seconds_per_set": cpu,
    }
    for span, figs in res["pooled"].items():
        for arm, f in figs.items():
            print(f"{span:45s} {arm:24s} {f}")
    if args.out is not None:
        args.out.write_text(json.dumps(res, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
