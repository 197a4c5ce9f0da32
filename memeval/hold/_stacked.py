"""A stacked hold detector: a small logistic model over what the default's stages already computed.

Issue 15's round 23. Rounds 19-22 wrote rules from one blind set's misses and carried almost nothing to the next
blind set; this stage adds no rule. It reads, for each text, what the default (`RulesWithClassifier`: rules, the
n-gram classifier, the decoded views) computed anyway: its verdict, the rules' verdict and score, which rule
families matched, the classifier's probability, whether a decoded view decided, the source, the length and the
script, and turns them into one calibrated probability (`stack-N.json`: weights, the family list and the
threshold, fitted by `scripts/hold_train_round23.py` on out-of-fold features of v4-v24, one fold per set, and
since round 24 `stack-2` by `scripts/hold_train_round24.py` on v4-v25).

Nothing is computed twice: the rules and the classifier are wrapped so that the stage reads their assessments of
the text as sent from a per-thread memo filled while the default judged it (one dot product more per text).
"""

from __future__ import annotations

import json
import math
import threading
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memeval.errors import UsageError
from memeval.hold._excerpt import excerpt
from memeval.hold._models import SOURCES, HoldAssessment, HoldDetector, HoldReason, Source

MODEL_DIR = Path(__file__).resolve().parent / "model"

BASE_FEATURES = (
    "bias",
    "base_held",
    "rules_held",
    "rules_score",
    "rules_any",
    "rules_count",
    "clf_score",
    "clf_logit",
    "view_held",
    *(f"source_{s}" for s in SOURCES),
    "log_length",
    "non_ascii",
    "cjk",
    "cyrillic",
    "arabic",
    "clf_x_non_ascii",
    "rules_x_person",
)
"""Feature names before the rule families (`family_<name>`), in the order of the model's weights."""


def family(rule: str) -> str:
    """A rule's family: its name without a trailing round number ('lesson-risk-20' -> 'lesson-risk')."""
    head, _, tail = rule.rpartition("-")
    return head if head and tail.isdigit() else rule


def _scripts(text: str) -> tuple[float, float, float, float]:
    """(non-ASCII, CJK, Cyrillic, Arabic) shares of the letters of `text` (0 for a text without letters)."""
    if text.isascii():
        return 0.0, 0.0, 0.0, 0.0
    letters = non_ascii = cjk = cyr = arab = 0
    for ch in text[:4000]:
        if not ch.isalpha():
            continue
        letters += 1
        if ch.isascii():
            continue
        non_ascii += 1
        name = unicodedata.name(ch, "")
        if name.startswith(("CJK", "HIRAGANA", "KATAKANA", "HANGUL")):
            cjk += 1
        elif name.startswith("CYRILLIC"):
            cyr += 1
        elif name.startswith(("ARABIC", "HEBREW")):
            arab += 1
    n = max(1, letters)
    return non_ascii / n, cjk / n, cyr / n, arab / n


def features(
    text: str, source: Source, base: HoldAssessment, rules: HoldAssessment, clf: HoldAssessment, families: list[str]
) -> list[float]:
    """The stage's inputs for one text, in `BASE_FEATURES` order then one 0/1 per name in `families`.

    Args:
        text: the text as sent.
        source: where it came from (one of `SOURCES`).
        base: the default's assessment of it (`RulesWithClassifier`, views included).
        rules: the rules' assessment of the text as sent.
        clf: the n-gram classifier's assessment of the text as sent (`score` is its probability).
        families: the rule families the model has weights for (`family`).
    """
    p = min(max(clf.score, 1e-4), 1 - 1e-4)
    non_ascii, cjk, cyr, arab = _scripts(text)
    fired = {family(x.rule) for x in rules.reasons}
    view = base.held and any(x.rule.startswith("hidden-") for x in base.reasons)
    values = [
        1.0,
        float(base.held),
        float(rules.held),
        rules.score,
        float(rules.score > 0),
        math.log1p(len(fired)),
        clf.score,
        math.log(p / (1 - p)) / 5,
        float(view),
        *(float(source == s) for s in SOURCES),
        math.log1p(len(text)) / 8,
        non_ascii,
        cjk,
        cyr,
        arab,
        clf.score * non_ascii,
        rules.score * float(source == "person"),
    ]
    return values + [float(f in fired) for f in families]


@dataclass(frozen=True)
class StackModel:
    """A fitted stage: `weights` over `BASE_FEATURES` + `families`, held at probability >= `threshold`."""

    name: str
    weights: tuple[float, ...]
    families: tuple[str, ...]
    threshold: float
    meta: dict[str, Any]

    @classmethod
    def load(cls, name: str, folder: Path = MODEL_DIR) -> StackModel:
        """Read `folder/name.json`.

        Raises:
            UsageError: the file is missing or its weights do not match its feature names.
        """
        path = folder / f"{name}.json"
        if not path.is_file():
            raise UsageError(f"no stacked hold model {name!r} in {folder}")
        record = json.loads(path.read_text(encoding="utf-8"))
        families = tuple(record["families"])
        if record["features"] != [*BASE_FEATURES, *(f"family_{f}" for f in families)]:
            raise UsageError(f"{path}: its features are not this version's ({len(BASE_FEATURES)} + families)")
        weights = tuple(float(w) for w in record["weights"])
        if len(weights) != len(BASE_FEATURES) + len(families):
            raise UsageError(f"{path}: {len(weights)} weights for {len(BASE_FEATURES) + len(families)} features")
        return cls(name, weights, families, float(record["threshold"]), record)

    def probability(self, x: list[float]) -> float:
        """The logistic model's probability that the text is an order to an agent."""
        z = sum(w * v for w, v in zip(self.weights, x, strict=True))
        return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


