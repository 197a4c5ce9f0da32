"""`memeval replay`'s result bytes made without the trial records' models (`Projection.result_body`).

The records stay the dicts `_project._record` makes, read as attributes where the coverage, table
and verdict read them (`stand_in`), and msgspec writes the document (`encoded_result`), or says
where it would write otherwise than pydantic, so the caller falls back to the models.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import msgspec
from pydantic import BaseModel
from pydantic_core import to_json

from memeval.results._plainbody import stand_in  # noqa: F401 - where `_project` imported it
from memeval.results._records import Fault
from memeval.results._schema import RESULT_SCHEMA, SCHEMA_VERSION

if TYPE_CHECKING:
    from memeval.eventlog import RunPlanned
    from memeval.results._project import Projection, _Parts


def _pydantic_json(model: BaseModel) -> msgspec.Raw:
    """`model`'s JSON as pydantic writes it (compact, by alias), for msgspec to place as it is."""
    return msgspec.Raw(type(model).__pydantic_serializer__.to_json(model, by_alias=True))


def _enc_hook(obj: object) -> msgspec.Raw:
    if isinstance(obj, BaseModel):  # an attempt's spend, a tamper finding
        return _pydantic_json(obj)
    raise TypeError(f"not a model: {type(obj).__name__}")


_ENCODER = msgspec.json.Encoder(enc_hook=_enc_hook)


def _written_alike(x: object) -> bool:
    """Whether msgspec writes `x` (a record's float field: float or None) as pydantic does.

    Shortest round-trip digits both, but from 1e16 on msgspec writes the exponent `e16` and
    pydantic `e+16`; not a float at all (an int where the model has a float) would be written
    without the `.0` pydantic's float gives it.
    """
    return x is None or (type(x) is float and -1e16 < x < 1e16)


def _record_json(record: dict[str, Any]) -> dict[str, Any] | None:
    """`record` (`_record`'s dict) as msgspec is to encode it, or None when it would not write it as pydantic does."""
    check = record["checks"]
    if not (
        _written_alike(record["reward"])
        and _written_alike(record["harness_measured"]["total_cost_usd"])
        and _written_alike(record["physics"]["cost_usd"])
        and all(_written_alike(c["reward"]) for c in check)
    ):
        return None
    claim = record["claim"]
    if claim is not None and claim["self_reported"] is not None:  # any JSON the agent reported: pydantic writes it
        return {**record, "claim": {**claim, "self_reported": msgspec.Raw(to_json(claim["self_reported"]))}}
    return record


def encoded_result(projection: Projection, parts: _Parts, log_hash: str) -> bytes | None:
    """`RunResult`'s JSON (2-space indent, by alias) of `parts` made by msgspec, or None where it would differ.

    The result's fields in the model's order; the records from their dicts (`_record_json`),
    every other part as pydantic's JSON of it (`_pydantic_json`), which msgspec places as it is
    and `msgspec.json.format` indents without rewriting a number or a string. Checked against
    pydantic's JSON of the same result in tests/readers/test_replay_body.py.
    """
    records = []
    for rec in (*parts.trials, *parts.superseded):
        encoded = _record_json(rec.__dict__["_json"])
        if encoded is None:
            return None
        records.append(encoded)
    plan = cast("RunPlanned", projection.plan)  # `body_of` gave it its typed plan
    doc = {
        "schema": RESULT_SCHEMA,
        "schema_version": SCHEMA_VERSION,
        "run_id": plan.run_id,
        "status": projection.status,
        "log_hash": log_hash,
        "manifest": msgspec.Raw(to_json(plan.manifest.as_logged())),
        "run_card": msgspec.Raw(to_json(plan.run_card.as_logged())),
        "trials": records[: len(parts.trials)],
        "superseded": records[len(parts.trials) :],
        "coverage": _pydantic_json(parts.coverage),
        "table": [_pydantic_json(row) for row in parts.table],
        "verdict": None if parts.verdict is None else _pydantic_json(parts.verdict),
        "run_faults": [
            _pydantic_json(Fault(code=f.code, phase=f.phase, message=f.message)) for f in projection.run_faults
        ],
        "unended": [_pydantic_json(u) for u in parts.unended],
        "sequential": None if parts.sequential is None else _pydantic_json(parts.sequential),
    }
    try:
        return msgspec.json.format(_ENCODER.encode(doc), indent=2)
    except (msgspec.EncodeError, TypeError, UnicodeEncodeError):
        return None  # pydantic's path writes it, or says why it cannot
