"""The msgspec views of a run log's frequent events, which `memeval.eventlog._fastcalls` decodes lines into.

Frozen typed structs that declare exactly the fields, types and defaults of `ModelCalled` (with
`ModelCallRecord` and `CostRecord`) and of the other events every trial writes (unknown fields
refused, literals checked, times required to carry a UTC offset). Only `run.planned` (its manifest
and run card), a claim carrying self-reported figures and a tamper scan with findings have no
view: pydantic reads them. A view only ever ACCEPTS less than its model (see `_fastcalls`);
tests/eventlog/test_fast_calls.py checks that each declares its model's fields.
"""

from datetime import datetime
from typing import Annotated, ClassVar, Literal

import msgspec

from memeval.types import Assessment, CheckLevel, CheckType, CostReason, Execution, FaultCode, Role, TamperPolicy

_Aware = Annotated[datetime, msgspec.Meta(tz=True)]
"""A time with its UTC offset, as pydantic's `AwareDatetime` requires."""


class CostView(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False):
    """`memeval.eventlog.CostRecord`, field for field."""

    cost_usd: float | None
    price_source: str | None = None
    priced_as: str | None = None
    reason: CostReason | None = None


class CallView(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False):
    """`memeval.eventlog.ModelCallRecord`, field for field (see it for their meaning).

    Every view declares its fields in the order the log writes them (sorted keys, `canonical`):
    msgspec tries the field after the one it matched last first.
    """

    api: str
    attempt: int
    cache_read_tokens: int | None
    cache_write_tokens: int | None
    call_id: str
    completed: bool
    cost: CostView
    error: str | None
    error_status: int | None = None
    forwarded: bool = True
    hosted_tool_calls: int | None
    input_tokens: int | None
    latency_ms: float
    output_tokens: int | None
    provider: str
    reasoning_tokens: int | None
    requested_model: str | None
    response_model: str | None
    role: Role
    started_at: _Aware
    status: int
    streamed: bool
    tool_calls: int | None
    tool_names: tuple[str, ...]
    trial_id: str
    ttfb_ms: float | None
    uncached_input_tokens: int | None

    @property
    def answered(self) -> bool:
        """The call got an answer that was not an error status (< 400)."""
        return self.status < 400

    @property
    def outcome_status(self) -> int:
        """What the call's outcome stands for: `error_status` if the provider failed it mid-stream, else `status`."""
        return self.status if self.error_status is None else self.error_status


class _View(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False, tag_field="event"):
    """What every event's view has: `v`, `seq`, `at`, and `event`, its tag.

    The tag is required in the line, as the log's union of events requires it (a model built in
    code defaults it); it is a class attribute of each view, as it is a field of each event.
    """

    event: ClassVar[str]
    v: int = 1
    """Narrowed by each view to its event's `Literal` version: a higher one goes to pydantic, which refuses it."""
    seq: int = -1
    at: _Aware | None = None


class ModelCalledView(_View, tag="model.called", frozen=True, kw_only=True):
    """`memeval.eventlog.ModelCalled` (version 3), field for field.

    `ModelCalled`'s own check, that the call names the event's trial, is made by the readers here
    (`decode_view`, `decode_log`), over a whole run of decoded lines at once: a line whose call
    names another trial is left to pydantic, which refuses it. (A `__post_init__` hook made it per
    line, at about a microsecond each: a third of the decoding of a log of model calls.)
    """

    event: ClassVar[Literal["model.called"]] = "model.called"
    v: Literal[3] = 3  # narrower than the base's int, as ModelCalled's
    attempt: int | None = None
    call: CallView
    trial_id: str


class ModelCalledV2View(_View, tag="model.called", frozen=True, kw_only=True):
    """A `model.called` line of version 2 (no `attempt`), which `as_current` makes the view pydantic reads it as.

    Version 2 had neither `attempt` nor the call's `error_status`; its upcaster (`_upcast`) only raises `v`, so
    the line reads as version 3 with both None. A log written before version 3 is read as fast as a new one
    (`_fastcalls._decode_framed` tries it on a run of call lines `ModelCalledView` refuses).
    """

    event: ClassVar[Literal["model.called"]] = "model.called"
    v: Literal[2]  # required: a line without `v` is version 1, read by pydantic
    call: CallView
    trial_id: str

    def as_current(self) -> ModelCalledView:
        """The version-3 view of the line: what `upcast` and `ModelCalled` make of it."""
        return ModelCalledView(seq=self.seq, at=self.at, call=self.call, trial_id=self.trial_id)


class TrialStartedView(_View, tag="trial.started", frozen=True, kw_only=True):
    """`memeval.eventlog.TrialStarted`, field for field."""

    event: ClassVar[Literal["trial.started"]] = "trial.started"
    v: Literal[1] = 1
    agent_trial_id: str | None = None
    attempt: int = 1
    context_manifest: tuple[str, ...] = ()
    trial_id: str


