"""Calibration and power of the paired verdict, by seeded simulation.

Prints:
1. the false-verdict rate (better + worse) under no difference over a grid of pass rates
   0.2-0.8, 5-200 tasks and 1-5 repeats, with and without spread of task pass rates;
2. power (share of `better`) at +15 points from 0.50 for 20, 50 and 100 tasks at 1 and 3 repeats;
3. `tasks_for_power` at +15 points for 1 and 3 repeats;
4. a check of the simulation against the full `paired_verdict` (scipy binomtest /
   permutation_test with 100,000 Monte Carlo flips) on runs with no difference.

Usage: .venv/bin/python bench/stats_calibration.py [--sims N] [--full-runs N]
"""

from __future__ import annotations

import argparse
import time
from itertools import product

import numpy as np

from memeval.stats import TaskTrials, TrialObs, paired_verdict, simulate_verdicts, tasks_for_power

RATES = (0.2, 0.35, 0.5, 0.65, 0.8)
TASKS = (5, 10, 20, 50, 100, 200)
REPEATS = (1, 2, 3, 5)


def null_grid(sims: int, spread: float, seed: int) -> None:
    rng = np.random.default_rng(seed)
    print(f"\nNo true difference, spread {spread:+.2f}: false-verdict rate, {sims} runs per cell")
    print("tasks  " + "  ".join(f"k={k}:max/mean" for k in REPEATS))
    decisive = total = 0
    worst = (0.0, "")
    for n in TASKS:
        cells = []
        for k in REPEATS:
            rates = []
            for rate in RATES:
                s = simulate_verdicts(
                    n_tasks=n,
                    repeats=k,
                    rate_baseline=rate,
                    rate_pack=rate,
                    n_sims=sims,
                    rng=rng,
                    spread=spread,
                )
                rates.append(s.decisive_rate)
                decisive += s.better + s.worse
                total += s.n_sims
                if s.decisive_rate > worst[0]:
                    worst = (s.decisive_rate, f"rate {rate}, {n} tasks, {k} repeats")
            cells.append(f"{max(rates):6.3f}/{np.mean(rates):.3f}")
        print(f"{n:5d}  " + "  ".join(f"{c:>13s}" for c in cells))
    se = (0.05 * 0.95 / sims) ** 0.5
    print(
        f"pooled: {decisive} of {total} runs = {decisive / total:.4f}; "
        f"worst cell {worst[0]:.3f} ({worst[1]}); one cell's standard error at 5%: {se:.4f}"
    )


def power_table(sims: int, seed: int) -> None:
    print(f"\nPower at +15 points (0.50 -> 0.65), share of 'better', {sims} runs per cell")
    for spread in (0.0, 0.15):
        for k, n in product((1, 3), (20, 50, 100)):
            s = simulate_verdicts(
                n_tasks=n,
                repeats=k,
                rate_baseline=0.5,
                rate_pack=0.65,
                n_sims=sims,
                rng=np.random.default_rng(seed),
                spread=spread,
            )
            print(
                f"  spread {spread:.2f}  {n:3d} tasks x {k} repeat(s): power {s.better / sims:.3f}"
                f"  (worse {s.worse / sims:.3f})"
            )


def planning() -> None:
    print("\ntasks_for_power(0.15, k) at base 0.5, power 0.8, alpha 0.05 (400 runs per candidate)")
    for k in (1, 3, 5):
        t0 = time.perf_counter()
        n = tasks_for_power(0.15, k)
        print(f"  {k} repeat(s): {n} tasks  ({time.perf_counter() - t0:.2f} s)")


def full_procedure_check(runs: int, seed: int) -> None:
    """Run the real paired_verdict (scipy tests, seeded MC) on null runs; compare with the sim."""
    rng = np.random.default_rng(seed)
    n, k, rate = 50, 3, 0.5
    decisive = 0
    t0 = time.perf_counter()
    for _ in range(runs):
        base = rng.binomial(k, rate, n)
        pack = rng.binomial(k, rate, n)

        def arm(passes: int) -> tuple[TrialObs, ...]:
            return tuple(
                TrialObs(outcome="pass" if j < passes else "fail", cost_usd=0.1) for j in range(k)
            )

        tasks = [
            TaskTrials(task_id=f"t{i}", baseline=arm(b), pack=arm(p))
            for i, (b, p) in enumerate(zip(base, pack, strict=True))
        ]
        decisive += paired_verdict(tasks, boot_resamples=99).verdict != "unresolved"
    elapsed = time.perf_counter() - t0
    sim = simulate_verdicts(
        n_tasks=n,
        repeats=k,
        rate_baseline=rate,
        rate_pack=rate,
        n_sims=runs,
        rng=np.random.default_rng(seed + 1),
    )
    print(
        f"\nFull paired_verdict on {runs} null runs ({n} tasks x {k} repeats, rate {rate}): "
        f"false-verdict rate {decisive / runs:.3f}; simulation {sim.decisive_rate:.3f}; "
        f"{elapsed / runs * 1000:.0f} ms per run"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=1000, help="runs per null-grid cell")
    parser.add_argument("--power-sims", type=int, default=2000, help="runs per power cell")
    parser.add_argument("--full-runs", type=int, default=200, help="null runs via paired_verdict")
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args()
    t0 = time.perf_counter()
    null_grid(args.sims, 0.0, args.seed)
    null_grid(args.sims, 0.15, args.seed + 1)
    power_table(args.power_sims, args.seed)
    planning()
    full_procedure_check(args.full_runs, args.seed)
    print(f"\ntotal {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
