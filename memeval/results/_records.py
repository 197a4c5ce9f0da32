"""The trial record and the run result: typed, versioned documents projected from a run's log.

The trial record keeps the records page's keys exactly (`task_id`, `mode`, `verified`, `checks`
with `type`/`level`/`pass`, `harness_measured` with `wall_ms`, `input_tokens`, `output_tokens`,
`total_cost_usd`, `context_manifest`, `started_at`) and extends them. A number that was not
measured is null, and `physics.missing` says why.
"""

from __future__ import annotations

from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    computed_field,
    field_serializer,
    model_validator,
)

from memeval.eventlog import Logged, Manifest, RunCard, TamperFinding
from memeval.formatting import CellValue, cell_text
from memeval.results._schema import RESULT_SCHEMA, SCHEMA_VERSION, TRIAL_SCHEMA
from memeval.stats import PairedVerdict, SequentialResult
from memeval.types import Assessment, CheckLevel, CheckType, Control, Execution, FaultCode, Mode, TamperPolicy


class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Check(_M):
    """One check of a trial: what kind, at which level, and whether it passed."""

    type: CheckType
    level: CheckLevel
    passed: bool = Field(alias="pass")
    reward: float
    reward_source: str
    output: str | None = None
    """Artifact id of the verifier's output."""


class HarnessMeasured(_M):
    """Time, tokens and cost metered from outside the agent (null: not measured).

    `wall_ms` is the time the trial's own work took: from `trial.started` to `trial.ended`, less
    `Physics.phase_wait_ms` (its waits for other trials of its task; see there). The keys are the
    records page's, exactly.
    """

    wall_ms: int | None
    input_tokens: int | None
    output_tokens: int | None
    total_cost_usd: float | None


class Tokens(_M):
    """Token counts summed over the subject's model calls that measured them.

    Null only when no call measured the figure; when some answered calls could not be read the
    sum is a lower bound and `Physics.unmeasured_calls` says how many (shown as "at least N").
    Calls answered with an error (4xx/5xx) are counted as errors, not as unmeasured; one whose answer said what it
    used (its counts read whole) was billed, and its tokens count here too.
    """

    input: int | None
    output: int | None
    cache_read: int | None
    cache_write: int | None
    reasoning: int | None


class AttemptSpend(_M):
    """What one attempt of a trial spent: every model call it made, whatever became of it.

    Summed from the attempt's `model.called` events, subject and assessor alike, so an attempt
    that was superseded by a retry, faulted, or killed before a `--resume` (no `trial.ended`) still
    counts. Cost is the sum of the calls whose price is known; `calls_cost_unknown` counts the
    2xx calls whose cost could not be known (never counted as 0), and `cut_mid_turn` marks an
    attempt whose calls may not all be on record.
    """

    attempt: int
    ended: bool
    """False for an attempt killed before it ended (its process died; a resume started another)."""
    cost_usd: float
    """Known spend, USD."""
    calls: int
    calls_cost_unknown: int = 0
    cut_mid_turn: bool
    """True for an attempt that never ended although its agent had started (killed, or still
    running), and for one whose `agent.exited` says calls were in flight that never reached the log
    (memeval was killed, or stopped twice, before they ended): the proxy records a call when its
    response is over, so a call in flight at the kill is in no log and `cost_usd` is a lower bound.
    Required, so a cached projection made before this field existed is replayed rather than read as
    complete."""
    input_tokens: int | None = Field(default=None, exclude_if=lambda v: v is None)
    """Prompt tokens (cache parts included) of every call of the attempt that measured them, both roles, any
    status: the tokens `cost_usd` paid for, whether the attempt was the trial's last, superseded by a retry, or
    killed before a `--resume` (the trial's `harness_measured` and `physics.tokens` count its last attempt's
    subject calls only). Left out (None when read) when the attempt ran without the meter, and in a projection
    made before projection version 14."""
    output_tokens: int | None = Field(default=None, exclude_if=lambda v: v is None)
    """Generated tokens (reasoning included) of the same calls, as `input_tokens`."""
    tokens_unmeasured: int | None = Field(default=None, exclude_if=lambda v: v is None)
    """Answered calls (status < 400) of the attempt whose input or output count was not read: when > 0, its
    tokens are a lower bound ("at least"). Left out as `input_tokens` is."""


