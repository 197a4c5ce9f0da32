"""Round 48's candidate (`...+stack/48`, opt-in; the default stays `stack/44`): the concept stage reads `vector48`.

Issue 15, round 48. `Stacked48Detector` is `Stacked44Detector` (round 34's stage decides; a text the default lets
through that `stack-34` gives at least the gate, 0.2, but less than its add cut is judged by a concept stage, which
may add a hold from `add_person` for a person's words and from `add` for any other source's; a hold of a text that
writes about something for a reader is lifted under `release_below`) with two changes: the concept stage
(`stack-48`, `Stack48Model`) reads `_concepts48.vector48` (round 47's 84 numbers and 18 more: the risk of the step
read from its commands and objects, crossed with a lesson's frame and a claimed approval, reported speech, decoded
views), refitted on v4-v45 by `scripts/hold_train_round48.py`; and a text the default lets through is also asked of
the stage below the gate when `_concepts48.framed_step48` reads a frame or claim with a risky step. Out of fold over
v4-v45 the arm (`c48 gate`, `bench/hold_cv_round48.py`) holds more orders than round 44 refitted at a precision no
lower, by set and by source group (memeval/hold/README.md, round 48). Not the default: the lead's blind look at v46
decides.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import ClassVar, Self

from memeval.hold._concepts45 import FEATURES45
from memeval.hold._concepts48 import FEATURES48_MORE, framed_step48, vector48
from memeval.hold._stacked import MODEL_DIR
from memeval.hold._stacked37 import gated_on_round34
from memeval.hold._stacked43 import Stack43Model
from memeval.hold._stacked44 import Stacked44Detector


class Stack48Model(Stack43Model):
    """Round 48's fitted concept stage (`stack-48.json`): `Stack43Model`'s record over `features34` and `vector48`."""

    CONCEPT_FEATURES: ClassVar[tuple[str, ...]] = (*FEATURES45, *FEATURES48_MORE)
    TRAIN: ClassVar[str] = "scripts/hold_train_round48.py"

    @classmethod
    def load(cls, name: str = "stack-48", folder: Path = MODEL_DIR) -> Self:
        """Read `folder/name.json` (`Stack43Model.load`'s checks).

        Raises:
            UsageError: the file is missing, its features do not match, or a cut is not a probability in [0, 1].
        """
        return super().load(name, folder)

    @staticmethod
    def concepts_of(text: str) -> list[float]:
        """The concept numbers of `text` this stage reads (`_concepts48.vector48`, 102 numbers)."""
        return vector48(text)


class Stacked48Detector(Stacked44Detector):
    """`Stacked44Detector` with round 48's concept stage and wider gate (module docstring); named `...+stack/48`.

    Args:
        rules, classifier, refit, make_base, gate_model, gate: as `Stacked37Detector`'s.
        model: the concept stage (`stack-48`).

    Raises:
        UsageError: `gate` is not in [0, 1] or not below `gate_model.add`.
    """

    STAGE: ClassVar[str] = "stack/48"

    def _asks(self, text: str, p34: float) -> bool:
        """From the gate on, or below it when `framed_step48` reads a frame or claim with a risky step."""
        return p34 >= self.gate or framed_step48(text)


_LOCK = threading.Lock()
_STACKED48: list[Stacked48Detector] = []


def get_stacked48_detector() -> Stacked48Detector:
    """Round 48's candidate (`rules/25+hashlr/14+views/2+stack/48`, opt-in), built once.

    Raises:
        UsageError: a model file is missing or does not match its features, or its gate or cuts are out of range.
    """
    if not _STACKED48:
        with _LOCK:
            if not _STACKED48:
                _STACKED48.append(gated_on_round34(Stacked48Detector, Stack48Model, "stack-48", "round48"))
    return _STACKED48[0]
