r"""Round 30: rules/23 (more memory frames and acts, notes to an AI reader, object-first requests, no filters).

Out of fold by set over v4-v29 (every set spent), side by side in one run, on features rebuilt as rounds 23-28
built them (`--extract`: round 23's rows of v4-v24, `scripts/hold_train_round23.py --extract` on round 21's fold
models, then v25-v29 appended one by one by `hold_train_round24.extract`, each judged with hashlr-14, fitted
before v23 existed): round 22's verdict with each set's classifier from a fold that never saw it. The rules were
written from v29's misses (`memeval/hold/_rules_v23.py`), so v4-v28 are the sets they were not written from and
v4-v26 the sets neither round 29's nor round 30's rules were written from. Arms (orders caught, precision, benign
held):

- `round22`: round 22's verdict, as computed in the features;
- `default`: the default until now, `rules/22+hashlr/14+views/2`: round 22's verdict, or `RuleDetector(version=22)`
  holds with one of rules/21's or 22's rules among its reasons, or holds a text `RuleDetector(version=21)` does not
  (round 29's `default+rules22`);
- `default+rules23`: the default, or `RuleDetector(version=23)` holds a text `RuleDetector(version=22)` does not;
- `default+<rule>`: the default, or rules/23 holds with that one rule among its reasons.

Also: per kind (memory-poisoning rows, rows not in English, read data: tool, web, e-mail, document) the two
defaults' figures; every row rules/22 holds and rules/23 does not (`lost`, expected none); every hold test benign
example rules/23 holds and rules/22 does not (expected none); every row added, with its rules.

Usage:
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round30.py --extract
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round30.py [--out FILE.json]
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _hold_cv as h  # noqa: E402

SETS = h.sets_through(29)
SPANS = {
    "v4-v29": SETS,
    "v4-v26": SETS[:-3],
    "v4-v28": SETS[:-1],
    "v27-v29": SETS[-3:],
    "v29": ("v29",),
}
"""v4-v28: the sets rules/23 was not written from; v4-v26: the sets neither rules/22 nor rules/23 was written from."""
FEATURES = Path("/tmp/det30/features.jsonl")
MEMORY = re.compile(r"memory|lesson|poison|graft")
"""Groups of memory-poisoning rows (and the benign team lessons beside them)."""
READ = frozenset(("tool", "web", "email", "document"))


def kind_of(row: dict[str, Any]) -> list[str]:
    """The kinds a row counts in: "memory-poisoning" (its group), "non-English" (its language), "read data"."""
    out = ["memory-poisoning"] if MEMORY.search(row["group"]) else []
    out += ["non-English"] if row["lang"] not in ("en", "") else []
    return out + (["read data"] if row["source"] in READ else [])


def extract(out: Path) -> None:
    """Round 23's rows of v4-v24 (`/tmp/det23`, its `--extract`), then v25-v29 appended in order into `out`."""
    import hold_train_round24 as t24

    prev_f, prev_e = Path("/tmp/det23/features.jsonl"), Path("/tmp/det23/examples.jsonl")
    for v in ("v25", "v26", "v27", "v28", "v29"):
        step = out.parent / f"step-{v}" / "features.jsonl"
        t24.extract(step, prev_f, prev_e, version=v)
        prev_f, prev_e = step, step.parent / "examples.jsonl"
        print(f"{v} appended", flush=True)
    shutil.copyfile(prev_f, out)
    shutil.copyfile(prev_e, out.parent / "examples.jsonl")


def main() -> None:
    """Print and write the figures."""
    from memeval.hold._rules_v21 import NAMES21
    from memeval.hold._rules_v22 import NAMES22
    from memeval.hold._rules_v23 import NAMES23

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--features", type=Path, default=FEATURES)
    ap.add_argument("--extract", action="store_true", help="rebuild the features from /tmp/det23's, then stop")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    if args.extract:
        extract(args.features)
        return
    t0 = time.process_time()
    f = h.Features.load(args.features, SETS)
    by_set = f.by_set()
    texts = [(r["text"], r["source"]) for r in f.rows]
    r21, r22, r23 = h.rule_holds(texts, 21), h.rule_holds(texts, 22), h.rule_holds(texts, 23)
    print(f"rules: {time.process_time() - t0:.0f} s CPU", flush=True)
    arms = {"round22": f.base()}
    new22 = [b.held and not a.held for a, b in zip(r21, r22, strict=True)]
    arms["default"] = h.either(arms["round22"], f.per_set(h.held_with(r22, NAMES21 | NAMES22)), f.per_set(new22))
    new23 = [b.held and not a.held for a, b in zip(r22, r23, strict=True)]
    arms["default+rules23"] = h.either(arms["default"], f.per_set(new23))
    for name in sorted(NAMES23):
        arms[f"default+{name}"] = h.either(arms["default"], f.per_set(h.held_with(r23, frozenset({name}))))
    flat = {a: f.in_file_order(arms[a]) for a in ("default", "default+rules23")}
    kinds = h.kinds_table(f.rows, flat, SPANS, kind_of)
    change = h.rule_change(f, r22, r23, flat["default"], (22, 23))
    out: dict[str, Any] = {"pooled": h.pooled(arms, by_set, SPANS), "kinds": kinds, **change}
    out |= {"sets": h.per_set(arms, by_set), "breakdown": h.breakdowns(arms, by_set, SETS)}
    h.finish(out, t0, args.out)
    h.print_pooled(out["pooled"])
    h.print_kinds(kinds)
    added = change["added_to_the_default"]
    print(f"lost {len(change['lost'])}, hold test examples newly held "
          f"{len(change['hold_test_examples_newly_held'])}, added {len(added)}")  # fmt: skip
    for a in added:
        if not a["label"]:
            print("BENIGN ADDED", a["set"], a["rules"], a["text"][:160].replace("\n", " "))
    print(f"cpu {out['cpu_s']} s, load {out['load_at_end']}")


if __name__ == "__main__":
    main()
