r"""Round 20 against round 19, out of fold by set over v4-v21, with the classifier's thresholds chosen out of fold.

Every set vK is judged by `rules/18 + classifier + views/2` (`RulesWithClassifier`), the classifier being one
that never saw vK:

- `round19`: round 19's default as it would have judged vK unseen: the anchor of round 19's bench
  (`hold_cv_round19.ANCHOR`; hashlr-10 for v15-v21, so there the shipped default itself), hashlr-10's
  `alone_at` 0.85 and the anchor's own thresholds;
- `hashlr12`: `rules/18+hashlr-12` (selectable), for v18-v21 only (hashlr-12 was fitted on v4-v17);
- `hashlr13-fixed`: the fold model of `scripts/hold_train_round20.py` without vK, with hashlr-12's thresholds
  (document 0.823, person 0.8925) and `alone_at` 0.85: no number chosen on the sets;
- `hashlr13-pooled`: the same fold models with the (document threshold, person threshold, `alone_at`) of
  `GRID` that catches most orders over v4-v21 pooled at pooled precision >= `--precision` (0.95), every set's
  verdicts out of fold; the three numbers are chosen on those same verdicts, so this figure flatters a little;
- `hashlr13-nested`: the honest one for an unseen set: for each vK the grid point is chosen as above on the
  other seventeen sets only and then applied to vK.

A grid point is eligible only when the fold model without v21 (the one nearest the final model) holds none of
the benign examples of the hold tests (`benign_examples`: team knowledge such as "always run the payment mock
before checkout tests" in many languages, and the rules' counter-examples) that round 19's default does not
hold: those texts are not in any set, so they say how a threshold carries to other benign text.

The fold models are read from `--fold-dir` (`hashlr-13-without-vK`, as the training script writes them;
`--suffix` picks a variant). The rules and each classifier's probabilities are computed once per text and
reused across grid points (`Memo`, `Scored`); `decoded_views` is memoised in this process (a pure function of
the text). Figures per set, pooled, per origin group, language and theme go to `--out`.

Usage: PYTHONPATH=. python bench/hold_cv_round20.py [--fold-dir /work/det20/folds] [--out FILE.json]
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_cv_round19 as r19  # noqa: E402
import hold_train_cv as cv  # noqa: E402

from memeval.hold import RuleDetector, RulesWithClassifier, _views  # noqa: E402
from memeval.hold._classifier import ClassifierModel, HashedClassifier, window_assessment  # noqa: E402
from memeval.hold._models import SOURCES, HoldAssessment, Source  # noqa: E402

SETS = tuple(f"v{n}" for n in range(4, 22))
ANCHOR19 = {**r19.ANCHOR, "v21": "hashlr-10"}
GRID = tuple(
    itertools.product(
        (0.5, 0.6, 0.7, 0.75, 0.8, 0.823, 0.85, 0.9, 0.95),  # document (every source but a person)
        (0.85, 0.8925, 0.9, 0.95),  # person
        (0.8, 0.85, 0.9, 0.95),  # alone_at
    )
)
FIXED = (0.823, 0.8925, 0.85)

_views.decoded_views = functools.lru_cache(maxsize=None)(_views.decoded_views)  # type: ignore[assignment]


class Memo:
    """A detector whose verdicts are computed once per (text, source); forwards `name` and `version`."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.name, self.version = inner, inner.name, getattr(inner, "version", 14)
        self.seen: dict[tuple[str, str], HoldAssessment] = {}

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """The inner detector's verdict, memoised."""
        key = (text, source)
        if key not in self.seen:
            self.seen[key] = self.inner.assess(text, source)
        return self.seen[key]


class Scored:
    """A `HashedClassifier` whose window scores are computed once per text, judged at any thresholds."""

    def __init__(self, model: ClassifierModel) -> None:
        self.clf, self.name = HashedClassifier(model), model.name.replace("-", "/", 1)
        self.scores: dict[str, tuple[float, int, int]] = {}

    def at(self, document: float, person: float) -> Any:
        """A `HoldDetector` with these thresholds over the memoised scores."""
        th = {s: person if s == "person" else document for s in SOURCES}
        outer = self

        class At:
            name = outer.name

            def assess(self, text: str, source: Source) -> HoldAssessment:
                if text not in outer.scores:
                    outer.scores[text] = outer.clf.score(text)
                return window_assessment(text, source, outer.scores[text], th, "classifier", outer.name)

        return At()


def blended(fold: ClassifierModel, anchor: str, share: float) -> ClassifierModel:
    """`fold` with `share` of its logit from `anchor` (weights and bias averaged: one linear model, no extra CPU)."""
    if share == 0:
        return fold
    a = ClassifierModel.load(anchor)
    w = share * a.weights.astype(np.float64) + (1 - share) * fold.weights.astype(np.float64)
    b = share * a.bias + (1 - share) * fold.bias
    return ClassifierModel(name=fold.name, weights=w.astype(np.float32), bias=b, thresholds=fold.thresholds, meta={})


