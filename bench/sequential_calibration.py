"""Calibration, power and trials used by the sequential verdict (`memeval ab --until-decided`).

Prints, for both generating models of `memeval.stats._seqsim` (uniform difficulty, and strongly
bimodal Beta(m, 1 - m) difficulty with the pack fixing a fraction of failures):

1. the false better/worse rate of the default sequential design (`default_sequential_design`:
   ten looks a round on trial sums, HSD gamma 0 spending, binding futility below conditional
   power 0.2) in every null cell
   (sharp, heterogeneous, skewed, faults in both arms, faults in one arm, failures laundered as
   faults in one arm), with its standard error, at each model's headline size (`CHOSEN`);
2. power and expected trials at effects 0, +5, +10, +15 and +25 points for that design, beside
   the fixed 50 x 3 design (300 trials) at the same effects;
3. sequential designs at +15 points against the fixed design (`CANDIDATES`): the previous
   default (one look a round), sizes, looks a round, the statistic, spending and futility;
4. (only with --sections 4) the betting test of `memeval.stats._seqbet` (Waudby-Smith and
   Ramdas 2024) at sizes that reach the fixed design's power, with its false-verdict rate.

Usage: nice -n 10 .venv/bin/python bench/sequential_calibration.py [--null-sims N] [--power-sims N]
(defaults 4,000 runs per null cell, so that 5% and 6% are about three standard errors apart, and
2,000 per power cell; --wide adds null cells at base 0.35; --sections, --models, --nulls,
--effects and --part split the work into processes that keep each cell's seed).
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # small products: threads only cost CPU on a shared machine
import numpy as np  # noqa: E402

from memeval.stats._seqmodels import default_sequential_design  # noqa: E402
from memeval.stats._seqsim import SeqSimSummary, simulate_betting, simulate_fixed, simulate_sequential  # noqa: E402

EFFECTS = (0.0, 0.05, 0.10, 0.15, 0.25)
ONLY: dict[str, set[object]] = {"nulls": set(), "effects": set(EFFECTS)}
"""Cells to run (`--nulls`, `--effects`); the others are skipped with their seeds, so a cell's
figures are the same whether it runs alone or in a full run."""
MODELS = {"uniform", "bimodal"}
"""The generating models to run (`--models`)."""
NULLS = ("sharp", "heterogeneous", "skewed", "faults", "faults_one_arm", "laundering")
CHOSEN = {"uniform": (53, 4), "bimodal": (50, 5)}
"""Tasks and most rounds per generating model: a size whose power at +15 points is at least the
fixed 50 x 3 design's with few expected trials (section 3)."""


def _se(rate: float, n: int) -> float:
    return (max(rate, 0.05) * (1 - max(rate, 0.05)) / n) ** 0.5


def _line(label: str, s: SeqSimSummary) -> str:
    return (
        f"  {label:<44s} false {s.decisive_rate:.4f} (+-{_se(s.decisive_rate, s.n_sims):.4f}; better {s.better},"
        f" worse {s.worse})  mean trials {s.mean_trials:6.1f}"
    )


def null_cells(sims: int, flips: int, seed: int, bases: tuple[float, ...]) -> float:
    print(f"\n1. No true difference: false better/worse of the default sequential design, {sims} runs a cell")
    worst = 0.0
    for model, (n_tasks, rounds) in CHOSEN.items():
        if model not in MODELS:
            continue
        design = default_sequential_design(rounds, n_flips=flips)
        print(
            f"   {model}: {n_tasks} tasks x <= {rounds} rounds, {design.looks_per_round} looks a round on "
            f"{design.statistic}, {design.spending} gamma {design.gamma:g}, "
            f"futility {design.futility_power} {design.futility}"
        )
        for null in NULLS:
            for base in bases:
                if null not in ONLY["nulls"]:
                    seed += 1  # the seeds of the cells run stay those of a full run
                    continue
                spread = 0.15 if model == "uniform" and null in ("sharp", "faults", "faults_one_arm") else 0.0
                s = simulate_sequential(
                    n_tasks=n_tasks,
                    design=design,
                    base=base,
                    effect=0.0,
                    model=model,  # type: ignore[arg-type]
                    null=null,  # type: ignore[arg-type]
                    n_sims=sims,
                    rng=np.random.default_rng(seed),
                    spread=spread,
                )
                seed += 1
                worst = max(worst, s.decisive_rate)
                print(_line(f"{model:8s} {null:15s} base {base}", s), flush=True)
    print(f"   worst cell: {worst:.4f}")
    return worst


