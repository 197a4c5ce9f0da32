"""Round 45's stage: round 44's, its concept stage reading a lesson's frame, a claimed approval and a risky step.

Issue 15, round 45.

`Stacked45Detector` is `Stacked44Detector` (round 34's stage decides; a text the default lets through that `stack-34`
gives at least the gate, 0.2, but less than its add cut is judged by a concept stage, which may add a hold from
`add_person` for a person's words and from `add` for any other source's; a hold of a text that writes about something
for a reader, `_about44.writes_about44`, is lifted under `release_below`) whose concept stage reads
`_concepts45.vector45`: `vector42`'s numbers and round 45's concepts in the languages v44 added (a lesson's frame, a
hand-off or approval claimed by a third party, a check skipped, a control weakened, something made public, rights
granted, records erased). When the record's `wide_gate` is true, a text round 34's stage scores under the gate is
asked too when `_concepts45.framed_risk45` reads a frame or claim and a risky step in it. Weights, gate and cuts:
`stack-45.json`, fitted by `scripts/hold_train_round45.py`; figures out of fold by set and by source group:
`bench/hold_cv_round45.py` (memeval/hold/README.md, round 45).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import ClassVar, Self, cast

from memeval.errors import UsageError
from memeval.hold._concepts45 import FEATURES45, framed_risk45, vector45
from memeval.hold._stacked import MODEL_DIR
from memeval.hold._stacked37 import gated_on_round34
from memeval.hold._stacked43 import Stack43Model
from memeval.hold._stacked44 import Stacked44Detector


class Stack45Model(Stack43Model):
    """Round 45's fitted concept stage (`stack-45.json`): `Stack43Model` over `features34` and `vector45`.

    `wide_gate` (`meta["wide_gate"]`, a bool): whether texts under the gate that `framed_risk45` reads are asked too.
    """

    CONCEPT_FEATURES: ClassVar[tuple[str, ...]] = FEATURES45
    TRAIN: ClassVar[str] = "scripts/hold_train_round45.py"

    @classmethod
    def load(cls, name: str = "stack-45", folder: Path = MODEL_DIR) -> Self:
        """Read `folder/name.json` (the package's model folder by default) and check `wide_gate`.

        Raises:
            UsageError: the file is missing, its features do not match, a cut is not a probability, or `wide_gate`
                is not true or false.
        """
        model = super().load(name, folder)
        if not isinstance(model.meta.get("wide_gate"), bool):
            raise UsageError(f"{name}.json: wide_gate is {model.meta.get('wide_gate')!r}, not true or false; "
                             f"train it again with {cls.TRAIN}")  # fmt: skip
        return model

    @property
    def wide_gate(self) -> bool:
        """Whether a text under the gate that `framed_risk45` reads is asked of this stage."""
        return bool(self.meta["wide_gate"])

    @staticmethod
    def concepts_of(text: str) -> list[float]:
        """The concept numbers of `text` this stage reads (`_concepts45.vector45`, 84 numbers)."""
        return vector45(text)


class Stacked45Detector(Stacked44Detector):
    """`Stacked44Detector` whose concept stage is `Stack45Model` (see the module docstring); named `...+stack/45`.

    Args:
        rules, classifier, refit, make_base, gate_model, gate: as `Stacked37Detector`'s.
        model: the concept stage (`stack-45`).

    Raises:
        UsageError: `gate` is not in [0, 1] or not below `gate_model.add`.
    """

    STAGE: ClassVar[str] = "stack/45"

    def _asks(self, text: str, p34: float, m: Stack43Model) -> bool:
        """From the gate up, and below it a text `framed_risk45` reads when the stage's `wide_gate` is on."""
        return p34 >= self.gate or (cast(Stack45Model, m).wide_gate and framed_risk45(text))


_LOCK = threading.Lock()
_STACKED45: list[Stacked45Detector] = []


def get_stacked45_detector() -> Stacked45Detector:
    """Round 45's detector (`rules/25+hashlr/14+views/2+stack/45`), built once.

    Raises:
        UsageError: a model file is missing or does not match its features, or its gate or cuts are out of range.
    """
    if not _STACKED45:
        with _LOCK:
            if not _STACKED45:
                _STACKED45.append(gated_on_round34(Stacked45Detector, Stack45Model, "stack-45", "round45"))
    return _STACKED45[0]
