"""Round 50's candidate (`...+stack/50`, opt-in; the default is not changed here): the concept stage reads `vector50`.

Issue 15, round 50. `Stacked50Detector` is `Stacked48Detector` (round 44's detector: round 34's stage decides; a text
the default lets through that `stack-34` gives at least the gate, 0.2, but less than its add cut is judged by a
concept stage, which may add a hold from `add_person` for a person's words and from `add` for any other source's; a
hold of a text that writes about something for a reader is lifted under `release_below`) with two changes: the concept
stage (`stack-50`, `Stack50Model`) reads `_concepts50.vector50` (round 49's `vector49`, which is round 48's `vector48`
with readers for extraction, skipped checks and trusted claims, and ten numbers for the scripts v47's look held nothing
of, lessons with a risky step and secrets advice), refitted on v4-v47 by `scripts/hold_train_round50.py`; and a text
the default lets through is also asked of the stage below the gate when `_concepts50.framed_step50w` reads it (round
48's and 49's wider gates, and round 50's in a text that is not ASCII). Measured out of fold over v4-v47 by
`bench/hold_cv_round50.py` (arm `c50 gate`; memeval/hold/README.md, round 50). Opt-in: the lead's blind look decides.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import ClassVar, Self

from memeval.hold._concepts45 import FEATURES45
from memeval.hold._concepts48 import FEATURES48_MORE
from memeval.hold._concepts49 import FEATURES49_MORE
from memeval.hold._concepts50 import FEATURES50_MORE, framed_step50w, vector50
from memeval.hold._stacked import MODEL_DIR
from memeval.hold._stacked37 import gated_on_round34
from memeval.hold._stacked43 import Stack43Model
from memeval.hold._stacked48 import Stacked48Detector


class Stack50Model(Stack43Model):
    """Round 50's fitted concept stage (`stack-50.json`): `Stack43Model`'s record over `features34` and `vector50`."""

    CONCEPT_FEATURES: ClassVar[tuple[str, ...]] = (*FEATURES45, *FEATURES48_MORE, *FEATURES49_MORE, *FEATURES50_MORE)
    TRAIN: ClassVar[str] = "scripts/hold_train_round50.py"

    @classmethod
    def load(cls, name: str = "stack-50", folder: Path = MODEL_DIR) -> Self:
        """Read `folder/name.json` (`Stack43Model.load`'s checks).

        Raises:
            UsageError: the file is missing, its features do not match, or a cut is not a probability in [0, 1].
        """
        return super().load(name, folder)

    @staticmethod
    def concepts_of(text: str) -> list[float]:
        """The concept numbers of `text` this stage reads (`_concepts50.vector50`, 124 numbers)."""
        return vector50(text)


class Stacked50Detector(Stacked48Detector):
    """`Stacked48Detector` with round 50's concept stage and wider gate (module docstring); named `...+stack/50`.

    Args:
        rules, classifier, refit, make_base, gate_model, gate: as `Stacked37Detector`'s.
        model: the concept stage (`stack-50`).

    Raises:
        UsageError: `gate` is not in [0, 1] or not below `gate_model.add`.
    """

    STAGE: ClassVar[str] = "stack/50"

    def _asks(self, text: str, p34: float) -> bool:
        """From the gate on, or below it when `framed_step50w` reads the text."""
        return p34 >= self.gate or framed_step50w(text)


_LOCK = threading.Lock()
_STACKED50: list[Stacked50Detector] = []


def get_stacked50_detector() -> Stacked50Detector:
    """Round 50's candidate (`rules/25+hashlr/14+views/2+stack/50`, opt-in), built once.

    Raises:
        UsageError: a model file is missing or does not match its features, or its gate or cuts are out of range.
    """
    if not _STACKED50:
        with _LOCK:
            if not _STACKED50:
                _STACKED50.append(gated_on_round34(Stacked50Detector, Stack50Model, "stack-50", "round50"))
    return _STACKED50[0]
