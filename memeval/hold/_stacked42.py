"""Round 42's default stage: round 38's, its concept stage reading `_concepts42.vector42` (issue 15, round 42).

`Stacked42Detector` is `Stacked38Detector` (round 34's stage decides; a text the default lets through that `stack-34`
gives at least the gate (0.2) but less than its add cut (0.88) is judged by a concept stage, which may only add a
hold) whose concept stage, `stack-42`, reads `vector42` in `vector38`'s place: round 38's numbers, round 40's acts,
frames and skipped checks in about 50 languages, round 41's checks added or taken away, and round 42's reading of
where the order words sit (quoted in prose or code, carried in a JSON string, or said). Weights, cuts and gate:
`stack-42.json`, fitted by `scripts/hold_train_round42.py` on every row of v4-v41 and the benign rows written for
rounds 34 and 37; figures out of fold by set and by source group: `bench/hold_cv_round42.py` (memeval/hold/README.md,
round 42).
"""

from __future__ import annotations

import threading
from typing import ClassVar

from memeval.hold._concepts42 import FEATURES42, vector42
from memeval.hold._stacked36 import Stack36Model
from memeval.hold._stacked37 import Stacked37Detector, gated_on_round34


class Stack42Model(Stack36Model):
    """Round 42's fitted concept stage (`stack-42.json`): `Stack36Model` over `features34` and `vector42`."""

    CONCEPT_FEATURES: ClassVar[tuple[str, ...]] = FEATURES42
    TRAIN: ClassVar[str] = "scripts/hold_train_round42.py"

    @staticmethod
    def concepts_of(text: str) -> list[float]:
        """The concept numbers of `text` this stage reads (`_concepts42.vector42`, 74 numbers)."""
        return vector42(text)


class Stacked42Detector(Stacked37Detector):
    """`Stacked37Detector` whose concept stage is `Stack42Model` (see the module docstring); named `...+stack/42`.

    Args:
        rules, classifier, refit, make_base, gate_model, gate: as `Stacked37Detector`'s.
        model: the concept stage (`stack-42`).

    Raises:
        UsageError: `gate` is not in [0, 1] or not below `gate_model.add`.
    """

    STAGE: ClassVar[str] = "stack/42"


_LOCK = threading.Lock()
_STACKED42: list[Stacked42Detector] = []


def get_stacked42_detector() -> Stacked42Detector:
    """Round 42's detector, the default in round 42 (`rules/25+hashlr/14+views/2+stack/42`), built once.

    Out of fold over v4-v41, with its add cut chosen on the other folds (0.88 for every set and every source group),
    it holds more orders than round 38's (the default until round 42) at a precision no lower, by set and by source
    group, and newly holds none of the hold tests' benign examples (memeval/hold/README.md, round 42).

    Raises:
        UsageError: a model file is missing or does not match its features, or its gate is out of range.
    """
    if not _STACKED42:
        with _LOCK:
            if not _STACKED42:
                _STACKED42.append(gated_on_round34(Stacked42Detector, Stack42Model, "stack-42", "round42"))
    return _STACKED42[0]
