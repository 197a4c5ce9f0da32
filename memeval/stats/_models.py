"""Typed inputs and the result of the paired verdict.

Field names of `PairedVerdict` follow the reference cases in `shared/fixtures/stats/cases.json`
(key for key), so `PairedVerdict.model_dump(mode="json")` can be laid over a case's `result`.
Intervals serialize as JSON arrays: `[lower, upper, method]` for rate and difference intervals,
`[lower, upper]` for the others, with `null` for an end the data cannot bound.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from memeval.stats._shapes import (  # defined without pydantic, for a plain replay
    Bounds,
    Interval,
    PMethod,
    TrialOutcome,
    WarningKind,
)
from memeval.types import VerdictWord


class TrialObs(BaseModel):
    """One trial of one arm, as the statistics see it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    outcome: TrialOutcome
    """`pass` or `fail` when the verifier scored it; `fault` when the harness failed."""
    cost_usd: float | None = None
    """What the trial cost in US dollars, or `None` when unknown (never guessed as 0)."""
    timed_out: bool = False
    """The agent's turn hit its time limit (still scored); counts toward the fault-share warning."""
    interrupted: bool = False
    """A `fault` because the run was stopped (Ctrl-C, SIGTERM; fault code `cancelled`), not the harness's
    failure: `memeval ab --resume` runs it again. The `cost_faults` warning names it so."""

    @field_validator("cost_usd")
    @classmethod
    def _cost_is_finite(cls, value: float | None) -> float | None:
        if value is not None and (not math.isfinite(value) or value < 0):
            raise ValueError(f"cost_usd must be a finite amount >= 0 or None, got {value!r}")
        return value


class TaskTrials(BaseModel):
    """All trials of one task in both arms of a paired run."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    task_id: str = Field(min_length=1)
    """The task's id, unique within a run."""
    baseline: tuple[TrialObs, ...] = ()
    """Trials without memory (the cold arm)."""
    pack: tuple[TrialObs, ...] = ()
    """Trials with the memory slice."""


class FaultedTrial(BaseModel):
    """A trial left out of scoring because the harness faulted."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    task_id: str
    mode: Literal["baseline", "pack"]
    index: int
    """Position of the trial in its arm's tuple (0-based)."""


class VerdictWarning(BaseModel):
    """Something that weakens the verdict without changing it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: WarningKind
    message: str
    task_ids: tuple[str, ...] = ()
    """The tasks concerned, when the warning is about particular tasks."""


class PerArmInt(BaseModel):
    """An integer per arm."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    baseline: int
    pack: int


class FaultSpend(BaseModel):
    """What the faulted trials cost per arm, USD.

    Each arm is the sum when every faulted trial's cost is known (0.0 when the arm has no fault),
    `None` when any is unknown (never a partial sum read as the whole); `reason` says how many were
    unknown in which arm, `None` when both arms are known.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    baseline: float | None
    pack: float | None
    reason: str | None = None


class ArmCostOfPass(BaseModel):
    """One arm's cost of a pass over the paired tasks, counting only trials whose cost is known."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    spend: float
    """Sum of the known costs of the arm's scored trials, USD."""
    passes: int
    """Passes among those trials."""
    n_tasks: int
    """Paired tasks resampled by the bootstrap."""
    value: float | None
    """`spend / passes` in USD per pass; `None` when there is no pass (never infinity)."""
    ci: Bounds | None
    """95% task-level percentile bootstrap interval; an end is `None` when resamples with no pass
    make it unbounded; the whole is `None` with no pass or fewer than 2 tasks."""
    cost_coverage: str
    """`"known/total"`: scored trials with a known cost over all scored trials."""

    @property
    def cost_known(self) -> int:
        """Scored trials with a known cost (the `known` of `cost_coverage`)."""
        return int(self.cost_coverage.split("/", 1)[0])

    @property
    def cost_scored(self) -> int:
        """Scored trials (the `total` of `cost_coverage`)."""
        return int(self.cost_coverage.split("/", 1)[1])


