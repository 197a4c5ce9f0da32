"""Round 37's default stage: round 36's reading of risk, refitted with v36, read only where round 34's stage is unsure.

`Stacked37Detector` is `Stacked34Detector` (rules/25 + hashlr/14 + views/2 read by a fitted stage over them and
hashlr-16; rules/25's and a decoded view's verdicts stand) with a second stage, `stack-37` (round 36's inputs:
`features34` and `_concepts.vector`, 25 concepts found in about 30 languages), read behind a gate: a text the default
lets through that `stack-34` gives at least `gate` (0.2) but less than its add cut (0.88) is judged by the concept
stage, which may hold it; every other verdict is round 34's, and the concepts are computed only for those texts. On
the ingest bench's memory and lesson texts 0.4% are asked, so the concepts' CPU (about 6% of a text's when read for
every text) is mostly saved. Weights, cuts and gate: `stack-37.json`, fitted by `scripts/hold_train_round37.py` on
every row of v4-v36 and the benign rows written for rounds 34 and 37; figures out of fold by set:
`bench/hold_cv_round37.py` (memeval/hold/README.md, round 37).
"""

from __future__ import annotations

import threading
from typing import Any, ClassVar, TypeVar

from memeval.errors import UsageError
from memeval.hold._models import HoldAssessment, HoldDetector, Source
from memeval.hold._stacked import Stack34Model, Stacked34Detector
from memeval.hold._stacked36 import Stack36Model


class Stacked37Detector(Stacked34Detector):
    """`Stacked34Detector` that asks a stage reading the concepts about the texts round 34's stage is unsure of.

    Held when rules/25 holds the text as sent or the default held it through a decoded view. Otherwise, with p34 the
    round 34 stage's probability (`gate_model`), round 34's verdict stands (a text the default holds stays held when
    p34 >= its `release`, one it lets through is held when p34 >= its `add`), except that a text the default lets
    through with `gate` <= p34 < `add` is judged by `model` (`Stack36Model`, probability p): held when p >= its
    `add`. So the concept stage only adds holds, and the concepts are computed only for those texts. Score: p where
    `model` decided, else p34. Reasons: the default's, plus `stacked` over the first 200 characters when a stage holds
    a text the default did not.

    Args:
        rules, classifier, refit, make_base: as `Stacked34Detector`'s.
        gate_model: round 34's stage (`stack-34`).
        model: the concept stage (`stack-37`).
        gate: the p34 from which a text the default lets through is read by `model`, in [0, 1].

    Raises:
        UsageError: `gate` is not in [0, 1] or not below `gate_model.add` (the stages would disagree below it).
    """

    STAGE: ClassVar[str] = "stack/37"
    """The concept stage's part of the detector's name (`...+stack/37`); a later round's subclass names its own."""

    def __init__(self, rules: HoldDetector, classifier: HoldDetector, refit: Any, make_base: Any,
                 gate_model: Stack34Model, model: Stack36Model, gate: float) -> None:  # fmt: skip
        if not 0 <= gate < gate_model.add:
            raise UsageError(f"{self.STAGE} gate {gate!r}: use a probability from 0 up to {gate_model.name}'s add cut "
                             f"{gate_model.add} (below the gate the round 34 stage must not hold)")  # fmt: skip
        super().__init__(rules, classifier, refit, make_base, gate_model)
        self.model37, self.gate = model, gate
        self.name = f"{self.base.name}+{self.STAGE}"

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """Judge `text` from `source`; see the class docstring.

        Raises:
            UsageError: `source` is not one of `SOURCES`.
        """
        base, r, c, view, standing = self._standing(text, source)
        if standing is not None:
            return standing
        fired = [x.rule for x in r.reasons]
        refit_p = self.refit.score(text)[0]
        m34 = self.model34
        p = m34.probability_of(source, base.held, view, r.score, r.held, fired, c.score, refit_p)
        held = p >= (m34.release if base.held else m34.add)
        if not base.held and not held and p >= self.gate:
            m = self.model37
            p = m.probability_of(text, source, base.held, view, r.score, r.held, fired, c.score, refit_p)
            held = p >= m.add
        return self._decided(text, base, held, p)


_LOCK = threading.Lock()
_STACKED37: list[Stacked37Detector] = []


def get_stacked37_detector() -> Stacked37Detector:
    """Round 37's detector, the default in round 37 (`rules/25+hashlr/14+views/2+stack/37`), built once.

    Round 38's default (`_stacked38`) is built on it with another concept stage.

    Out of fold by set over v4-v36 it holds more orders than round 34's stage (the default until round 37) at the
    same precision, and says what that stage says on every benign example of the hold tests (memeval/hold/README.md,
    round 37).

    Raises:
        UsageError: a model file is missing or does not match its features, or its gate is out of range.
    """
    if not _STACKED37:
        with _LOCK:
            if not _STACKED37:
                _STACKED37.append(gated_on_round34(Stacked37Detector, Stack36Model, "stack-37", "round37"))
    return _STACKED37[0]


_D = TypeVar("_D", bound=Stacked37Detector)


def gated_on_round34(cls: type[_D], model_cls: type[Stack36Model], name: str, round_script: str) -> _D:
    """A `cls` on round 34's built stages whose concept stage is `model_cls.load(name)`, behind that model's gate.

    The model must have been fitted on round 34's stage as it is built (`meta["refit"]` names it) and carries its
    gate in `meta["gate"]`; `round_script` names the training script to run again when it does not (`round37`:
    `scripts/hold_train_round37.py`). Rounds 37 and 38 are built so.

    Raises:
        UsageError: the model file is missing or was fitted on another round 34 stage.
    """
    from memeval.hold._stacked import get_stacked34_detector

    default = get_stacked34_detector()
    model = model_cls.load(name)
    if model.meta.get("refit") != default.refit.model.name:
        raise UsageError(f"{name}.json reads {model.meta.get('refit')!r}, round 34's stage "
                         f"{default.refit.model.name!r}; train it again with "
                         f"scripts/hold_train_{round_script}.py")  # fmt: skip
    gate = float(model.meta["gate"])
    return cls(default.rules, default.classifier, default.refit, default._make_base, default.model34, model, gate)
