"""A verdict that may be read after every round: a group-sequential sign-flip test.

A sequential run proceeds in rounds; round r adds one more repeat of every task in both arms.
After each round this module looks at the data so far and says: stop with `better` or `worse`,
stop for futility (`unresolved`: the difference is too small to find within the maximum), or go on.

The procedure (what `sequential_path` computes)
-----------------------------------------------
1. Per task i and round j, d_i(j) = pack pass rate - baseline pass rate over the task's scored
   trials of rounds 1..j (0 while an arm has no scored trial). The statistic at look j is
   S_j = sum_i d_i(j); the estimate is its mean over paired tasks.
2. Reference set: the observed task paths plus `n_flips - 1` seeded random sign flips, each flip
   negating a task's WHOLE path (every round at once). Under no difference the two arms of a task
   are exchangeable, so the observed path and its flips are exchangeable as whole paths
   (a random-subset permutation test: Hemerik and Goeman, "Exact testing with random
   permutations", TEST 2018).
3. Alpha spending (Lan and DeMets, "Discrete sequential boundaries for clinical trials",
   Biometrika 1983) at information t_j = j / max_rounds. The default is the Hwang-Shih-DeCani
   family alpha(t) = alpha (1 - e^{-gamma t}) / (1 - e^{-gamma}) with gamma = 2 (Hwang, Shih and
   DeCani, Statistics in Medicine 1990), with futility below conditional power 0.2 (step 5):
   `bench/sequential_calibration.py` compared sizes, gamma in -1..6 and futility in 0.05..0.3 and
   this spent the fewest trials at +15 points at the fixed 50 x 3 design's power; spending that
   early matters because a later round (one more repeat of tasks already seen) adds less
   information than the first when tasks differ. Also offered: Pocock-type
   alpha(t) = alpha ln(1 + (e - 1) t) and O'Brien-Fleming-type
   alpha(t) = 2 - 2 Phi(z_{1-alpha/2} / sqrt(t)). At look j the threshold tau_j is the smallest value such that
   the paths of the reference set that cross at look j (|S_j| > tau_j) and crossed no earlier look
   number at most floor(alpha(t_j) * n_flips) minus those that crossed before. Because the
   thresholds are symmetric functions of the reference set, the share of reference paths that
   ever cross is at most alpha, and so is the chance that the observed one does: the false
   better/worse rate is at most alpha whatever look the run stops at (exact, not asymptotic).
4. Faults cannot overturn the verdict: at a look that crosses, the same test is repeated with
   every faulted trial so far counted against the direction found (a fail in the arm that looks
   better, a pass in the other); the run stops with better/worse only if that path crosses too.
5. Futility (non-binding, so it can only lower the false-verdict rate): from the second look on,
   stop when the conditional power under the current trend is below `futility_power`. With
   z = S_j / sqrt(sum_i d_i(j)^2) and t = t_j, the B-value is B = z sqrt(t) and the drift
   theta = B / t; conditional power = 1 - Phi((z_{1-alpha/2} - B - theta (1 - t)) / sqrt(1 - t))
   (Lan and Wittes, "The B-value: a tool for monitoring data", Biometrics 1988).

A look with fewer than `n_min` paired tasks can only go on (or end unresolved at the maximum).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
from numpy.typing import NDArray
from scipy import stats

from memeval.stats._models import TaskTrials, TrialObs
from memeval.stats._seqmodels import (
    LookDecision,
    SequentialDesign,
    SequentialLook,
    SequentialResult,
    SpendingFunction,
)
from memeval.types import VerdictWord


def alpha_spent(spending: SpendingFunction, t: float, alpha: float, gamma: float = 0.0) -> float:
    """Cumulative alpha spent at information fraction t (Lan and DeMets 1983).

    Args:
        spending: `obrien_fleming` (2 - 2 Phi(z_{1-alpha/2} / sqrt(t))), `pocock`
            (alpha ln(1 + (e - 1) t)) or `hsd`, the Hwang-Shih-DeCani family
            alpha (1 - e^{-gamma t}) / (1 - e^{-gamma}), alpha t at gamma = 0 (Hwang, Shih and
            DeCani, "Group sequential designs using a family of type I error probability spending
            functions", Statistics in Medicine 1990).
        t: information fraction in [0, 1].
        alpha: total two-sided alpha in (0, 1).
        gamma: the `hsd` parameter (ignored by the other two).

    Returns:
        A value in [0, alpha]; alpha at t = 1.

    Raises:
        ValueError: t outside [0, 1].
    """
    if not 0.0 <= t <= 1.0:
        raise ValueError(f"information fraction must be in [0, 1], got {t!r}")
    if t == 0.0:
        return 0.0
    if t == 1.0:
        return alpha
    if spending == "obrien_fleming":
        z = float(stats.norm.ppf(1.0 - alpha / 2.0))
        return float(min(alpha, 2.0 - 2.0 * stats.norm.cdf(z / math.sqrt(t))))
    if spending == "hsd":
        if gamma == 0.0:
            return alpha * t
        return float(min(alpha, alpha * -math.expm1(-gamma * t) / -math.expm1(-gamma)))
    return float(min(alpha, alpha * math.log(1.0 + (math.e - 1.0) * t)))


def _rounds(tasks: Sequence[TaskTrials]) -> int:
    counts = {len(t.baseline) for t in tasks} | {len(t.pack) for t in tasks}
    if len(counts) != 1:
        raise ValueError(
            "every task needs the same number of trials in both arms, one per round; got "
            f"{sorted(counts)} (a round is complete only when all its trials have ended)"
        )
    return counts.pop()


def _counts(tasks: Sequence[TaskTrials], rounds: int) -> NDArray[np.int64]:
    """Cumulative counts after each round, shape (4, tasks, rounds).

    Rows: baseline passes, baseline faults, pack passes, pack faults.
    """
    out = np.zeros((4, len(tasks), rounds), dtype=np.int64)
    for i, task in enumerate(tasks):
        for row, (arm, outcome) in enumerate(
            ((task.baseline, "pass"), (task.baseline, "fault"), (task.pack, "pass"), (task.pack, "fault"))
        ):
            out[row, i] = np.cumsum([t.outcome == outcome for t in arm[:rounds]])
    return out


def _scaled_d(
    counts: NDArray[np.int64], max_rounds: int, robust_sign: int
) -> tuple[NDArray[np.float64], NDArray[np.bool_], int]:
    """Per-task d paths scaled to integers (held in float64, exact below 2**53).

    With `robust_sign` 0 only scored trials count; with +1 (pack looks better) faults count as a
    fail in pack and a pass in baseline; with -1 the other way round.

    Args:
        counts: shape (4, tasks, rounds), as `_counts` gives.
        max_rounds: the design's maximum (fixes the integer scale).
        robust_sign: 0, +1 or -1.

    Returns:
        (d, paired, scale): d of shape (tasks, rounds) equal to scale * d_i(j) exactly, paired of
        the same shape (both arms have a trial counted), and the integer scale.
    """
    scale = math.lcm(*range(1, max_rounds + 1)) ** 2
    pb, fb, pp, fp = counts
    done = np.arange(1, counts.shape[2] + 1, dtype=np.int64)
    nb, n_p = done - fb, done - fp
    if robust_sign != 0:
        # Faults against the direction found: the favoured arm's faults fail, the other's pass.
        nb, n_p = done + 0 * fb, done + 0 * fp
        if robust_sign > 0:
            pb = pb + fb
        else:
            pp = pp + fp
    ok = (nb > 0) & (n_p > 0)
    den = np.where(ok, n_p * nb, 1)
    d = np.where(ok, (pp * nb - pb * n_p) * (scale // den), 0).astype(np.float64)
    return d, ok, scale


def _thresholds(
    sums: NDArray[np.float64], alphas: Sequence[float], n_flips: int
) -> tuple[list[float], NDArray[np.bool_]]:
    """Crossing thresholds per look over a reference set of paths.

    Args:
        sums: shape (n_flips, looks), |S_j| of each reference path (row 0 the observed one).
        alphas: cumulative alpha per look.
        n_flips: rows of `sums`.

    Returns:
        (tau, crossed_at): tau[j] such that a path crosses look j when |S_j| > tau[j] (inf when no
        path may), and for row 0 whether it crossed at each look (it can cross only once).
    """
    alive = np.ones(n_flips, dtype=np.bool_)
    crossed_total = 0
    taus: list[float] = []
    observed = np.zeros(sums.shape[1], dtype=np.bool_)
    for j, a in enumerate(alphas):
        budget = math.floor(a * n_flips + 1e-9) - crossed_total
        values = sums[alive, j]
        if budget <= 0 or values.size == 0:
            tau = math.inf
        elif budget >= values.size:
            tau = 0.0
        else:
            # The (budget+1)-th largest value: strictly above it are at most `budget` paths.
            tau = max(float(np.partition(values, values.size - budget - 1)[values.size - budget - 1]), 0.0)
        cross = alive & (sums[:, j] > tau)
        # The observed path may stop at any look it crosses, even after an earlier crossing that
        # the fault check did not let stand: that only narrows "ever crosses", whose chance is <= alpha.
        observed[j] = bool(sums[0, j] > tau)
        crossed_total += int(cross.sum())
        alive &= ~cross
        taus.append(tau)
    return taus, observed


def _flips(n_tasks: int, n_flips: int, seed: int) -> NDArray[np.float64]:
    rng = np.random.default_rng(seed)
    eps = (rng.integers(0, 2, size=(n_flips, n_tasks)) * 2 - 1).astype(np.float64)
    eps[0] = 1  # the observed path itself belongs to the reference set
    return eps


def _conditional_power(d: NDArray[np.float64], t: float, alpha: float) -> float:
    total = float(d.sum())
    norm = math.sqrt(float((d**2).sum()))
    z = abs(total) / norm if norm > 0 else 0.0
    b = z * math.sqrt(t)
    drift = b / t
    z_final = float(stats.norm.ppf(1.0 - alpha / 2.0))
    return float(1.0 - stats.norm.cdf((z_final - b - drift * (1.0 - t)) / math.sqrt(1.0 - t)))


def looks_from_counts(
    counts: NDArray[np.int64], design: SequentialDesign, eps: NDArray[np.float64] | None = None
) -> list[SequentialLook]:
    """The looks of a sequential run from its cumulative counts (the array core).

    Args:
        counts: shape (4, tasks, rounds): cumulative baseline passes, baseline faults, pack passes,
            pack faults after each round (tasks in a fixed order).
        design: the sequential settings.
        eps: the reference sign flips, shape (n_flips, tasks), row 0 all ones; drawn from
            `design.seed` when None (pass them in to reuse across many simulated runs).

    Returns:
        One look per round, ending at the first look that stops.
    """
    n_tasks, rounds = counts.shape[1], counts.shape[2]
    if eps is None:
        eps = _flips(n_tasks, design.n_flips, design.seed)
    alphas = [
        alpha_spent(design.spending, j / design.max_rounds, design.alpha, design.gamma) for j in range(1, rounds + 1)
    ]
    d, paired, scale = _scaled_d(counts, design.max_rounds, 0)
    taus, crossed = _thresholds(np.abs(eps @ d), alphas, eps.shape[0])
    looks: list[SequentialLook] = []
    for j in range(rounds):
        r = j + 1
        last = r == design.max_rounds
        n_paired = int(paired[:, j].sum())
        total = float(d[:, j].sum())
        robust: float | None = None
        cp: float | None = None
        decision: LookDecision = "continue"
        if n_paired < design.n_min:
            decision = "max_reached" if last else "too_few_tasks"
        elif crossed[j] and total != 0:
            sign = 1 if total > 0 else -1
            rd, rpaired, _ = _scaled_d(counts[:, :, :r], design.max_rounds, sign)
            _, r_crossed = _thresholds(np.abs(eps @ rd), alphas[:r], eps.shape[0])
            r_total = float(rd[:, j].sum())
            r_n = int(rpaired[:, j].sum())
            robust = r_total / scale / r_n if r_n else None
            if r_crossed[j] and r_total * sign > 0:
                decision = "better" if sign > 0 else "worse"
            elif last:
                decision = "max_reached"
        elif last:
            decision = "max_reached"
        if decision == "continue":
            cp = _conditional_power(d[paired[:, j], j], r / design.max_rounds, design.alpha)
            if r >= 2 and cp < design.futility_power:
                decision = "futility"
        looks.append(
            SequentialLook(
                round=r,
                information=r / design.max_rounds,
                alpha_spent=alphas[j],
                n_paired=n_paired,
                estimate=total / scale / n_paired if n_paired else None,
                boundary=(taus[j] / scale / n_paired if n_paired and math.isfinite(taus[j]) else None),
                robust_estimate=robust,
                conditional_power=cp,
                decision=decision,
            )
        )
        if decision in ("better", "worse", "futility", "max_reached"):
            break
    return looks


def sequential_path(tasks: Sequence[TaskTrials], design: SequentialDesign) -> SequentialResult:
    """Replay every look of a sequential run over its trials so far.

    Args:
        tasks: every task of the run, each arm's trials in round order (trial j is round j + 1),
            the same number of trials in every arm of every task (complete rounds only), faults
            included as outcome `fault`. Tasks are taken in sorted id order, so the answer does not
            depend on the order given.
        design: the sequential settings.

    Returns:
        The looks so far and what they came to. The result is a pure function of its inputs.

    Raises:
        ValueError: arms of unequal length, more rounds than `design.max_rounds`, duplicate ids.
    """
    ordered = sorted(tasks, key=lambda t: t.task_id)
    if len({t.task_id for t in ordered}) != len(ordered):
        raise ValueError("task ids must be unique")
    rounds = _rounds(ordered) if ordered else 0
    if rounds > design.max_rounds:
        raise ValueError(f"{rounds} rounds exceed max_rounds={design.max_rounds}")
    if rounds == 0:
        return SequentialResult(design=design, looks=(), verdict="unresolved", reason="in_progress", stopped=False)
    looks = looks_from_counts(_counts(ordered, rounds), design)
    final = looks[-1]
    verdict: VerdictWord = "unresolved"
    stopped = True
    if final.decision in ("better", "worse"):
        verdict = "better" if final.decision == "better" else "worse"
        reason = f"significant(round={final.round})"
    elif final.decision == "futility":
        reason = f"futility(round={final.round})"
    elif final.decision == "max_reached":
        reason = f"too_few_tasks(<{design.n_min})" if final.n_paired < design.n_min else "max_rounds_reached"
    else:
        reason, stopped = "in_progress", False
    return SequentialResult(design=design, looks=tuple(looks), verdict=verdict, reason=reason, stopped=stopped)


def path_from_outcomes(
    outcomes: Mapping[tuple[str, str, int], str], task_ids: Sequence[str], design: SequentialDesign
) -> SequentialResult:
    """The sequential path over the complete rounds of a run's trial outcomes.

    A round is complete when every task has an outcome for that repeat in both arms; the looks
    cover rounds 1..r for the largest complete prefix r (a round partly run, as after a crash, is
    not looked at until it is complete).

    Args:
        outcomes: (task id, mode, repeat) -> `pass`, `fail` or `fault`, one per ended trial (its
            latest attempt); repeats are 1-based.
        task_ids: every task of the run.
        design: the sequential design from the run card.

    Returns:
        The path, as `sequential_path` gives it.
    """
    complete = 0
    for r in range(1, design.max_rounds + 1):
        if task_ids and all((t, m, r) in outcomes for t in task_ids for m in ("baseline", "pack")):
            complete = r
        else:
            break
    tasks = [
        TaskTrials(
            task_id=t,
            baseline=tuple(TrialObs(outcome=outcomes[(t, "baseline", r)]) for r in range(1, complete + 1)),
            pack=tuple(TrialObs(outcome=outcomes[(t, "pack", r)]) for r in range(1, complete + 1)),
        )
        for t in task_ids
    ]
    return sequential_path(tasks, design)
