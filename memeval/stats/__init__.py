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
from memeval.stats._planning import holm_adjust, tasks_for_power
from memeval.stats._simulate import SimulationSummary, simulate_verdicts
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
    "SimulationSummary",
    "TaskTrials",
    "TrialObs",
    "TrialOutcome",
    "VerdictWarning",
    "WarningKind",
    "holm_adjust",
    "paired_verdict",
    "simulate_verdicts",
    "tasks_for_power",
]
