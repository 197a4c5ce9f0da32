"""The typed events of a run's log. One discriminator field, `event`, names each kind.

Every event carries `v` (the schema version of its kind), `seq` (its 0-based position in the
log), `at` (UTC, when it was recorded) and, for trial events, `trial_id`. Names are `noun.verb`
in the past tense. Payloads are typed: a model call is a `ModelCallRecord` (`_payloads`), the run
card and the manifest are `RunCard` and `Manifest` (`_plan`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Final, Literal, get_args

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from memeval.eventlog._payloads import ModelCallRecord
from memeval.eventlog._plan import Manifest, RunCard
from memeval.types import (
    Assessment,
    CheckLevel,
    CheckType,
    Control,
    Execution,
    FaultCode,
    Mode,
    TamperKind,
    TamperPolicy,
)

LOG_FORMAT: Final = "memeval.runlog/1"
"""Written as the first line's `format`; a reader refuses other formats (`RunPlanned.format` is this Literal)."""


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    v: int = 1
    """The kind's schema version; each kind narrows it to `Literal[<the version it writes>]`, so a line of a
    higher version (a newer memeval's) is refused (`memeval.eventlog._log.from_newer_memeval` says so)."""
    seq: int = -1
    """Position in the log, assigned by the writer."""
    at: AwareDatetime | None = None
    """Record time (UTC), assigned by the writer."""


class PlannedTrial(BaseModel):
    """One trial the run means to execute."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    trial_id: str
    task_id: str
    mode: Mode
    repeat: int
    control: Control | None = None


class RunPlanned(_Event):
    """The run's plan: its manifest, run card and every trial it expects to execute.

    v2: `manifest` and `run_card` are typed (`Manifest`, `RunCard`); v1 kept the same objects
    untyped, and `memeval.eventlog._upcast` reads v1 lines.
    """

    event: Literal["run.planned"] = "run.planned"
    v: Literal[2] = 2
    """Version 2 only: a v1 line goes through the upcaster (`_upcast`)."""
    format: Literal["memeval.runlog/1"] = LOG_FORMAT
    """The log's format (`LOG_FORMAT`, the only one read): the first line names it."""
    run_id: str
    manifest: Manifest
    run_card: RunCard
    trials: tuple[PlannedTrial, ...]
    seeds: dict[str, int]
    """Named seeds of the run (`stats`: the verdict's permutation and bootstrap seed)."""


class TrialStarted(_Event):
    """An attempt at a trial began."""

    event: Literal["trial.started"] = "trial.started"
    v: Literal[1] = 1
    trial_id: str
    attempt: int = 1
    context_manifest: tuple[str, ...] = ()
    """Ids of the pack items given to this trial (empty for baseline)."""
    agent_trial_id: str | None = Field(default=None, exclude_if=lambda v: v is None)
    """The id the agent was given for this attempt as `MEMEVAL_TRIAL_ID` (16 random hex digits,
    naming neither arm nor repeat; its world's host folder is `.work/<it>/`), so a person can map
    what the agent labelled with it back to the trial. Absent (None) in logs written before the
    field existed, and when no agent was started by this process (a Ray node that never began the
    attempt); left out of the line when None."""


class SandboxReady(_Event):
    """The trial's world was built and its sandbox is about to start."""

    event: Literal["sandbox.ready"] = "sandbox.ready"
    v: Literal[1] = 1
    trial_id: str
    world_hash: str
    file_count: int
    bytes: int
    build_log: str | None = None
    """Artifact id of the build steps."""


class AgentStarted(_Event):
    """The agent's command started in its sandbox."""

    event: Literal["agent.started"] = "agent.started"
    v: Literal[1] = 1
    trial_id: str
    agent: str
    network: str
    waited_ms: int | None = None
    """Milliseconds the turn waited, before it started, for verifiers of the same task to end
    (`memeval.runner._phases`; measured by the runner's clock, 0 when nothing ran). None: not
    measured (a log written before the field existed)."""


