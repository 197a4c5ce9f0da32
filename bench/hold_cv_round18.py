r"""Round 18 against round 17, out of fold by set over v4-v19, in one run.

Each set vK is judged by `rules/N + anchor + views/2` with the default's combination numbers (hashlr-10's
`alone_at`), where `anchor` is the newest shipped classifier trained before vK was written
(`scripts/hold_train_anchored.ANCHOR`: hashlr-2 for v4-v7, hashlr-3 ... hashlr-9 for v8-v14, hashlr-10 for
v15-v19), so the classifier never saw vK; for v15-v19 the arms are the shipped defaults themselves:

- `r16+anchor`: round 17's make (rules/16, the default until this round; `RuleDetector(version=16)`),
- `r17+anchor`: round 18's (rules/17; `RuleDetector(version=17)`),
- `r17+h12` (with `--fold-dir DIR`): rules/17 with hashlr-12 in place of the anchor, out of fold: for v4-v17
  the fold model of hashlr-12 that never saw vK (`hashlr-12-without-vK-l2-8`, round 16's grid, digests in
  `bench/results/hold_cv_round16_folds.json`), for v18 and v19 the shipped hashlr-12 (trained before
  either was written).

rules/17 was written from v19's misses and half A of `v19-extra`, so v19's `r17` figure is in sample for the
rules; v4-v18 are out of sample for rules/17's new rules (v18 is in sample for rules/16). `v19-extra`
(`--v19-sources DIR`): Agent Security Bench's aggressive attacker instructions and lmtwt's probe descriptions
that v19 did not take (`hold_train_cv.v19_extra_rows`), each judged as a tool's output (where ASB plants
them), split in two by SHA-256 of the text (`half`): half A was read while writing rules/17, half B never
was. B is the same generator as v19's rows, so it says whether the rules reach past the rows they were
written from; not a held-out figure.

With `--cpu`, instead: process time per text of round 17's default (`rules/16+hashlr-10+views/2`) and
round 18's (`rules/17+hashlr-10+views/2`), in turns (two rounds each, same process, after a warm-up pass),
over v15-v19's texts and over texts of 200, 1,024 and 10,240 characters cut from them; the load average
is printed beside each figure.

Usage: PYTHONPATH=. python bench/hold_cv_round18.py [--v19-sources DIR] [--fold-dir DIR] [--out FILE.json]
       PYTHONPATH=. python bench/hold_cv_round18.py --cpu [--out FILE.json]
"""

from __future__ import annotations

import argparse
import hashlib
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

SETS = (*ta.SETS, "v18", "v19")
ANCHOR = {**ta.ANCHOR, "v18": "hashlr-10", "v19": "hashlr-10"}
ARMS = ["r16+anchor", "r17+anchor"]


def detectors(v: str, fold_dir: Path | None = None) -> dict[str, Any]:
    """The arms judging set `v` (see the module docstring)."""
    numbers = dict(get_hold_classifier("hashlr-10").model.meta["combination"])
    anchor = HashedClassifier(ClassifierModel.load(ANCHOR[v]))
    out: dict[str, Any] = {
        "r16+anchor": RulesWithClassifier(RuleDetector(version=16), anchor, views=True, **numbers),
        "r17+anchor": RulesWithClassifier(RuleDetector(version=17), anchor, views=True, **numbers),
    }
    if fold_dir is not None:
        h12 = (
            get_hold_classifier("hashlr-12")
            if v in ("v18", "v19")
            else HashedClassifier(ClassifierModel.load(f"hashlr-12-without-{v}-l2-8", fold_dir))
        )
        out["r17+h12"] = RulesWithClassifier(RuleDetector(version=17), h12, views=True, **numbers)
    return out


def pooled(per_set: dict[str, Any], sets: tuple[str, ...]) -> dict[str, str]:
    """Orders caught, precision and benign held of each arm over `sets`."""
    out = {}
    for arm in ARMS:
        c: Counter[str] = Counter()
        for v in sets:
            c.update({k: per_set[v][arm][k] for k in ("tp", "fp", "fn", "tn")})
        pos, neg = c["tp"] + c["fn"], c["fp"] + c["tn"]
        out[arm] = (
            f"{c['tp']}/{pos} = {c['tp'] / max(1, pos):.3f}, precision {c['tp'] / max(1, c['tp'] + c['fp']):.3f}, "
            f"benign held {c['fp']}/{neg}"
        )
    return out


