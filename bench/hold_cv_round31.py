r"""Round 31: rules/24 (orders planted for a document's AI reader, agent hand-offs, retrospective lessons, German
and Spanish overrides).

Out of fold by set over v4-v30 (every set spent), side by side in one run, on round 30's features with v30 appended
(`--extract`: `/tmp/det30`'s rows of v4-v29, built by `bench/hold_cv_round30.py --extract`, then v30 by
`hold_train_round24.extract`, judged with hashlr-14, fitted before v23 existed): round 22's verdict with each set's
classifier from a fold that never saw it. The rules were written from v30's misses (`memeval/hold/_rules_v24.py`),
so v4-v29 are the sets they were not written from. Arms (orders caught, precision, benign held):

- `round22`: round 22's verdict, as computed in the features;
- `default`: the default until now, `rules/23+hashlr/14+views/2` (round 30's `default+rules23`): round 22's verdict,
  or rules/22 holds with one of rules/21's or 22's rules, or holds a text rules/21 does not, or rules/23 holds a
  text rules/22 does not;
- `default+rules24`: the default, or `RuleDetector(version=24)` holds a text `RuleDetector(version=23)` does not;
- `default+<rule>`: the default, or rules/24 holds with that one rule among its reasons.

Also: per kind (memory-poisoning rows, rows not in English, read data) the two defaults' figures; every row rules/23
holds and rules/24 does not (`lost`, expected none); every hold test benign example rules/24 holds and rules/23 does
not (expected none); every row added, with its rules.

Usage:
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round31.py --extract
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round31.py [--out FILE.json]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _hold_cv as h  # noqa: E402
from hold_cv_round30 import kind_of  # noqa: E402

SETS = h.sets_through(30)
SPANS = {"v4-v30": SETS, "v4-v29": SETS[:-1], "v4-v26": SETS[:-4], "v27-v30": SETS[-4:], "v30": ("v30",)}
"""v4-v29: the sets rules/24 was not written from; v4-v26: the sets none of rules/22-24 was written from."""
FEATURES = Path("/tmp/det31/features.jsonl")


def extract(out: Path) -> None:
    """Round 30's rows of v4-v29 (`/tmp/det30`, its `--extract`), then v30 appended, into `out`."""
    import hold_train_round24 as t24

    t24.extract(out, Path("/tmp/det30/features.jsonl"), Path("/tmp/det30/examples.jsonl"), version="v30")


def main() -> None:
    """Print and write the figures."""
    from memeval.hold._rules_v21 import NAMES21
    from memeval.hold._rules_v22 import NAMES22
    from memeval.hold._rules_v24 import NAMES24

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--features", type=Path, default=FEATURES)
    ap.add_argument("--extract", action="store_true", help="rebuild the features from /tmp/det30's, then stop")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    if args.extract:
        extract(args.features)
        return
    t0 = time.process_time()
    f = h.Features.load(args.features, SETS)
    by_set = f.by_set()
    texts = [(r["text"], r["source"]) for r in f.rows]
    r21, r22, r23, r24 = (h.rule_holds(texts, v) for v in (21, 22, 23, 24))
    print(f"rules: {time.process_time() - t0:.0f} s CPU", flush=True)
    arms = {"round22": f.base()}
    new22 = [b.held and not a.held for a, b in zip(r21, r22, strict=True)]
    new23 = [b.held and not a.held for a, b in zip(r22, r23, strict=True)]
    before = h.either(arms["round22"], f.per_set(h.held_with(r22, NAMES21 | NAMES22)), f.per_set(new22))
    arms["default"] = h.either(before, f.per_set(new23))
    new24 = [b.held and not a.held for a, b in zip(r23, r24, strict=True)]
    arms["default+rules24"] = h.either(arms["default"], f.per_set(new24))
    for name in sorted(NAMES24):
        arms[f"default+{name}"] = h.either(arms["default"], f.per_set(h.held_with(r24, frozenset({name}))))
    flat = {a: f.in_file_order(arms[a]) for a in ("default", "default+rules24")}
    kinds = h.kinds_table(f.rows, flat, SPANS, kind_of)
    change = h.rule_change(f, r23, r24, flat["default"], (23, 24))
    out: dict[str, Any] = {"pooled": h.pooled(arms, by_set, SPANS), "kinds": kinds, **change}
    out |= {"sets": h.per_set(arms, by_set), "breakdown": h.breakdowns(arms, by_set, SETS)}
    h.finish(out, t0, args.out)
    h.print_pooled(out["pooled"])
    h.print_kinds(kinds)
    added = change["added_to_the_default"]
    print(f"lost {len(change['lost'])}, hold test examples newly held "
          f"{len(change['hold_test_examples_newly_held'])}, added {len(added)}")  # fmt: skip
    for a in added:
        print("ADDED" if a["label"] else "BENIGN ADDED", a["set"], a["rules"], a["text"][:160].replace("\n", " "))
    print(f"cpu {out['cpu_s']} s, load {out['load_at_end']}")


if __name__ == "__main__":
    main()
