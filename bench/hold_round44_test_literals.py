"""Which strings written in the tests outside tests/hold does round 44's default judge differently from round 43's?

    PYTHONPATH=. python bench/hold_round44_test_literals.py [--out FILE]

The literals of `hold_round43_test_literals.literals` (every string of 12 to 3,999 characters with a space in
`tests/**/*.py` outside `tests/hold`), judged from each of the six sources by `get_hold_detector()` and by round 43's
detector (`_stacked43.get_stacked43_detector()`); one line per (literal, source) whose verdict differs: file, source,
before -> after, round 44's score, the literal's first 200 characters. A seed whose verdict changes breaks its test's
premise.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from hold_round43_test_literals import compare  # noqa: E402


def main() -> None:
    """Judge every literal from every source by the default and by round 43's detector."""
    from memeval.hold._stacked43 import get_stacked43_detector

    compare(get_stacked43_detector())


if __name__ == "__main__":
    main()
