"""A verdict that may be read after every look: a group-sequential sign-flip test.

A sequential run proceeds in rounds; round r adds one more repeat of every task in both arms.
After each round (or each of a round's groups of tasks, step 6) this module looks at the data so
far and says: stop with `better` or `worse`,
stop for futility (`unresolved`: the difference is too small to find within the maximum), or go on.

The procedure (what `sequential_path` computes)
-----------------------------------------------
1. Per task i and round j, d_i(j) = pack pass rate - baseline pass rate over the task's scored
   trials of rounds 1..j (0 while an arm has no scored trial). The statistic at look j is
   S_j = sum_i d_i(j) (`statistic="task_means"`; with `"trial_sums"` S_j = sum_i k_i(j) d_i(j),
   step 6); the estimate is its mean over paired tasks (over their trial pairs with trial sums).
2. Reference set: the observed task paths plus `n_flips - 1` seeded random sign flips, each flip
   negating a task's WHOLE path (every round at once). Under no difference the two arms of a task
   are exchangeable, so the observed path and its flips are exchangeable as whole paths
   (a random-subset permutation test: Hemerik and Goeman, "Exact testing with random
   permutations", TEST 2018).
3. Alpha spending (Lan and DeMets, "Discrete sequential boundaries for clinical trials",
   Biometrika 1983) at information t_j = j / (looks per round x max_rounds), the Hwang-Shih-DeCani
   family alpha(t) = alpha (1 - e^{-gamma t}) / (1 - e^{-gamma}) (alpha t at gamma 0; Hwang,
   Shih and DeCani, Statistics in Medicine 1990). The `memeval ab --until-decided` default
   (`default_sequential_design`) is ten looks a round on trial sums (step 6), gamma 0, binding
   futility below conditional power 0.2 (step 5): `bench/sequential_calibration.py` compared
   sizes, looks a round, the statistic, gamma, futility thresholds and the spending functions, and
   this spent the fewest trials at +15 points at the fixed 50 x 3 design's power under both of
   its generating models (the previous default, one look a round with gamma 2, is
   `looks_per_round=1, gamma=2`).
   Also offered: Pocock-type
   alpha(t) = alpha ln(1 + (e - 1) t) and O'Brien-Fleming-type
   alpha(t) = 2 - 2 Phi(z_{1-alpha/2} / sqrt(t)). At look j the threshold tau_j is the smallest value such that
   the paths of the reference set that cross at look j (|S_j| > tau_j) and crossed no earlier look
   number at most floor(alpha(t_j) * n_flips) minus those that crossed before. Because the
   thresholds are symmetric functions of the reference set, the share of reference paths that
   ever cross is at most alpha, and so is the chance that the observed one does: the false
   better/worse rate is at most alpha whatever look the run stops at (exact, not asymptotic).
4. Faults cannot overturn the verdict: at a look that crosses, the same test is repeated with
   every faulted trial so far counted against the direction found (an interrupted trial, ended by
   the run's stop, is no fault: left out, as in the fixed-size verdict's recount) (a fail in the arm that looks
   better, a pass in the other); the run stops with better/worse only if that path crosses too,
   and has crossed at some look while alive in its own right (before its own futility rule, with
   binding futility, stopped it): the run follows the scored path's futility rule, not this one's,
   so only that event is inside this path's alpha budget. An arm that hides failures as faults
   showed the need (`bench/results/sequential_calibration.txt`, the laundering cell).
5. Futility: from the first look after round 1 on, stop when the conditional power under the current trend
   is below `futility_power`. With z = S_j / sqrt(sum_i d_i(j)^2) and t = t_j, the B-value is
   B = z sqrt(t) and the drift theta = B / t; conditional power =
   1 - Phi((z_{1-alpha/2} - B - theta (1 - t)) / sqrt(1 - t)) (Lan and Wittes, "The B-value: a
   tool for monitoring data", Biometrics 1988). `futility="non_binding"`: the thresholds of step 3
   ignore the rule, which can then only lower the false-verdict rate. `futility="binding"` (the
   `memeval ab --until-decided` default): the same rule is applied to every reference path (it is
   a function of |S_j| and of sum_i d_i(j)^2, which no sign flip changes), and a path it stops
   leaves the reference set's later looks, as in a group-sequential design with binding futility
   (Jennison and Turnbull, "Group Sequential Methods with Applications to Clinical Trials", 2000,
   ch. 5, two-sided tests with early stopping under the null). Later thresholds are then lower;
   the bound of step 3 still holds because the rule is a symmetric function of the reference set
   and the run as done always stops where the rule says (so a run must never go on past a
   futility stop).
6. Looks within a round (`looks_per_round` g > 1): the tasks, in sorted id order, are split into
   groups floor(i g / n); look h runs the next repeat of group (h - 1) mod g, so task i has
   k_i(h) = floor((h + g - 1 - g_i) / g) repeats at look h and d_i(h) is its difference over
   those; information is t_h = h / (g max_rounds), the share of the most trial pairs run by then.
   Everything above holds look by look: the groups are fixed before any trial, so the trials a
   look covers do not depend on any outcome. With `statistic="trial_sums"` the test sums
   x_i(h) = k_i(h) d_i(h), the difference in passes over the task's trial pairs, so a task that has
   run one more repeat than another counts for one more pair (with the task means, a pair of a task
   at one repeat would weigh twice as much as one of a task at two). A sign flip still negates a
   task's whole path, so steps 2-5 are unchanged with x in place of d; at the end of a round every
   k_i is equal and the decisions are those of the task means. Looks within a round bring the
   design nearer a test that may stop after any trial pair (Wald, "Sequential Analysis", 1947),
   whose expected size the whole-round looks cannot reach when tasks are alike
   (`bench/sequential_bound.py`); `bench/sequential_calibration.py` measures what they save.
   The futility rule of step 5 applies from the first look after round 1.

A look with fewer than `n_min` paired tasks can only go on (or end unresolved at the maximum).

This module lays out the looks and walks the path (steps 1, 4 and 6); the reference set's
flips, alpha spending, thresholds and futility rule (steps 2, 3 and 5) are in
`memeval.stats._seqbounds`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
from numpy.typing import NDArray

from memeval.stats._models import TaskTrials, TrialObs
from memeval.stats._seqbounds import _flips, _futility_checks, _thresholds, alpha_spent
from memeval.stats._seqmodels import (
    LookDecision,
    SequentialDesign,
    SequentialLook,
    SequentialResult,
)
from memeval.types import VerdictWord


def _looks_done(tasks: Sequence[TaskTrials], design: SequentialDesign) -> int:
    """The number of complete looks the tasks' trials make (tasks in sorted id order)."""
    if design.looks_per_round == 1 or any(len(t.baseline) != len(t.pack) for t in tasks):
        counts = {len(t.baseline) for t in tasks} | {len(t.pack) for t in tasks}
        if len(counts) != 1:
            raise ValueError(
                "every task needs the same number of trials in both arms, one per round; got "
                f"{sorted(counts)} (a round is complete only when all its trials have ended)"
            )
        rounds = counts.pop()
        if rounds > design.max_rounds:
            raise ValueError(f"{rounds} rounds exceed max_rounds={design.max_rounds}")
        return rounds * design.looks_per_round
    have = np.array([len(t.baseline) for t in tasks], dtype=np.int64)
    for h in range(design.max_rounds * design.looks_per_round + 1):
        if np.array_equal(look_repeats(len(tasks), h, design.looks_per_round)[:, -1] if h else 0 * have, have):
            return h
    raise ValueError(
        f"the tasks' trial counts {sorted(set(have.tolist()))} match no look of a design of {design.max_rounds} "
        f"rounds with {design.looks_per_round} looks a round (each look runs the next repeat of the next "
        "group of tasks in sorted id order, both arms, and is complete only when all its trials have ended)"
    )