def power_rows(sims: int, flips: int, seed: int) -> dict[str, float]:
    print(f"\n2. Power and trials used at base 0.5, {sims} runs a cell: the default design against fixed 50 x 3")
    fixed_power: dict[str, float] = {}
    for model, (n_tasks, rounds) in CHOSEN.items():
        if model not in MODELS:
            continue
        design = default_sequential_design(rounds, n_flips=flips)
        for effect in EFFECTS:
            if effect not in ONLY["effects"]:
                seed += 2
                continue
            kind = "none" if effect else "sharp"
            s = simulate_sequential(
                n_tasks=n_tasks,
                design=design,
                base=0.5,
                effect=effect,
                model=model,  # type: ignore[arg-type]
                null=kind,  # type: ignore[arg-type]
                n_sims=sims,
                rng=np.random.default_rng(seed),
            )
            f = simulate_fixed(
                n_tasks=50,
                repeats=3,
                base=0.5,
                effect=effect,
                model=model,  # type: ignore[arg-type]
                null=kind,  # type: ignore[arg-type]
                n_sims=sims,
                rng=np.random.default_rng(seed + 1),
            )
            seed += 2
            if effect == 0.15:
                fixed_power[model] = f.better / sims
            print(
                f"  {model:8s} {effect:+.2f}: sequential {n_tasks}x<={rounds} better {s.better / sims:.3f}"
                f" worse {s.worse / sims:.3f} mean trials {s.mean_trials:6.1f} (at most {2 * n_tasks * rounds})"
                f" | fixed 50x3 better {f.better / sims:.3f} worse {f.worse / sims:.3f} trials 300"
                f" | saving {1 - s.mean_trials / 300:+.1%}",
                flush=True,
            )
    return fixed_power


PREVIOUS = {"looks_per_round": 1, "gamma": 2.0, "statistic": "task_means"}
"""The settings of the previous default design (one look a round on task means, HSD gamma 2)."""
CANDIDATES: dict[str, tuple[tuple[int, int, dict[str, object]], ...]] = {
    "uniform": (
        (45, 4, PREVIOUS),  # the previous default design and size
        (53, 4, {}),
        (50, 4, {}),
        (56, 4, {}),
        (53, 4, {"looks_per_round": 5}),
        (53, 4, {"statistic": "task_means"}),  # looks within a round on task means
        (53, 4, {"gamma": 2.0}),
        (53, 4, {"futility_power": 0.3}),
        (45, 5, {}),
    ),
    "bimodal": (
        (40, 5, PREVIOUS),
        (45, 5, {}),
        (40, 5, {}),
        (50, 4, {}),
        (45, 5, {"looks_per_round": 5}),
        (45, 5, {"statistic": "task_means"}),
        (45, 5, {"gamma": 2.0}),
    ),
}
"""Designs compared at +15 points in section 3: tasks, most rounds, and settings that differ from
`default_sequential_design`."""


def against_fixed(sims: int, flips: int, seed: int, fixed_power: dict[str, float], part: tuple[int, int]) -> None:
    print(f"\n3. Sequential designs at +15 points, {sims} runs a cell (power +-0.010; same seed in a model's cells)")
    for model, rows in CANDIDATES.items():
        if model not in MODELS:
            continue
        print(f"  {model}: fixed 50 x 3 power {fixed_power[model]:.3f} with 300 trials (section 2)")
        for i, (n_tasks, rounds, settings) in enumerate(rows):
            if i % part[1] != part[0]:
                continue
            design = default_sequential_design(rounds, n_flips=flips, **settings)
            s = simulate_sequential(
                n_tasks=n_tasks,
                design=design,
                base=0.5,
                effect=0.15,
                model=model,  # type: ignore[arg-type]
                null="none",
                n_sims=sims,
                rng=np.random.default_rng(seed),
            )
            label = (
                f"{n_tasks} x <= {rounds} rounds, {design.looks_per_round} look(s)/round on {design.statistic}, "
                f"{design.spending}"
                f"{f' gamma {design.gamma:g}' if design.spending == 'hsd' else ''}, futility "
                f"{design.futility_power} {design.futility}"
            )
            print(
                f"    {label:<74s} power {s.better / sims:.3f}, mean trials {s.mean_trials:6.1f} "
                f"({1 - s.mean_trials / 300:+.1%} against fixed; at most {2 * n_tasks * rounds})",
                flush=True,
            )


