"""What the hold rounds' out-of-fold benches share: the features' rows, rule arms beside the default, pooled figures.

Rounds 27 and 28 each copied about 30 lines (paths, loading the features, per-set rows, a rule version's holds,
pooling arms over spans, the JSON record); round 29's bench (`hold_cv_round29.py`) is written on this module instead.
The rows are the ones `hold_train_round24.extract` writes (each spent set's texts with round 22's verdict `base`,
rules/20's `rules` and the fold classifier's `clf`, each judged by a model that never saw the set), so an arm
built here from `base` and a rule version's holds is out of fold by set as far as the classifier goes.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for _p in (ROOT, ROOT / "bench", ROOT / "scripts"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

import hold_cv_round20 as b20  # noqa: E402
import hold_train_round23 as t23  # noqa: E402

Row = tuple[str, bool, str, str, str]
"""(source, is an order, text, language, group): what `hold_cv_round20.tally` and `breakdown` read."""
Held = dict[str, list[bool]]
"""Per set, held or not for each of its rows in order."""


def sets_through(last: int, first: int = 4) -> tuple[str, ...]:
    """("v4", ..., f"v{last}")."""
    return tuple(f"v{n}" for n in range(first, last + 1))


@dataclass
class Features:
    """The features file's rows (`rows`, the sets' texts) and the hold tests' benign examples (`examples`)."""

    rows: list[dict[str, Any]]
    examples: list[dict[str, Any]]
    sets: tuple[str, ...]

    @classmethod
    def load(cls, path: Path, sets: tuple[str, ...]) -> Features:
        """Read `path` and the `examples.jsonl` beside it (`hold_train_round23.load`: assessments as models)."""
        return cls(t23.load(path), t23.load(path.parent / "examples.jsonl"), sets)

    def by_set(self) -> dict[str, list[Row]]:
        """Per set, its rows as `Row`s, in file order."""
        out: dict[str, list[Row]] = {}
        for r in self.rows:
            out.setdefault(r["set"], []).append((r["source"], bool(r["label"]), r["text"], r["lang"], r["group"]))
        return out

    def base(self) -> Held:
        """Round 22's verdict per set (the default before rules/21), as the features computed it."""
        return self.per_set(bool(r["base"].held) for r in self.rows)

    def in_file_order(self, held: Held) -> list[bool]:
        """`held` (per set) back as one flag per row, in file order: `per_set`'s inverse."""
        each = {v: iter(h) for v, h in held.items()}
        return [next(each[r["set"]]) for r in self.rows]

    def per_set(self, flags: Iterable[bool]) -> Held:
        """`flags` (one per row, in file order) split per set."""
        out: Held = {v: [] for v in self.sets}
        for r, f in zip(self.rows, flags, strict=True):
            out[r["set"]].append(bool(f))
        return out


def rule_holds(texts: Iterable[tuple[str, str]], version: int) -> list[Any]:
    """`RuleDetector(version=version)`'s assessment of each (text, source)."""
    from memeval.hold import RuleDetector

    det = RuleDetector(version=version)
    return [det.assess(text, source) for text, source in texts]


def held_with(assessments: Iterable[Any], names: frozenset[str]) -> list[bool]:
    """Held, with one of the rules `names` among its reasons (a version's own rules adding to the default)."""
    return [a.held and any(x.rule in names for x in a.reasons) for a in assessments]


def either(*arms: Held) -> Held:
    """Held by any of `arms` (same sets, same rows)."""
    return {v: [any(h) for h in zip(*(a[v] for a in arms), strict=True)] for v in arms[0]}


def pooled(arms: Mapping[str, Held], by_set: Mapping[str, list[Row]],
           spans: Mapping[str, Iterable[str]]) -> dict[str, dict[str, str]]:  # fmt: skip
    """Per span, per arm: `hold_cv_round20.figure` of the tallies summed over the span's sets."""
    out: dict[str, dict[str, str]] = {}
    for span, sets in spans.items():
        ss = tuple(sets)
        for arm, h in arms.items():
            c: Counter[str] = Counter()
            for v in ss:
                c += b20.tally(h[v], by_set[v])
            out.setdefault(span, {})[arm] = b20.figure(c)
    return out


