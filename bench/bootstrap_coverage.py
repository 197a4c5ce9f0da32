"""Coverage of the cost-of-pass bootstrap intervals and size of the Monte Carlo sign-flip test, by seeded simulation.

Projection version 2 draws the bootstrap's resamples and the sign-flip test's random flips from
streams of its own (16-bit indices, chunk by chunk; random bytes as signs) instead of scipy's. This
shows the intervals and p-values stay as correct as before:

1. Coverage of the 95% cost-of-pass intervals (baseline arm, and pack minus baseline) over seeded
   simulated runs whose true cost of a pass is known (task spend ~ gamma, passes ~ binomial, the
   true value the ratio of the population means), for the new stream (`memeval.stats._cost`) and
   for scipy's stream (int64 indices `integers(0, n, (resamples, n))`, what `scipy.stats.bootstrap`
   and the code before version 2 drew), with the same simulated data, with their Monte Carlo
   standard errors. (A percentile bootstrap of a ratio under-covers a little at small n; the point is
   that both streams cover alike.)
2. The Monte Carlo sign-flip p-value (`monte_carlo_sign_flip_p`, 100,000 flips) against the exact
   convolution p-value on simulated runs with repeats and no true difference: the largest gap in
   Monte Carlo standard errors, and the share of runs below 0.05 by each.

Usage: .venv/bin/python bench/bootstrap_coverage.py [--sims 400] [--resamples 1999]
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from memeval.stats._cost import ArmCostData, _percentile_bounds, cost_of_pass
from memeval.stats._signflip import exact_sign_flip_p, monte_carlo_sign_flip_p


def _old_stream(spend_b, pass_b, spend_p, pass_p, seed: int, resamples: int):  # noqa: ANN001, ANN202
    """The intervals as scipy's stream gave them (the code before projection version 2)."""
    n = spend_b.size
    rows = np.random.default_rng(seed).integers(0, n, (resamples, n))
    with np.errstate(divide="ignore", invalid="ignore"):
        rb = spend_b[rows].sum(-1) / pass_b[rows].sum(-1)
        rp = spend_p[rows].sum(-1) / pass_p[rows].sum(-1)
        return _percentile_bounds(rb), _percentile_bounds(rp - rb)


def _covers(ci, truth: float) -> bool:  # noqa: ANN001
    lo, hi = ci
    return (lo is None or lo <= truth) and (hi is None or truth <= hi)


def coverage(sims: int, resamples: int) -> None:
    print(f"1. cost-of-pass 95% intervals: coverage over {sims} simulated runs per row, {resamples} resamples")
    print(f"{'tasks':>6} {'pass rate b/p':>14} {'arm':>10} {'new stream':>12} {'scipy stream':>13} {'MC s.e.':>8}")
    rng = np.random.default_rng(20261202)
    for n, (qb, qp) in ((20, (0.5, 0.6)), (50, (0.3, 0.45)), (200, (0.5, 0.6)), (200, (0.15, 0.25))):
        shape, mean_b, mean_p, repeats = 2.0, 0.30, 0.36, 3
        truth_b = mean_b / (repeats * qb)
        truth_diff = mean_p / (repeats * qp) - truth_b
        hits = {"new": [0, 0], "old": [0, 0]}
        used = 0
        for _ in range(sims):
            sb = rng.gamma(shape, mean_b / shape, n)
            sp = rng.gamma(shape, mean_p / shape, n)
            pb = rng.binomial(repeats, qb, n).astype(np.float64)
            pp = rng.binomial(repeats, qp, n).astype(np.float64)
            if pb.sum() == 0 or pp.sum() == 0:
                continue
            used += 1
            seed = int(rng.integers(0, 2**31))
            block = cost_of_pass(
                ArmCostData(tuple(sb), tuple(int(x) for x in pb), n, n),
                ArmCostData(tuple(sp), tuple(int(x) for x in pp), n, n),
                boot_seed=seed,
                boot_resamples=resamples,
            )
            assert block.baseline.ci is not None and block.pack_minus_baseline is not None
            assert block.pack_minus_baseline.ci is not None
            hits["new"][0] += _covers(block.baseline.ci, truth_b)
            hits["new"][1] += _covers(block.pack_minus_baseline.ci, truth_diff)
            old_b, old_d = _old_stream(sb, pb, sp, pp, seed, resamples)
            hits["old"][0] += _covers(old_b, truth_b)
            hits["old"][1] += _covers(old_d, truth_diff)
        for k, arm in enumerate(("baseline", "difference")):
            new, old = hits["new"][k] / used, hits["old"][k] / used
            se = math.sqrt(new * (1 - new) / used)
            print(f"{n:>6} {f'{qb:.2f}/{qp:.2f}':>14} {arm:>10} {new:>12.3f} {old:>13.3f} {se:>8.3f}")


def sign_flip(sims: int) -> None:
    print(f"\n2. Monte Carlo sign-flip p-value (100,000 flips) against the exact one, {sims} runs, no true difference")
    rng = np.random.default_rng(7)
    worst, below_mc, below_exact, cpu = 0.0, 0, 0, 0.0
    for _ in range(sims):
        n, repeats = int(rng.integers(17, 400)), int(rng.integers(2, 6))
        rate = rng.uniform(0.2, 0.8, n)
        d = (rng.binomial(repeats, rate) - rng.binomial(repeats, rate)).astype(np.int64)
        v = d[d != 0]
        if v.size <= 16 or np.all(np.abs(v) == abs(int(v[0]))):
            continue
        exact = exact_sign_flip_p(v)
        c0 = time.process_time()
        mc = monte_carlo_sign_flip_p(v, 100_000, int(rng.integers(0, 2**31)))
        cpu += time.process_time() - c0
        tail = min(exact / 2, 0.5)  # p is twice the smaller tail's share of the flips
        se = 2 * math.sqrt(tail * (1 - tail) / 100_000)
        worst = max(worst, abs(mc - exact) / (se + 1e-5))  # 1e-5: the +1 of the Monte Carlo rule
        below_mc += mc < 0.05
        below_exact += exact < 0.05
    print(
        f"largest gap: {worst:.2f} standard errors; p < 0.05 in {below_mc} runs by Monte Carlo, {below_exact} exactly"
    )
    print(f"CPU per Monte Carlo p-value: {cpu / sims * 1000:.1f} ms (mean)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=400, help="simulated runs per coverage row and for part 2")
    parser.add_argument("--resamples", type=int, default=1999, help="bootstrap resamples per interval")
    args = parser.parse_args()
    coverage(args.sims, args.resamples)
    sign_flip(args.sims)


if __name__ == "__main__":
    main()