def cpu_figures() -> dict[str, Any]:
    """ms of process time per text of each detector, in turns (see the module docstring)."""
    numbers = dict(get_hold_classifier("hashlr-10").model.meta["combination"])
    dets = {
        f"rules/{n}+hashlr/10+views/2": RulesWithClassifier(
            RuleDetector(version=n), get_hold_classifier("hashlr-10"), views=True, **numbers
        )
        for n in (16, 17)
    }
    rows = [(r[0], r[2]) for v in ("v15", "v16", "v17", "v18", "v19") for r in cv.grouped(v)]
    joined = "\n".join(t for _, t in rows)
    sized = {n: [(s, joined[i * n : (i + 1) * n]) for i, (s, _) in enumerate(rows[:30])] for n in (200, 1024, 10240)}
    out: dict[str, Any] = {"texts": len(rows)}
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


def extra_rows(sources: Path) -> list[tuple[str, bool, str, str, str]]:
    """v19's sources' ASB instructions and lmtwt descriptions v19 did not take, as `grouped` rows (source: tool)."""
    in_v19 = {r[2] for r in cv.grouped("v19")}
    return [("tool", bool(y), t, "en", "v19-extra") for t, y, _ in cv.v19_extra_rows(sources) if t not in in_v19]


def half(text: str) -> str:
    """'A' for an even SHA-256 of `text`, else 'B' (the split of `v19-extra`)."""
    return "A" if int(hashlib.sha256(text.encode("utf-8")).hexdigest(), 16) % 2 == 0 else "B"


def main() -> None:
    """Print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cpu", action="store_true")
    ap.add_argument("--v19-sources", type=Path, default=None)
    ap.add_argument("--fold-dir", type=Path, default=None, help="round 16's hashlr-12 fold models (arm r17+h12)")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    if args.cpu:
        figs = cpu_figures()
        if args.out is not None:
            args.out.write_text(json.dumps(figs, indent=1) + "\n", encoding="utf-8")
        return
    per_set: dict[str, Any] = {}
    cpu: dict[str, float] = {}
    if args.fold_dir is not None:
        ARMS.append("r17+h12")
    for v in SETS:
        t0 = time.process_time()
        rows = cv.grouped(v)
        per_set[v] = {}
        for arm, d in detectors(v, args.fold_dir).items():
            per_set[v][arm] = cv.count(d, rows)
            m = per_set[v][arm]
            print(f"{v} {arm:12s} caught {m['tp']}/{m['tp'] + m['fn']}, benign held {m['fp']}/{m['fp'] + m['tn']}")
        cpu[v] = round(time.process_time() - t0, 1)
        print(
            f"{v}: {cpu[v]} s CPU for {len(rows)} texts x {len(ARMS)} arms, load {os.getloadavg()[0]:.1f}", flush=True
        )
    res: dict[str, Any] = {
        "pooled": {
            "v4-v16 (out of sample for rules/16 and rules/17)": pooled(per_set, SETS[:13]),
            "v4-v18 (out of sample for rules/17)": pooled(per_set, SETS[:15]),
            "v4-v19 (v19 in sample for rules/17)": pooled(per_set, SETS),
            "v15-v19": pooled(per_set, SETS[11:]),
        },
        "sets": per_set,
        "cpu_seconds_per_set": cpu,
    }
    if args.v19_sources is not None:
        extra = extra_rows(args.v19_sources)
        for h in ("A", "B"):
            part = [r for r in extra if half(r[2]) == h]
            n_pos = sum(r[1] for r in part)
            res["pooled"][f"v19-extra half {h} ({n_pos} orders, {len(part) - n_pos} benign, as a tool's output)"] = {
                arm: f"{m['tp']}/{m['tp'] + m['fn']} orders, benign held {m['fp']}/{m['fp'] + m['tn']}"
                for arm, d in detectors("v19", args.fold_dir).items()
                for m in [cv.count(d, part)]
            }
    for span, figs in res["pooled"].items():
        for arm, f in figs.items():
            print(f"{span:50s} {arm:12s} {f}")
    if args.out is not None:
        args.out.write_text(json.dumps(res, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
