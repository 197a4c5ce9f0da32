r"""Round 29: rules/22 (risky memory lessons read as a kind, short orders, hyphen- and dot-spelt words) by the default.

Out of fold by set over v4-v28 (every set spent), side by side in one run, on round 28's features (`/tmp/det28`,
`hold_cv_round28.py --extract`: round 22's verdict with each set's classifier from a fold that never saw it). The
rules were written from what the kinds are and from misses of the spent sets (`memeval/hold/_rules_v22.py`):
`lesson-risk-22` from v27's and v28's missed memory lessons, `short-order-22` from v28's missed non-English orders,
so v4-v26 and v4-v27 are the sets each was not written from (two words were then dropped after they held a benign
text of v15 and v24: see memeval/hold/README.md, round 29). Arms (orders caught, precision, benign held):

- `round22`: round 22's verdict, as computed in the features;
- `default`: the default, `rules/21+hashlr/14+views/2`: round 22's verdict, or `RuleDetector(version=21)` holds
  with one of rules/21's rules among its reasons (as `hold_cv_round28.py`'s `round22+rules21`);
- `default+rules22`: the default, or `RuleDetector(version=22)` holds a text `RuleDetector(version=21)` does not
  (its new rule and its new reading of punctuated spelling both);
- `default+lesson22`: the default, or rules/22 holds with `lesson-risk-22` among its reasons;
- `default+short22`: the default, or rules/22 holds with `short-order-22` among its reasons;
- `default+punctuated22`: the default, or rules/22 holds a text rules/21 does not, with neither of rules/22's rules
  among its reasons (what the reading of hyphen- and dot-spelt words adds).

Also: per kind (memory-poisoning rows: groups naming memory, lesson, poison or graft; rows not in English) the
default's and `default+rules22`'s figures; every row rules/21 holds and rules/22 does not (`lost`, expected none);
every hold test benign example rules/22 holds and rules/21 does not (expected none); every row added.

Usage:
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round29.py [--out FILE.json]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _hold_cv as h  # noqa: E402

SETS = h.sets_through(28)
SPANS = {"v4-v28": SETS, "v4-v26": SETS[:-2], "v4-v27": SETS[:-1], "v27-v28": SETS[-2:], "v28": ("v28",)}
"""v4-v26: the sets `lesson-risk-22` was not written from; v4-v27: the sets `short-order-22` was not written from."""
FEATURES = Path("/tmp/det28/features.jsonl")
MEMORY = re.compile(r"memory|lesson|poison|graft")
"""Groups of memory-poisoning rows (and the benign team lessons beside them)."""


def kind_of(row: dict[str, Any]) -> list[str]:
    """The kinds a row counts in: "memory-poisoning" (its group), "non-English" (its language)."""
    out = ["memory-poisoning"] if MEMORY.search(row["group"]) else []
    return out + (["non-English"] if row["lang"] not in ("en", "") else [])


def main() -> None:
    """Print and write the figures."""
    from memeval.hold._rules_v21 import NAMES21
    from memeval.hold._rules_v22 import NAMES22

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--features", type=Path, default=FEATURES)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    t0 = time.process_time()
    f = h.Features.load(args.features, SETS)
    by_set = f.by_set()
    texts = [(r["text"], r["source"]) for r in f.rows]
    r21, r22 = h.rule_holds(texts, 21), h.rule_holds(texts, 22)
    print(f"rules: {time.process_time() - t0:.0f} s CPU", flush=True)
    new = [b.held and not a.held for a, b in zip(r21, r22, strict=True)]
    lesson, short = h.held_with(r22, frozenset({"lesson-risk-22"})), h.held_with(r22, frozenset({"short-order-22"}))
    arms = {"round22": f.base()}
    arms["default"] = h.either(arms["round22"], f.per_set(h.held_with(r21, NAMES21)))
    arms["default+rules22"] = h.either(arms["default"], f.per_set(new))
    arms["default+lesson22"] = h.either(arms["default"], f.per_set(lesson))
    arms["default+short22"] = h.either(arms["default"], f.per_set(short))
    punct = [n and not h.held_with([b], NAMES22)[0] for n, b in zip(new, r22, strict=True)]
    arms["default+punctuated22"] = h.either(arms["default"], f.per_set(punct))
    flat = {a: f.in_file_order(arms[a]) for a in ("default", "default+rules22")}
    kinds_text = h.kinds_table(f.rows, flat, SPANS, kind_of)
    change = h.rule_change(f, r21, r22, flat["default"], (21, 22))
    out: dict[str, Any] = {"pooled": h.pooled(arms, by_set, SPANS), "kinds": kinds_text, **change}
    out |= {"sets": h.per_set(arms, by_set), "breakdown": h.breakdowns(arms, by_set, SETS)}
    h.finish(out, t0, args.out)
    h.print_pooled(out["pooled"])
    h.print_kinds(kinds_text)
    print(f"lost {len(change['lost'])}, hold test examples newly held "
          f"{len(change['hold_test_examples_newly_held'])}, added {len(change['added_to_the_default'])}")  # fmt: skip
    print(f"cpu {out['cpu_s']} s, load {out['load_at_end']}")


if __name__ == "__main__":
    main()
