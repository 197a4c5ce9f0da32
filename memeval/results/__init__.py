"""Results: trial records, coverage, the with/without table and the verdict, projected from logs."""

from memeval.results._index import RunIndexRow, index_runs, indexed_runs
from memeval.results._load import Denominators, Run, find_run, load_run, result_json
from memeval.results._project import ArmSpend, arm_spend, project, sum_spend, trial_obs
from memeval.results._records import (
    AttemptSpend,
    Check,
    Claim,
    Coverage,
    Fault,
    HarnessMeasured,
    Physics,
    RunResult,
    TableRow,
    TrialRecord,
    UnendedTrial,
)

__all__ = [
    "ArmSpend",
    "AttemptSpend",
    "UnendedTrial",
    "arm_spend",
    "sum_spend",
    "trial_obs",
    "Check",
    "Claim",
    "Coverage",
    "Denominators",
    "Fault",
    "HarnessMeasured",
    "Physics",
    "Run",
    "RunIndexRow",
    "RunResult",
    "TableRow",
    "TrialRecord",
    "find_run",
    "index_runs",
    "indexed_runs",
    "load_run",
    "project",
    "result_json",
]
