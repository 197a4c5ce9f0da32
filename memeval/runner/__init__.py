"""The paired runner: run cards, the trial plan, one attempt, the verifier, the policy."""

from memeval.eventlog import RunCard
from memeval.runner._attemptspec import AttemptSpec
from memeval.runner._backends import executor_for, executor_names, register_executor, unregister_executor
from memeval.runner._card import ArmCard, card_differences, check_pairable, short_card_differences
from memeval.runner._checktasks import Problem, TaskCheck, TaskCheckReport, broken_lines, check_tasks
from memeval.runner._executors import SessionContext, TrialExecutor, default_concurrency
from memeval.runner._plan import (
    AbOptions,
    check_resume,
    plan_trials,
    planned_default_limits,
    planned_modes,
    planned_selection,
    run_card,
    start_run,
)
from memeval.runner._policy import FAULT_POLICY, OUTCOME_POLICY
from memeval.runner._schedule import Progress
from memeval.runner._session import execute
from memeval.runner._upstream import UpstreamSpec
from memeval.runner._verify import Reward, RewardError, interpret_rewards, read_reward

__all__ = [
    "AbOptions",
    "ArmCard",
    "AttemptSpec",
    "FAULT_POLICY",
    "OUTCOME_POLICY",
    "Problem",
    "Progress",
    "Reward",
    "RewardError",
    "RunCard",
    "SessionContext",
    "TaskCheck",
    "TaskCheckReport",
    "TrialExecutor",
    "UpstreamSpec",
    "broken_lines",
    "card_differences",
    "check_pairable",
    "check_resume",
    "check_tasks",
    "default_concurrency",
    "execute",
    "executor_for",
    "executor_names",
    "interpret_rewards",
    "plan_trials",
    "planned_default_limits",
    "planned_modes",
    "planned_selection",
    "read_reward",
    "register_executor",
    "run_card",
    "short_card_differences",
    "start_run",
    "unregister_executor",
]
