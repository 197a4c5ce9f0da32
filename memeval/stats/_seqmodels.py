"""Typed settings and results of the sequential verdict (the procedure is in `_sequential`).

Kept apart from the numerical code so that a run's record can carry them without loading numpy
or scipy.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from memeval.types import VerdictWord

DEFAULT_ALPHA = 0.05
DEFAULT_N_MIN = 10
DEFAULT_PERM_SEED = 20240601
"""The fixed-size verdict's defaults (`memeval.stats._verdict`), repeated here to keep this module light;
a test checks they agree."""

SpendingFunction = Literal["obrien_fleming", "pocock", "hsd"]
SequentialStatistic = Literal["task_means", "trial_sums"]
"""What the sign-flip test sums at a look. `task_means`: each task's difference of pass rates
d_i, every task weighted alike. `trial_sums`: k_i d_i, the difference weighted by the task's
repeats so far k_i, so every trial pair counts alike; at a look that ends a round every k_i is
the same and the two give the same decisions, they differ only at looks within a round."""
FutilityKind = Literal["non_binding", "binding"]
"""How the efficacy thresholds treat the futility rule. `non_binding`: computed as if futility never
stopped a run (so the rule can only lower the false-verdict rate). `binding`: computed over the
reference paths that the same rule has not stopped, which lowers later thresholds; the error rate
holds because the procedure always stops at the futility rule (`memeval ab` does)."""
"""Lan-DeMets alpha-spending function: O'Brien-Fleming-type (spends little early), Pocock-type, or
the Hwang-Shih-DeCani family with parameter `SequentialDesign.gamma`."""

LookDecision = Literal["continue", "better", "worse", "futility", "max_reached", "too_few_tasks"]
"""What a look decided. `too_few_tasks` goes on (or ends unresolved at the maximum)."""

MAX_LOOKS_PER_ROUND = 100
"""The most looks a round may be split into."""
DEFAULT_SEQ_FLIPS = 10_000
DEFAULT_FUTILITY_POWER = 0.20
DEFAULT_SPENDING_GAMMA = 0.0
DEFAULT_LOOKS_PER_ROUND = 10
DEFAULT_STATISTIC: SequentialStatistic = "trial_sums"
"""The default design (ten looks a round on trial sums, HSD gamma 0, i.e. alpha spent in
proportion to the trial pairs run, binding futility below conditional power 0.2) is the one
`bench/sequential_calibration.py` chose: the fewest trials at +15 points at the fixed design's power
under both generating models. The previous default (one look a round, gamma 2) stays one flag away
(`--looks-per-round 1 --spending-gamma 2`)."""


class SequentialDesign(BaseModel):
    """The settings of a sequential run; pinned on the run card so a replay decides the same."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_rounds: int = Field(ge=1, le=50)
    """Most rounds (repeats per task per arm) the run may use."""
    alpha: float = Field(default=DEFAULT_ALPHA, gt=0.0, lt=1.0)
    """Two-sided false better/worse rate the design guarantees, whatever look it stops at."""
    spending: SpendingFunction = "hsd"
    gamma: float = Field(default=2.0, ge=-10.0, le=10.0)
    """Parameter of the `hsd` spending family (ignored by the others): 0 spends alpha in proportion
    to information, negative values save it for later looks, positive ones spend it earlier. The
    field's default (2) is the first benchmarked design's; `default_sequential_design` sets
    `DEFAULT_SPENDING_GAMMA`."""
    futility_power: float = Field(default=DEFAULT_FUTILITY_POWER, ge=0.0, lt=1.0)
    """Stop for futility when conditional power under the current trend is below this; 0 = never."""
    futility: FutilityKind = "non_binding"
    """Whether the efficacy thresholds count on the futility rule (`FutilityKind`). The model's
    default stays `non_binding` so that run cards written before the field existed replay the same;
    `memeval ab --until-decided` pins the field on every new run card."""
    looks_per_round: int = Field(default=1, ge=1, le=MAX_LOOKS_PER_ROUND)
    """Looks per round: 1 looks after every round; g > 1 splits each round's tasks (in sorted id
    order) into g groups of about n / g and looks after each group (`_sequential.look_repeats`);
    at most the number of tasks."""
    statistic: SequentialStatistic = "task_means"
    """What the test sums (`SequentialStatistic`); `task_means` on run cards written before the
    field existed, so they replay the same."""
    n_flips: int = Field(default=DEFAULT_SEQ_FLIPS, ge=100, le=1_000_000)
    """Size of the reference set (observed path included)."""
    seed: int = DEFAULT_PERM_SEED
    """Seed of the random sign flips (a `numpy.random.Generator`)."""
    n_min: int = Field(default=DEFAULT_N_MIN, ge=1)
    """Fewest paired tasks for a verdict other than `unresolved`."""