class Physics(_M):
    """What a trial cost, derived from its events, never declared. See the harness seed."""

    duration_ms: int | None
    """The trial's own time, ms: as `HarnessMeasured.wall_ms`."""
    phase_wait_ms: int | None = Field(default=None, exclude_if=lambda v: v is None)
    """How long, in all, its agent turn and its verifier waited for other trials of the same task,
    in ms (`memeval.runner._phases`: a verifier waits for the other arm's agent turn to end, an
    agent turn for a verifier, in this memeval process or another on the machine), as the runner
    measured it (`waited_ms` on `agent.started` and `verifier.started`, and on a `cancelled`
    `fault.raised` for a wait the run's stop cut short). That time is other trials' work: counted in the
    trial's time it would pull the arms' times together, so `duration_ms` and `wall_ms` leave it
    out. Absent (not written; None when read) for a log written before the runner measured the
    waits, whose `duration_ms` and `wall_ms` are then the whole span, wait included, as before."""
    tokens: Tokens
    cost_usd: float | None
    engine_calls: int | None
    tool_calls: int | None
    errors: int | None
    source: str
    """Where the figures came from: `meter` (the proxy) or `unmetered`."""
    missing: dict[str, str] = Field(default_factory=dict)
    """For each null figure, the reason (e.g. `unpriced: model x`, `not_emitted: 1 of 3 calls`)."""
    assessor: dict[str, Any] | None = None
    """The same figures for model calls made to judge the trial, kept apart (None: no such call)."""
    models: tuple[str, ...] = ()
    """Models as the provider named them in its responses."""
    unmeasured_calls: int = 0
    """Answered (2xx) calls of the subject whose token counts could not be read: the token
    totals are then a lower bound ("at least N")."""
    unmeasured_reasons: dict[str, int] = Field(default_factory=dict)
    """Why, with how many calls each."""
    model_calls: dict[str, int] = Field(default_factory=dict, exclude_if=lambda v: not v)
    """The subject's calls per response model, when it used two or more: absent (empty when read) for one model, whose
    calls the arms' share check (`memeval.results._plaintable.arm_models`) takes as `engine_calls`."""


class Fault(_M):
    """A harness failure: the trial is excluded from scoring."""

    code: FaultCode
    phase: str
    message: str


class Claim(_M):
    """What the agent said about its own work. Recorded, labelled, never counted."""

    message: str
    self_reported: dict[str, Any] | None
    source: str


class Workspace(_M):
    """How the agent changed its world."""

    diff: str | None
    added: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    retained: str | None = None


class Tamper(_M):
    """Files the agent left that can change how the verifier's tools behave, and their effect.

    What they did to the score (`memeval.runner._tamper`; the policy is the run's `--tamper`).
    """

    policy: TamperPolicy
    findings: tuple[TamperFinding, ...]
    omitted: int = 0
    """Findings past the ones kept, counted only."""
    failed: bool
    """True when the policy is `fail`, there were findings and the verifier had passed the trial:
    the trial is then scored failed (`verified` false, `reward` 0) and `checks` keep what the
    verifier said."""
    reason: str | None = None