class ModelCalled(_Event):
    """The metering proxy saw one model call.

    v2: `call` is a typed `ModelCallRecord` (v1 kept the same fields as an untyped JSON object).
    v3: `attempt` names the trial's attempt whose turn made the call (v2 lines had none, and a call
    that ended after its attempt, past the runner's settle wait, was counted in the next one).
    `memeval.eventlog._upcast` reads v1 and v2 lines.
    """

    event: Literal["model.called"] = "model.called"
    v: Literal[3] = 3
    """Version 3 only: a v1 or v2 line goes through the upcasters (`_upcast`)."""
    trial_id: str
    attempt: int | None = Field(default=None, exclude_if=lambda v: v is None)
    """The attempt (`TrialStarted.attempt`, 1-based) whose registration with the proxy made the call, whenever
    its line is written: a call still in flight when its attempt ended is logged later, maybe after the next
    attempt's `trial.started`, and counts against its own attempt. None (left out of the line): not known, in a
    line written before v3 (the projection then counts the call in the trial's latest attempt, as it always did)
    or by a meter registered without an attempt (`RunMeter.register_trial`). Not `call.attempt`, the SDK's
    retry number of one HTTP request."""
    call: ModelCallRecord

    @model_validator(mode="after")
    def _same_trial(self) -> ModelCalled:
        if self.call.trial_id != self.trial_id:
            raise ValueError(f"call.trial_id {self.call.trial_id!r} differs from the event's {self.trial_id!r}")
        return self


class AgentExited(_Event):
    """The agent's turn ended and every process it started is gone."""

    event: Literal["agent.exited"] = "agent.exited"
    v: Literal[1] = 1
    trial_id: str
    execution: Execution
    exit_code: int | None
    duration_ms: int
    stdout: str | None = None
    """Artifact id of standard output."""
    stderr: str | None = None
    """Artifact id of standard error."""
    reason: str | None = None
    """Why the sandbox ended the turn early, when a resource limit did (`memory limit of ...`)."""
    exchanges: str | None = None
    """Artifact id of the index of the turn's model-call bodies (`memeval.runner._exchanges`)."""
    stdout_bytes: int | None = Field(default=None, exclude_if=lambda v: v is None)
    """Bytes the agent wrote to standard output, written only when the artifact keeps part of them: its first
    and last 4 MiB, with a line between saying how many were cut (`memeval.sandbox.OutputCapture`). Absent when
    the artifact is the whole output, and in logs written before the field existed."""
    stderr_bytes: int | None = Field(default=None, exclude_if=lambda v: v is None)
    """As `stdout_bytes`, for standard error."""
    calls_in_flight: int | None = Field(default=None, exclude_if=lambda v: v is None)
    """Model calls of the turn still in flight when it was recorded (0: every call the agent made is on the
    log before this event; more: the upstream was silent past the runner's wait, and those calls are logged
    when they end; until that many of its calls follow this event on the log, the attempt, ended or not, counts
    as cut mid-turn: `memeval.results` `AttemptSpend.cut_mid_turn`). Absent in logs written before the field
    existed: not known, so an attempt killed after this event counts as cut mid-turn there."""


class ClaimRecorded(_Event):
    """What the agent said about its own work: kept, labelled, never counted."""

    event: Literal["claim.recorded"] = "claim.recorded"
    v: Literal[1] = 1
    trial_id: str
    message: str
    self_reported: dict[str, Any] | None = None
    """Usage or cost the agent reported about itself: a claim, never a measurement."""
    source: Literal["claim_file", "stdout"]


class WorkspaceDiffed(_Event):
    """How the agent changed the world."""

    event: Literal["workspace.diffed"] = "workspace.diffed"
    v: Literal[1] = 1
    trial_id: str
    diff: str | None
    """Artifact id of the unified diff (None when nothing changed)."""
    added: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    omitted: int = 0
    """Paths past the ones listed (`memeval.runner._diff.listed` caps each list), counted only."""


class TamperFinding(BaseModel):
    """One file the agent left that can change how the verifier's tools behave, or processes left running.

    A `lingering-process` finding names the processes still running when the verifier's test.sh
    exited, and the orphans that ended while it ran.

    Attributes:
        path: where it is inside the sandbox, e.g. `/app/pytest.py`.
        kind: what it can do (`memeval.types.TamperKind`).
        change: `added`, `changed` (the world had a file there), `removed` (the world had a file there and it
            is gone: a package a held-back test imports only if present, `memeval.runner._removed`), or `replaced`
            (memeval removed it before the verifier ran, e.g. a symlink on the way to a mount point), or `running`
            (processes still running when test.sh exited; `path` is `/tests/test.sh`).
        detail: one line naming what it shadows or configures.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    path: str
    kind: TamperKind
    change: Literal["added", "changed", "removed", "replaced", "running"]
    detail: str


class TamperScanned(_Event):
    """The agent's workspace was scanned for files that can steer the verifier.

    See `memeval.runner._tamper`. Written for every trial whose agent ran, findings or not.
    """

    event: Literal["tamper.scanned"] = "tamper.scanned"
    v: Literal[1] = 1
    trial_id: str
    policy: TamperPolicy
    """The run's `--tamper` policy: `fail` scores a trial with findings as failed."""
    findings: tuple[TamperFinding, ...] = ()
    omitted: int = 0
    """Findings past the first `MAX_FINDINGS`, counted only."""


