"""Which strings written in the tests outside tests/hold does round 43's default judge differently from round 42's?

    PYTHONPATH=. python bench/hold_round43_test_literals.py [--out FILE]

Every string literal of 12 to 3,999 characters with a space in `tests/**/*.py` outside `tests/hold` (read with `ast`),
judged from each of the six sources (`SOURCES`) by `get_hold_detector()` and by round 42's detector
(`_stacked42.get_stacked42_detector()`); prints one line per (literal, source) whose verdict differs: file, source,
before -> after, round 43's score, the literal's first 200 characters. The lesson and memory texts the tests ingest
are among them (a seed whose verdict changes breaks the test's premise, as round 42's did the review tests').
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def literals(root: Path) -> dict[str, str]:
    """Each literal (see the module docstring) with the first file it occurs in, relative to `root`."""
    found: dict[str, str] = {}
    for p in sorted((root / "tests").rglob("*.py")):
        rel = p.relative_to(root)
        if rel.parts[1] == "hold":
            continue
        try:
            tree = ast.parse(p.read_text(encoding="utf-8"))
        except SyntaxError as e:
            print(f"{rel}: not parsed ({e}); its strings are not judged", file=sys.stderr)
            continue
        for n in ast.walk(tree):
            if (
                isinstance(n, ast.Constant)
                and isinstance(n.value, str)
                and 12 <= len(n.value) < 4000
                and " " in n.value
            ):
                found.setdefault(n.value, str(rel))
    return found


def compare(old: Any) -> None:
    """Judge every literal from every source by the default and by the detector `old`; print the differences.

    `--out FILE` also writes them there. Rounds after 43 call this with their predecessor's detector.
    """
    from memeval.hold import get_hold_detector
    from memeval.hold._models import SOURCES

    ap = argparse.ArgumentParser(description=(sys.modules["__main__"].__doc__ or "").split("\n")[0])
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    new = get_hold_detector()
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


def main() -> None:
    """Judge every literal from every source by the default and by round 42's detector."""
    from memeval.hold._stacked42 import get_stacked42_detector

    compare(get_stacked42_detector())


if __name__ == "__main__":
    main()
