"""The paired verdict: is a run with memory better, worse or unresolved against its baseline?

Usage::

    from memeval.stats import TaskTrials, TrialObs, paired_verdict

    tasks = [
        TaskTrials(
            task_id="t001",
            baseline=(TrialObs(outcome="fail", cost_usd=0.30),),
            pack=(TrialObs(outcome="pass", cost_usd=0.24),),
        ),
        ...,
    ]
    result = paired_verdict(tasks)  # PairedVerdict: result.verdict, result.p_value, ...

The procedure (PRODUCT.md, "Statistics") and its reference cases live in
`shared/fixtures/stats/`; `simulate_verdicts` and `tasks_for_power` simulate it for planning, and
`holm_adjust` corrects p-values when several runs are judged together.
"""

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
from memeval.stats._verdict import faults_against, paired_verdict

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
    "faults_against",
    "holm_adjust",
    "paired_verdict",
    "simulate_verdicts",
    "tasks_for_power",
]
