"""`memeval replay`'s result bytes made without pydantic (`plain_body`), or left to the models.

A plain replay (`memeval.results.replay_body`) prints the result and ends: importing pydantic
and building the models' schemas was about 0.15 s of a cold replay's second. Here the
projection's parts are plain values that msgspec writes as pydantic writes the models (`PLAIN`):
the records stay the dicts `memeval.results._fold._record` makes, read as attributes where the
coverage, table and verdict read them (`stand_in`); the attempts' spends, the unended trials,
the coverage, the table's rows and the run's faults are msgspec structs declaring their models'
fields in order; the verdict is `PairedVerdict`'s fields (`memeval.stats._verdictcore`); the
manifest and run card are the plan view's objects as logged. msgspec and pydantic write the same
strings and the same shortest floats below 1e16; a float outside that range, a value msgspec
cannot write (a tamper finding, a claim's self-reported figures, read by pydantic), a plan read
by pydantic (an older version, a sequential design) or an input the models would refuse
(`_plaintable.Differs`) makes `plain_body` hand the projection to `Projection.result_body`, which
writes it through the models or raises their error, as before. tests/readers/test_plain_body.py
compares the two byte for byte.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import msgspec

from memeval.eventlog import PlanView
from memeval.results._fold import Projection
from memeval.results._parts import Kit
from memeval.results._plaintable import Differs, alike, plain_table_and_verdict
from memeval.results._schema import RESULT_SCHEMA, SCHEMA_VERSION

if TYPE_CHECKING:
    from memeval.results._records import AttemptSpend, TrialRecord


class _Fields:
    """A record's fields (`_record`'s dict, or one of its nested objects) read as attributes.

    What the projection's own readers read of a `TrialRecord` (the coverage count,
    `sequential_record`, `table_and_verdict` with `trial_obs`): the same values the validated
    model holds, since `_record` builds them in the model's types. The instance's attributes are
    a copy of the dict (`_json` keeps the dict itself, for the JSON), its nested objects as
    `_Fields` too where a reader reads into them.
    """

    @property
    def spend_usd(self) -> float:
        """`TrialRecord.spend_usd`."""
        spend: tuple[AttemptSpend, ...] = self.__dict__["spend"]
        return round(sum(a.cost_usd for a in spend), 10)


def _nested(fields: dict[str, Any]) -> _Fields:
    """`fields` read as attributes: the dict itself is the instance's `__dict__` (not copied; never written)."""
    out = _Fields()
    out.__dict__ = fields
    return out


def stand_in(record: dict[str, Any]) -> TrialRecord:
    """`record` (`_record`'s dict) as a stand-in for its `TrialRecord`: `_Fields` (see there).

    The nested objects whose fields are read as they are (the tokens, `harness_measured`, the
    fault) view the record's own dicts; the record and its physics, whose attributes differ from
    their dicts' values (a nested `_Fields`), are copied once each. Nothing writes to them: the
    readers only read, and msgspec encodes `_json`, the record as it was made.
    """
    phys = record["physics"]
    fault = record["fault"]
    out = _nested(
        {
            **record,
            "_json": record,
            # `model_calls` is left out of a record whose trial used one model (`Physics`' default: {})
            "physics": _nested({"model_calls": {}, **phys, "tokens": _nested(phys["tokens"])}),
            "harness_measured": _nested(record["harness_measured"]),
            "fault": None if fault is None else _nested(fault),
        }
    )
    return cast("TrialRecord", out)  # read only as the readers above read a record


