r"""Round 52's candidate (`...+stack/52`, opt-in): round 51's, with readings of how an order is carried.

The default is not changed here.

Issue 15, round 52. `Stacked52Detector` is `Stacked51Detector` (round 44's detector with round 51's release, which
keeps a hold when a sentence of the text is itself an order) with two changes:

- the concept stage (`stack-52`, `Stack52Model`) reads `_concepts52.vector52`: round 51's `vector51` and seven
  numbers that read how an order is carried rather than its words (a run that decodes to text, letters split by
  zero-width characters, leetspeak, a reversed line, a fake end of input or a role mark, an address or "AI" inside
  text in another script, any of these) and two that read international loanwords (agent, session, instructions,
  system) in a text not in English, refitted on v4-v49 by `scripts/hold_train_round52.py`;
- a text the default lets through is also asked of the stage below the gate when `_concepts52.framed_step52` reads
  it (round 51's wider gate, one of the first five shapes, or a loanword).

Measured out of fold over v4-v49 by `bench/hold_cv_round52.py` (memeval/hold/README.md, round 52). Opt-in: the lead's
blind look decides.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import ClassVar, Self

from memeval.hold._concepts45 import FEATURES45
from memeval.hold._concepts48 import FEATURES48_MORE
from memeval.hold._concepts49 import FEATURES49_MORE
from memeval.hold._concepts50 import FEATURES50_MORE
from memeval.hold._concepts51 import FEATURES51_MORE
from memeval.hold._concepts52 import FEATURES52_MORE, framed_step52, vector52
from memeval.hold._stacked import MODEL_DIR
from memeval.hold._stacked37 import gated_on_round34
from memeval.hold._stacked43 import Stack43Model
from memeval.hold._stacked51 import Stacked51Detector


class Stack52Model(Stack43Model):
    """Round 52's fitted concept stage (`stack-52.json`): `Stack43Model`'s record over `features34` and `vector52`."""

    CONCEPT_FEATURES: ClassVar[tuple[str, ...]] = (*FEATURES45, *FEATURES48_MORE, *FEATURES49_MORE, *FEATURES50_MORE,
                                                   *FEATURES51_MORE, *FEATURES52_MORE)  # fmt: skip
    TRAIN: ClassVar[str] = "scripts/hold_train_round52.py"

    @classmethod
    def load(cls, name: str = "stack-52", folder: Path = MODEL_DIR) -> Self:
        """Read `folder/name.json` (`Stack43Model.load`'s checks).

        Raises:
            UsageError: the file is missing, its features do not match, or a cut is not a probability in [0, 1].
        """
        return super().load(name, folder)

    @staticmethod
    def concepts_of(text: str) -> list[float]:
        """The concept numbers of `text` this stage reads (`_concepts52.vector52`, 139 numbers)."""
        return vector52(text)


class Stacked52Detector(Stacked51Detector):
    """`Stacked51Detector` with round 52's concept stage and wider gate (module docstring); `...+stack/52`.

    Args:
        rules, classifier, refit, make_base, gate_model, gate: as `Stacked37Detector`'s.
        model: the concept stage (`stack-52`).

    Raises:
        UsageError: `gate` is not in [0, 1] or not below `gate_model.add`.
    """

    STAGE: ClassVar[str] = "stack/52"

    def _asks(self, text: str, p34: float) -> bool:
        """From the gate on, or below it when `framed_step52` reads the text."""
        return p34 >= self.gate or framed_step52(text)


_LOCK = threading.Lock()
_STACKED52: list[Stacked52Detector] = []


def get_stacked52_detector() -> Stacked52Detector:
    """Round 52's candidate (`rules/25+hashlr/14+views/2+stack/52`, opt-in), built once.

    Raises:
        UsageError: a model file is missing or does not match its features, or its gate or cuts are out of range.
    """
    if not _STACKED52:
        with _LOCK:
            if not _STACKED52:
                _STACKED52.append(gated_on_round34(Stacked52Detector, Stack52Model, "stack-52", "round52"))
    return _STACKED52[0]
