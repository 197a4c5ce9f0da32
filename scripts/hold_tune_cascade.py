#!/usr/bin/env python3
"""Choose the cascade's numbers (`RulesWithClassifier`) on a DEV set, never on held-out v6.

For each dev text: the rules' and the n-gram classifier's assessments, whether it is a note
quoting an attack, whether it reads as a runbook step, and the probability of an encoder head
(trained WITHOUT the dev set: `scripts/hold_train.py --head mlp --dev-v5 --out DIR`). Then the
precision and recall of every combination on a grid, and the share of texts the encoder reads
(its CPU cost on the ingest path). Prints the best few at precision >= --floor.

Usage: PYTHONPATH=. python scripts/hold_tune_cascade.py --head-dir DIR [--set v5] [--floor 0.95]
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def signals(rows: list[dict], head_dir: Path, head: str) -> list[dict]:
    """Per row: label, source, rule score/held, classifier score/held, mention, runbook, encoder p."""
    from memeval.hold import RuleDetector, get_hold_classifier
    from memeval.hold._detector import _ABOUT_ATTACKS, _RUNBOOK, QUOTED
    from memeval.hold._encoder import EncoderClassifier, EncoderModel
    from memeval.hold._normalize import normalize

    rules, clf = RuleDetector(), get_hold_classifier()
    enc = EncoderClassifier(EncoderModel.load(head, head_dir))
    out = []
    for r in rows:
        text, source = r["text"], r["source"]
        ra, ca = rules.assess(text, source), clf.assess(text, source)
        flat = normalize(text).text
        out.append(
            dict(
                label=bool(r["held"]),
                lang=r["lang"],
                source=source,
                rh=ra.held,
                rs=ra.score,
                ch=ca.held,
                cs=ca.score,
                mention=_ABOUT_ATTACKS.search(flat) is not None and QUOTED.search(flat) is not None,
                runbook=_RUNBOOK.search(flat) is not None,
                e=enc.score(text)[0],
                ascii=text.isascii(),
            )
        )
    return out


def decide(s: dict, gate: float, alone: float, person_alone: float, mean: float, veto: float) -> tuple[bool, bool]:
    """(held, encoder read it) under the cascade with these numbers (mirrors RulesWithClassifier)."""
    if s["rh"]:
        return True, False
    unsure = s["rs"] > 0 or s["cs"] >= gate or not s["ascii"]
    if not unsure:
        return False, False
    if s["mention"]:
        return False, False
    e = s["e"]
    a = person_alone if s["source"] == "person" else alone
    stage1 = s["ch"] and (s["rs"] > 0 or (s["cs"] >= 0.85 and not s["runbook"]))
    if stage1:
        return e >= veto, True
    return e >= a or (e + s["cs"]) / 2 >= mean, True


def main() -> None:
    """Print the grid's best combinations."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--head-dir", type=Path, required=True)
    ap.add_argument("--head", default="usemlp-1")
    ap.add_argument("--set", default="v5", choices=("v5", "v4"))
    ap.add_argument("--floor", type=float, default=0.95)
    ap.add_argument("--cache", type=Path, default=None, help="JSON file caching the signals")
    args = ap.parse_args()
    if args.set == "v6":
        raise SystemExit("v6 is the held-out set: never tune on it")
    path = ROOT / "tests" / "fixtures" / f"hold_heldout_{args.set}" / f"heldout_{args.set}.jsonl"
    rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    if args.cache and args.cache.is_file():
        sig = json.loads(args.cache.read_text())
    else:
        sig = signals(rows, args.head_dir, args.head)
        if args.cache:
            args.cache.write_text(json.dumps(sig))
    pos = sum(s["label"] for s in sig)
    res = []
    grid = itertools.product(
        (0.0, 0.1, 0.2, 0.3),  # gate
        (0.7, 0.75, 0.8, 0.85, 0.9, 0.95),  # alone
        (0.9, 0.95, 0.98),  # person alone
        (0.55, 0.6, 0.65, 0.7, 0.75, 1.1),  # mean
        (0.0, 0.1, 0.2, 0.3, 0.5),  # veto
    )
    for g, a, pa, m, v in grid:
        if pa < a:
            continue
        tp = fp = read = 0
        for s in sig:
            held, r = decide(s, g, a, pa, m, v)
            tp += held and s["label"]
            fp += held and not s["label"]
            read += r
        res.append((tp, fp, read, (g, a, pa, m, v)))
    ok = [x for x in res if x[0] / max(1, x[0] + x[1]) >= args.floor]
    ok.sort(key=lambda x: (-x[0], x[2]))
    for g in sorted({p[0] for *_, p in ok}):
        best = next(x for x in ok if x[3][0] == g)
        print(f"best at gate {g}: {best[3]} precision {best[0]}/{best[0] + best[1]} reads {best[2]}")
    print(f"{args.set}: {len(sig)} texts, {pos} orders; (gate, alone, person_alone, mean, veto)")
    base = [s for s in sig if s["rh"] or (s["ch"] and not s["mention"] and (s["rs"] > 0 or s["cs"] >= 0.85))]
    print(f"stage 1 alone: {sum(s['label'] for s in base)}/{len(base)} held")
    for tp, fp, read, p in ok[:25]:
        print(f"  {p}: precision {tp}/{tp + fp} recall {tp}/{pos} encoder reads {read}/{len(sig)}")


if __name__ == "__main__":
    main()