class SandboxReadyView(_View, tag="sandbox.ready", frozen=True, kw_only=True):
    """`memeval.eventlog.SandboxReady`, field for field."""

    event: ClassVar[Literal["sandbox.ready"]] = "sandbox.ready"
    v: Literal[1] = 1
    build_log: str | None = None
    bytes: int
    file_count: int
    trial_id: str
    world_hash: str


class AgentStartedView(_View, tag="agent.started", frozen=True, kw_only=True):
    """`memeval.eventlog.AgentStarted`, field for field."""

    event: ClassVar[Literal["agent.started"]] = "agent.started"
    v: Literal[1] = 1
    agent: str
    network: str
    trial_id: str
    waited_ms: int | None = None


class AgentExitedView(_View, tag="agent.exited", frozen=True, kw_only=True):
    """`memeval.eventlog.AgentExited`, field for field."""

    event: ClassVar[Literal["agent.exited"]] = "agent.exited"
    v: Literal[1] = 1
    calls_in_flight: int | None = None
    duration_ms: int
    exchanges: str | None = None
    execution: Execution
    exit_code: int | None
    reason: str | None = None
    stderr: str | None = None
    stderr_bytes: int | None = None
    stdout: str | None = None
    stdout_bytes: int | None = None
    trial_id: str


class WorkspaceDiffedView(_View, tag="workspace.diffed", frozen=True, kw_only=True):
    """`memeval.eventlog.WorkspaceDiffed`, field for field."""

    event: ClassVar[Literal["workspace.diffed"]] = "workspace.diffed"
    v: Literal[1] = 1
    added: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    diff: str | None
    omitted: int = 0
    removed: tuple[str, ...] = ()
    trial_id: str


class VerifierStartedView(_View, tag="verifier.started", frozen=True, kw_only=True):
    """`memeval.eventlog.VerifierStarted`, field for field."""

    event: ClassVar[Literal["verifier.started"]] = "verifier.started"
    v: Literal[1] = 1
    tests_hash: str
    trial_id: str
    waited_ms: int | None = None


class CheckRecordedView(_View, tag="check.recorded", frozen=True, kw_only=True):
    """`memeval.eventlog.CheckRecorded`, field for field."""

    event: ClassVar[Literal["check.recorded"]] = "check.recorded"
    v: Literal[1] = 1
    exit_code: int | None = None
    level: CheckLevel
    output: str | None = None
    output_bytes: int | None = None
    passed: bool
    reward: float
    reward_source: str
    trial_id: str
    type: CheckType


class ClaimRecordedView(_View, tag="claim.recorded", frozen=True, kw_only=True):
    """`memeval.eventlog.ClaimRecorded` without a self-reported figure (a line with one is read by pydantic)."""

    event: ClassVar[Literal["claim.recorded"]] = "claim.recorded"
    v: Literal[1] = 1
    message: str
    self_reported: None = None
    """Narrower than the event's `dict[str, Any] | None`: the agent's own figures are free JSON, left to pydantic."""
    source: Literal["claim_file", "stdout"]
    trial_id: str


class TamperScannedView(_View, tag="tamper.scanned", frozen=True, kw_only=True):
    """`memeval.eventlog.TamperScanned` of a scan that found nothing (a line with findings is read by pydantic)."""

    event: ClassVar[Literal["tamper.scanned"]] = "tamper.scanned"
    v: Literal[1] = 1
    findings: tuple[()] = ()
    """Narrower than the event's `tuple[TamperFinding, ...]`: only an empty list is read here."""
    omitted: int = 0
    policy: TamperPolicy
    trial_id: str


class FaultRaisedView(_View, tag="fault.raised", frozen=True, kw_only=True):
    """`memeval.eventlog.FaultRaised`, field for field."""

    event: ClassVar[Literal["fault.raised"]] = "fault.raised"
    v: Literal[1] = 1
    code: FaultCode
    message: str
    phase: Literal["build", "agent", "verify", "run"]
    trial_id: str | None = None
    waited_ms: int | None = None


class RunEndedView(_View, tag="run.ended", frozen=True, kw_only=True):
    """`memeval.eventlog.RunEnded`, field for field."""

    event: ClassVar[Literal["run.ended"]] = "run.ended"
    v: Literal[1] = 1
    message: str = ""
    status: Literal["completed", "cancelled", "error"]


class TrialEndedView(_View, tag="trial.ended", frozen=True, kw_only=True):
    """`memeval.eventlog.TrialEnded`, field for field."""

    event: ClassVar[Literal["trial.ended"]] = "trial.ended"
    v: Literal[1] = 1
    assessment: Assessment
    attempt: int = 1
    retained: str | None = None
    trial_id: str


View = (
    ModelCalledView
    | TrialStartedView
    | SandboxReadyView
    | AgentStartedView
    | AgentExitedView
    | WorkspaceDiffedView
    | VerifierStartedView
    | CheckRecordedView
    | TrialEndedView
    | ClaimRecordedView
    | TamperScannedView
    | FaultRaisedView
    | RunEndedView
)
"""The events the fast path reads; any other kind (`run.planned`) is left to pydantic."""
