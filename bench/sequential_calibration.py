"""Calibration, power and trials used by the sequential verdict (`memeval ab --until-decided`).

Prints, for both generating models of `memeval.stats._seqsim` (uniform difficulty, and strongly
bimodal Beta(m, 1 - m) difficulty with the pack fixing a fraction of failures):

1. the false better/worse rate of the sequential procedure in every null cell (sharp,
   heterogeneous, skewed, faults in both arms, faults in one arm, failures laundered as faults in
   one arm) at several base rates and task counts, with its standard error;
2. power and expected trials at effects 0, +5, +10, +15 and +25 points for the chosen design;
3. the fixed 50 x 3 design against sequential designs of equal or higher power at +15 points:
   expected trials and the saving;
4. the two spending functions side by side (O'Brien-Fleming-type and Pocock-type).

Usage: .venv/bin/python bench/sequential_calibration.py [--null-sims N] [--power-sims N]
(defaults 4,000 runs per null cell, so that 5% and 6% are about three standard errors apart;
--wide adds a 60-task cell to each null).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from memeval.stats._seqsim import SeqSimSummary, simulate_fixed, simulate_sequential
from memeval.stats._sequential import SequentialDesign

NULLS = ("sharp", "heterogeneous", "skewed", "faults", "faults_one_arm", "laundering")


def _line(label: str, s: SeqSimSummary) -> str:
    se = (max(s.decisive_rate, 0.05) * (1 - max(s.decisive_rate, 0.05)) / s.n_sims) ** 0.5
    return (
        f"  {label:<44s} false {s.decisive_rate:.4f} (+-{se:.4f}; better {s.better}, worse {s.worse})"
        f"  mean trials {s.mean_trials:6.1f}"
    )


def null_cells(sims: int, design: SequentialDesign, seed: int, cells: tuple[tuple[int, float], ...]) -> float:
    print(f"\n1. No true difference: false better/worse of the sequential design, {sims} runs a cell")
    print(f"   design: {design.spending}, max {design.max_rounds} rounds, futility {design.futility_power}")
    worst = 0.0
    for model in ("uniform", "bimodal"):
        for null in NULLS:
            for n_tasks, base in cells:
                if model == "uniform" and null in ("sharp", "faults", "faults_one_arm"):
                    spread = 0.15
                else:
                    spread = 0.0
                s = simulate_sequential(
                    n_tasks=n_tasks,
                    design=design,
                    base=base,
                    effect=0.0,
                    model=model,
                    null=null,  # type: ignore[arg-type]
                    n_sims=sims,
                    rng=np.random.default_rng(seed),
                    spread=spread,
                )
                seed += 1
                worst = max(worst, s.decisive_rate)
                print(_line(f"{model:8s} {null:15s} {n_tasks} tasks, base {base}", s), flush=True)
    print(f"   worst cell: {worst:.4f}")
    return worst


def power_rows(sims: int, design: SequentialDesign, n_tasks: int, seed: int) -> None:
    print(f"\n2. Power and trials used, {n_tasks} tasks, {sims} runs a cell (base 0.5)")
    for model in ("uniform", "bimodal"):
        for effect in (0.0, 0.05, 0.10, 0.15, 0.25):
            s = simulate_sequential(
                n_tasks=n_tasks,
                design=design,
                base=0.5,
                effect=effect,
                model=model,
                null="none" if effect else "sharp",
                n_sims=sims,
                rng=np.random.default_rng(seed),
            )
            print(
                f"  {model:8s} effect {effect:+.2f}: better {s.better / sims:.3f}"
                f"  worse {s.worse / sims:.3f}  mean trials {s.mean_trials:6.1f}"
                f" of {2 * n_tasks * design.max_rounds} at most",
                flush=True,
            )


def against_fixed(sims: int, seed: int) -> None:
    print(f"\n3. Fixed 50 x 3 against sequential designs at +15 points, {sims} runs a cell")
    candidates = {
        "uniform": ((30, 8), (35, 8), (40, 6)),
        "bimodal": ((50, 3), (55, 3), (60, 3)),
    }
    for model, sizes in candidates.items():
        fixed = simulate_fixed(
            n_tasks=50,
            repeats=3,
            base=0.5,
            effect=0.15,
            model=model,
            null="none",  # type: ignore[arg-type]
            n_sims=sims,
            rng=np.random.default_rng(seed),
        )
        print(f"  {model}: fixed 50 x 3 power {fixed.better / sims:.3f}, 300 trials")
        for n_tasks, rounds in sizes:
            for futility in (0.1, 0.25):
                design = SequentialDesign(max_rounds=rounds, spending="pocock", futility_power=futility, n_flips=1000)
                s = simulate_sequential(
                    n_tasks=n_tasks,
                    design=design,
                    base=0.5,
                    effect=0.15,
                    model=model,  # type: ignore[arg-type]
                    null="none",
                    n_sims=sims,
                    rng=np.random.default_rng(seed + 1),
                )
                saving = 1 - s.mean_trials / fixed.mean_trials
                print(
                    f"    sequential {n_tasks} tasks x <= {rounds} rounds, futility {futility}: "
                    f"power {s.better / sims:.3f}, mean trials {s.mean_trials:6.1f} "
                    f"({saving:+.0%} against fixed)",
                    flush=True,
                )


def spending_side_by_side(sims: int, seed: int) -> None:
    print(f"\n4. Spending functions side by side: 50 tasks x <= 5 rounds, +15 points, {sims} runs")
    for spending in ("obrien_fleming", "pocock"):
        design = SequentialDesign(max_rounds=5, spending=spending, n_flips=1000)  # type: ignore[arg-type]
        for model in ("uniform", "bimodal"):
            s = simulate_sequential(
                n_tasks=50,
                design=design,
                base=0.5,
                effect=0.15,
                model=model,  # type: ignore[arg-type]
                null="none",
                n_sims=sims,
                rng=np.random.default_rng(seed),
            )
            print(
                f"  {spending:15s} {model:8s} power {s.better / sims:.3f}  mean trials {s.mean_trials:6.1f}",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--null-sims", type=int, default=4000, help="runs per null cell")
    parser.add_argument("--power-sims", type=int, default=500, help="runs per power cell")
    parser.add_argument("--flips", type=int, default=1000, help="reference set size in simulation")
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument(
        "--wide", action="store_true", help="null cells at 30 tasks (base 0.5) and 60 tasks (base 0.35)"
    )
    args = parser.parse_args()
    t0 = time.perf_counter()
    design = SequentialDesign(max_rounds=5, spending="pocock", n_flips=args.flips)
    cells = ((30, 0.5), (60, 0.35)) if args.wide else ((30, 0.5),)
    null_cells(args.null_sims, design, args.seed, cells)
    power_rows(args.power_sims, design, 50, args.seed + 100)
    against_fixed(args.power_sims, args.seed + 200)
    spending_side_by_side(args.power_sims, args.seed + 300)
    print(f"\ntotal {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
