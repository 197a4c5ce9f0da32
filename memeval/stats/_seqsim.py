"""Seeded simulation of paired runs for the fixed and the sequential verdicts.

Two generating models of task difficulty (per-task baseline pass probability p_i):

- `uniform`: p_i = base + u_i, u_i uniform in [-spread, spread], clipped to [0, 1]; the pack adds
  `effect` to every task (the model of `simulate_verdicts`).
- `pilot`: p_i drawn with replacement from a pilot run's per-task baseline rates (`rates`); the
  pack fixes a fraction of failures as in `bimodal`.
- `bimodal`: p_i ~ Beta(m, 1 - m) with mean m = base (strongly bimodal: most tasks nearly always
  or nearly never pass, as agent tasks usually are); the pack fixes a fraction f of the remaining
  failures, p'_i = p_i + f (1 - p_i), with f = effect / (1 - base) so the mean gain is `effect`.

Nulls (no difference on average), `null` argument:

- `sharp`: pack and baseline rates equal on every task.
- `heterogeneous`: task effects e_i = +-h_i with equal chance, h_i = min(0.2, p_i, 1 - p_i).
- `skewed`: e_i = +4 a_i with chance 0.2, else -a_i, a_i = min(0.1, p_i, (1 - p_i) / 4) (skewed).
- `faults`: sharp, and 10% of trials in each arm fault at random.
- `faults_one_arm`: sharp, and 10% of pack trials fault at random.
- `laundering`: sharp, and 30% of the pack arm's failures are turned into faults (an agent that
  hides its failures as harness faults in one arm).
Both keep p_i + e_i inside [0, 1] without clipping, so every task's effect has mean zero given
its rate (at a rate of 0.5 they are +-0.2 and +0.4/-0.1). Clipping fixed sizes instead, as this
module once did, gave the bimodal model's skewed "null" a true mean effect of -1.2 points (most
of its tasks pass nearly always or never), which a sound test rightly finds.
"""

from __future__ import annotations

import math
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from memeval.stats._seqbet import BetHorizon, betting_decisions
from memeval.stats._seqbounds import _flips
from memeval.stats._seqmodels import SequentialDesign
from memeval.stats._sequential import look_repeats, looks_from_counts
from memeval.stats._simulate import sign_flip_p_values
from memeval.stats._verdict import DEFAULT_ALPHA, DEFAULT_N_MIN, decide

DifficultyModel = Literal["uniform", "bimodal", "pilot"]
NullKind = Literal["none", "sharp", "heterogeneous", "skewed", "faults", "faults_one_arm", "laundering"]


@dataclass(frozen=True)
class SeqSimSummary:
    """Verdicts and trials used over simulated runs."""

    n_sims: int
    better: int
    worse: int
    unresolved: int
    mean_trials: float
    """Mean trials run per simulated run (both arms, faults included)."""

    @property
    def decisive_rate(self) -> float:
        """(better + worse) / n_sims."""
        return (self.better + self.worse) / self.n_sims


def draw_outcomes(
    *,
    n_tasks: int,
    rounds: int,
    base: float,
    effect: float,
    model: DifficultyModel,
    null: NullKind,
    rng: np.random.Generator,
    spread: float = 0.0,
    rates: NDArray[np.float64] | None = None,
) -> NDArray[np.int64]:
    """One simulated run's outcomes, shape (2, tasks, rounds): 1 pass, 0 fail, -1 fault.

    Row 0 is the baseline arm, row 1 the pack arm. `effect` applies only when `null` is `none`.
    `rates` (the `pilot` model only) are the per-task baseline rates to draw from.
    """
    if model == "pilot":
        if rates is None or rates.size == 0:
            raise ValueError("the pilot model needs the pilot's per-task baseline rates")
        p = rng.choice(rates, n_tasks)
        mean = float(rates.mean())
        fix = effect / (1.0 - mean) if null == "none" and mean < 1.0 else 0.0
        q = np.clip(p + fix * (1.0 - p), 0.0, 1.0)
    elif model == "uniform":
        p = np.clip(base + (rng.uniform(-spread, spread, n_tasks) if spread > 0 else 0.0), 0, 1)
        p = np.broadcast_to(p, (n_tasks,)).astype(np.float64)
        q = np.clip(p + (effect if null == "none" else 0.0), 0.0, 1.0)
    else:
        p = rng.beta(base, 1.0 - base, n_tasks)
        fix = effect / (1.0 - base) if null == "none" and base < 1.0 else 0.0
        q = p + fix * (1.0 - p)
    if null == "heterogeneous":
        q = p + rng.choice([-1.0, 1.0], n_tasks) * np.minimum(0.2, np.minimum(p, 1.0 - p))
    elif null == "skewed":
        a = np.minimum(0.1, np.minimum(p, (1.0 - p) / 4.0))
        q = p + np.where(rng.uniform(size=n_tasks) < 0.2, 4.0 * a, -a)
    out = np.empty((2, n_tasks, rounds), dtype=np.int64)
    out[0] = rng.uniform(size=(n_tasks, rounds)) < p[:, None]
    out[1] = rng.uniform(size=(n_tasks, rounds)) < q[:, None]
    if null == "faults":
        out[rng.uniform(size=out.shape) < 0.10] = -1
    elif null == "faults_one_arm":
        out[1][rng.uniform(size=(n_tasks, rounds)) < 0.10] = -1
    elif null == "laundering":
        hide = (out[1] == 0) & (rng.uniform(size=(n_tasks, rounds)) < 0.30)
        out[1][hide] = -1
    return out


