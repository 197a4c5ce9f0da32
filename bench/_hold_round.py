"""What the hold rounds' out-of-fold benches from round 42 on share: their import paths and their options.

Rounds 42-47 each repeated the same header (four `sys.path` entries) and the same eight options (`--extract`, the
rows files, the fold folder, `--out`, `--l2`, `--w37-weight`, `--print-slices`, `--source-folds`); they are written
once here. Importing this module puts the repository, `bench/`, `scripts/` and `tests/hold/` at the front of
`sys.path` in the order the benches put them, so the imports that follow it find the earlier rounds' benches, the
written rows and the hold tests' examples. `parser` and `add_tail` give the options in the order the benches listed
them, so each bench's `--help` is what it was.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for _p in (ROOT, ROOT / "bench", ROOT / "scripts", ROOT / "tests" / "hold"):
    sys.path.insert(0, str(_p))

FOLD_DIR = Path("/tmp/det37/folds")
"""Round 37's hashlr-17 fold models (`hold_cv_round37.py --extract` writes them)."""


def parser(doc: str | None, rows: Path, *, base_rows: Path | None = None, final_dir: bool = False
           ) -> argparse.ArgumentParser:  # fmt: skip
    """A round bench's parser with the options every round has, before its own.

    `doc`: the bench's module docstring (its first line is the description); `rows`: the default `--rows` (the
    features file phase 1 writes and phase 2 reads); `base_rows`: when given, a `--base-rows` option (the earlier
    round's rows the bench starts from) with this default; `final_dir`: whether to offer `--final-dir` (the shipped
    models' folder). The bench adds its own options, then calls `add_tail`.
    """
    ap = argparse.ArgumentParser(description=(doc or "").split("\n")[0])
    ap.add_argument("--extract", action="store_true")
    if base_rows is not None:
        ap.add_argument("--base-rows", type=Path, default=base_rows)
    ap.add_argument("--rows", type=Path, default=rows)
    ap.add_argument("--fold-dir", type=Path, default=FOLD_DIR)
    if final_dir:
        ap.add_argument("--final-dir", type=Path, default=ROOT / "memeval/hold/model")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--w37-weight", type=float, default=5.0)
    return ap


def add_tail(ap: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """`--print-slices` and `--source-folds`, the options every round lists after its own; returns `ap`."""
    ap.add_argument("--print-slices", nargs="*", default=[], help="slices to print (default: all)")
    ap.add_argument("--source-folds", type=int, default=20, help="source-grouped folds (0: none)")
    return ap


Phase = Callable[[argparse.Namespace], None]


def spec_main(doc: str | None, rows: Path, base_rows: Path, c: str, w: str, extract: Phase, figures: Phase,
              reference_only: bool = True) -> argparse.Namespace:  # fmt: skip
    """The command line of a bench written on `hold_cv_round46.figures` (rounds 46-48), parsed and run.

    `parser` with `--base-rows`, then `--reference-only` (when `reference_only`) and `--changed` (default: the
    concept arm `c`, `c` with the written rows `w`, `c` with the wider gate, and `w`), then `add_tail`; `run`.
    """
    ap = parser(doc, rows, base_rows=base_rows)
    if reference_only:
        ap.add_argument("--reference-only", action="store_true", help="only r44 rule by set (its misses)")
    ap.add_argument("--changed", nargs="*", default=[c, f"{c} {w}", f"{c} gate", w],
                    help="arms whose changes to list (against r44 rule)")  # fmt: skip
    return run(add_tail(ap), extract, figures)


def run(ap: argparse.ArgumentParser, extract: Callable[[argparse.Namespace], None],
        figures: Callable[[argparse.Namespace], None]) -> argparse.Namespace:  # fmt: skip
    """Parse the command line; phase 1 (`extract`) with `--extract`, else phase 2 (`figures`). Returns the args."""
    args = ap.parse_args()
    (extract if args.extract else figures)(args)
    return args