def per_set(arms: Mapping[str, Held], by_set: Mapping[str, list[Row]]) -> dict[str, dict[str, str]]:
    """Per set, per arm: its figure."""
    sets = next(iter(arms.values())).keys()
    return {v: {arm: b20.figure(b20.tally(h[v], by_set[v])) for arm, h in arms.items()} for v in sets}


def breakdowns(arms: Mapping[str, Held], by_set: Mapping[str, list[Row]], sets: tuple[str, ...]) -> dict[str, Any]:
    """Per arm, `hold_cv_round20.breakdown` (per origin, language and theme)."""
    return {arm: b20.breakdown(h, by_set, sets) for arm, h in arms.items()}


def kinds_table(rows: list[dict[str, Any]], flat: Mapping[str, list[bool]], spans: Mapping[str, Iterable[str]],
                kind_of: Callable[[dict[str, Any]], list[str]]) -> dict[str, dict[str, dict[str, str]]]:  # fmt: skip
    """Per kind (`kind_of(row)`), span and arm (`flat`: one flag per row, in file order): orders and benign held."""
    counts: dict[str, dict[str, dict[str, list[int]]]] = {}
    for i, r in enumerate(rows):
        for k in kind_of(r):
            for span, ss in spans.items():
                if r["set"] in tuple(ss):
                    for a, held in flat.items():
                        c = counts.setdefault(k, {}).setdefault(span, {}).setdefault(a, [0, 0, 0, 0])
                        c[(0 if r["label"] else 2) + (0 if held[i] else 1)] += 1
    return {
        k: {s: {a: f"{c[0]}/{c[0] + c[1]} orders, {c[2]}/{c[2] + c[3]} benign held" for a, c in arms_.items()}
            for s, arms_ in by_span.items()}
        for k, by_span in counts.items()
    }  # fmt: skip


def rule_change(f: Features, before: list[Any], after: list[Any], default: list[bool], versions: tuple[int, int]
                ) -> dict[str, Any]:  # fmt: skip
    """What a newer rules version changes: rows the older holds and the newer does not (`lost`), the hold tests'
    benign examples the newer holds and the older does not, and rows the newer adds to `default` (file order), each
    with its new rules. `before`/`after` are the two versions' assessments of `f.rows`, `versions` their numbers."""
    ex = [(r["text"], r["source"]) for r in f.examples]
    ex_before, ex_after = rule_holds(ex, versions[0]), rule_holds(ex, versions[1])
    return {
        "lost": [r["text"][:200] for r, a, b in zip(f.rows, before, after, strict=True) if a.held and not b.held],
        "hold_test_examples_newly_held": [
            t for (t, _), a, b in zip(ex, ex_before, ex_after, strict=True) if b.held and not a.held
        ],
        "added_to_the_default": [
            {"set": r["set"], "label": r["label"], "lang": r["lang"], "source": r["source"], "group": r["group"],
             "rules": sorted({x.rule for x in b.reasons} - {x.rule for x in a.reasons}), "text": r["text"][:200]}
            for r, a, b, d in zip(f.rows, before, after, default, strict=True)
            if b.held and not a.held and not d
        ],
    }  # fmt: skip


def print_kinds(kinds: Mapping[str, Mapping[str, Mapping[str, str]]]) -> None:
    """One line per kind and span: each arm's figure."""
    for k, spans in kinds.items():
        for s, figs in spans.items():
            print(f"{k:16s} {s:8s} " + "; ".join(f"{a}: {x}" for a, x in figs.items()))


def finish(out: dict[str, Any], t0: float, path: Path | None) -> dict[str, Any]:
    """Add CPU seconds since `t0` (`time.process_time`) and the load at the end; write `out` as JSON to `path`."""
    import time

    out["cpu_s"] = round(time.process_time() - t0, 1)
    out["load_at_end"] = [round(x, 1) for x in os.getloadavg()]
    if path is not None:
        path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return out


def print_pooled(figs: Mapping[str, Mapping[str, str]]) -> None:
    """One line per span and arm."""
    for span, arms in figs.items():
        for arm, f in arms.items():
            print(f"{span:8s} {arm:22s} {f}")
