"""Project a run's event log into its result. Pure: the same log gives the same bytes.

The events are folded by `memeval.results._fold.Projection` (without pydantic); here its parts are
made as the models (`MODELS`) and the `RunResult` built (`result_of`) or written (`body_of`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from itertools import islice
from typing import TYPE_CHECKING

from memeval.eventlog import PlanView
from memeval.results._body import encoded_result
from memeval.results._fold import Projection
from memeval.results._parts import Kit, Parts
from memeval.results._plainbody import stand_in
from memeval.results._records import (
    AttemptSpend,
    Coverage,
    Fault,
    RunResult,
    SequentialRecord,
    TrialRecord,
    UnendedTrial,
)
from memeval.results._sequential import sequential_record
from memeval.results._table import table_and_verdict, trial_obs

if TYPE_CHECKING:
    from memeval.eventlog import Event, RunPlanned, View

_Parts = Parts
"""The name `memeval.results._body` knew it by."""


def _sequential(plan: RunPlanned, trials: Sequence[TrialRecord]) -> SequentialRecord | None:
    def outcome_of(r: TrialRecord) -> str:
        obs = trial_obs(r)
        return "interrupted" if obs.interrupted else obs.outcome

    return sequential_record(plan, trials, outcome_of)


MODELS = Kit(
    spend=AttemptSpend,
    unended=UnendedTrial,
    coverage=Coverage,
    record=TrialRecord.model_validate,
    table_and_verdict=table_and_verdict,
    sequential=_sequential,
)
"""The projection's parts as the result's models."""


def project(events: Sequence[Event | View], log_bytes: bytes, *, log_hash: str | None = None) -> RunResult:
    """Project `events` (a whole log, in order) into a `RunResult`.

    Args:
        events: the log's events (`RunLog.read`), or the same with the frequent kinds as fast
            views (`RunLog.read_for_replay`); the first must be `run.planned`.
        log_bytes: the log file's bytes, hashed into `log_hash`.
        log_hash: `sha256:<hex>` of `log_bytes` when the caller has it already (not hashed again).

    Raises:
        RunLogError: the log does not start with `run.planned`, or names a trial it never planned.
    """
    projection = Projection(events[0] if events else None)
    projection.add(islice(events, 1, None))
    return projection.result(log_hash or "sha256:" + hashlib.sha256(log_bytes).hexdigest())


def _typed_plan(projection: Projection) -> None:
    """Give `projection` its plan as `RunPlanned` when it was read as its view (`PlanView`): the models need it."""
    plan = projection.plan
    if isinstance(plan, PlanView):
        from memeval.eventlog import RunPlanned

        typed = RunPlanned.model_validate_json(plan.line)  # the view accepted it: valid
        projection.plan = typed
        projection.planned = {t.trial_id: t for t in typed.trials}


def result_of(projection: Projection, log_hash: str) -> RunResult:
    """The `RunResult` of the events added (`log_hash`: `sha256:<hex>` of the log's complete lines)."""
    _typed_plan(projection)
    return _run_result(projection, projection.parts(MODELS), log_hash)


def body_of(projection: Projection, log_hash: str) -> bytes:
    """`memeval.results.result_body` of `result_of(projection, log_hash)`: the same bytes, without the records' models.

    For a replay that only writes the result (`memeval replay`): the records stay the dicts
    `_record` makes, read as attributes where the coverage, table and verdict read them
    (`_body.stand_in`), and msgspec encodes the document (`_body.encoded_result`), each part
    that is still a model (the manifest and run card, coverage, table, verdict, ...) as
    pydantic's own JSON, then indents it. Where msgspec would write a value otherwise than
    pydantic (a float of 1e16 or more, which it writes `1e16` where pydantic writes `1e+16`; a
    value it cannot encode), the records are validated into their models and pydantic writes
    the whole result, as before.
    """
    _typed_plan(projection)
    parts = projection.parts(MODELS._replace(record=stand_in))
    body = encoded_result(projection, parts, log_hash)
    if body is None:
        validated = Parts(
            [TrialRecord.model_validate(r.__dict__["_json"]) for r in parts.trials],
            [TrialRecord.model_validate(r.__dict__["_json"]) for r in parts.superseded],
            *parts[2:],
        )
        result = _run_result(projection, validated, log_hash)
        body = type(result).__pydantic_serializer__.to_json(result, indent=2, by_alias=True)
    return body


def _run_result(projection: Projection, parts: Parts, log_hash: str) -> RunResult:
    plan = projection.plan
    return RunResult(
        run_id=plan.run_id,
        status=projection.status,
        log_hash=log_hash,
        manifest=plan.manifest,
        run_card=plan.run_card,
        trials=tuple(parts.trials),
        superseded=tuple(parts.superseded),
        coverage=parts.coverage,
        table=parts.table,
        verdict=parts.verdict,
        run_faults=tuple(Fault(code=f.code, phase=f.phase, message=f.message) for f in projection.run_faults),
        unended=tuple(parts.unended),
        sequential=parts.sequential,
    )


__all__ = ["MODELS", "Projection", "body_of", "project", "result_of"]
