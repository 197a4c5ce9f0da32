"""The paired verdict: is a run with memory better, worse or unresolved against its baseline?"""

from memeval.stats._models import (
    ArmCostOfPass,
    Bounds,
    CostDifference,
    CostOfPassBlock,
    FaultedTrial,
    Interval,
    IntervalMethod,
    PairedVerdict,
    PMethod,
    TaskTrials,
    TrialObs,
    TrialOutcome,
    VerdictWarning,
    WarningKind,
)
from memeval.stats._verdict import paired_verdict

__all__ = [
    "ArmCostOfPass",
    "Bounds",
    "CostDifference",
    "CostOfPassBlock",
    "FaultedTrial",
    "Interval",
    "IntervalMethod",
    "PMethod",
    "PairedVerdict",
    "TaskTrials",
    "TrialObs",
    "TrialOutcome",
    "VerdictWarning",
    "WarningKind",
    "paired_verdict",
]
