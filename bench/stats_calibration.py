"""Calibration and power of the paired verdict, by seeded simulation.

Prints:
1. the false-verdict rate (better + worse) under no difference over a grid of pass rates
   0.2-0.8, 5-200 tasks and 1-5 repeats, with and without spread of task pass rates;
2. power (share of `better`) at +15 points from 0.50 for 20, 50 and 100 tasks at 1 and 3 repeats;
3. `tasks_for_power` at +15 points for 1 and 3 repeats;
4. a check of the simulation against the full `paired_verdict` (scipy binomtest /
   permutation_test with 100,000 Monte Carlo flips) on runs with no difference;
5. the false-verdict rate under no difference with faults injected: at random in both arms, at
   random in one arm only, and laundered (an arm's fails turned into faults), each with the rule
   that faults cannot overturn a verdict and, beside it, the scored trials alone; then a check of
   that fast rule against the full `paired_verdict` on fault-injected runs.

Usage: .venv/bin/python bench/stats_calibration.py [--sims N] [--full-runs N] [--fault-sims N]
       [--only faults]
"""

from __future__ import annotations

import argparse
import time
from itertools import product

import numpy as np

from memeval.stats import TaskTrials, TrialObs, paired_verdict, simulate_verdicts, tasks_for_power
from memeval.stats._simulate import sign_flip_p_values
from memeval.stats._verdict import decide

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
            return tuple(TrialObs(outcome="pass" if j < passes else "fail", cost_usd=0.1) for j in range(k))

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


FAULT_SCENARIOS = {
    "random 10% both arms": ("both", 0.10, False),
    "random 10% pack only": ("pack", 0.10, False),
    "random 30% pack only": ("pack", 0.30, False),
    "launder 50% of pack fails": ("pack", 0.50, True),
    "launder 50% of baseline fails": ("baseline", 0.50, True),
}
"""Fault injection under no difference: which arm, what share, and whether faults replace fails
only (an agent laundering its failures) or strike any trial."""


def _fault_masks(
    rng: np.random.Generator, b: np.ndarray, p: np.ndarray, scenario: tuple[str, float, bool]
) -> tuple[np.ndarray, np.ndarray]:
    arm, share, launder = scenario
    out = []
    for name, passes in (("baseline", b), ("pack", p)):
        if arm not in ("both", name):
            out.append(np.zeros_like(passes))
            continue
        hit = rng.random(passes.shape) < share
        out.append(hit & ~passes if launder else hit)
    return out[0], out[1]


