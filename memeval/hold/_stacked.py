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


STACK34_FEATURES = (
    "base_held",
    "rules_score",
    "rules_held",
    "clf_score",
    "clf_logit",
    "refit_score",
    "refit_logit",
    "view_reason",
)
"""Round 34's feature names before the rule families (`family_<name>`) and the sources (`source_<name>`)."""


def _logit5(p: float | None) -> float:
    """log(p / (1 - p)) / 5, p clipped to [1e-4, 1 - 1e-4] (None reads as 0)."""
    q = min(max(p or 0.0, 1e-4), 1 - 1e-4)
    return math.log(q / (1 - q)) / 5


def features34(
    source: str,
    base_held: bool,
    base_rules: list[str] | tuple[str, ...],
    rules_score: float,
    rules_held: bool,
    rules: list[str] | tuple[str, ...],
    clf_p: float | None,
    refit_p: float | None,
    families: list[str] | tuple[str, ...],
) -> list[float]:
    """Round 34's stage inputs for one text: `STACK34_FEATURES`, one 0/1 per name in `families`, one per source.

    Args:
        source: where the text came from (one of `SOURCES`).
        base_held: the default's verdict (`RulesWithClassifier`, views included).
        base_rules: the rule names of the default's reasons (a decoded view's are `hidden-*`).
        rules_score: rules/25's noisy-OR score of the text as sent, in [0, 1].
        rules_held: rules/25's verdict of the text as sent.
        rules: the rule names of rules/25's reasons.
        clf_p: the default classifier's probability (hashlr-14; the highest over readings and windows).
        refit_p: the second classifier's probability (hashlr-16), read the same way.
        families: the rule families the model has weights for (`family`).

    Round 33's stack with hashlr-16 (`bench/hold_cv_round33.py`'s `dense`, `refit`) without its second detector's
    verdict: the probabilities are read as logits / 5 too.
    """
    fired = {family(x) for x in rules}
    return [
        float(base_held),
        rules_score,
        float(rules_held),
        clf_p or 0.0,
        _logit5(clf_p),
        refit_p or 0.0,
        _logit5(refit_p),
        float(any(x.startswith("hidden-") for x in base_rules)),
        *(float(f in fired) for f in families),
        *(float(source == s) for s in SOURCES),
    ]


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

    def _three(self, text: str, source: Source) -> tuple[HoldAssessment, HoldAssessment, HoldAssessment]:
        """The base detector's, the rules' and the classifier's assessments of `text`, each part read once.

        The rules and the classifier are read through memos the base shares, cleared before and after.

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
        return base, r, c

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """Judge `text` from `source`; see the class docstring.

        Raises:
            UsageError: `source` is not one of `SOURCES`.
        """
        base, r, c = self._three(text, source)
        p = self.model.probability(features(text, source, base, r, c, list(self.model.families)))
        held = r.held or p >= self.model.threshold  # the rules' own verdict stands
        return self._decided(text, base, held, p)

    def _decided(self, text: str, base: HoldAssessment, held: bool, p: float) -> HoldAssessment:
        """A stage's verdict on `text` (score `p`): `base`'s reasons, plus `stacked` when it adds a hold."""
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


@dataclass(frozen=True)
class Stack34Model:
    """Round 34's fitted stage (`stack-34.json`, `scripts/hold_train_round34.py`).

    `weights` and `bias` over `features34`, and the two cuts `release` and `add` (see `Stacked34Detector`).
    """

    name: str
    weights: tuple[float, ...]
    bias: float
    families: tuple[str, ...]
    release: float
    add: float
    meta: dict[str, Any]

    @classmethod
    def load(cls, name: str = "stack-34", folder: Path = MODEL_DIR) -> Stack34Model:
        """Read `folder/name.json`.

        Raises:
            UsageError: the file is missing or its weights do not match `features34`'s names.
        """
        path = folder / f"{name}.json"
        if not path.is_file():
            raise UsageError(f"no stacked hold model {name!r} in {folder}")
        record = json.loads(path.read_text(encoding="utf-8"))
        families = tuple(record["families"])
        names = [*STACK34_FEATURES, *(f"family_{f}" for f in families)]
        if record["features"] != names or len(record["weights"]) != len(names) + len(SOURCES):
            raise UsageError(f"{path}: its features are not features34's ({len(names) + len(SOURCES)})")
        weights = tuple(float(w) for w in record["weights"])
        return cls(name, weights, float(record["bias"]), families, float(record["release"]), float(record["add"]),
                   record)  # fmt: skip

    def probability(self, x: list[float]) -> float:
        """The logistic model's probability that the text is an order to an agent, `x` being `features34`'s."""
        z = self.bias + sum(w * v for w, v in zip(self.weights, x, strict=True))
        return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))

    def probability_of(self, source: str, base_held: bool, view_reason: bool, rules_score: float, rules_held: bool,
                       rules: list[str], clf_p: float, refit_p: float) -> float:  # fmt: skip
        """`probability(features34(...))` without building the vector.

        Only the weights of the families that fired and of the source are summed: the same sum up to float rounding.
        """
        w = self.weights
        head = (float(base_held), rules_score, float(rules_held), clf_p, _logit5(clf_p), refit_p, _logit5(refit_p),
                float(view_reason))  # fmt: skip
        z = self.bias + sum(a * b for a, b in zip(w, head, strict=False))
        index = self._index
        z += sum(w[index[f]] for f in {family(x) for x in rules} if f in index)
        z += w[index["source_" + source]]
        return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))

    @property
    def _index(self) -> dict[str, int]:
        """Position of each family's and each source's weight."""
        cached: dict[str, int] | None = self.meta.get("_index")
        if cached is None:
            n = len(STACK34_FEATURES)
            cached = {f: n + i for i, f in enumerate(self.families)}
            cached.update({f"source_{s}": n + len(self.families) + i for i, s in enumerate(SOURCES)})
            self.meta["_index"] = cached
        return cached


class Stacked34Detector(StackedDetector):
    """The default (rules/25 + hashlr/14 + views/2) read by round 34's stage over it and a second classifier.

    Held when rules/25 holds the text as sent or the default held it through a decoded view (those verdicts stand);
    otherwise, with p the stage's probability (`Stack34Model` over `features34`: the default's verdict, rules/25's
    score and families, hashlr-14's and `refit`'s probabilities, the source), a text the default holds stays held
    when p >= `release`, and a text it does not hold is held when p >= `add`. Score: p when the stage decided, else
    the default's score; reasons: the default's, plus `stacked` over the first 200 characters when the stage holds a
    text the default did not.

    The second classifier (`refit`, hashlr-16, anything with `name` and `score(text) -> (p, start, end)`) reads the
    same windows as the first; `_batch.primed` computes both from one hashing pass.
    """

    def __init__(self, rules: HoldDetector, classifier: HoldDetector, refit: Any, make_base: Any,
                 model: Stack34Model) -> None:  # fmt: skip
        self.rules, self._make_base, self.model34, self.refit = rules, make_base, model, refit
        self._rules = _Memo(rules)
        self.classifier = classifier
        self.name = f"{self.base.name}+stack/34"

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """Judge `text` from `source`; see the class docstring.

        Raises:
            UsageError: `source` is not one of `SOURCES`.
        """
        base, r, c, view, standing = self._standing(text, source)
        if standing is not None:
            return standing
        m = self.model34
        cut = m.release if base.held else m.add
        p = m.probability_of(source, base.held, view, r.score, r.held, [x.rule for x in r.reasons], c.score,
                             self.refit.score(text)[0])  # fmt: skip
        return self._decided(text, base, p >= cut, p)

    def _standing(self, text: str, source: Source) -> tuple[HoldAssessment, HoldAssessment, HoldAssessment, bool,
                                                            HoldAssessment | None]:  # fmt: skip
        """`_three`'s assessments, whether the default named a decoded view, and the verdict that stands, if any.

        Held when rules/25 hold the text as sent or the default held it through a view; None: a stage decides.
        """
        base, r, c = self._three(text, source)
        view = any(x.rule.startswith("hidden-") for x in base.reasons)
        stands = HoldAssessment(held=True, score=base.score, reasons=base.reasons, detector=self.name)
        return base, r, c, view, stands if r.held or (base.held and view) else None


_STACKED34: list[Stacked34Detector] = []


def get_stacked34_detector() -> Stacked34Detector:
    """Round 34's stage over the default (`rules/25+hashlr/14+views/2+stack/34`), built once per process.

    Out of fold by set over v4-v33 it holds more orders at a higher precision than the default with none of the
    hold tests' benign examples newly held (memeval/hold/README.md, round 34).

    Raises:
        UsageError: the classifier's `combination` is not numbers by name, or a model file is missing or does not
            match its features.
    """
    if not _STACKED34:
        with _LOCK:
            if not _STACKED34:
                from memeval.hold._classifier import get_hold_classifier
                from memeval.hold._detector import RuleDetector, RulesWithClassifier

                clf = get_hold_classifier()
                numbers = clf.model.meta.get("combination", {})
                if not isinstance(numbers, dict) or not all(isinstance(v, float) for v in numbers.values()):
                    raise UsageError(f"{clf.model.name}.json: combination is {numbers!r}, not numbers by name")
                model = Stack34Model.load()

                def make_base(r: HoldDetector, c: HoldDetector) -> HoldDetector:
                    return RulesWithClassifier(r, c, views=True, **numbers)

                refit = get_hold_classifier(model.meta["refit"])
                _STACKED34.append(Stacked34Detector(RuleDetector(version=25), clf, refit, make_base, model))
    return _STACKED34[0]