class TrialRecord(_M):
    """One trial (its latest ended attempt), as projected from the log."""

    schema_: str = Field(default=TRIAL_SCHEMA, alias="schema")
    schema_version: int = SCHEMA_VERSION
    trial_id: str
    task_id: str
    mode: Mode
    repeat: int
    attempt: int
    attempts: int
    control: Control | None
    verified: bool | None
    """True or false as decided by held-back tests; null when no check ran (a fault)."""
    reward: float | None
    checks: tuple[Check, ...]
    execution: Execution
    execution_reason: str | None = None
    """Why the sandbox ended the agent's turn early, when a resource limit did."""
    assessment: Assessment
    fault: Fault | None
    claim: Claim | None
    harness_measured: HarnessMeasured
    physics: Physics
    context_manifest: tuple[str, ...]
    started_at: str
    ended_at: str | None
    workspace: Workspace | None
    tamper: Tamper | None = None
    """The tamper scan of the agent's workspace; null when none ran (the agent never started, or
    the run predates the scan)."""
    spend: tuple[AttemptSpend, ...] = ()
    """Every attempt of the trial (superseded, faulted and killed ones too), with its spend."""

    @property
    def spend_usd(self) -> float:
        """Known spend of every attempt of the trial, USD (see `memeval.results.arm_spend`)."""
        return round(sum(a.cost_usd for a in self.spend), 10)

    @property
    def spend_tokens(self) -> tuple[int, int] | None:
        """Input and output tokens of every attempt of the trial (`AttemptSpend.input_tokens`), or None.

        None when an attempt's were not metered, or the record was projected before they were carried.
        """
        if not self.spend or any(a.input_tokens is None or a.output_tokens is None for a in self.spend):
            return None
        return sum(a.input_tokens or 0 for a in self.spend), sum(a.output_tokens or 0 for a in self.spend)


class UnendedTrial(_M):
    """A trial none of whose attempts ended (killed, and no resume ran it again): its spend."""

    trial_id: str
    task_id: str
    mode: Mode
    spend: tuple[AttemptSpend, ...]


class Coverage(_M):
    """What should have happened and what did (the harness seed's coverage block)."""

    expected_trials: int
    executed_trials: int
    completed_trials: int
    expected_measurements: int
    observed_measurements: int
    missing: dict[str, int]
    """Missing measurements by reason: `fault` (the trial faulted), `not_emitted` (the meter ran but
    the provider's response lacked the figure), `unmetered` (the agent ran without the meter), and
    `not_run` (the trial never ended, e.g. a cancelled run)."""


class TableRow(_M):
    """One task of the with/without table, as values.

    Each arm's cell holds numbers; its words (`Passed · $0.18`, `2/3 passed · $0.40+ · 1 fault`)
    are made by `memeval.formatting.cell_text` from `cell(mode)`, in the readers and, for the JSON
    document, when the row is serialized (`baseline` and `pack`, read-only: the same text the
    terminal shows).
    """

    task_id: str
    baseline_passes: int
    """Baseline trials (latest attempts) the held-back tests passed."""
    baseline_scored: int
    """Baseline trials the verifier scored."""
    pack_passes: int
    pack_scored: int
    baseline_cost_usd: float | None
    """Known spend of every attempt of the arm's trials, USD (rounded to 6 places); None when the
    arm was not metered."""
    pack_cost_usd: float | None
    baseline_trials: int
    """Ended trials of the arm (latest attempts)."""
    pack_trials: int
    baseline_faults: int
    """Of those, trials that faulted, interrupted ones not counted (`baseline_interrupted`)."""
    pack_faults: int
    baseline_fault_code: FaultCode | None
    """The fault's code when the arm's cell is one faulted trial."""
    pack_fault_code: FaultCode | None
    baseline_cost_lower_bound: bool
    """Some answered call's cost was unknown: the spend is at least `baseline_cost_usd`."""
    pack_cost_lower_bound: bool
    baseline_interrupted: int = 0
    """Of the arm's trials, those the run's stop cut off (fault `cancelled`; `memeval ab --resume` runs them
    again): not measured and no fault, so named apart (0 in a projection written before version 9)."""
    pack_interrupted: int = 0

    def cell(self, mode: Mode) -> CellValue:
        """The values of one arm's cell, as `memeval.formatting.cell_text` words them."""
        b = mode == "baseline"
        trials = self.baseline_trials if b else self.pack_trials
        scored = self.baseline_scored if b else self.pack_scored
        return CellValue(
            trials=trials,
            passes=self.baseline_passes if b else self.pack_passes,
            scored=scored,
            faults=self.baseline_faults if b else self.pack_faults,
            fault_code=self.baseline_fault_code if b else self.pack_fault_code,
            scored_single=trials == 1 and scored == 1,
            cost_usd=self.baseline_cost_usd if b else self.pack_cost_usd,
            cost_lower_bound=self.baseline_cost_lower_bound if b else self.pack_cost_lower_bound,
            interrupted=self.baseline_interrupted if b else self.pack_interrupted,
        )

    @model_validator(mode="before")
    @classmethod
    def _drop_text(cls, data: Any) -> Any:
        """A serialized row carries its cells' words (`baseline`, `pack`); they are made, not read."""
        if isinstance(data, dict) and ("baseline" in data or "pack" in data):
            data = {k: v for k, v in data.items() if k not in ("baseline", "pack")}
        return data

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented way to serialize a property
    @property
    def baseline(self) -> str:
        """The baseline cell's words (`memeval.formatting.cell_text`), e.g. `Passed · $0.18`."""
        return cell_text(self.cell("baseline"))

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented way to serialize a property
    @property
    def pack(self) -> str:
        """The pack cell's words (`memeval.formatting.cell_text`)."""
        return cell_text(self.cell("pack"))


