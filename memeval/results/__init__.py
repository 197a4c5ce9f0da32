"""Results: trial records, coverage, the with/without table and the verdict, projected from logs."""

from typing import TYPE_CHECKING

from memeval._lazy import lazy_names

if TYPE_CHECKING:
    from memeval.results._index import RunIndexRow, check_index, index_runs, indexed_runs
    from memeval.results._listing import (
        RunListing,
        RunsDocument,
        is_runs_dir,
        list_runs,
        listed_run,
        runs_document,
    )
    from memeval.results._load import (
        Denominators,
        Run,
        load_run,
        result_body,
        result_bytes,
        result_json,
    )
    from memeval.results._plaintable import MODEL_SHARE_GAP, model_mix
    from memeval.results._project import (
        project,
    )
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
    from memeval.results._replay import find_run, replay_body
    from memeval.results._spend import (
        ArmSpend,
        arm_spend,
    )
    from memeval.results._table import (
        trial_obs,
    )

# Every name loads on first use: the run index needs SQLAlchemy, the models pydantic, and a plain
# `memeval replay` (`memeval.results._replay`) imports neither.
__getattr__, __dir__ = lazy_names(
    __name__,
    globals(),
    {
        "RunListing": "_listing",
        "RunsDocument": "_listing",
        "is_runs_dir": "_listing",
        "list_runs": "_listing",
        "listed_run": "_listing",
        "runs_document": "_listing",
        "Denominators": "_load",
        "Run": "_load",
        "find_run": "_replay",
        "load_run": "_load",
        "replay_body": "_replay",
        "result_body": "_load",
        "result_bytes": "_load",
        "result_json": "_load",
        "MODEL_SHARE_GAP": "_plaintable",
        "model_mix": "_plaintable",
        "project": "_project",
        "AttemptSpend": "_records",
        "Check": "_records",
        "Claim": "_records",
        "Coverage": "_records",
        "Fault": "_records",
        "HarnessMeasured": "_records",
        "Physics": "_records",
        "RunResult": "_records",
        "SequentialRecord": "_records",
        "TableRow": "_records",
        "TrialRecord": "_records",
        "UnendedTrial": "_records",
        "ArmSpend": "_spend",
        "arm_spend": "_spend",
        "trial_obs": "_table",
        "RunIndexRow": "_index",
        "check_index": "_index",
        "index_runs": "_index",
        "indexed_runs": "_index",
    },
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
    "MODEL_SHARE_GAP",
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
    "check_index",
    "find_run",
    "index_runs",
    "indexed_runs",
    "is_runs_dir",
    "list_runs",
    "listed_run",
    "load_run",
    "model_mix",
    "project",
    "replay_body",
    "result_body",
    "result_bytes",
    "result_json",
    "runs_document",
    "trial_obs",
]