def _counts(tasks: Sequence[TaskTrials], rounds: int) -> NDArray[np.int64]:
    """Cumulative counts after each round, shape (6, tasks, rounds).

    Rows: baseline passes, baseline unscored trials (faults and interrupted ones), pack passes,
    pack unscored trials, baseline interrupted trials, pack interrupted trials. An interrupted
    trial (the run was stopped) is neither scored nor a fault, as in the verdict's recount
    (`memeval.stats._verdictcore._measured`): the fault-robust path leaves it out instead of
    counting it against the direction found.
    """
    out = np.zeros((6, len(tasks), rounds), dtype=np.int64)
    for i, task in enumerate(tasks):
        for row, (arm, outcome, stopped) in enumerate(
            (
                (task.baseline, "pass", False),
                (task.baseline, "fault", False),
                (task.pack, "pass", False),
                (task.pack, "fault", False),
                (task.baseline, "fault", True),
                (task.pack, "fault", True),
            )
        ):
            seen = arm[:rounds]
            out[row, i, : len(seen)] = np.cumsum(
                [t.outcome == outcome and (t.interrupted or not stopped) for t in seen]
            )
    return out


def look_groups(n_tasks: int, looks_per_round: int) -> NDArray[np.int64]:
    """The group of each task (in sorted id order) for looks within a round.

    With g = looks_per_round groups, task i (0-based, of n) is in group floor(i g / n): the first
    look of a round runs group 0's next repeat, the second group 1's, and so on, so each look adds
    about n / g tasks' trials in both arms.
    """
    return (np.arange(n_tasks, dtype=np.int64) * looks_per_round) // max(n_tasks, 1)