class _Memo:
    """A detector whose assessments are kept per thread until `clear` (the stage reads them after the default)."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.name = inner, inner.name
        self.version = getattr(inner, "version", 14)
        self._local = threading.local()

    def clear(self) -> None:
        """Forget this thread's assessments."""
        self._local.seen = {}

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """The inner detector's assessment, computed once per (text, source) until `clear`."""
        seen: dict[tuple[str, str], HoldAssessment] = getattr(self._local, "seen", None) or {}
        self._local.seen = seen
        key = (text, source)
        if key not in seen:
            seen[key] = self.inner.assess(text, source)
        return seen[key]


class StackedDetector:
    """The default's stages read by a fitted logistic model (`StackModel`), the rules' verdict standing.

    Held when the rules hold the text as sent, or when the model's probability reaches its threshold.

    `rules` and `classifier` are the default's; `make_base(rules, classifier)` builds the default around them
    (so the stage reads the same assessments). Score: the model's probability; reasons: the default's, plus
    `stacked` spanning the text when the model holds a text the default did not.
    """

    def __init__(self, rules: HoldDetector, classifier: HoldDetector, make_base: Any, model: StackModel) -> None:
        self.rules, self._make_base, self.model = rules, make_base, model
        self._rules = _Memo(rules)
        self.classifier = classifier
        self.name = f"{self.base.name}+{model.name.replace('-', '/', 1)}"

    @property
    def classifier(self) -> HoldDetector:
        """The n-gram classifier the base reads (`_batch.primed` swaps it on a copy for a batch's)."""
        return self._raw_classifier

    @classifier.setter
    def classifier(self, classifier: HoldDetector) -> None:
        self._raw_classifier, self._classifier = classifier, _Memo(classifier)
        self.base = self._make_base(self._rules, self._classifier)

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """Judge `text` from `source`; see the class docstring.

        Raises:
            UsageError: `source` is not one of `SOURCES`.
        """
        if source not in SOURCES:
            raise UsageError(f"unknown source {source!r}; use one of {', '.join(SOURCES)}")
        self._rules.clear()
        self._classifier.clear()
        try:
            base = self.base.assess(text, source)
            r, c = self._rules.assess(text, source), self._classifier.assess(text, source)
        finally:
            self._rules.clear()
            self._classifier.clear()
        p = self.model.probability(features(text, source, base, r, c, list(self.model.families)))
        held = r.held or p >= self.model.threshold  # the rules' own verdict stands
        reasons = base.reasons
        if held and not base.held:
            reasons += (HoldReason(rule="stacked", start=0, end=min(len(text), 200), excerpt=excerpt(text[:200])),)
        return HoldAssessment(held=held, score=round(p, 4), reasons=reasons, detector=self.name)


STACK_MODEL = "stack-2"
"""The stacked stage of `get_stacked_detector()` (issue 15's round 24; `scripts/hold_train_round24.py`).

`stack-1` (round 23, `scripts/hold_train_round23.py`) stays selectable by name."""

_LOCK = threading.Lock()
_STACKED: dict[str, StackedDetector] = {}


def get_stacked_detector(model: str = STACK_MODEL) -> StackedDetector:
    """Round 22's default (rules/20 + hashlr/14 + views/2) read by a stacked stage; opt-in, built once per model.

    `model`: `stack-2` (round 24, the default here: fitted on v4-v25, its threshold chosen for pooled precision
    0.955 on the training sets' own out-of-fold probabilities) or `stack-1` (round 23). Named
    `rules/20+hashlr/14+views/2+stack/2`. Out of fold over v4-v25 `stack-2`'s method holds about as many orders
    as the default with a sixth fewer benign texts, pooled precision 0.950 against 0.941 (memeval/hold/README.md,
    round 24); the default stays round 22's (see there why). About a tenth more CPU than the default.

    Raises:
        UsageError: the classifier's `combination` is not numbers by name, or the stage's weights are missing or
            do not match its features.
    """
    if model not in _STACKED:
        with _LOCK:
            if model not in _STACKED:
                from memeval.hold._classifier import get_hold_classifier
                from memeval.hold._detector import RuleDetector, RulesWithClassifier

                clf = get_hold_classifier()
                numbers = clf.model.meta.get("combination", {})
                if not isinstance(numbers, dict) or not all(isinstance(v, float) for v in numbers.values()):
                    raise UsageError(f"{clf.model.name}.json: combination is {numbers!r}, not numbers by name")

                def make_base(r: HoldDetector, c: HoldDetector) -> HoldDetector:
                    return RulesWithClassifier(r, c, views=True, **numbers)

                stage = StackModel.load(model)
                _STACKED[model] = StackedDetector(RuleDetector(), clf, make_base, stage)
    return _STACKED[model]