def benign_examples() -> list[tuple[str, str]]:
    """(source, text) of the hold tests' benign examples (team knowledge, the rules' counter-examples)."""
    sys.path.insert(0, str(ROOT / "tests" / "hold"))
    import test_hold_classifier as tc
    import test_hold_round20 as t20
    import test_hold_views as tv

    out = [*tc.TEAM_KNOWLEDGE, *tv.BENIGN_KNOWLEDGE, *tv.READ_TEXT_BENIGN]
    for k in range(13, 19):
        out += [(row[0], row[1]) for row in __import__(f"test_hold_rules_v{k}").BENIGN]
    return out + [(source, text) for source in ("agent", "person", "document") for text in t20.PAYMENT_MOCK]


def verdicts(detector: Any, rows: list[tuple[str, bool, str, str, str]]) -> list[bool]:
    """Held or not for each row (source, held, text, lang, group)."""
    return [detector.assess(text, source).held for source, _, text, _, _ in rows]


def tally(held: list[bool], rows: list[tuple[str, bool, str, str, str]]) -> Counter[str]:
    """tp/fp/fn/tn."""
    return Counter({(True, True): "tp", (True, False): "fp", (False, True): "fn"}.get((h, r[1]), "tn")
                   for h, r in zip(held, rows, strict=True))  # fmt: skip


def figure(c: Counter[str]) -> str:
    """'caught/orders = recall, precision p, benign held fp/benign'."""
    pos, neg = c["tp"] + c["fn"], c["fp"] + c["tn"]
    return (
        f"{c['tp']}/{pos} = {c['tp'] / max(1, pos):.3f}, precision {c['tp'] / max(1, c['tp'] + c['fp']):.3f}, "
        f"benign held {c['fp']}/{neg}"
    )


def best(grid_held: dict[tuple[float, ...], dict[str, list[bool]]], rows: dict[str, Any], sets: list[str],
         precision: float) -> tuple[float, ...]:  # fmt: skip
    """The grid point with most orders caught over `sets` pooled at pooled precision >= `precision`.

    Ties go to fewer benign held, then to the higher numbers (the stricter point). Falls back to the
    most precise point when none reaches `precision`.
    """
    scored = []
    for point, per_set in grid_held.items():
        c: Counter[str] = Counter()
        for v in sets:
            c += tally(per_set[v], rows[v])
        p = c["tp"] / max(1, c["tp"] + c["fp"])
        scored.append((p >= precision, c["tp"] if p >= precision else p, -c["fp"], point))
    return max(scored)[3]


def breakdown(held: dict[str, list[bool]], rows: dict[str, Any], sets: tuple[str, ...]) -> dict[str, Any]:
    """Per origin group, language and theme: 'caught/orders caught, held/benign benign held'."""
    by: dict[str, dict[str, Counter[str]]] = {"per_theme": {}, "per_language": {}, "per_origin": {}}
    for v in sets:
        for h, (_, label, _, lang, group) in zip(held[v], rows[v], strict=True):
            key = {(True, True): "tp", (True, False): "fp", (False, True): "fn"}.get((h, label), "tn")
            by["per_origin"].setdefault(f"{v}:{group}", Counter())[key] += 1
            by["per_language"].setdefault(lang, Counter())[key] += 1
            for theme in cv.themes(group, lang):
                by["per_theme"].setdefault(theme, Counter())[key] += 1
            if group.startswith("written-"):
                by["per_theme"].setdefault("written rows", Counter())[key] += 1
    return {
        part: {g: f"{k['tp']}/{k['tp'] + k['fn']} caught, {k['fp']}/{k['fp'] + k['tn']} benign held"
               for g, k in sorted(groups.items())}
        for part, groups in by.items()
    }  # fmt: skip


