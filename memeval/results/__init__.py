"""Results: trial records, coverage, the with/without table and the verdict, projected from logs."""

from typing import TYPE_CHECKING

from memeval._lazy import lazy_names
from memeval.results._listing import RunListing, RunsDocument, is_runs_dir, list_runs, listed_run, runs_document
from memeval.results._load import (
    Denominators,
    Run,
    find_run,
    load_run,
    replay_body,
    result_body,
    result_bytes,
    result_json,
)
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

# The run index needs SQLAlchemy; it loads on first use so loading a run stays light.
__getattr__, __dir__ = lazy_names(
    __name__, globals(), {"RunIndexRow": "_index", "index_runs": "_index", "indexed_runs": "_index"}
)


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
    "replay_body",
    "result_body",
    "result_bytes",
    "result_json",
    "runs_document",
    "trial_obs",
]
