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

if _TYPE_CHECKING:
    from memeval.stats._cost import forget_ahead
    from memeval.stats._distributions import t_upper_quantile
    from memeval.stats._intervals import wilson_interval
    from memeval.stats._models import (
        ArmCostOfPass,
        CostDifference,
        CostOfPassBlock,
        FaultedTrial,
        PairedVerdict,
        TaskTrials,
        TrialObs,
        VerdictWarning,
    )
    from memeval.stats._planning import PilotSpread, holm_adjust, pilot_spread, tasks_for_effect, tasks_for_power
    from memeval.stats._seqmodels import (
        FutilityKind,
        LookDecision,
        SequentialDesign,
        SequentialLook,
        SequentialResult,
        SpendingFunction,
        default_sequential_design,
    )
    from memeval.stats._seqplan import SequentialPlan, plan_sequential
    from memeval.stats._seqsim import simulate_sequential
    from memeval.stats._sequential import look_repeats, path_from_outcomes, sequential_path
    from memeval.stats._shapes import Bounds, Interval, IntervalMethod, PMethod, TrialOutcome, WarningKind
    from memeval.stats._simulate import SimulationSummary, simulate_verdicts
    from memeval.stats._verdict import faults_against, paired_verdict
    from memeval.stats._verdictcore import Obs, Task, draw_verdict_ahead, verdict_fields

_LAZY = {
    "ArmCostOfPass": "_models",
    "Bounds": "_shapes",
    "CostDifference": "_models",
    "CostOfPassBlock": "_models",
    "FaultedTrial": "_models",
    "Interval": "_shapes",
    "IntervalMethod": "_shapes",
    "PairedVerdict": "_models",
    "PMethod": "_shapes",
    "TaskTrials": "_models",
    "TrialObs": "_models",
    "TrialOutcome": "_shapes",
    "VerdictWarning": "_models",
    "WarningKind": "_shapes",
    "FutilityKind": "_seqmodels",
    "LookDecision": "_seqmodels",
    "SequentialDesign": "_seqmodels",
    "SequentialLook": "_seqmodels",
    "SequentialResult": "_seqmodels",
    "SpendingFunction": "_seqmodels",
    "default_sequential_design": "_seqmodels",
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
    "verdict_fields": "_verdictcore",
    "draw_verdict_ahead": "_verdictcore",
    "forget_ahead": "_cost",
    "Obs": "_verdictcore",
    "Task": "_verdictcore",
    "t_upper_quantile": "_distributions",
    "wilson_interval": "_intervals",
}
"""Names imported on first use: the modules that load numpy and scipy, so that the typed records
(which a run's result carries) load without them, and the typed records themselves (pydantic), so
that a plain `memeval replay` computes its verdict without pydantic (`_verdictcore`)."""

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
    "Obs",
    "PMethod",
    "PairedVerdict",
    "PilotSpread",
    "SequentialDesign",
    "SequentialLook",
    "SequentialPlan",
    "SequentialResult",
    "SimulationSummary",
    "SpendingFunction",
    "Task",
    "TaskTrials",
    "TrialObs",
    "TrialOutcome",
    "VerdictWarning",
    "WarningKind",
    "default_sequential_design",
    "draw_verdict_ahead",
    "faults_against",
    "forget_ahead",
    "holm_adjust",
    "look_repeats",
    "paired_verdict",
    "path_from_outcomes",
    "pilot_spread",
    "plan_sequential",
    "sequential_path",
    "simulate_sequential",
    "simulate_verdicts",
    "t_upper_quantile",
    "tasks_for_effect",
    "tasks_for_power",
    "verdict_fields",
    "wilson_interval",
]
