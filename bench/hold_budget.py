#!/usr/bin/env python3
"""The hold budget on ordinary text: the same verdicts, and how much CPU the slowest ordinary texts take.

    nice -n 10 .venv/bin/python bench/hold_budget.py [--budget 5] [--sets v21,v22]

Reads every text the hold tests read (tests/hold/hold_tuning.py, hold_heldout.py, every
tests/fixtures/hold_*/*.jsonl: the spent held-out sets included, and the Fernhill sample week's
free text), each with its fixture's source (else "agent"), and assesses them twice with the
default detector: `memeval.hold.assess_many` (no budget) and `_budget.assess_many_budgeted` with
`--budget` CPU seconds a text. Prints the texts compared, the verdicts that differ (there must be
none), the texts held by the budget (none), the CPU of the slowest texts (`time.process_time`,
each text alone) and of ordinary 64 KiB texts (the longest free-text field: this repository's
READMEs and CHANGELOG, and the fixtures' non-English texts joined), with the load average.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from _machine import load_now

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "hold"))

FIELD = 65_536


def texts() -> list[tuple[str, str]]:
    """(text, source) of every text the hold tests read, each once."""
    from hold_heldout import HELDOUT
    from hold_tuning import TUNING

    out = [(text, source) for source, _, text in TUNING + HELDOUT]
    for path in sorted(ROOT.glob("tests/fixtures/hold_*/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                out.append((row["text"], row.get("source", "agent")))
    sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))
    from make_week import build

    for e in build():
        pl = e.get("payload", {})
        if isinstance(pl.get("text"), str):
            out.append((pl["text"], pl.get("source", "agent")))
    return list(dict.fromkeys(out))


def long_texts(pairs: list[tuple[str, str]]) -> dict[str, str]:
    """Ordinary texts of `FIELD` characters: repository documents, and the fixtures' non-English texts joined."""
    docs = {
        name: (ROOT / name).read_text(encoding="utf-8")
        for name in ("README.md", "memeval/hold/README.md", "CHANGELOG.md")
    }
    out = {f"{name} (first 64 KiB)": text[:FIELD] for name, text in docs.items()}
    foreign = "\n\n".join(t for t, _ in pairs if not t.isascii())
    out["fixtures' non-ASCII texts joined (64 KiB)"] = foreign[:FIELD]
    plain = "\n\n".join(t for t, _ in pairs if t.isascii())
    out["fixtures' ASCII texts joined (64 KiB)"] = plain[:FIELD]
    return out


def main() -> None:
    """Run the comparison and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=5.0, help="CPU seconds a text (default 5)")
    args = ap.parse_args()
    from memeval.hold import assess_many, get_hold_detector
    from memeval.hold._budget import assess_many_budgeted, is_over_budget

    detector = get_hold_detector()
    pairs = texts()
    assess_many(detector, pairs[:50])  # warm
    t0 = time.process_time()
    plain = assess_many(detector, pairs)
    t1 = time.process_time()
    budgeted = assess_many_budgeted(detector, pairs, args.budget)
    t2 = time.process_time()
    differ = sum(a != b for a, b in zip(plain, budgeted, strict=True))
    over = sum(is_over_budget(b) for b in budgeted)
    print(
        f"{load_now()}: {len(pairs)} texts, {sum(a.held for a in plain)} held; "
        f"verdicts that differ with a budget of {args.budget:g} CPU s: {differ}; held by the budget: {over}"
    )
    print(f"  CPU for all: {t1 - t0:.2f} s without the budget, {t2 - t1:.2f} s with it")
    each = []
    for text, source in pairs:
        s = time.process_time()
        detector.assess(text, source)
        each.append((time.process_time() - s, len(text)))
    each.sort(reverse=True)
    print("  slowest texts (CPU s, characters): " + ", ".join(f"{c:.3f} ({n})" for c, n in each[:5]))
    for name, text in long_texts(pairs).items():
        s = time.process_time()
        a = detector.assess(text, "agent")
        print(f"  {name}: {len(text)} characters, {time.process_time() - s:.2f} CPU s (held: {a.held})")
    print(f"{load_now()} at the end")


if __name__ == "__main__":
    main()
