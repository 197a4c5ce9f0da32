r"""Round 19 against round 18, out of fold by set over v4-v20, in one run.

Each set vK is judged by `rules/N + anchor + views/2` with the default's combination numbers (hashlr-10's
`alone_at`), where `anchor` is the newest shipped classifier trained before vK was written
(`scripts/hold_train_anchored.ANCHOR`: hashlr-2 for v4-v7, hashlr-3 ... hashlr-9 for v8-v14, hashlr-10 for
v15-v20), so the classifier never saw vK; for v15-v20 the arms are the shipped classifiers themselves:

- `r17+anchor`: round 18's make (rules/17, the default until this round; `RuleDetector(version=17)`),
- `r18+anchor`: round 19's (rules/18; `RuleDetector(version=18)`).

rules/18 was written from v20's misses, so v20's `r18` figure is in sample for the rules; v4-v19 are out of
sample for rules/18's new rules (v19 is in sample for rules/17). `v20-extra` (`--v20-sources DIR`): the rows
of v20's public sources that v20 did not take (`hold_train_cv.v20_extra_rows`: prompt-fuzz-cli payloads,
jailbreak-arena seed prompts, promptpressure scenarios, held; aion-redteam mitigations, hivetracered attack
descriptions, benign), each judged as the source its SHA-256 picks (as the sets rotate sources). None of
them was read while rules/18 was written, but they come from v20's generators, so they say whether the
rules reach past the rows they were written from; not a held-out figure.

With `--cpu`, instead: process time per text of round 18's default (`rules/17+hashlr-10+views/2`) and
round 19's (`rules/18+hashlr-10+views/2`), in turns (two rounds each, same process, after a warm-up pass),
over v16-v20's texts and over texts of 200, 1,024 and 10,240 characters cut from them; the load average
is printed beside each figure.

Usage: PYTHONPATH=. python bench/hold_cv_round19.py [--v20-sources DIR] [--out FILE.json]
       PYTHONPATH=. python bench/hold_cv_round19.py --cpu [--out FILE.json]
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
from memeval.hold._models import SOURCES  # noqa: E402

SETS = (*ta.SETS, "v18", "v19", "v20")
ANCHOR = {**ta.ANCHOR, "v18": "hashlr-10", "v19": "hashlr-10", "v20": "hashlr-10"}
ARMS = ("r17+anchor", "r18+anchor")


def detectors(v: str) -> dict[str, Any]:
    """The arms judging set `v` (see the module docstring)."""
    numbers = dict(get_hold_classifier("hashlr-10").model.meta["combination"])
    anchor = HashedClassifier(ClassifierModel.load(ANCHOR[v]))
    return {
        "r17+anchor": RulesWithClassifier(RuleDetector(version=17), anchor, views=True, **numbers),
        "r18+anchor": RulesWithClassifier(RuleDetector(version=18), anchor, views=True, **numbers),
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
        for n in (17, 18)
    }
    rows = [(r[0], r[2]) for v in ("v16", "v17", "v18", "v19", "v20") for r in cv.grouped(v)]
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


def rotated(text: str) -> str:
    """The memeval source a `v20-extra` row is judged as: picked by the SHA-256 of its text."""
    return SOURCES[int(hashlib.sha256(text.encode("utf-8")).hexdigest(), 16) % len(SOURCES)]


def extra_rows(sources: Path) -> list[tuple[str, bool, str, str, str]]:
    """v20's sources' rows v20 did not take (`hold_train_cv.v20_extra_rows`), as `grouped` rows."""
    in_v20 = {r[2] for r in cv.grouped("v20")}
    return [(rotated(t), bool(y), t, "en", "v20-extra") for t, y, _ in cv.v20_extra_rows(sources) if t not in in_v20]


def main() -> None:
    """Print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cpu", action="store_true")
    ap.add_argument("--v20-sources", type=Path, default=None)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    if args.cpu:
        figs = cpu_figures()
        if args.out is not None:
            args.out.write_text(json.dumps(figs, indent=1) + "\n", encoding="utf-8")
        return
    per_set: dict[str, Any] = {}
    cpu: dict[str, float] = {}
    for v in SETS:
        t0 = time.process_time()
        rows = cv.grouped(v)
        per_set[v] = {}
        for arm, d in detectors(v).items():
            per_set[v][arm] = cv.count(d, rows)
            m = per_set[v][arm]
            print(f"{v} {arm:12s} caught {m['tp']}/{m['tp'] + m['fn']}, benign held {m['fp']}/{m['fp'] + m['tn']}")
        cpu[v] = round(time.process_time() - t0, 1)
        print(
            f"{v}: {cpu[v]} s CPU for {len(rows)} texts x {len(ARMS)} arms, load {os.getloadavg()[0]:.1f}", flush=True
        )
    res: dict[str, Any] = {
        "pooled": {
            "v4-v16 (out of sample for rules/17 and rules/18)": pooled(per_set, SETS[:13]),
            "v4-v18 (out of sample for rules/17 and rules/18)": pooled(per_set, SETS[:15]),
            "v4-v19 (out of sample for rules/18)": pooled(per_set, SETS[:16]),
            "v4-v20 (v20 in sample for rules/18)": pooled(per_set, SETS),
        },
        "sets": per_set,
        "cpu_seconds_per_set": cpu,
        "load_at_end": [round(x, 1) for x in os.getloadavg()],
    }
    if args.v20_sources is not None:
        extra = extra_rows(args.v20_sources)
        n_pos = sum(r[1] for r in extra)
        res["pooled"][f"v20-extra ({n_pos} orders, {len(extra) - n_pos} benign; never read)"] = {
            arm: f"{m['tp']}/{m['tp'] + m['fn']} orders, benign held {m['fp']}/{m['fp'] + m['tn']}"
            for arm, d in detectors("v20").items()
            for m in [cv.count(d, extra)]
        }
    for span, figs in res["pooled"].items():
        for arm, f in figs.items():
            print(f"{span:50s} {arm:12s} {f}")
    if args.out is not None:
        args.out.write_text(json.dumps(res, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