class CostDifference(BaseModel):
    """Pack cost of a pass minus baseline cost of a pass, USD."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: float
    ci: Bounds | None
    """Bootstrap interval from resampling tasks jointly in both arms."""


class CostOfPassBlock(BaseModel):
    """Cost of a pass per arm and their difference (`None` when either arm has no pass)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    baseline: ArmCostOfPass
    pack: ArmCostOfPass
    pack_minus_baseline: CostDifference | None


class PairedVerdict(BaseModel):
    """Everything the paired procedure computes for one run; rates are fractions in [0, 1].

    Fields mirror the `result` of the reference cases; `warnings`, `faulted_trials`, `one_repeat`,
    `alpha` and `n_min` are additions.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    n_tasks_total: int
    n_tasks_paired: int
    """Tasks with at least one scored trial in each arm: the unit of the test."""
    tasks_dropped: tuple[str, ...]
    """Tasks left out because an arm had no scored trial."""
    faulted_trials: tuple[FaultedTrial, ...]
    faults: PerArmInt
    """Faulted trials per arm, over all tasks (dropped ones included)."""
    fault_spend: FaultSpend
    """Cost of the faulted trials per arm, USD, or `None` with a reason (never part of the cost of a pass)."""
    one_repeat: bool
    """Every paired task has exactly one scored trial per arm (McNemar/Newcombe apply)."""
    pass_rate_baseline: float | None
    """Mean over paired tasks of the per-task pass rate over scored trials (None: no pair)."""
    pass_rate_pack: float | None
    delta: float | None
    """Mean over paired tasks of d = pack rate - baseline rate: the estimate (None: no pair)."""
    n_pos: int
    n_neg: int
    n_tied: int
    """Tasks with d > 0, d < 0 and d = 0; tied tasks carry no sign and drop out of the test."""
    p_value: float
    """Two-sided p-value of the sign-flip test on d."""
    p_method: PMethod
    p_sign_test: float
    """Two-sided binomial sign test on n_pos vs n_neg (equals p_value when all |d| are equal)."""
    p_value_exact_convolution: float
    """The exact sign-flip p-value by convolution: a check on p_value (and its target under MC)."""
    p_paired_t: float | None
    """Descriptive paired t-test p-value; `None` with fewer than 2 tasks or no spread in d."""
    delta_ci_t: tuple[float, float] | None
    pass_rate_ci_baseline: Interval | None
    pass_rate_ci_pack: Interval | None
    table_pack_rows_baseline_cols: tuple[tuple[int, int], tuple[int, int]] | None = None
    """One repeat only: [[both pass, pack only], [baseline only, both fail]]."""
    p_mcnemar_exact: float | None = None
    """One repeat only: the exact McNemar p-value on the table (as statsmodels' `mcnemar(exact=True)`)."""
    delta_ci_newcombe10: tuple[float, float] | None = None
    delta_ci: Interval | None
    """The difference interval: Newcombe 10 for one repeat, else paired t (descriptive)."""
    verdict: VerdictWord
    reason: str
    """`too_few_tasks(<N)`, `no_informative_tasks`, `not_significant(p>=ALPHA)`, `significant`, or
    `faults_could_change_it(...)` when counting the faulted trials against the direction found
    changes the word (see `verdict_scored` and `verdict_faults_against`)."""
    verdict_scored: VerdictWord | None = None
    """The word the scored trials alone give (None only on documents made before it existed)."""
    reason_scored: str | None = None
    verdict_faults_against: VerdictWord | None = None
    """The word with every faulted trial counted against the direction found: a fail in the arm
    that looks better, a pass in the other. None when the scored verdict is `unresolved` or no
    trial faulted (nothing to overturn)."""
    p_value_faults_against: float | None = None
    """The sign-flip p-value of that recount (None when it was not needed)."""
    cost_of_pass: CostOfPassBlock
    warnings: tuple[VerdictWarning, ...]
    alpha: float
    n_min: int