def _verdicts(
    pb: np.ndarray, nb: np.ndarray, pp: np.ndarray, npk: np.ndarray, k: int, n_min: int = 10
) -> tuple[np.ndarray, np.ndarray]:
    """Per run: (verdict word, estimate sign) of the paired rule on per-task passes/trials.

    d is scaled to integers by lcm(1..k)^2 for the exact sign-flip p-value; a task with no trial
    in an arm is unpaired (d = 0 carries no sign and does not count toward n_min).
    """
    scale = int(np.lcm.reduce(np.arange(1, k + 1))) ** 2
    paired = (nb > 0) & (npk > 0)
    # scale is a multiple of every trial count (1..k), so each rate * scale is an integer
    d = np.where(paired, pp * (scale // np.maximum(npk, 1)) - pb * (scale // np.maximum(nb, 1)), 0)
    d = d.astype(np.int64)
    pvals = sign_flip_p_values(d)
    words = np.empty(d.shape[0], dtype=object)
    for i in range(d.shape[0]):
        words[i], _ = decide(
            int(paired[i].sum()), int((d[i] != 0).sum()), float(pvals[i]), float(d[i].sum()), alpha=0.05, n_min=n_min
        )
    return words, np.sign(d.sum(axis=1))


def fault_grid(sims: int, seed: int) -> None:
    """False-verdict rates under no difference with faults injected (see FAULT_SCENARIOS)."""
    rng = np.random.default_rng(seed)
    print(f"\nNo true difference, faults injected: false better+worse, {sims} runs per cell")
    print("  (each cell: with faults counted against the verdict / scored trials alone)")
    worst = (0.0, "")
    for label, scenario in FAULT_SCENARIOS.items():
        print(f"  {label}")
        for k in (1, 3):
            cells = []
            for n in (10, 20, 50, 100):
                rates = []
                for rate in (0.2, 0.5, 0.8):
                    b = rng.random((sims, n, k)) < rate
                    p = rng.random((sims, n, k)) < rate
                    fb, fp = _fault_masks(rng, b, p, scenario)
                    pb, nb = (b & ~fb).sum(-1), (~fb).sum(-1)
                    pp, npk = (p & ~fp).sum(-1), (~fp).sum(-1)
                    scored, sign = _verdicts(pb, nb, pp, npk, k)
                    # recount: faults against the direction found
                    full = np.full_like(nb, k)
                    better_rc, _ = _verdicts(pb + fb.sum(-1), full, pp, full, k)
                    worse_rc, _ = _verdicts(pb, full, pp + fp.sum(-1), full, k)
                    final = scored.copy()
                    for i in range(sims):
                        if scored[i] == "better" and better_rc[i] != "better":
                            final[i] = "unresolved"
                        elif scored[i] == "worse" and worse_rc[i] != "worse":
                            final[i] = "unresolved"
                    f_rate = float(np.mean(final != "unresolved"))
                    s_rate = float(np.mean(scored != "unresolved"))
                    rates.append((f_rate, s_rate))
                    if f_rate > worst[0]:
                        worst = (f_rate, f"{label}, rate {rate}, {n} tasks, {k} repeats")
                cells.append(f"n={n:3d} {max(r[0] for r in rates):.3f}/{max(r[1] for r in rates):.3f}")
            print(f"    k={k}: max over rates 0.2/0.5/0.8: " + "  ".join(cells))
    print(f"  worst cell with faults counted against: {worst[0]:.3f} ({worst[1]})")


def fault_power(sims: int, seed: int) -> None:
    """What the rule costs: power at +15 points (0.50 -> 0.65) with random faults in both arms."""
    rng = np.random.default_rng(seed)
    print(f"\nPower at +15 points with random faults in both arms, {sims} runs per cell")
    print("  (share of 'better': with faults counted against it / scored trials alone)")
    for share in (0.0, 0.02, 0.05, 0.10):
        cells = []
        for n, k in ((50, 3), (100, 3), (100, 1)):
            b = rng.random((sims, n, k)) < 0.50
            p = rng.random((sims, n, k)) < 0.65
            fb, fp = rng.random(b.shape) < share, rng.random(p.shape) < share
            pb, nb = (b & ~fb).sum(-1), (~fb).sum(-1)
            pp, npk = (p & ~fp).sum(-1), (~fp).sum(-1)
            scored, _ = _verdicts(pb, nb, pp, npk, k)
            full = np.full_like(nb, k)
            recount, _ = _verdicts(pb + fb.sum(-1), full, pp, full, k)
            final = np.where((scored == "better") & (recount == "better"), "better", "other")
            cells.append(f"{n} x {k}: {np.mean(final == 'better'):.3f}/{np.mean(scored == 'better'):.3f}")
        print(f"  faults {share:4.0%}: " + "   ".join(cells))


def full_fault_check(runs: int, seed: int) -> None:
    """The fast rule above against the full `paired_verdict` on fault-injected null runs."""
    rng = np.random.default_rng(seed)
    n, k, rate = 20, 1, 0.5
    agree = decisive = 0
    t0 = time.perf_counter()
    for _ in range(runs):
        b = rng.random((1, n, k)) < rate
        p = rng.random((1, n, k)) < rate
        fb, fp = _fault_masks(rng, b, p, FAULT_SCENARIOS["launder 50% of pack fails"])

        def arm(passes: np.ndarray, faults: np.ndarray) -> tuple[TrialObs, ...]:
            return tuple(
                TrialObs(outcome="fault" if f else ("pass" if x else "fail"), cost_usd=0.1)
                for x, f in zip(passes, faults, strict=True)
            )

        tasks = [
            TaskTrials(task_id=f"t{i}", baseline=arm(b[0, i], fb[0, i]), pack=arm(p[0, i], fp[0, i])) for i in range(n)
        ]
        v = paired_verdict(tasks, boot_resamples=99)
        pb, nb = (b & ~fb).sum(-1), (~fb).sum(-1)
        pp, npk = (p & ~fp).sum(-1), (~fp).sum(-1)
        scored, _ = _verdicts(pb, nb, pp, npk, k)
        agree += v.verdict_scored == scored[0]
        decisive += v.verdict != "unresolved"
    print(
        f"\nFull paired_verdict on {runs} laundered null runs ({n} tasks x {k} repeat): scored verdict "
        f"agrees with the fast rule in {agree}/{runs}; false-verdict rate {decisive / runs:.3f}; "
        f"{(time.perf_counter() - t0) / runs * 1000:.0f} ms per run"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=1000, help="runs per null-grid cell")
    parser.add_argument("--power-sims", type=int, default=2000, help="runs per power cell")
    parser.add_argument("--full-runs", type=int, default=200, help="null runs via paired_verdict")
    parser.add_argument("--fault-sims", type=int, default=1000, help="runs per fault-injected cell")
    parser.add_argument("--only", choices=("faults",), help="run only the fault-injection part")
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args()
    t0 = time.perf_counter()
    if args.only == "faults":
        fault_grid(args.fault_sims, args.seed + 2)
        fault_power(args.fault_sims, args.seed + 4)
        full_fault_check(args.full_runs, args.seed + 3)
        print(f"\ntotal {time.perf_counter() - t0:.1f} s")
        return
    null_grid(args.sims, 0.0, args.seed)
    null_grid(args.sims, 0.15, args.seed + 1)
    power_table(args.power_sims, args.seed)
    planning()
    full_procedure_check(args.full_runs, args.seed)
    fault_grid(args.fault_sims, args.seed + 2)
    fault_power(args.fault_sims, args.seed + 4)
    full_fault_check(args.full_runs, args.seed + 3)
    print(f"\ntotal {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