def _counts_of(outcomes: NDArray[np.int64]) -> NDArray[np.int64]:
    return np.stack(
        [
            np.cumsum(outcomes[0] == 1, axis=1),
            np.cumsum(outcomes[0] == -1, axis=1),
            np.cumsum(outcomes[1] == 1, axis=1),
            np.cumsum(outcomes[1] == -1, axis=1),
        ]
    ).astype(np.int64)


def fixed_verdict_of(outcomes: NDArray[np.int64], *, alpha: float = DEFAULT_ALPHA) -> str:
    """The fixed-size verdict on one simulated run, with faults counted against its direction.

    Scored d is the difference of pass rates over scored trials; the run's verdict stands only if
    the same test with faults counted against the direction found gives the same word (the rule
    of issue 12: faults cannot overturn a verdict).
    """
    counts = _counts_of(outcomes)[:, :, -1]
    pb, fb, pp, fp = counts.astype(np.float64)
    k = outcomes.shape[2]
    verdicts: list[str] = []
    for robust in (0, 1):
        nb, n_p = k - fb, k - fp
        b_pass, p_pass = pb.copy(), pp.copy()
        if robust:
            direction = verdicts[0]
            if direction == "unresolved":
                return "unresolved"
            nb = n_p = np.full_like(pb, k)
            if direction == "better":
                b_pass = pb + fb
            else:
                p_pass = pp + fp
        ok = (nb > 0) & (n_p > 0)
        scale = math.lcm(*range(1, k + 1)) ** 2
        den = np.where(ok, n_p * nb, 1).astype(np.int64)
        num = (p_pass * nb - b_pass * n_p).astype(np.int64)
        scaled = (num * (scale // den))[ok]
        common = math.gcd(*(int(v) for v in scaled)) if scaled.size else 1
        if common > 1:
            scaled = scaled // common  # small integers keep the exact convolution small
        p_value = float(sign_flip_p_values(scaled[None, :])[0])
        word, _ = decide(
            int(ok.sum()), int((scaled != 0).sum()), p_value, float(scaled.sum()), alpha=alpha, n_min=DEFAULT_N_MIN
        )
        verdicts.append(word)
    return verdicts[0] if verdicts[0] == verdicts[1] else "unresolved"


def simulate_sequential(
    *,
    n_tasks: int,
    design: SequentialDesign,
    base: float,
    effect: float,
    model: DifficultyModel,
    null: NullKind,
    n_sims: int,
    rng: np.random.Generator,
    spread: float = 0.0,
    rates: NDArray[np.float64] | None = None,
) -> SeqSimSummary:
    """Simulate sequential runs; count verdicts and the trials each run used.

    Args:
        n_tasks: tasks per run.
        design: the sequential design (its `n_flips` sets the reference set's size).
        base: mean baseline pass rate in (0, 1).
        effect: mean pass-rate gain of the pack (used when `null` is `none`).
        model: difficulty model.
        null: `none` for an effect, else the kind of no-difference world.
        n_sims: simulated runs.
        rng: the generator every draw comes from.
        spread: for the uniform model, half-width of the spread of task rates.
        rates: for the pilot model, the pilot's per-task baseline rates.

    Returns:
        Verdict counts and mean trials used.
    """
    eps = _flips(n_tasks, design.n_flips, design.seed)
    counts = {"better": 0, "worse": 0, "unresolved": 0}
    trials = 0
    with one_blas_thread():
        for _ in range(n_sims):
            outcomes = draw_outcomes(
                n_tasks=n_tasks,
                rounds=design.max_rounds,
                base=base,
                effect=effect,
                model=model,
                null=null,
                rng=rng,
                spread=spread,
                rates=rates,
            )
            looks = looks_from_counts(_counts_of(outcomes), design, eps)
            last = looks[-1]
            counts[last.decision if last.decision in ("better", "worse") else "unresolved"] += 1
            trials += 2 * int(look_repeats(n_tasks, last.look or last.round, design.looks_per_round)[:, -1].sum())
    return SeqSimSummary(n_sims=n_sims, mean_trials=trials / n_sims, **counts)


def one_blas_thread() -> AbstractContextManager[object]:
    """A context in which numpy's BLAS runs on one thread (`threadpoolctl`).

    Each simulated run multiplies the reference flips (n_flips x tasks, 10,000 x 60 for a plan)
    by a few look columns: a product too small to gain from threads. OpenBLAS starts one per core
    and spins them between calls, so on this 2-core machine at load 6-8 `eps @ d` took 20-28 ms
    against 2-4 ms on one thread, and the matrix products were half of `memeval plan --sequential`'s
    time (71 of 150 s under cProfile).
    """
    from threadpoolctl import threadpool_limits

    limits: AbstractContextManager[object] = threadpool_limits(limits=1, user_api="blas")
    return limits


def simulate_fixed(
    *,
    n_tasks: int,
    repeats: int,
    base: float,
    effect: float,
    model: DifficultyModel,
    null: NullKind,
    n_sims: int,
    rng: np.random.Generator,
    spread: float = 0.0,
) -> SeqSimSummary:
    """Simulate fixed-size runs under the same models, verdict by `fixed_verdict_of`."""
    counts = {"better": 0, "worse": 0, "unresolved": 0}
    for _ in range(n_sims):
        outcomes = draw_outcomes(
            n_tasks=n_tasks,
            rounds=repeats,
            base=base,
            effect=effect,
            model=model,
            null=null,
            rng=rng,
            spread=spread,
        )
        counts[fixed_verdict_of(outcomes)] += 1
    return SeqSimSummary(n_sims=n_sims, mean_trials=2.0 * n_tasks * repeats, **counts)


def simulate_betting(
    *,
    n_tasks: int,
    repeats: int,
    batch: int,
    base: float,
    effect: float,
    model: DifficultyModel,
    null: NullKind,
    n_sims: int,
    rng: np.random.Generator,
    spread: float = 0.0,
    horizon: BetHorizon = "anytime",
    alpha: float = DEFAULT_ALPHA,
) -> SeqSimSummary:
    """Simulate the betting design of `_seqbet` and count its verdicts and trials.

    Batches of `batch` new tasks, each run `repeats` times in both arms, a look after each batch,
    at most `n_tasks` tasks. A task's d is the difference of pass rates over its trials with
    faults counted against the direction each capital bets on (`betting_decisions`). Returns
    verdict counts and mean trials used (both arms).
    """
    d = np.empty((n_sims, n_tasks), dtype=np.float64)
    d_down = np.empty((n_sims, n_tasks), dtype=np.float64)
    for s in range(n_sims):
        out = draw_outcomes(
            n_tasks=n_tasks,
            rounds=repeats,
            base=base,
            effect=effect,
            model=model,
            null=null,
            rng=rng,
            spread=spread,
        )
        passes = (out == 1).sum(axis=2) / repeats
        faults = (out == -1).sum(axis=2) / repeats
        d[s] = passes[1] - (passes[0] + faults[0])
        d_down[s] = passes[1] + faults[1] - passes[0]
    looks = np.arange(batch, n_tasks + 1, batch)
    if looks[-1] != n_tasks:
        looks = np.append(looks, n_tasks)
    verdict, stop = betting_decisions(d, looks, alpha=alpha, horizon=horizon, d_down=d_down)
    trials = 2.0 * repeats * looks[stop]
    return SeqSimSummary(
        n_sims=n_sims,
        better=int((verdict > 0).sum()),
        worse=int((verdict < 0).sum()),
        unresolved=int((verdict == 0).sum()),
        mean_trials=float(trials.mean()),
    )