class SequentialRecord(_M):
    """The path of a sequential run (`memeval ab --until-decided`), projected from its log.

    The verdict word of a sequential run is `path.verdict`: the fixed-size test's p-value would
    ignore that the run looked after every round, so `RunResult.verdict` carries the sequential
    word and reason, and its p-value is descriptive only.
    """

    path: SequentialResult
    max_rounds: int
    rounds_run: int
    trials_run: int
    """Trials (both arms, latest attempts) of the rounds looked at."""
    trials_saved: int
    """Trials the fixed design of `max_rounds` repeats would have run beyond these (0 unless the
    run stopped early)."""
    spend_saved_usd: float | None
    """An estimate: the mean known cost of a trial so far times `trials_saved`; None when no
    trial's cost is known."""


class RunResult(_M):
    """The whole record of a run: a pure function of its event log."""

    schema_: str = Field(default=RESULT_SCHEMA, alias="schema")
    schema_version: int = SCHEMA_VERSION
    run_id: str
    status: str
    """`completed`, `cancelled`, `error`, or `running` (no `run.ended` yet)."""
    log_hash: str
    """SHA-256 of the log bytes this result was projected from."""
    manifest: Manifest = Field(title="Manifest")
    """The run's manifest, from `run.planned` (JSON: the object as the log held it)."""
    run_card: RunCard = Field(title="Run Card")
    """The run card both arms shared (JSON: the object as the log held it; a field the log's
    writer did not know yet is absent, not its default)."""
    trials: tuple[TrialRecord, ...]
    superseded: tuple[TrialRecord, ...]
    """Earlier ended attempts of retried or resumed trials: kept, never deleted (`trials` holds
    each trial's latest attempt)."""
    coverage: Coverage
    table: tuple[TableRow, ...]
    verdict: PairedVerdict | None
    """The paired verdict, or None when no task was paired."""
    run_faults: tuple[Fault, ...] = ()
    unended: tuple[UnendedTrial, ...] = ()
    """Trials started but never ended, with what their attempts spent (counted by `arm_spend`)."""
    sequential: SequentialRecord | None = None
    """With `--until-decided`: the looks, what they came to and what stopping saved; None for a
    fixed-size run."""

    @field_serializer("manifest", "run_card")
    def _as_logged(self, value: Logged) -> dict[str, Any]:
        return value.as_logged()