def main() -> None:
    """Print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fold-dir", type=Path, default=Path("/work/det20/folds"))
    ap.add_argument("--suffix", default="")
    ap.add_argument("--precision", type=float, default=0.95)
    ap.add_argument("--also-precision", type=float, nargs="*", default=[], help="more precision floors, nested")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--blend", type=float, default=0.0, help="weight of round 19's classifier in a logit blend")
    args = ap.parse_args()
    rules = Memo(RuleDetector(version=18))
    rows = {v: cv.grouped(v) for v in SETS}
    arms: dict[str, dict[str, list[bool]]] = {"round19": {}, "hashlr12": {}, "hashlr13-fixed": {}}
    grid_held: dict[tuple[float, ...], dict[str, list[bool]]] = {p: {} for p in GRID}
    anchors: dict[str, Scored] = {}
    h12 = Scored(ClassifierModel.load("hashlr-12"))
    for v in SETS:
        t0 = time.process_time()
        name = ANCHOR19[v]
        anchor = anchors.setdefault(name, Scored(ClassifierModel.load(name)))
        th = ClassifierModel.load(name).thresholds
        arms["round19"][v] = verdicts(
            RulesWithClassifier(rules, anchor.at(th["document"], th["person"]), alone_at=0.85, views=True), rows[v]
        )
        if v in ("v18", "v19", "v20", "v21"):
            arms["hashlr12"][v] = verdicts(RulesWithClassifier(rules, h12.at(0.823, 0.8925), alone_at=0.85,
                                                               views=True), rows[v])  # fmt: skip
        fold = Scored(
            blended(ClassifierModel.load(f"hashlr-13-without-{v}{args.suffix}", args.fold_dir), name, args.blend)
        )
        for point in GRID:
            d, p, a = point
            grid_held[point][v] = verdicts(RulesWithClassifier(rules, fold.at(d, p), alone_at=a, views=True), rows[v])
        arms["hashlr13-fixed"][v] = grid_held[FIXED][v]
        print(
            f"{v}: round19 {figure(tally(arms['round19'][v], rows[v]))}; hashlr13-fixed "
            f"{figure(tally(arms['hashlr13-fixed'][v], rows[v]))}; {time.process_time() - t0:.0f} s CPU, "
            f"load {os.getloadavg()[0]:.1f}",
            flush=True,
        )
    examples = benign_examples()
    r19 = RulesWithClassifier(rules, anchors["hashlr-10"].at(0.8846, 0.9342), alone_at=0.85, views=True)
    before = {(s, t) for s, t in examples if r19.assess(t, s).held}
    near = Scored(blended(ClassifierModel.load(f"hashlr-13-without-v21{args.suffix}", args.fold_dir), "hashlr-10",
                          args.blend))  # fmt: skip
    new_holds = {
        point: [
            (s, t)
            for s, t in examples
            if (s, t) not in before
            and RulesWithClassifier(rules, near.at(point[0], point[1]), alone_at=point[2], views=True).assess(t, s).held
        ]
        for point in GRID
    }
    grid_held = {p: per for p, per in grid_held.items() if not new_holds[p]}
    print(f"{len(grid_held)} of {len(GRID)} grid points hold no benign example of the tests anew", flush=True)
    chosen = best(grid_held, rows, list(SETS), args.precision)
    arms["hashlr13-pooled"] = grid_held[chosen]
    nested_points = {v: best(grid_held, rows, [u for u in SETS if u != v], args.precision) for v in SETS}
    arms["hashlr13-nested"] = {v: grid_held[nested_points[v]][v] for v in SETS}
    also: dict[str, Any] = {}
    for floor in args.also_precision:
        at = {v: best(grid_held, rows, [u for u in SETS if u != v], floor) for v in SETS}
        arms[f"hashlr13-nested@{floor:g}"] = {v: grid_held[at[v]][v] for v in SETS}
        also[f"{floor:g}"] = {
            "chosen_pooled": list(best(grid_held, rows, list(SETS), floor)),
            "chosen_nested": {v: list(p) for v, p in at.items()},
        }
    spans = {"v4-v21": SETS, "v4-v17": SETS[:14], "v18-v21": SETS[14:], "v21": ("v21",)}
    pooled: dict[str, dict[str, str]] = {}
    for span, sets in spans.items():
        for arm, held in arms.items():
            if all(v in held for v in sets):
                c: Counter[str] = Counter()
                for v in sets:
                    c += tally(held[v], rows[v])
                pooled.setdefault(span, {})[arm] = figure(c)
    res: dict[str, Any] = {
        "precision_target": args.precision,
        "other_precision_floors": also,
        "benign_examples": f"{len(examples)} texts, {len(before)} held by round 19's default",
        "grid_points_excluded": {",".join(map(str, p)): len(h) for p, h in new_holds.items() if h},
        "chosen_pooled": dict(zip(("document", "person", "alone_at"), chosen, strict=True)),
        "chosen_nested": {v: list(p) for v, p in nested_points.items()},
        "pooled": pooled,
        "sets": {v: {arm: figure(tally(held[v], rows[v])) for arm, held in arms.items() if v in held} for v in SETS},
        "breakdown": {
            arm: breakdown(arms[arm], rows, SETS) for arm in ("round19", "hashlr13-pooled", "hashlr13-nested")
        },
        "breakdown_v18_v21": {
            arm: breakdown(arms[arm], rows, SETS[14:]) for arm in ("round19", "hashlr12", "hashlr13-nested")
        },
        "grid_v4_v21": {
            ",".join(map(str, point)): figure(sum((tally(per[v], rows[v]) for v in SETS), Counter()))
            for point, per in grid_held.items()
        },
        "load_at_end": [round(x, 1) for x in os.getloadavg()],
    }
    for span, figs in pooled.items():
        for arm, f in figs.items():
            print(f"{span:8s} {arm:16s} {f}")
    print(f"chosen (pooled): {chosen}; nested: {sorted(Counter(nested_points.values()).items())}")
    if args.out is not None:
        args.out.write_text(json.dumps(res, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