class _Out(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A part of the result written as its model writes it: every field, in the model's order."""


class SpendRow(_Out, frozen=True, kw_only=True, omit_defaults=True):
    """`AttemptSpend`, field for field.

    Its token fields are left out when None, as the model's `exclude_if` does; every other field has no default,
    so it is always written.
    """

    attempt: int
    ended: bool
    cost_usd: float
    calls: int
    calls_cost_unknown: int
    cut_mid_turn: bool
    input_tokens: int | None = None
    output_tokens: int | None = None
    tokens_unmeasured: int | None = None


class UnendedRow(_Out, frozen=True, kw_only=True):
    """`UnendedTrial`, field for field."""

    trial_id: str
    task_id: str
    mode: str
    spend: tuple[SpendRow, ...]


class CoverageRow(_Out, frozen=True, kw_only=True):
    """`Coverage`, field for field."""

    expected_trials: int
    executed_trials: int
    completed_trials: int
    expected_measurements: int
    observed_measurements: int
    missing: dict[str, int]


class FaultRow(_Out, frozen=True, kw_only=True):
    """`Fault`, field for field."""

    code: str
    phase: str
    message: str


def _no_sequential(plan: Any, trials: Any) -> None:
    """A plan view never carries a sequential design (`decode_plan` leaves such plans to pydantic)."""
    assert plan.run_card.sequential is None
    return None


PLAIN = Kit(
    spend=SpendRow,
    unended=UnendedRow,
    coverage=CoverageRow,
    record=stand_in,
    table_and_verdict=plain_table_and_verdict,
    sequential=_no_sequential,
)
"""The projection's parts as plain values that msgspec writes as the models are written."""


def _record_json(record: dict[str, Any]) -> dict[str, Any]:
    """`record` (`_record`'s dict) as msgspec is to encode it; `Differs` where pydantic writes it otherwise."""
    alike(record["reward"])
    alike(record["harness_measured"]["total_cost_usd"])
    alike(record["physics"]["cost_usd"])
    for c in record["checks"]:
        alike(c["reward"])
    for s in record["spend"]:
        alike(s.cost_usd)
    claim = record["claim"]
    if claim is not None and claim["self_reported"] is not None:  # any JSON the agent reported: pydantic writes it
        raise Differs
    return record


_FLOATS = (
    "pass_rate_baseline",
    "pass_rate_pack",
    "delta",
    "p_value",
    "p_sign_test",
    "p_value_exact_convolution",
    "p_paired_t",
    "p_mcnemar_exact",
    "p_value_faults_against",
    "alpha",
)
"""`PairedVerdict`'s float fields (beside its intervals and parts)."""


def _pair(x: Any) -> list[Any] | None:
    """An interval (`Interval`, `Bounds` or a pair of floats) as pydantic writes it: its floats, then a method."""
    if x is None:
        return None
    return [alike(v) if i < 2 else v for i, v in enumerate(x)]


def _verdict_json(v: dict[str, Any]) -> dict[str, Any]:
    """`PairedVerdict`'s fields (`verdict_fields`) with every value as pydantic holds and writes it."""
    out = dict(v)
    for name in _FLOATS:
        out[name] = alike(out[name])
    for name in ("delta_ci_t", "pass_rate_ci_baseline", "pass_rate_ci_pack", "delta_ci_newcombe10", "delta_ci"):
        out[name] = _pair(out[name])
    spend = v["fault_spend"]
    out["fault_spend"] = {**spend, "baseline": alike(spend["baseline"]), "pack": alike(spend["pack"])}
    cost = v["cost_of_pass"]
    arms = {
        arm: {
            **cost[arm],
            "spend": alike(cost[arm]["spend"]),
            "value": alike(cost[arm]["value"]),
            "ci": _pair(cost[arm]["ci"]),
        }
        for arm in ("baseline", "pack")
    }
    diff = cost["pack_minus_baseline"]
    if diff is not None:
        diff = {"value": alike(diff["value"]), "ci": _pair(diff["ci"])}
    out["cost_of_pass"] = {**arms, "pack_minus_baseline": diff}
    return out


_ENCODER = msgspec.json.Encoder()


def plain_body(projection: Projection, log_hash: str) -> bytes:
    """`Projection.result_body(log_hash)`'s bytes, made without pydantic where it can (see the module's text).

    Raises:
        RunLogError: as `Projection.result_body`, which makes the body (and raises) where this does not.
    """
    plan = projection.plan
    if not isinstance(plan, PlanView):
        return projection.result_body(log_hash)  # read by pydantic: the models write it
    try:
        parts = projection.parts(PLAIN)
        records = [_record_json(r.__dict__["_json"]) for r in (*parts.trials, *parts.superseded)]
        doc = {
            "schema": RESULT_SCHEMA,
            "schema_version": SCHEMA_VERSION,
            "run_id": plan.run_id,
            "status": projection.status,
            "log_hash": log_hash,
            "manifest": plan.manifest_logged,
            "run_card": plan.run_card_logged,
            "trials": records[: len(parts.trials)],
            "superseded": records[len(parts.trials) :],
            "coverage": parts.coverage,
            "table": parts.table,
            "verdict": None if parts.verdict is None else _verdict_json(parts.verdict),
            "run_faults": [FaultRow(code=f.code, phase=f.phase, message=f.message) for f in projection.run_faults],
            "unended": parts.unended,
            "sequential": None,
        }
        return msgspec.json.format(_ENCODER.encode(doc), indent=2)
    except (Differs, msgspec.EncodeError, TypeError, UnicodeEncodeError):
        return projection.result_body(log_hash)  # the models write it, or say why they cannot