class SequentialLook(BaseModel):
    """One look at the data, after one round."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    round: int
    """1-based round number; the look uses rounds 1..round (the last one only partly when the
    design looks more than once a round)."""
    look: int | None = None
    """1-based look number (equal to `round` with one look per round); None on records written
    before looks within a round existed."""
    information: float
    """Information fraction t = look / (max_rounds x looks_per_round)."""
    alpha_spent: float
    """Cumulative alpha the spending function allows by this look."""
    n_paired: int
    """Tasks with a scored trial in both arms so far."""
    estimate: float | None
    """Mean of d over paired tasks (pack pass rate - baseline pass rate), or with the `trial_sums`
    statistic the mean difference per trial pair (each task weighted by its repeats so far); None
    with none paired."""
    boundary: float | None
    """|estimate| must exceed this to stop with better/worse here; None when no value could."""
    robust_estimate: float | None
    """The estimate with faulted trials counted against the direction found."""
    conditional_power: float | None
    """Chance of a verdict by the last round if the current trend holds; None at the last look."""
    decision: LookDecision


class SequentialResult(BaseModel):
    """The path of a sequential run: every look, and what it came to."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    design: SequentialDesign
    looks: tuple[SequentialLook, ...]
    verdict: VerdictWord
    reason: str
    """`significant(round=r)`, `futility(round=r)` (with looks within a round
    `significant(round=r, look=h)`, h the look's number counted from the first round),
    `max_rounds_reached`, `too_few_tasks(<n)` or `in_progress` (the last look said go on)."""
    stopped: bool
    """True when the run should run no more rounds."""

    @property
    def rounds_run(self) -> int:
        """Rounds looked at (the last of them only partly when the design looks within a round)."""
        return self.looks[-1].round if self.looks else 0


DEFAULT_FUTILITY_KIND: FutilityKind = "binding"
"""How `memeval ab --until-decided` treats futility by default (see `default_sequential_design`)."""


def default_sequential_design(max_rounds: int, **settings: object) -> SequentialDesign:
    """The design `memeval ab --until-decided` runs unless told otherwise.

    `DEFAULT_LOOKS_PER_ROUND` looks a round on the `DEFAULT_STATISTIC` statistic, Hwang-Shih-DeCani
    spending with gamma `DEFAULT_SPENDING_GAMMA`, futility below conditional power
    `DEFAULT_FUTILITY_POWER`, binding (`DEFAULT_FUTILITY_KIND`): the design
    `bench/sequential_calibration.py` chose, the fewest expected trials at +15 points at the fixed
    50 x 3 design's power under both of its generating models. A design looking more often a
    round than the run has tasks is refused by `memeval ab` (a look needs a task's trials).

    Args:
        max_rounds: most rounds.
        settings: any other `SequentialDesign` field to set.

    Raises:
        pydantic.ValidationError: a setting out of range.
    """
    return SequentialDesign.model_validate(
        {
            "max_rounds": max_rounds,
            "spending": "hsd",
            "gamma": DEFAULT_SPENDING_GAMMA,
            "futility_power": DEFAULT_FUTILITY_POWER,
            "futility": DEFAULT_FUTILITY_KIND,
            "looks_per_round": DEFAULT_LOOKS_PER_ROUND,
            "statistic": DEFAULT_STATISTIC,
            **settings,
        }
    )
