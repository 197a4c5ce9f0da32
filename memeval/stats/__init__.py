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
`tests/fixtures/stats/`; `simulate_verdicts` and `tasks_for_power` simulate it for planning, and
`holm_adjust` corrects p-values when several runs are judged together.
"""

from typing import TYPE_CHECKING as _TYPE_CHECKING

from memeval._lazy import lazy_names as _lazy_names
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
from memeval.stats._seqmodels import (
    FutilityKind,
    LookDecision,
    SequentialDesign,
    SequentialLook,
    SequentialResult,
    SpendingFunction,
    default_sequential_design,
)

if _TYPE_CHECKING:
    from memeval.stats._planning import PilotSpread, holm_adjust, pilot_spread, tasks_for_effect, tasks_for_power
    from memeval.stats._seqplan import SequentialPlan, plan_sequential
    from memeval.stats._seqsim import simulate_sequential
    from memeval.stats._sequential import look_repeats, path_from_outcomes, sequential_path
    from memeval.stats._simulate import SimulationSummary, simulate_verdicts
    from memeval.stats._verdict import faults_against, paired_verdict

_LAZY = {
    "holm_adjust": "_planning",
    "PilotSpread": "_planning",
    "SequentialPlan": "_seqplan",
    "plan_sequential": "_seqplan",
    "pilot_spread": "_planning",
    "simulate_sequential": "_seqsim",
    "tasks_for_effect": "_planning",
    "tasks_for_power": "_planning",
    "look_repeats": "_sequential",
    "path_from_outcomes": "_sequential",
    "sequential_path": "_sequential",
    "SimulationSummary": "_simulate",
    "simulate_verdicts": "_simulate",
    "faults_against": "_verdict",
    "paired_verdict": "_verdict",
}
"""Names whose modules load numpy and scipy: imported on first use, so that the typed records
(which a run's result carries) load without them."""

__getattr__, __dir__ = _lazy_names(__name__, globals(), _LAZY)


__all__ = [
    "ArmCostOfPass",
    "Bounds",
    "CostDifference",
    "CostOfPassBlock",
    "FaultedTrial",
    "FutilityKind",
    "Interval",
    "IntervalMethod",
    "LookDecision",
    "PMethod",
    "PairedVerdict",
    "PilotSpread",
    "SequentialDesign",
    "SequentialLook",
    "SequentialPlan",
    "SequentialResult",
    "SimulationSummary",
    "SpendingFunction",
    "TaskTrials",
    "TrialObs",
    "TrialOutcome",
    "VerdictWarning",
    "WarningKind",
    "default_sequential_design",
    "faults_against",
    "holm_adjust",
    "look_repeats",
    "paired_verdict",
    "path_from_outcomes",
    "pilot_spread",
    "plan_sequential",
    "sequential_path",
    "simulate_sequential",
    "simulate_verdicts",
    "tasks_for_effect",
    "tasks_for_power",
]