class VerifierStarted(_Event):
    """The held-back tests were copied in and the verifier started.

    Written once the verifier may run, after any wait for agent turns of the same task to end
    (`memeval.runner._phases`), or before the fault when it is refused (`waited_ms` None then).
    """

    event: Literal["verifier.started"] = "verifier.started"
    v: Literal[1] = 1
    trial_id: str
    tests_hash: str
    waited_ms: int | None = None
    """Milliseconds the verifier waited, before it started, for agent turns of the same task
    (the other arm's, another repeat's) to end, measured by the runner's clock; 0 when none ran.
    None: not measured (the verifier was refused, or a log written before the field existed)."""


class CheckRecorded(_Event):
    """One check's result."""

    event: Literal["check.recorded"] = "check.recorded"
    v: Literal[1] = 1
    trial_id: str
    type: CheckType
    level: CheckLevel
    passed: bool
    reward: float
    reward_source: str
    """Which file and key gave the reward, e.g. `reward.txt` or `reward.json:score`."""
    exit_code: int | None = None
    output: str | None = None
    """Artifact id of what the verifier printed."""
    output_bytes: int | None = Field(default=None, exclude_if=lambda v: v is None)
    """Bytes the verifier (test.sh and what it ran) printed, written only when `output` keeps part of them (as
    `AgentExited.stdout_bytes`)."""


class FaultRaised(_Event):
    """A harness failure: a statement about the experiment, not the agent."""

    event: Literal["fault.raised"] = "fault.raised"
    v: Literal[1] = 1
    trial_id: str | None = None
    code: FaultCode
    phase: Literal["build", "agent", "verify", "run"]
    message: str
    waited_ms: int | None = Field(default=None, exclude_if=lambda v: v is None)
    """For a `cancelled` fault raised while the trial waited at the phases gate
    (`memeval.runner._phases`) for other trials of its task: how long it had waited, in ms of the
    runner's clock. A wait its phase never started after is recorded here, since no
    `agent.started` or `verifier.started` carries it. Absent (None) otherwise, and in logs written
    before the field existed; left out of the line when None, so other faults' lines are unchanged."""


class TrialEnded(_Event):
    """The attempt is over."""

    event: Literal["trial.ended"] = "trial.ended"
    v: Literal[1] = 1
    trial_id: str
    attempt: int = 1
    assessment: Assessment
    retained: str | None = None
    """Path, relative to the run folder, of the world kept as the agent left it."""


class RunEnded(_Event):
    """The run stopped: completed, cancelled, or ended by an error."""

    event: Literal["run.ended"] = "run.ended"
    v: Literal[1] = 1
    status: Literal["completed", "cancelled", "error"]
    message: str = ""


Event = Annotated[
    RunPlanned
    | TrialStarted
    | SandboxReady
    | AgentStarted
    | ModelCalled
    | AgentExited
    | ClaimRecorded
    | WorkspaceDiffed
    | TamperScanned
    | VerifierStarted
    | CheckRecorded
    | FaultRaised
    | TrialEnded
    | RunEnded,
    Field(discriminator="event"),
]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)


def current_versions() -> dict[str, int]:
    """Each event kind this memeval writes (`run.planned`, ...) and the schema version `v` it writes it at."""
    return {m.model_fields["event"].default: m.model_fields["v"].default for m in get_args(get_args(Event)[0])}


def parse_event(raw: dict[str, Any]) -> Event:
    """Validate one decoded log line as an `Event` (pydantic ValidationError on a bad line)."""
    return EVENT_ADAPTER.validate_python(raw)


def stamp(ev: Event, seq: int, at: datetime) -> Event:
    """A copy of `ev` with its position and record time set."""
    return ev.model_copy(update={"seq": seq, "at": at})
