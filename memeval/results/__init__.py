"""Results: trial records, coverage, the with/without table and the verdict, projected from logs."""

from typing import TYPE_CHECKING, Any

from memeval.results._listing import RunListing, RunsDocument, is_runs_dir, list_runs, listed_run, runs_document
from memeval.results._load import Denominators, Run, find_run, load_run, result_bytes, result_json
from memeval.results._project import project
from memeval.results._records import (
    AttemptSpend,
    Check,
    Claim,
    Coverage,
    Fault,
    HarnessMeasured,
    Physics,
    RunResult,
    SequentialRecord,
    TableRow,
    TrialRecord,
    UnendedTrial,
)
from memeval.results._spend import ArmSpend, arm_spend
from memeval.results._table import trial_obs

if TYPE_CHECKING:
    from memeval.results._index import RunIndexRow, index_runs, indexed_runs

_INDEX_NAMES = frozenset({"RunIndexRow", "index_runs", "indexed_runs"})


def __getattr__(name: str) -> Any:
    # The run index needs SQLAlchemy; it is imported on first use so loading a run stays light.
    if name in _INDEX_NAMES:
        from memeval.results import _index

        return getattr(_index, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ArmSpend",
    "AttemptSpend",
    "Check",
    "Claim",
    "Coverage",
    "Denominators",
    "Fault",
    "HarnessMeasured",
    "Physics",
    "Run",
    "RunIndexRow",
    "RunListing",
    "RunResult",
    "RunsDocument",
    "SequentialRecord",
    "TableRow",
    "TrialRecord",
    "UnendedTrial",
    "arm_spend",
    "find_run",
    "index_runs",
    "indexed_runs",
    "is_runs_dir",
    "list_runs",
    "listed_run",
    "load_run",
    "project",
    "result_bytes",
    "result_json",
    "runs_document",
    "trial_obs",
]
