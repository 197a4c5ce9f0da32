"""Round 38's default stage: round 37's, with the concepts read with a negation scope and a speaker's framing.

`Stacked38Detector` is `Stacked37Detector` (round 34's stage decides; a text the default lets through that `stack-34`
gives at least the gate (0.2) but less than its add cut (0.88) is judged by a concept stage, which may only add a
hold) whose concept stage, `stack-38`, reads `_concepts.vector38` in `vector`'s place: round 36's 25 concepts, then
the risky acts split by negation scope (an act under "never", "do not", "nie", "不要", "しないで" in its clause is
counted apart from an act ordered, so a standing rule that forbids sending secrets no longer reads as an order to
send them; "don't tell", "do not log" stay orders to hide), whether the text presents itself as another agent's or a
tool's message, and three more concepts (authority claimed: "the director approved it verbally"; a check skipped:
"without a ticket"; a stored lesson: "saved to long-term memory", `_concepts_lexicon38`). Weights, cuts and gate:
`stack-38.json`, fitted by `scripts/hold_train_round38.py` on every row of v4-v37 and the benign rows written for
rounds 34 and 37; figures out of fold by set: `bench/hold_cv_round38.py` (memeval/hold/README.md, round 38).
"""

from __future__ import annotations

import threading
from typing import ClassVar

from memeval.hold._concepts import FEATURES38, vector38
from memeval.hold._stacked36 import Stack36Model
from memeval.hold._stacked37 import Stacked37Detector, gated_on_round34


class Stack38Model(Stack36Model):
    """Round 38's fitted concept stage (`stack-38.json`): `Stack36Model` over `features34` and `_concepts.vector38`."""

    CONCEPT_FEATURES: ClassVar[tuple[str, ...]] = FEATURES38
    TRAIN: ClassVar[str] = "scripts/hold_train_round38.py"

    @staticmethod
    def concepts_of(text: str) -> list[float]:
        """The concept numbers of `text` this stage reads (`_concepts.vector38`)."""
        return vector38(text)


class Stacked38Detector(Stacked37Detector):
    """`Stacked37Detector` whose concept stage is `Stack38Model` (see the module docstring); named `...+stack/38`.

    Args:
        rules, classifier, refit, make_base, gate_model, gate: as `Stacked37Detector`'s.
        model: the concept stage (`stack-38`).

    Raises:
        UsageError: `gate` is not in [0, 1] or not below `gate_model.add`.
    """

    STAGE: ClassVar[str] = "stack/38"


_LOCK = threading.Lock()
_STACKED38: list[Stacked38Detector] = []


def get_stacked38_detector() -> Stacked38Detector:
    """Round 38's detector, the default since round 38 (`rules/25+hashlr/14+views/2+stack/38`), built once.

    Out of fold by set over v4-v37 it holds more orders than round 37's (the default until round 38) with no more
    benign texts held, and says what round 37's says on every benign example of the hold tests
    (memeval/hold/README.md, round 38).

    Raises:
        UsageError: a model file is missing or does not match its features, or its gate is out of range.
    """
    if not _STACKED38:
        with _LOCK:
            if not _STACKED38:
                _STACKED38.append(gated_on_round34(Stacked38Detector, Stack38Model, "stack-38", "round38"))
    return _STACKED38[0]
