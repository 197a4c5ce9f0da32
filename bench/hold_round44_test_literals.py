"""Which strings written in the tests outside tests/hold does round 44's default judge differently from round 43's?

    PYTHONPATH=. python bench/hold_round44_test_literals.py [--out FILE]

The literals of `hold_round43_test_literals.literals` (every string of 12 to 3,999 characters with a space in
`tests/**/*.py` outside `tests/hold`), judged from each of the six sources by `get_hold_detector()` and by round 43's
detector (`_stacked43.get_stacked43_detector()`); one line per (literal, source) whose verdict differs: file, source,
before -> after, round 44's score, the literal's first 200 characters. A seed whose verdict changes breaks its test's
premise.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from hold_round43_test_literals import literals  # noqa: E402


def main() -> None:
    """Judge every literal from every source by both detectors and print the differences."""
    from memeval.hold import get_hold_detector
    from memeval.hold._models import SOURCES
    from memeval.hold._stacked43 import get_stacked43_detector

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    new, old = get_hold_detector(), get_stacked43_detector()
    found = literals(ROOT)
    lines = [f"{len(found)} literals, {new.name} against {old.name}"]
    for text, where in found.items():
        for s in SOURCES:
            a, b = new.assess(text, s), old.assess(text, s)
            if a.held != b.held:
                lines.append(f"{where}\t{s}\t{b.held}->{a.held}\t{a.score:.3f}\t{text[:200]!r}")
    lines.append(f"{len(lines) - 1} differences")
    print("\n".join(lines))
    if args.out is not None:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
