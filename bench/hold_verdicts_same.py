"""Do two checkouts give the same hold verdicts? Every hold fixture text assessed, the answers hashed.

    .venv/bin/python bench/hold_verdicts_same.py --against CHECKOUT [--sets v10,v11]
        [--skip v26,v27,v28,v29,v30,v31,v32,v33,v34,v35,v36,v37,v38,v39,v40,v41,v42,v43,v44,v45,v46,v47,v48,v49,v50]
        [--detector stack/48]

For each checkout (`--against` and this one), a fresh process (`PYTHONPATH` set to it) reads the
hold fixture sets of this checkout (`tests/fixtures/hold_heldout*/*.jsonl`: every row's text and
source; a set named in `--skip` is never opened, by default
`v26,v27,v28,v29,v30,v31,v32,v33,v34,v35,v36,v37,v38,v39,v40,v41,v42,v43,v44,v45,v46,v47,v48,v49,v50`:
v24-v49 are spent since the lead's looks after rounds 23-51, skipped so the check stays quick; v50 is written
blind, not yet looked at)
and assesses each text three ways: the default detector one text at a time
(`get_hold_detector().assess`), the same detector in batches of 47 as the audit store does
(`memeval.hold.assess_many`), and the rules alone (`RuleDetector()`). Each answer (held, score,
every reason's rule, offsets and excerpt, the detector's name) is written out as JSON and hashed per
set with SHA-256; the hashes are printed per set and in all. Exit status 1 when any hash differs
between the checkouts. The check behind "the same verdicts" in CHANGELOG entries that make holding
faster. `--detector stack/48` assesses with round 48's opt-in candidate (`get_stacked48_detector`) instead of the
default (issue 15, round 49: the candidate's verdicts before and after its CPU was cut).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

from _code import pythonpath
from _machine import load_now

ROOT = Path(__file__).resolve().parents[1]
BATCH = 47
"""Texts a batch of `assess_many` (about what a 100-event ingest batch carries)."""


def fixture_sets(skip: set[str], only: set[str] | None) -> dict[str, list[tuple[str, str]]]:
    """(text, source) of every row of each hold fixture file, by set name (`v10`, `heldout/public_injections`...)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for folder in sorted((ROOT / "tests" / "fixtures").glob("hold_heldout*")):
        name = folder.name.removeprefix("hold_heldout").lstrip("_") or "heldout"
        if name in skip or (only is not None and name not in only):
            continue  # never opened
        for path in sorted(folder.glob("*.jsonl")):
            rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
            out[f"{name}/{path.stem}"] = [(r["text"], r.get("source", "agent")) for r in rows]
    return out


def answer(a: object) -> list:
    """A `HoldAssessment` as plain JSON values (every field the store keeps of it)."""
    return [
        a.held,  # type: ignore[attr-defined]
        a.score,  # type: ignore[attr-defined]
        a.detector,  # type: ignore[attr-defined]
        [[r.rule, r.start, r.end, r.excerpt] for r in a.reasons],  # type: ignore[attr-defined]
    ]


DETECTORS = ("default", "stack/48")
"""What `--detector` may name: the default detector, or round 48's opt-in candidate."""


def here(skip: set[str], only: set[str] | None, detector: str = "default", one_way: bool = False) -> dict[str, str]:
    """The hash of each set's answers in this process (the checkout on `PYTHONPATH`), and `all`.

    `one_way`: only the detector's answers one text at a time (not in batches, not the rules alone): a third of the CPU.
    """
    from memeval.hold import RuleDetector, assess_many, get_hold_detector

    if detector == "stack/48":
        from memeval.hold._stacked48 import get_stacked48_detector

        default, rules = get_stacked48_detector(), RuleDetector()
    else:
        default, rules = get_hold_detector(), RuleDetector()
    hashes: dict[str, str] = {}
    total = hashlib.sha256()
    for name, rows in fixture_sets(skip, only).items():
        one = [answer(default.assess(t, s)) for t, s in rows]  # type: ignore[arg-type]  # sources from fixtures
        if one_way:
            many, alone = [], []
        else:
            many = [
                answer(a)
                for k in range(0, len(rows), BATCH)
                for a in assess_many(default, rows[k : k + BATCH])  # type: ignore[arg-type]
            ]
            alone = [answer(rules.assess(t, s)) for t, s in rows]  # type: ignore[arg-type]
        blob = json.dumps([one, many, alone], ensure_ascii=False, sort_keys=True).encode("utf-8")
        hashes[f"{name} ({len(rows)} texts)"] = f"{hashlib.sha256(blob).hexdigest()} held {sum(a[0] for a in one)}"
        total.update(blob)
    hashes["all"] = total.hexdigest()
    return hashes


def main() -> None:
    """Hash this checkout's verdicts (and `--against`'s, each in its own process) and compare."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--against", default=None, help="another checkout to compare with this one")
    ap.add_argument("--sets", default=None, help="comma-separated set names (default: every set)")
    ap.add_argument(
        "--skip", default="v26,v27,v28,v29,v30,v31,v32,v33,v34,v35,v36,v37,v38,v39,v40,v41,v42,v43,v44,v45,v46,v47,v48,v49,v50",  # noqa: E501 - one string, read by tests/hold/heldout_jsonl.check_registered
        help="never opened",
    )  # fmt: skip
    ap.add_argument("--detector", default="default", choices=DETECTORS, help="the detector assessed")
    ap.add_argument("--one-way", action="store_true", help="only one text at a time (not batches, not rules alone)")
    ap.add_argument("--here", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    skip = {s for s in args.skip.split(",") if s}
    only = {s for s in args.sets.split(",") if s} if args.sets else None
    if args.here:
        print(json.dumps(here(skip, only, args.detector, args.one_way)))
        return
    codes = ([Path(args.against).resolve()] if args.against else []) + [ROOT]
    results = []
    for code in codes:
        cmd = [sys.executable, str(ROOT / "bench" / "hold_verdicts_same.py"), "--here", "--skip", args.skip]
        cmd += ["--detector", args.detector] + (["--one-way"] if args.one_way else [])
        cmd += ["--sets", args.sets] if args.sets else []
        run = subprocess.run(cmd, env={**os.environ, "PYTHONPATH": pythonpath(code)}, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"{code} failed:\n{run.stderr[-2000:]}")
        results.append((code, json.loads(run.stdout)))
    for name in results[-1][1]:
        row = "  ".join(
            f"{h[name][:16]}{' (held ' + h[name].split()[-1] + ')' if ' held ' in h[name] else ''}" for _, h in results
        )
        same = "" if len(results) == 1 else ("  SAME" if len({h[name] for _, h in results}) == 1 else "  DIFFERS")
        print(f"{name}: {row}{same}")
    print(f"{load_now()}; checkouts: {', '.join(str(c) for c, _ in results)}")
    if len({h["all"] for _, h in results}) > 1:
        sys.exit(1)


if __name__ == "__main__":
    main()
