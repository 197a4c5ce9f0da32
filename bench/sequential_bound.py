"""How many trials can any group-sequential design save at a given power? A normal-theory bound.

The sign-flip statistic of `memeval.stats._sequential` behaves, over its looks, like a Brownian
motion with drift observed at the looks (the canonical joint distribution of Jennison and
Turnbull, "Group Sequential Methods with Applications to Clinical Trials", 2000, ch. 3). With
information in units of the fixed design's, a fixed design of power 1 - beta has drift
theta = z_{1-alpha/2} + z_{1-beta}. This script searches, by seeded Monte Carlo on that model,
designs with K equally spaced looks, Hwang-Shih-DeCani spending with gamma in -2..3, futility below
conditional power 0.1..0.3 under the current trend (non-binding; with --binding the efficacy
bounds are computed over the null paths the futility rule spares, as `--futility binding`), and a maximum
information R times the fixed design's (the smallest R in steps of 0.05 that reaches the fixed
design's power), and prints the smallest expected size at theta as a share of the fixed size.

It also prints Wald's lower bound for any sequential test of that level and power (Wald,
"Sequential Analysis", 1947; the SPRT attains it): E[N] >= ((1 - beta) ln((1 - beta) / a) +
beta ln(beta / (1 - a))) / (theta^2 / 2) with a = alpha / 2, the one-sided false-better rate.

Usage: nice -n 10 .venv/bin/python bench/sequential_bound.py [--power 0.70 0.86] [--paths N]
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
from scipy import stats

Z = float(stats.norm.ppf(0.975))


def _spend(t: float, gamma: float, alpha: float = 0.05) -> float:
    return alpha * t if gamma == 0 else alpha * -math.expm1(-gamma * t) / -math.expm1(-gamma)


def _paths(rng: np.random.Generator, k: int, r: float, theta: float, m: int) -> np.ndarray:
    inc = rng.standard_normal((m, k)) * math.sqrt(r / k) + theta * r / k
    return np.cumsum(inc, axis=1) / np.sqrt(np.arange(1, k + 1) / k * r)


def _futile(z: np.ndarray, j: int, k: int, futility: float) -> np.ndarray:
    if futility <= 0 or j == 0 or j == k - 1:
        return np.zeros(z.shape[0], dtype=bool)
    t = (j + 1) / k
    b = np.abs(z[:, j]) * math.sqrt(t)
    return 1 - stats.norm.cdf((Z - b - b / t * (1 - t)) / math.sqrt(1 - t)) < futility


def _bounds(rng: np.random.Generator, k: int, gamma: float, m: int, binding_futility: float = 0.0) -> list[float]:
    """Efficacy bounds on |Z| at each look; with binding_futility > 0, over the null paths that
    the futility rule at that threshold has not stopped (binding futility)."""
    z = np.abs(_paths(rng, k, 1.0, 0.0, m))
    alive, used, out = np.ones(m, dtype=bool), 0, []
    for j in range(k):
        budget = int(_spend((j + 1) / k, gamma) * m) - used
        v = z[alive, j]
        if budget <= 0:
            c = math.inf
        elif budget >= v.size:
            c = 0.0
        else:
            c = float(np.partition(v, v.size - budget)[v.size - budget])
        cross = alive & (z[:, j] >= c)
        used += int(cross.sum())
        alive &= ~cross
        if binding_futility > 0:
            alive &= ~_futile(z, j, k, binding_futility)
        out.append(c)
    return out


def _run(rng: np.random.Generator, k: int, r: float, c: list[float], theta: float, fut: float, m: int):
    z = _paths(rng, k, r, theta, m)
    stop, better, alive = np.full(m, k), np.zeros(m, dtype=bool), np.ones(m, dtype=bool)
    for j in range(k):
        cross = alive & (np.abs(z[:, j]) >= c[j])
        better |= cross & (z[:, j] > 0)
        stop[cross] = j + 1
        alive &= ~cross
        f = alive & _futile(z, j, k, fut)
        stop[f] = j + 1
        alive &= ~f
    return float(better.mean()), float((stop / k * r).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--power", type=float, nargs="+", default=[0.70, 0.86])
    parser.add_argument("--paths", type=int, default=100_000, help="Monte Carlo paths per evaluation")
    parser.add_argument("--looks", type=int, nargs="+", default=[5, 8, 12], help="numbers of equally spaced looks")
    parser.add_argument(
        "--binding", action="store_true", help="binding futility: bounds computed over the paths futility spares"
    )
    args = parser.parse_args()
    rng = np.random.default_rng(20261201)
    t0, c0 = time.perf_counter(), time.process_time()
    for power in args.power:
        theta = Z + float(stats.norm.ppf(power))
        a, b = 0.025, 1 - power
        wald = (power * math.log(power / a) + b * math.log(b / (1 - a))) / (theta**2 / 2)
        print(
            f"\nfixed design power {power:.2f}: Wald's bound for any sequential test {wald:.3f} of the fixed size"
            f" ({'binding' if args.binding else 'non-binding'} futility below)"
        )
        rows = []
        for k in args.looks:
            for gamma in (-2.0, 0.0, 1.0, 2.0, 3.0):
                c = _bounds(rng, k, gamma, 4 * args.paths)
                for fut in (0.0, 0.1, 0.2, 0.3):
                    if args.binding and fut > 0:
                        c = _bounds(rng, k, gamma, 4 * args.paths, fut)
                    for r in np.arange(1.0, 2.51, 0.05):
                        p, e = _run(rng, k, float(r), c, theta, fut, args.paths // 4)
                        if p >= power:
                            p, e = _run(rng, k, float(r), c, theta, fut, args.paths)
                            rows.append((e, k, gamma, fut, float(r), p))
                            break
        rows.sort()
        for e, k, gamma, fut, r, p in rows[:5]:
            print(
                f"  {k:2d} looks, gamma {gamma:+.0f}, futility {fut:.1f}, max {r:.2f}x: power {p:.3f},"
                f" expected size {e:.3f} of the fixed ({1 - e:+.1%})"
            )
    print(f"\ntotal {time.perf_counter() - t0:.1f} s wall, {time.process_time() - c0:.1f} s CPU")


if __name__ == "__main__":
    main()
