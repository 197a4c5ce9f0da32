"""The paired verdict's arithmetic, without its models: from per-task trials in two arms to better / worse / unresolved.

`verdict_fields` computes every field of `PairedVerdict` as plain values (its nested parts as
dicts in their models' order, intervals as their named tuples), from any objects that read as
`TaskTrials` and `TrialObs`; `memeval.stats.paired_verdict` checks its arguments and validates
these fields into the model, and a plain `memeval replay` writes them as the model would,
without importing pydantic (`memeval.results._plainbody`).

The procedure is the one in PRODUCT.md, "Statistics": the task is the unit; per task
d = pack pass rate - baseline pass rate over scored trials; the estimate is mean d; a two-sided
exact sign-flip test on d (`_signflip`); fewer than `n_min` paired tasks or p >= alpha gives
`unresolved`, otherwise `better` or `worse` by the sign of the estimate.

Faults cannot overturn it: a `better` or `worse` on the scored trials is recomputed with every
faulted trial counted against it (`faults_against`; interrupted trials, never measured, are left
out); if that recount gives another word, the verdict is `unresolved` with reason
`faults_could_change_it(...)`. An agent that turns its own
failures into harness faults in one arm cannot launder them into a verdict.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple, Protocol

import numpy as np

from memeval.stats._cost import ArmCostData, cost_of_pass_fields
from memeval.stats._intervals import (
    mcnemar_exact_p,
    newcombe_paired_interval,
    paired_t_p,
    t_interval,
    wilson_interval,
)
from memeval.stats._leftout import left_out_spend
from memeval.stats._shapes import Interval
from memeval.stats._signflip import sign_flip_test
from memeval.types import VerdictWord


class TrialObs(Protocol):
    """What the arithmetic reads of a trial: `memeval.stats.TrialObs`, or `Obs`."""

    @property
    def outcome(self) -> str: ...
    @property
    def cost_usd(self) -> float | None: ...
    @property
    def timed_out(self) -> bool: ...
    @property
    def interrupted(self) -> bool: ...


class TaskTrials(Protocol):
    """What the arithmetic reads of a task: `memeval.stats.TaskTrials`, or `Task`."""

    @property
    def task_id(self) -> str: ...
    @property
    def baseline(self) -> tuple[TrialObs, ...]: ...
    @property
    def pack(self) -> tuple[TrialObs, ...]: ...


class Obs(NamedTuple):
    """A trial as the statistics see it, without the model (`memeval.stats.TrialObs`'s fields)."""

    outcome: str
    cost_usd: float | None = None
    timed_out: bool = False
    interrupted: bool = False


class Task(NamedTuple):
    """A task's trials in both arms, without the model (`memeval.stats.TaskTrials`'s fields)."""

    task_id: str
    baseline: tuple[TrialObs, ...] = ()
    pack: tuple[TrialObs, ...] = ()


DEFAULT_ALPHA = 0.05
DEFAULT_N_MIN = 10
DEFAULT_PERM_SEED = 20240601
DEFAULT_MC_RESAMPLES = 100_000
DEFAULT_EXACT_MAX_NONZERO = 16
DEFAULT_BOOT_SEED = 12345
DEFAULT_BOOT_RESAMPLES = 9999
"""Defaults, from `meta` of the reference cases."""

MIN_TRIALS_PER_ARM = 3
MAX_FAULT_SHARE = 0.05
"""More than this share of a run's trials faulted or timed out (interrupted ones left out) draws the verdict's
`many_faults` warning, which names it; `memeval.runreport`'s summary warns at the same share (`WARN_SHARE`)."""


def decide(
    n_paired: int, n_informative: int, p_value: float, estimate: float, *, alpha: float, n_min: int
) -> tuple[VerdictWord, str]:
    """Turn the test into a verdict word and its reason.

    Args:
        n_paired: paired tasks.
        n_informative: tasks with d != 0.
        p_value: two-sided p-value of the sign-flip test.
        estimate: mean d.
        alpha: significance level.
        n_min: fewest paired tasks for a verdict other than `unresolved`.

    Returns:
        (verdict, reason), reason one of `too_few_tasks(<n_min)`, `no_informative_tasks`,
        `not_significant(p>=alpha)`, `significant`.
    """
    if n_paired < n_min:
        return "unresolved", f"too_few_tasks(<{n_min})"
    if n_informative == 0:
        return "unresolved", "no_informative_tasks"
    if not p_value < alpha or estimate == 0:
        return "unresolved", f"not_significant(p>={alpha:g})"
    return ("better" if estimate > 0 else "worse"), "significant"


def _scored(trials: tuple[TrialObs, ...]) -> list[TrialObs]:
    return [t for t in trials if t.outcome != "fault"]


@lru_cache(maxsize=4096)
def _fraction(passes: int, trials: int) -> Fraction:
    """`Fraction(passes, trials)`, made once per pair: a run's rates take few values (k of n repeats)."""
    return Fraction(passes, trials)


def _passes(trials: list[TrialObs]) -> tuple[int, int]:
    """(passes, trials) of scored trials: the rate `_fraction(*_passes(trials))`."""
    return sum([t.outcome == "pass" for t in trials]), len(trials)


def _rate(trials: list[TrialObs]) -> Fraction:
    return _fraction(*_passes(trials))


@lru_cache(maxsize=4096)
def _difference(pack_passes: int, pack_trials: int, base_passes: int, base_trials: int) -> Fraction:
    """The pack's rate less the baseline's, exactly, made once per pair of counts."""
    return _fraction(pack_passes, pack_trials) - _fraction(base_passes, base_trials)


def _mean(values: list[float]) -> float | None:
    return float(np.mean(values)) if values else None


def _measured(trials: tuple[TrialObs, ...]) -> tuple[TrialObs, ...]:
    """`trials` without the interrupted ones: the run's stop, never measured and no harness fault.

    Like a superseded `cancelled` attempt (`retried_faults`), an interrupted trial is the user's
    doing, never the agent's, so the recount does not count it against the verdict; `memeval ab
    --resume` runs it, and the verdict is then made again.
    """
    return tuple(t for t in trials if not t.interrupted)


def _counted_against(trials: tuple[TrialObs, ...], as_outcome: str) -> list[TrialObs]:
    return [t if t.outcome != "fault" else Obs(as_outcome) for t in trials]


class _Recount(NamedTuple):
    verdict: VerdictWord
    reason: str
    p_value: float


def faults_against(
    tasks: Sequence[TaskTrials],
    direction: VerdictWord,
    *,
    alpha: float,
    n_min: int,
    perm_seed: int,
    mc_resamples: int,
    exact_max_nonzero: int,
) -> _Recount:
    """The verdict with every faulted trial counted against `direction`.

    A fault in the arm that looks better counts as a fail there, a fault in the other arm as a
    pass; a task is paired when it has a trial of any outcome in each arm. The same test and rule
    as the scored verdict (`decide`) then give the word. If it differs from `direction`, faults
    the harness could not score could have produced the result, so the run may not claim it.

    Args:
        tasks: every task's trials, faults included.
        direction: `better` or `worse`, the scored verdict.
        alpha: as for `paired_verdict`.
        n_min: as for `paired_verdict`.
        perm_seed: as for `paired_verdict`.
        mc_resamples: as for `paired_verdict`.
        exact_max_nonzero: as for `paired_verdict`.

    Returns:
        (verdict, reason, p_value) of the recount.
    """
    good, bad = ("pack", "baseline") if direction == "better" else ("baseline", "pack")
    d_exact: list[Fraction] = []
    for t in tasks:
        arms = {
            good: _counted_against(getattr(t, good), "fail"),
            bad: _counted_against(getattr(t, bad), "pass"),
        }
        if arms["baseline"] and arms["pack"]:
            d_exact.append(_rate(arms["pack"]) - _rate(arms["baseline"]))
    test = sign_flip_test(d_exact, exact_max_nonzero=exact_max_nonzero, mc_resamples=mc_resamples, perm_seed=perm_seed)
    estimate = float(sum(d_exact) / len(d_exact)) if d_exact else 0.0
    word, reason = decide(len(d_exact), test.n_pos + test.n_neg, test.p_value, estimate, alpha=alpha, n_min=n_min)
    return _Recount(word, reason, test.p_value)


def _cost_data(arms: list[list[TrialObs]]) -> ArmCostData:
    spend, passes, known, scored = [], [], 0, 0
    for trials in arms:
        with_cost = [t for t in trials if t.cost_usd is not None]
        spend.append(sum(t.cost_usd for t in with_cost if t.cost_usd is not None))
        passes.append(sum(t.outcome == "pass" for t in with_cost))
        known += len(with_cost)
        scored += len(trials)
    return ArmCostData(tuple(float(s) for s in spend), tuple(passes), known, scored)


def _warning(kind: str, message: str, task_ids: tuple[str, ...] = ()) -> dict[str, Any]:
    """`VerdictWarning`'s fields, in its order."""
    return {"kind": kind, "message": message, "task_ids": task_ids}


def _warnings(
    tasks: Sequence[TaskTrials],
    paired: list[TaskTrials],
    mixed_settings: Sequence[str],
    costs: tuple[ArmCostData, ArmCostData] | None = None,
) -> tuple[dict[str, Any], ...]:
    out: list[dict[str, Any]] = []
    few = tuple(t.task_id for t in paired if min(len(_scored(t.baseline)), len(_scored(t.pack))) < MIN_TRIALS_PER_ARM)
    if few:
        out.append(
            _warning(
                kind="few_trials",
                message=f"{len(few)} task(s) have fewer than {MIN_TRIALS_PER_ARM} scored trials "
                "in an arm; run 3 or more repeats per task",
                task_ids=few,
            )
        )
    trials = [x for t in tasks for x in (*t.baseline, *t.pack) if not x.interrupted]  # stopped: no harness fault
    stopped = sum(x.interrupted for t in tasks for x in (*t.baseline, *t.pack))
    bad = sum(x.outcome == "fault" or x.timed_out for x in trials)
    if trials and bad / len(trials) > MAX_FAULT_SHARE:
        left = (
            f" ({stopped} interrupted trial(s) left out: `memeval ab --resume RUN` runs them again)" if stopped else ""
        )
        # no trial scored: no verdict to trust later, only no data (`memeval runs` shows `—`)
        nothing = all(x.outcome == "fault" for x in trials)
        then = ": nothing was measured, so the verdict rests on no data" if nothing else " before trusting the verdict"
        out.append(
            _warning(
                kind="many_faults",
                message=f"{bad} of {len(trials)} trials ({bad / len(trials):.1%}) faulted or "
                f"timed out{left}, over the {MAX_FAULT_SHARE:.0%} limit; fix the harness or the tasks{then}",
            )
        )
    if mixed_settings:
        out.append(
            _warning(
                kind="mixed_settings",
                message="trials ran under differing settings: " + "; ".join(mixed_settings),
            )
        )
    if costs is not None and any(0 < c.known < c.scored for c in costs):  # a figure over some trials only
        (b, p) = costs
        out.append(
            _warning(
                kind="cost_unknown",
                message=f"cost of a pass leaves out scored trials whose cost is not known (baseline "
                f"{b.scored - b.known} of {b.scored}, pack {p.scored - p.known} of {p.scored}: a model with no "
                "price, tools the provider ran itself, usage not read, or an attempt killed mid-turn); the "
                "agent's calls decide which trials those are, so compare the arms' cost of a pass only when both "
                "are known for every trial (`memeval results RUN` says why for each; a model's price: --prices)",
            )
        )
    left_out = left_out_spend(tasks, paired) if costs is not None else None
    if left_out is not None:
        out.append(_warning(kind="cost_faults", message=left_out))
    return tuple(out)


def draw_verdict_ahead(paired_tasks: int, boot_seed: int | None) -> tuple[int, int, int] | None:
    """Start drawing, in a helper thread, the cost-of-pass bootstrap a verdict of `paired_tasks` tasks will make.

    For a caller that knows the verdict's shape before its values (a replay reads it from the run's
    plan, then reads the log): `memeval.stats._cost.draw_ahead` with `verdict_fields`' resamples
    and `boot_seed` (None: its default). The verdict uses the draws only if it bootstraps that many
    tasks with that seed; the same numbers either way. Nothing is started for fewer than two tasks
    (no interval) or a negative seed (`paired_verdict` refuses it).

    Returns:
        The draws' key, for `forget_ahead` once the caller is done, or None.
    """
    from memeval.stats._cost import draw_ahead

    seed = DEFAULT_BOOT_SEED if boot_seed is None else boot_seed
    if paired_tasks < 2 or seed < 0:
        return None
    return draw_ahead(paired_tasks, seed, DEFAULT_BOOT_RESAMPLES)


def verdict_fields(
    tasks: Sequence[TaskTrials],
    *,
    alpha: float = DEFAULT_ALPHA,
    n_min: int = DEFAULT_N_MIN,
    perm_seed: int = DEFAULT_PERM_SEED,
    mc_resamples: int = DEFAULT_MC_RESAMPLES,
    exact_max_nonzero: int = DEFAULT_EXACT_MAX_NONZERO,
    boot_seed: int = DEFAULT_BOOT_SEED,
    boot_resamples: int = DEFAULT_BOOT_RESAMPLES,
    mixed_settings: Sequence[str] = (),
    retried_faults: Mapping[str, tuple[int, int]] | None = None,
) -> dict[str, Any]:
    """Compute the paired A/B verdict of a run (PRODUCT.md, "Statistics"): `PairedVerdict`'s fields.

    The arguments are not checked here (`memeval.stats.paired_verdict` checks them first).

    Args:
        tasks: each task's trials in both arms; task ids must be unique.
        alpha: two-sided significance level, in (0, 1).
        n_min: fewest paired tasks for a verdict other than `unresolved`.
        perm_seed: seed for the Monte Carlo sign-flip test (more than `exact_max_nonzero`
            informative tasks with unequal |d|).
        mc_resamples: random sign flips for the Monte Carlo test.
        exact_max_nonzero: the most informative tasks tested over all 2^m sign flips.
        boot_seed: seed for the cost-of-pass bootstraps.
        boot_resamples: bootstrap resamples.
        mixed_settings: descriptions of settings that differ across trials, found by the caller;
            non-empty adds a `mixed_settings` warning.
        retried_faults: per task id, (baseline, pack) counts of faulted attempts that a retry
            superseded. They are never scored, but they are counted against the verdict with the
            trials' own faults: an agent that could cause a retried fault (as never calling the
            model it declares once did) could otherwise reroll its failures in one arm.

    Returns:
        Every field of `PairedVerdict`, in its order, its defaults included; its parts
        (`faulted_trials`, `faults`, `fault_spend`, `cost_of_pass`, `warnings`) as dicts of their
        models' fields in order, its intervals as `Interval`, `Bounds` or pairs. Pass rates and d
        are fractions, costs USD.
    """
    paired: list[TaskTrials] = []
    dropped_ids: list[str] = []
    base_arms: list[list[TrialObs]] = []
    pack_arms: list[list[TrialObs]] = []
    for t in tasks:
        scored_b, scored_p = _scored(t.baseline), _scored(t.pack)
        if scored_b and scored_p:
            paired.append(t)
            base_arms.append(scored_b)
            pack_arms.append(scored_p)
        else:
            dropped_ids.append(t.task_id)
    dropped = tuple(dropped_ids)
    faulted = tuple(
        {"task_id": t.task_id, "mode": mode, "index": i}
        for t in tasks
        for mode, trials in (("baseline", t.baseline), ("pack", t.pack))
        for i, x in enumerate(trials)
        if x.outcome == "fault" and not x.interrupted  # the run's stop: not measured, no harness fault
    )
    costs = (_cost_data(base_arms), _cost_data(pack_arms))
    counts_b = [_passes(a) for a in base_arms]
    counts_p = [_passes(a) for a in pack_arms]
    rate_b = [_fraction(*c) for c in counts_b]
    rate_p = [_fraction(*c) for c in counts_p]
    d_exact = [_difference(*p, *b) for p, b in zip(counts_p, counts_b, strict=True)]
    d = [float(x) for x in d_exact]
    n = len(paired)
    estimate = _mean(d)
    test = sign_flip_test(d_exact, exact_max_nonzero=exact_max_nonzero, mc_resamples=mc_resamples, perm_seed=perm_seed)
    verdict, reason = decide(n, test.n_pos + test.n_neg, test.p_value, estimate or 0.0, alpha=alpha, n_min=n_min)
    verdict_scored, reason_scored = verdict, reason
    recount: _Recount | None = None
    retried = {k: v for k, v in (retried_faults or {}).items() if v != (0, 0)}
    if verdict != "unresolved" and (faulted or retried):
        with_retried = [
            Task(
                t.task_id,
                (*_measured(t.baseline), *(Obs("fault"),) * retried.get(t.task_id, (0, 0))[0]),
                (*_measured(t.pack), *(Obs("fault"),) * retried.get(t.task_id, (0, 0))[1]),
            )
            for t in tasks
        ]
        recount = faults_against(
            with_retried,
            verdict,
            alpha=alpha,
            n_min=n_min,
            perm_seed=perm_seed,
            mc_resamples=mc_resamples,
            exact_max_nonzero=exact_max_nonzero,
        )
        if recount.verdict != verdict:
            reason = (
                f"faults_could_change_it({len(faulted) + sum(map(sum, retried.values()))} faulted trial(s) "
                "counted against "
                f"'{verdict}' give '{recount.verdict}', p={recount.p_value:.4g})"
            )
            verdict = "unresolved"
    one_repeat = n > 0 and all(len(a) == 1 for a in (*base_arms, *pack_arms))
    table = newcombe = p_mcnemar = None
    if one_repeat:
        # One scored trial an arm: a rate is 1 (k == n) or 0 (k == 0), read from the counts.
        both = only_p = only_b = 0
        for (kp, n_p), (kb, n_b) in zip(counts_p, counts_b, strict=True):
            both += kp == n_p and kb == n_b
            only_p += kp == n_p and kb == 0
            only_b += kp == 0 and kb == n_b
        table = ((both, only_p), (only_b, n - both - only_p - only_b))
        newcombe = newcombe_paired_interval(table)
        p_mcnemar = mcnemar_exact_p(table)
        wil_b = wilson_interval(both + only_b, n)
        wil_p = wilson_interval(both + only_p, n)
        delta_ci: Interval | None = Interval(*newcombe, "newcombe10")
        ci_b: Interval | None = Interval(*wil_b, "wilson")
        ci_p: Interval | None = Interval(*wil_p, "wilson")
    else:
        t_d = t_interval(d)
        t_b = t_interval([float(x) for x in rate_b])
        t_p = t_interval([float(x) for x in rate_p])
        delta_ci = Interval(*t_d, "paired_t") if t_d else None
        ci_b = Interval(*t_b, "t_on_task_means") if t_b else None
        ci_p = Interval(*t_p, "t_on_task_means") if t_p else None
    return {
        "n_tasks_total": len(tasks),
        "n_tasks_paired": n,
        "tasks_dropped": dropped,
        "faulted_trials": faulted,
        "faults": {
            "baseline": sum(f["mode"] == "baseline" for f in faulted),
            "pack": sum(f["mode"] == "pack" for f in faulted),
        },
        "fault_spend": _fault_spend(tasks),
        "one_repeat": one_repeat,
        "pass_rate_baseline": _mean([float(x) for x in rate_b]),
        "pass_rate_pack": _mean([float(x) for x in rate_p]),
        "delta": estimate,
        "n_pos": test.n_pos,
        "n_neg": test.n_neg,
        "n_tied": test.n_tied,
        "p_value": test.p_value,
        "p_method": test.p_method,
        "p_sign_test": test.p_sign_test,
        "p_value_exact_convolution": test.p_exact_convolution,
        "p_paired_t": paired_t_p(d),
        "delta_ci_t": t_interval(d),
        "pass_rate_ci_baseline": ci_b,
        "pass_rate_ci_pack": ci_p,
        "table_pack_rows_baseline_cols": table,
        "p_mcnemar_exact": p_mcnemar,
        "delta_ci_newcombe10": newcombe,
        "delta_ci": delta_ci,
        "verdict": verdict,
        "reason": reason,
        "verdict_scored": verdict_scored,
        "reason_scored": reason_scored,
        "verdict_faults_against": recount.verdict if recount else None,
        "p_value_faults_against": recount.p_value if recount else None,
        "cost_of_pass": cost_of_pass_fields(costs[0], costs[1], boot_seed=boot_seed, boot_resamples=boot_resamples),
        "warnings": _warnings(tasks, paired, mixed_settings, costs),
        "alpha": float(alpha),
        "n_min": n_min,
    }


def _fault_spend(tasks: Sequence[TaskTrials]) -> dict[str, Any]:
    """Each arm's faulted-trial costs summed, None and a reason for an arm with any unknown (`FaultSpend`'s fields)."""
    spend: dict[str, float | None] = {}
    unknown: list[str] = []
    for mode in ("baseline", "pack"):
        faulted = [x for t in tasks for x in getattr(t, mode) if x.outcome == "fault"]
        missing = sum(x.cost_usd is None for x in faulted)
        spend[mode] = None if missing else float(sum(x.cost_usd or 0.0 for x in faulted))
        if missing:
            unknown.append(f"{mode}: cost unknown for {missing} of {len(faulted)} faulted trial(s)")
    return {"baseline": spend["baseline"], "pack": spend["pack"], "reason": "; ".join(unknown) or None}
