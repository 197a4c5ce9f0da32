"""Round 36's stage: round 34's stacked stage that also reads a language-agnostic reading of risk (opt-in).

`Stacked36Detector` is `Stacked34Detector` (rules/25 + hashlr/14 + views/2, a fitted stage that also reads hashlr-16;
rules/25's and a decoded view's verdicts stand) with the stage's inputs extended by `_concepts.vector`: 25 concepts
(an AI reader, a relayed message, "from now on", send, delete, switch off, conceal, grant rights, pay, approve, run,
secrets, other people's data, logs, safeguards, words of description ...) found through word lists of about 30
languages, so that what the stage learnt from orders in one language reaches the same order in another. Weights and
cuts: `stack-36.json`, fitted by `scripts/hold_train_round36.py` on every row of v4-v35 (each row read by
classifiers that never saw its set) and round 34's written benign rows; figures out of fold by set:
`bench/hold_cv_round36.py` (memeval/hold/README.md, round 36). Opt-in: `get_stacked36_detector()`; the default is
still round 34's stage.
"""

from __future__ import annotations

import json
import math
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Self

from memeval.errors import UsageError
from memeval.hold._concepts import FEATURES as CONCEPT_FEATURES
from memeval.hold._concepts import vector
from memeval.hold._models import SOURCES, HoldAssessment, HoldDetector, Source
from memeval.hold._stacked import MODEL_DIR, STACK34_FEATURES, Stack34Model, Stacked34Detector


def feature_names(families: tuple[str, ...] | list[str], concept_features: tuple[str, ...] = CONCEPT_FEATURES
                  ) -> list[str]:  # fmt: skip
    """The names of `stack-36`'s inputs in order.

    `features34`'s (head, one per family, one per source), then `concept_features` (`_concepts.FEATURES` unless
    given; round 38's stage passes `_concepts.FEATURES38`).
    """
    return [*STACK34_FEATURES, *(f"family_{f}" for f in families), *(f"source_{s}" for s in SOURCES),
            *concept_features]  # fmt: skip


@dataclass(frozen=True)
class Stack36Model:
    """Round 36's fitted stage (`stack-36.json`): weights over `feature_names(families)` and a bias, two cuts.

    `release`: a text the default holds (not by rules/25 or a decoded view) is released below it; `add`: a text the
    default lets through is held from it. Both are probabilities in [0, 1].
    """

    CONCEPT_FEATURES: ClassVar[tuple[str, ...]] = CONCEPT_FEATURES
    """The names of the concept numbers the stage reads after `features34`'s (`concepts_of`)."""
    TRAIN: ClassVar[str] = "scripts/hold_train_round36.py"

    name: str
    inner: Stack34Model
    """The weights of `features34`'s part, read as round 34's model reads them."""
    concept_weights: tuple[float, ...]
    release: float
    add: float
    meta: dict[str, Any]

    @classmethod
    def load(cls, name: str = "stack-36", folder: Path = MODEL_DIR) -> Self:
        """Read `folder/name.json`.

        Raises:
            UsageError: the file is missing or its feature names are not `feature_names` of its families.
        """
        path = folder / f"{name}.json"
        if not path.is_file():
            raise UsageError(f"no stacked hold model {name!r} in {folder}; train it with {cls.TRAIN}")
        record = json.loads(path.read_text(encoding="utf-8"))
        families = tuple(record["families"])
        names = feature_names(families, cls.CONCEPT_FEATURES)
        weights = [float(w) for w in record["weights"]]
        if record["features"] != names or len(weights) != len(names):
            raise UsageError(f"{path}: its features are not feature_names({len(families)} families), "
                             f"{len(names)} numbers; train it again with {cls.TRAIN}")  # fmt: skip
        n34 = len(names) - len(cls.CONCEPT_FEATURES)
        inner = Stack34Model(name, tuple(weights[:n34]), float(record["bias"]), families, float(record["release"]),
                             float(record["add"]), {"refit": record["refit"]})  # fmt: skip
        return cls(name, inner, tuple(weights[n34:]), inner.release, inner.add, record)

    def probability_of(self, text: str, source: str, base_held: bool, view_reason: bool, rules_score: float,
                       rules_held: bool, rules: list[str], clf_p: float, refit_p: float) -> float:  # fmt: skip
        """The stage's probability that `text` is an order to an agent (the arguments as `features34`'s)."""
        p = self.inner.probability_of(source, base_held, view_reason, rules_score, rules_held, rules, clf_p, refit_p)
        p = min(max(p, 1e-13), 1 - 1e-13)
        z = math.log(p / (1 - p)) + sum(w * v for w, v in zip(self.concept_weights, self.concepts_of(text),
                                                                strict=True))  # fmt: skip
        return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))

    @staticmethod
    def concepts_of(text: str) -> list[float]:
        """The concept numbers of `text` this stage reads (`_concepts.vector`)."""
        return vector(text)


class Stacked36Detector(Stacked34Detector):
    """`Stacked34Detector` whose stage also reads `_concepts.vector` of the text (`Stack36Model`).

    Held when rules/25 holds the text as sent or the default held it through a decoded view; otherwise, with p the
    stage's probability, a text the default holds stays held when p >= `release`, one it does not hold is held when
    p >= `add`. Score and reasons as round 34's (`stacked` over the first 200 characters when the stage adds a hold).
    """

    def __init__(self, rules: HoldDetector, classifier: HoldDetector, refit: Any, make_base: Any,
                 model: Stack36Model) -> None:  # fmt: skip
        super().__init__(rules, classifier, refit, make_base, model.inner)
        self.model36 = model
        self.name = f"{self.base.name}+stack/36"

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """Judge `text` from `source`; see the class docstring.

        Raises:
            UsageError: `source` is not one of `SOURCES`.
        """
        base, r, c, view, standing = self._standing(text, source)
        if standing is not None:
            return standing
        m = self.model36
        p = m.probability_of(text, source, base.held, view, r.score, r.held, [x.rule for x in r.reasons], c.score,
                             self.refit.score(text)[0])  # fmt: skip
        return self._decided(text, base, p >= (m.release if base.held else m.add), p)


_LOCK = threading.Lock()
_STACKED36: list[Stacked36Detector] = []


def get_stacked36_detector() -> Stacked36Detector:
    """Round 36's stage over the default's parts (`rules/25+hashlr/14+views/2+stack/36`), built once per process.

    Opt-in: out of fold by set over v4-v35 it holds a few more orders (most of them outside English) at a slightly
    higher precision than round 34's stage, the default (memeval/hold/README.md, round 36).

    Raises:
        UsageError: a model file is missing or does not match its features.
    """
    if not _STACKED36:
        with _LOCK:
            if not _STACKED36:
                from memeval.hold._classifier import get_hold_classifier
                from memeval.hold._stacked import get_stacked34_detector

                default = get_stacked34_detector()
                model = Stack36Model.load()
                refit = get_hold_classifier(model.meta["refit"])
                _STACKED36.append(
                    Stacked36Detector(default.rules, default.classifier, refit, default._make_base, model)
                )
    return _STACKED36[0]
