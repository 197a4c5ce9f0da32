"""A fast, equally strict reader for `model.called` lines, used when a whole log is replayed.

Model calls are most of a run's log (about two lines in three, and most of its bytes), and
validating each through pydantic (`EVENT_ADAPTER.validate_json`) was most of a cold replay's time.
Here a line is decoded by msgspec straight into frozen typed structs that declare exactly the fields,
types and defaults of `ModelCalled`, `ModelCallRecord` and `CostRecord` (unknown fields refused,
literals checked, times required to carry a UTC offset), about three times faster.

The structs only ever ACCEPT less than pydantic: a line msgspec refuses for any reason (a
missing or extra field, a wrong type, another version, a string where a number belongs that
pydantic's lax mode would have read) is read again by the ordinary pydantic path, which accepts it,
upgrades it or refuses it with the very message it always gave. A line msgspec accepts holds the
values pydantic would have given it (checked on every golden log and on mutated lines in
tests/eventlog/test_fast_calls.py, which also checks that the structs declare the models' fields).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Literal

import msgspec

from memeval.types import CostReason, Role

_Aware = Annotated[datetime, msgspec.Meta(tz=True)]
"""A time with its UTC offset, as pydantic's `AwareDatetime` requires."""


class CostView(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False):
    """`memeval.eventlog.CostRecord`, field for field."""

    cost_usd: float | None
    reason: CostReason | None = None
    price_source: str | None = None
    priced_as: str | None = None


class CallView(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False):
    """`memeval.eventlog.ModelCallRecord`, field for field (see it for their meaning)."""

    call_id: str
    trial_id: str
    role: Role
    provider: str
    api: str
    requested_model: str | None
    response_model: str | None
    status: int
    attempt: int
    streamed: bool
    completed: bool
    forwarded: bool = True
    input_tokens: int | None
    uncached_input_tokens: int | None
    output_tokens: int | None
    cache_read_tokens: int | None
    cache_write_tokens: int | None
    reasoning_tokens: int | None
    tool_calls: int | None
    tool_names: tuple[str, ...]
    hosted_tool_calls: int | None
    started_at: _Aware
    latency_ms: float
    ttfb_ms: float | None
    cost: CostView
    error: str | None

    @property
    def answered(self) -> bool:
        """The call got an answer that was not an error status (< 400)."""
        return self.status < 400


class ModelCalledView(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False):
    """`memeval.eventlog.ModelCalled` (version 2), field for field."""

    v: Literal[2] = 2
    seq: int = -1
    at: _Aware | None = None
    event: Literal["model.called"]
    """Required here: the log's union of events needs its tag (`ModelCalled` defaults it when built in code)."""
    trial_id: str
    call: CallView


MARK = b'"event":"model.called"'
"""How a canonical `model.called` line shows itself before it is decoded (`memeval.eventlog.canonical`)."""

_DECODER = msgspec.json.Decoder(ModelCalledView)
_SUB_MICROSECOND = re.compile(rb":\d\d\.\d{7}")
"""A time with more than 6 decimals: msgspec rounds it to the microsecond, pydantic truncates."""


def decode_model_called(line: bytes) -> ModelCalledView | None:
    """The line as a `ModelCalledView`, or None when the fast path does not accept it.

    None means only "read it through pydantic": the line may still be a valid event (another
    kind, an older version, a form msgspec is stricter about) or an invalid one.
    """
    if _SUB_MICROSECOND.search(line):
        return None  # never written so (`datetime.isoformat`), and the two would read it differently
    try:
        ev = _DECODER.decode(line)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None
    if ev.call.trial_id != ev.trial_id:
        return None  # ModelCalled's own check: pydantic refuses it with its message
    return ev