def look_repeats(n_tasks: int, looks: int, looks_per_round: int) -> NDArray[np.int64]:
    """Each task's repeats per arm at looks 1..looks, shape (tasks, looks).

    Task i of group g_i has k_i(h) = floor((h + looks_per_round - 1 - g_i) / looks_per_round)
    repeats at look h: with one look per round, k_i(h) = h; with two, ceil(h / 2) for the first
    half of the tasks and floor(h / 2) for the second.
    """
    h = np.arange(1, looks + 1, dtype=np.int64)
    g = look_groups(n_tasks, looks_per_round)
    return (h[None, :] + looks_per_round - 1 - g[:, None]) // looks_per_round


def _look_counts(counts: NDArray[np.int64], done: NDArray[np.int64]) -> NDArray[np.int64]:
    """Per-round cumulative counts (rows, tasks, rounds) gathered at each task's repeats per look."""
    idx = np.broadcast_to(np.maximum(done - 1, 0)[None], (counts.shape[0], *done.shape))
    return np.where(done[None] > 0, np.take_along_axis(counts, idx, axis=2), 0)


def _scaled_d(
    counts: NDArray[np.int64], done: NDArray[np.int64], max_rounds: int, robust_sign: int
) -> tuple[NDArray[np.float64], NDArray[np.bool_], int]:
    """Per-task d paths scaled to integers (held in float64, exact below 2**53).

    With `robust_sign` 0 only scored trials count; with +1 (pack looks better) faults count as a
    fail in pack and a pass in baseline; with -1 the other way round.

    Args:
        counts: shape (4 or 6, tasks, looks), the cumulative counts at each look (`_look_counts`);
            rows 4 and 5, when given, are the interrupted trials among each arm's unscored ones.
        done: shape (tasks, looks), each task's trials per arm at each look.
        max_rounds: the design's maximum (fixes the integer scale).
        robust_sign: 0, +1 or -1.

    Returns:
        (d, paired, scale): d of shape (tasks, looks) equal to scale * d_i(j) exactly, paired of
        the same shape (both arms have a trial counted), and the integer scale.
    """
    scale = math.lcm(*range(1, max_rounds + 1)) ** 2
    pb, fb, pp, fp = counts[:4]
    ib, ip = counts[4:6] if counts.shape[0] == 6 else (0 * fb, 0 * fp)
    nb, n_p = done - fb, done - fp
    if robust_sign != 0:
        # Faults against the direction found: the favoured arm's faults fail, the other's pass.
        # Interrupted trials (the run was stopped) are no fault and were never measured: left out.
        nb, n_p = done - ib, done - ip
        if robust_sign > 0:
            pb = pb + fb - ib
        else:
            pp = pp + fp - ip
    ok = (nb > 0) & (n_p > 0)
    den = np.where(ok, n_p * nb, 1)
    d = np.where(ok, (pp * nb - pb * n_p) * (scale // den), 0).astype(np.float64)
    return d, ok, scale


def _weighted(
    d: NDArray[np.float64], paired: NDArray[np.bool_], done: NDArray[np.int64], design: SequentialDesign
) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    """The summed values x_i(h) and the estimate's divisor per look (`SequentialStatistic`).

    `task_means`: x_i = d_i and the divisor is the number of paired tasks; `trial_sums`:
    x_i = k_i d_i, with k_i the task's repeats per arm at the look, and the divisor is the sum of
    k_i over paired tasks, so S / divisor is the mean difference per trial pair.
    """
    if design.statistic == "trial_sums":
        return d * done, np.where(paired, done, 0).sum(axis=0)
    return d, paired.sum(axis=0).astype(np.int64)


def looks_from_counts(
    counts: NDArray[np.int64],
    design: SequentialDesign,
    eps: NDArray[np.float64] | None = None,
    n_looks: int | None = None,
) -> list[SequentialLook]:
    """The looks of a sequential run from its cumulative counts (the array core).

    Args:
        counts: shape (4 or 6, tasks, rounds): cumulative baseline passes, baseline faults, pack
            passes, pack faults after each round (tasks in a fixed order), then optionally baseline
            and pack interrupted trials (counted among the faults of rows 1 and 3, left out of the
            fault-robust path; `_counts`). With more than one look per
            round, a task's entries past its repeats at the last look are not read.
        design: the sequential settings.
        eps: the reference sign flips, shape (n_flips, tasks), row 0 all ones; drawn from
            `design.seed` when None (pass them in to reuse across many simulated runs).
        n_looks: looks to take (default: every look of the rounds in `counts`).

    Returns:
        One entry per look, ending at the first look that stops.
    """
    n_tasks, lpr = counts.shape[1], design.looks_per_round
    total_looks = design.max_rounds * lpr
    n_looks = counts.shape[2] * lpr if n_looks is None else n_looks
    if eps is None:
        eps = _flips(n_tasks, design.n_flips, design.seed)
    alphas = [alpha_spent(design.spending, h / total_looks, design.alpha, design.gamma) for h in range(1, n_looks + 1)]
    binding = design.futility == "binding"
    done = look_repeats(n_tasks, n_looks, lpr)
    at_looks = _look_counts(counts, done)
    d, paired, scale = _scaled_d(at_looks, done, design.max_rounds, 0)
    d, weight = _weighted(d, paired, done, design)
    signed = eps @ d
    cps, futile = _futility_checks(signed, d, paired, design)
    taus, crossed, _ = _thresholds(np.abs(signed), alphas, eps.shape[0], futile if binding else None)
    looks: list[SequentialLook] = []
    for j in range(n_looks):
        r = j + 1
        last = r == total_looks
        n_paired = int(paired[:, j].sum())
        w = int(weight[j])
        total = float(d[:, j].sum())
        robust: float | None = None
        cp: float | None = None
        decision: LookDecision = "continue"
        if n_paired < design.n_min:
            decision = "max_reached" if last else "too_few_tasks"
        elif crossed[j] and total != 0:
            sign = 1 if total > 0 else -1
            rd, rpaired, _ = _scaled_d(at_looks[:, :, :r], done[:, :r], design.max_rounds, sign)
            rd, r_weight = _weighted(rd, rpaired, done[:, :r], design)
            r_signed = eps @ rd
            r_futile = _futility_checks(r_signed, rd, rpaired, design)[1] if binding else None
            # The fault-robust path must cross while alive in its own right: with binding futility
            # the run follows the scored path's rule, not this one's, so a robust path its rule
            # had stopped (or that crossed before) is outside the budget and may not decide.
            _, r_crossed, r_alive = _thresholds(np.abs(r_signed), alphas[:r], eps.shape[0], r_futile)
            r_total = float(rd[:, j].sum())
            r_n = int(r_weight[j])
            robust = r_total / scale / r_n if r_n else None
            if r_crossed[j] and r_alive[j] and r_total * sign > 0:
                decision = "better" if sign > 0 else "worse"
            elif last:
                decision = "max_reached"
        elif last:
            decision = "max_reached"
        if decision == "continue":
            cp = float(cps[0, j])
            if futile[0, j]:
                decision = "futility"
        looks.append(
            SequentialLook(
                round=-(-r // lpr),
                look=r,
                information=r / total_looks,
                alpha_spent=alphas[j],
                n_paired=n_paired,
                estimate=total / scale / w if w else None,
                boundary=(taus[j] / scale / w if w and math.isfinite(taus[j]) else None),
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
    n_looks = _looks_done(ordered, design) if ordered else 0
    if n_looks == 0:
        return SequentialResult(design=design, looks=(), verdict="unresolved", reason="in_progress", stopped=False)
    rounds = max(len(t.baseline) for t in ordered)
    looks = looks_from_counts(_counts(ordered, rounds), design, n_looks=n_looks)
    final = looks[-1]
    verdict: VerdictWord = "unresolved"
    stopped = True
    where = f"round={final.round}" + (f", look={final.look}" if design.looks_per_round > 1 else "")
    if final.decision in ("better", "worse"):
        verdict = "better" if final.decision == "better" else "worse"
        reason = f"significant({where})"
    elif final.decision == "futility":
        reason = f"futility({where})"
    elif final.decision == "max_reached":
        reason = f"too_few_tasks(<{design.n_min})" if final.n_paired < design.n_min else "max_rounds_reached"
    else:
        reason, stopped = "in_progress", False
    return SequentialResult(design=design, looks=tuple(looks), verdict=verdict, reason=reason, stopped=stopped)


def _obs(outcome: str) -> TrialObs:
    """A trial of `path_from_outcomes`: `interrupted` is a `fault` the run's stop made."""
    if outcome == "interrupted":
        return TrialObs(outcome="fault", interrupted=True)
    return TrialObs.model_validate({"outcome": outcome})


def path_from_outcomes(
    outcomes: Mapping[tuple[str, str, int], str], task_ids: Sequence[str], design: SequentialDesign
) -> SequentialResult:
    """The sequential path over the complete rounds of a run's trial outcomes.

    A look is complete when every task has an outcome in both arms for each repeat that look
    covers (`look_repeats`); the path covers the largest complete prefix of looks (a look partly
    run, as after a crash, is not looked at until it is complete).

    Args:
        outcomes: (task id, mode, repeat) -> `pass`, `fail`, `fault` or `interrupted` (a trial
            the run's stop ended: neither scored nor a fault), one per ended trial (its latest
            attempt); repeats are 1-based.
        task_ids: every task of the run.
        design: the sequential design from the run card.

    Returns:
        The path, as `sequential_path` gives it.
    """
    ordered = sorted(task_ids)
    complete = np.zeros(len(ordered), dtype=np.int64)
    for h in range(1, design.max_rounds * design.looks_per_round + 1):
        k = look_repeats(len(ordered), h, design.looks_per_round)[:, -1]
        if ordered and all(
            (t, m, r) in outcomes
            for t, kt in zip(ordered, k, strict=True)
            for r in range(1, kt + 1)
            for m in ("baseline", "pack")
        ):
            complete = k
        else:
            break
    tasks = [
        TaskTrials(
            task_id=t,
            baseline=tuple(_obs(outcomes[(t, "baseline", r)]) for r in range(1, kt + 1)),
            pack=tuple(_obs(outcomes[(t, "pack", r)]) for r in range(1, kt + 1)),
        )
        for t, kt in zip(ordered, complete.tolist(), strict=True)
    ]
    return sequential_path(tasks, design)
