"""Holding: text that reads like orders to an agent goes to a person, not into memory.

`get_hold_detector().assess(text, source)` returns a `HoldAssessment` (held, score, reasons with
rule names and spans of the original text, detector version). The default detector is a set of
versioned rules (`rules/1`); anything with `name` and `assess` can replace it, and `AnyOf` joins
several (rules plus a trained classifier). Measured precision and recall: `memeval/hold/README.md`.
"""

from memeval.hold._detector import THRESHOLDS, AnyOf, RuleDetector, get_hold_detector
from memeval.hold._models import SOURCES, HoldAssessment, HoldDetector, HoldReason, Source

__all__ = [
    "AnyOf",
    "HoldAssessment",
    "HoldDetector",
    "HoldReason",
    "RuleDetector",
    "SOURCES",
    "Source",
    "THRESHOLDS",
    "get_hold_detector",
]
