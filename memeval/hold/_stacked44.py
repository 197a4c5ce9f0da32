"""Round 44's stage (the default in rounds 44-51): round 43's, its release reading whom words of description are for.

`Stacked44Detector` is `Stacked43Detector` (round 34's stage decides; a text the default lets through that `stack-34`
gives at least the gate, 0.2, but less than its add cut is judged by a concept stage reading `_concepts42.vector42`,
which may add a hold from 0.8 for a person's words and from 0.86 for any other source's; a hold of a text that writes
about something is lifted under 0.6) with one change: a text writes about something only by
`_about44.writes_about44`, which does not count a word of description that labels a part of the text
("Malicious instruction:") or stands in an address ("attacker@..."): an order that names its attack in its own words
keeps its hold. The concept stage and its cuts are round 43's (`stack-43.json`): refitted on v4-v43, the stage holds
one of the hold tests' benign examples at round 43's cuts, and the cuts the nested rule chooses instead hold fewer
orders than round 43 out of fold (`bench/hold_cv_round44.py`, memeval/hold/README.md, round 44).
"""

from __future__ import annotations

import threading
from typing import ClassVar

from memeval.hold._about44 import writes_about44
from memeval.hold._models import HoldAssessment
from memeval.hold._stacked37 import gated_on_round34
from memeval.hold._stacked43 import OBSCURED, Stack43Model, Stacked43Detector


class Stacked44Detector(Stacked43Detector):
    """`Stacked43Detector` whose release reads `writes_about44` (see the module docstring); named `...+stack/44`.

    Args:
        rules, classifier, refit, make_base, gate_model, gate: as `Stacked37Detector`'s.
        model: the concept stage (`stack-43`, round 43's).

    Raises:
        UsageError: `gate` is not in [0, 1] or not below `gate_model.add`.
    """

    STAGE: ClassVar[str] = "stack/44"

    @staticmethod
    def _releasable(text: str, base: HoldAssessment, view: bool, m: Stack43Model) -> bool:
        """Whether a hold of `text` may be lifted at all (`m`'s release cut above 0, see below).

        The default named no decoded view and no reason of `OBSCURED`, and the text writes about something for a
        reader (`writes_about44`: a quotation or code, or words of description outside labels and addresses).
        """
        return (m.release_below > 0 and not view and not OBSCURED & {x.rule for x in base.reasons}
                and writes_about44(text))  # fmt: skip


_LOCK = threading.Lock()
_STACKED44: list[Stacked44Detector] = []


def get_stacked44_detector() -> Stacked44Detector:
    """Round 44's detector (`rules/25+hashlr/14+views/2+stack/44`), the default from round 44 to 51, built once.

    Raises:
        UsageError: a model file is missing or does not match its features, or its gate or cuts are out of range.
    """
    if not _STACKED44:
        with _LOCK:
            if not _STACKED44:
                _STACKED44.append(gated_on_round34(Stacked44Detector, Stack43Model, "stack-43", "round43"))
    return _STACKED44[0]
