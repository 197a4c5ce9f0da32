"""The verdict's plain shapes: its outcome and method names and its intervals, without pydantic.

Defined apart from the models (`_models`, which re-exports them) so that the statistics' own
arithmetic (`_verdictcore`, `_cost`, `_signflip`) loads without pydantic: a plain `memeval replay`
computes its verdict without the models and writes it as they would.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

TrialOutcome = Literal["pass", "fail", "fault"]
"""A trial's outcome for the statistics: a `fault` is the harness's failure and is never scored."""

PMethod = Literal["exact(binomtest)", "exact", "monte_carlo", "no_informative_tasks"]
"""How the p-value was computed.

- `exact(binomtest)`: every non-zero |d| is equal, so the sign-flip test is a binomial test.
- `exact`: scipy `permutation_test` over all 2^m sign flips of the m informative tasks.
- `monte_carlo`: seeded random sign flips (more than 16 informative; `_signflip.monte_carlo_sign_flip_p`).
- `no_informative_tasks`: every d is 0; p is 1.
"""

IntervalMethod = Literal["wilson", "t_on_task_means", "newcombe10", "paired_t"]
"""How an interval was computed: Wilson score, t on per-task rates, Newcombe's paired square-and-add
(method 10, with its continuity-corrected phi), or the paired t interval on the per-task d."""

WarningKind = Literal["few_trials", "many_faults", "mixed_settings", "cost_unknown", "cost_faults"]
"""Warnings attached to a verdict.

- `few_trials`: a paired task has fewer than 3 scored trials in an arm.
- `many_faults`: more than 5% of the trials that ran faulted or timed out; interrupted trials (the run
  was stopped, `memeval ab --resume` runs them again) are not harness faults and are named apart.
- `mixed_settings`: the caller found settings that differ across trials (model, limits, ...).
- `cost_unknown`: scored trials of the paired tasks whose cost is not known, which the cost of a pass
  leaves out. The agent's own calls decide which trials those are (a model the price table does not
  know, tools the provider ran itself), so an agent could leave out the trials it is failing and
  lower its arm's cost of a pass; the figures compare only when both arms' costs are all known.
- `cost_faults`: trials that spent and that the cost of a pass leaves out, as it leaves out their
  outcomes, each named for what it is: a harness fault, an interrupted trial (the run was stopped;
  not a fault, `memeval ab --resume` runs it again) or a trial of a task left unpaired
  (`memeval.stats._leftout`). An agent can make its failures faults (an answer file left a FIFO
  makes the verifier time out), lowering its arm's figure; the arm's whole spend is `fault_spend`
  plus the figure's.
"""


class Interval(NamedTuple):
    """A two-sided 95% interval with the name of its method; serializes as `[lo, hi, method]`."""

    lower: float
    upper: float
    method: IntervalMethod


class Bounds(NamedTuple):
    """A two-sided interval whose ends may be unbounded (`None`); serializes as `[lo, hi]`."""

    lower: float | None
    upper: float | None