def betting(sims: int, null_sims: int, seed: int) -> None:
    print(f"\n4. Betting test (hedged capital, horizon-tuned bets), +15 points {sims} runs, no difference {null_sims}")
    sizes = {"uniform": ((200, 1, 25), (80, 3, 10), (100, 3, 10)), "bimodal": ((200, 1, 25), (100, 2, 10), (80, 3, 10))}
    for model, rows in sizes.items():
        for n_tasks, repeats, batch in rows:
            s = simulate_betting(
                n_tasks=n_tasks,
                repeats=repeats,
                batch=batch,
                base=0.5,
                effect=0.15,
                model=model,  # type: ignore[arg-type]
                null="none",
                n_sims=sims,
                rng=np.random.default_rng(seed),
                horizon="fixed",
            )
            worst = 0.0
            for null in NULLS:
                z = simulate_betting(
                    n_tasks=n_tasks,
                    repeats=repeats,
                    batch=batch,
                    base=0.5,
                    effect=0.0,
                    model=model,  # type: ignore[arg-type]
                    null=null,  # type: ignore[arg-type]
                    n_sims=null_sims,
                    rng=np.random.default_rng(seed + 1),
                    horizon="fixed",
                )
                worst = max(worst, z.decisive_rate)
            print(
                f"  {model:8s} <= {n_tasks} tasks x {repeats}, look every {batch} tasks: power {s.better / sims:.3f},"
                f" mean trials {s.mean_trials:6.1f} ({1 - s.mean_trials / 300:+.1%} against fixed);"
                f" worst null cell {worst:.4f}",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--null-sims", type=int, default=4000, help="runs per null cell")
    parser.add_argument("--power-sims", type=int, default=2000, help="runs per power cell")
    parser.add_argument("--flips", type=int, default=1000, help="reference set size in simulation")
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--wide", action="store_true", help="null cells at base 0.35 too")
    parser.add_argument(
        "--sections", default="1,2,3", help="comma-separated sections to run (4, the betting test, is slow)"
    )
    parser.add_argument("--part", default="0/1", help="section 3 in parallel: K/N runs candidates i with i %% N == K")
    parser.add_argument("--nulls", default="", help="section 1: comma-separated null cells to run (default all)")
    parser.add_argument("--effects", default="", help="section 2: comma-separated effects to run (default all)")
    parser.add_argument("--models", default="uniform,bimodal", help="comma-separated generating models to run")
    parser.add_argument(
        "--fixed-power",
        default="",
        help="section 3 without section 2: the fixed design's power per model, e.g. uniform=0.694,bimodal=0.852",
    )
    args = parser.parse_args()
    sections = {int(x) for x in args.sections.split(",")}
    MODELS.intersection_update(args.models.split(","))
    ONLY["nulls"] = set(args.nulls.split(",")) if args.nulls else set(NULLS)
    ONLY["effects"] = {float(x) for x in args.effects.split(",")} if args.effects else set(EFFECTS)
    t0, c0 = time.perf_counter(), time.process_time()
    fixed_power = {k: float(v) for k, v in (kv.split("=") for kv in args.fixed_power.split(",") if kv)}
    if 1 in sections:
        null_cells(args.null_sims, args.flips, args.seed, (0.5, 0.35) if args.wide else (0.5,))
    if 2 in sections:
        fixed_power = power_rows(args.power_sims, args.flips, args.seed + 100)
    if 3 in sections:
        k, n = (int(x) for x in args.part.split("/"))
        against_fixed(args.power_sims, args.flips, args.seed + 200, fixed_power, (k, n))
    if 4 in sections:
        betting(args.power_sims, args.null_sims, args.seed + 300)
    print(f"\ntotal {time.perf_counter() - t0:.1f} s wall, {time.process_time() - c0:.1f} s CPU")


if __name__ == "__main__":
    main()
