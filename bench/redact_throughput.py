"""Texts per second through `Redactor.redact_many` for 1 KiB texts, on this machine.

Usage: python bench/redact_throughput.py [--n 2000] [--seed 7] [--size 1024]

Three corpora of 1 KiB texts (or `--size` characters), built from a seeded RNG:
- `mixed`: what an audit log carries: 70% prose memories and lessons (a few numbers, dates,
  versions), 20% tool output (timestamps, ports, paths, durations), 10% with a planted credential,
  e-mail or phone number;
- `prose`: only the prose memories (no gate fires on most of them);
- `digits`: log lines dense with numbers, IPs and times (every gate fires: the worst case).
Each is also run ungated (`PiiSettings(gated=False)`, presidio on every text) for comparison.
"""

from __future__ import annotations

import argparse
import os
import random
import string
import time

from memeval.redact import PiiSettings, Redactor

SIZE = 1024
"""Characters per text (`--size`); 1 KiB by default."""

WORDS = (
    "the deploy failed because the cache key was stale so we rotated it and reran the "
    "pipeline lesson always pin the lockfile before bumping a dependency decision keep "
    "migrations backwards compatible for one release the flaky test depends on wall clock "
    "time use the frozen clock fixture instead reviewers prefer small commits"
).split()


def _fill(rng: random.Random, make: callable) -> str:  # type: ignore[valid-type]
    parts: list[str] = []
    while sum(len(p) + 1 for p in parts) < SIZE:
        parts.append(make(rng))
    return " ".join(parts)[:SIZE]


def prose_piece(rng: random.Random) -> str:
    if rng.random() < 0.03:
        return rng.choice(
            [
                f"v{rng.randint(1, 9)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}",
                f"2026-11-{rng.randint(10, 28)}",
                f"OPS-{rng.randint(100, 9999)}",
            ]
        )
    return rng.choice(WORDS)


def log_piece(rng: random.Random) -> str:
    return rng.choice(
        [
            f"2026-11-10T09:{rng.randint(10, 59)}:{rng.randint(10, 59)}Z",
            f"{rng.randint(1, 223)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
            f"port={rng.randint(1024, 65535)}",
            f"took {rng.randint(1, 99999)}ms",
            f"pid {rng.randint(100, 99999)}",
            "GET /api/v1/events 200",
            "retrying",
            "ok",
            f"/var/log/app/{rng.randint(1, 9)}.log",
            f"req-{rng.randint(10**9, 10**10 - 1)}",
        ]
    )


def planted(rng: random.Random) -> str:
    alnum = string.ascii_letters + string.digits
    return rng.choice(
        [
            "token ghp_" + "".join(rng.choice(alnum) for _ in range(36)),
            f"mail ops{rng.randint(1, 99)}@example.com",
            f"call +1 415 555 {rng.randint(1000, 9999)}",
            "postgres://app:" + "".join(rng.choice(alnum) for _ in range(12)) + "@db:5432/app",
        ]
    )


def corpora(n: int, seed: int) -> dict[str, list[str]]:
    rng = random.Random(seed)
    mixed = []
    for _ in range(n):
        roll = rng.random()
        if roll < 0.7:
            mixed.append(_fill(rng, prose_piece))
        elif roll < 0.9:
            mixed.append(_fill(rng, log_piece))
        else:
            text = _fill(rng, prose_piece)
            cut = max(0, SIZE - 124)
            mixed.append(text[:cut] + " " + planted(rng) + " " + text[cut:])
    return {
        "mixed": [t[:SIZE] for t in mixed],
        "prose": [_fill(rng, prose_piece) for _ in range(n)],
        "digits": [_fill(rng, log_piece) for _ in range(n)],
    }


def rate(redactor: Redactor, texts: list[str]) -> tuple[float, float]:
    """(texts per wall-clock second, texts per CPU second of this process)."""
    redactor.redact_many(texts[:20])
    wall, cpu = time.perf_counter(), time.process_time()
    redactor.redact_many(texts)
    n = len(texts)
    return n / (time.perf_counter() - wall), n / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000, help="texts per corpus")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--size", type=int, default=1024, help="characters per text")
    args = parser.parse_args()
    global SIZE
    SIZE = args.size
    t0 = time.perf_counter()
    gated = Redactor()
    print(f"build: {time.perf_counter() - t0:.2f} s (one process, names scanned: {gated.names_scanned})")
    ungated = Redactor(PiiSettings(gated=False))
    print(
        f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores "
        "(texts/s per wall second, and per CPU second of one process)"
    )
    for name, texts in corpora(args.n, args.seed).items():
        g_wall, g_cpu = rate(gated, texts)
        u_wall, u_cpu = rate(ungated, texts[: max(200, args.n // 10)])
        print(
            f"{name:7s} gated {g_wall:6.0f} wall {g_cpu:6.0f} cpu   "
            f"ungated {u_wall:5.0f} wall {u_cpu:5.0f} cpu   ({SIZE} chars each, n={len(texts)})"
        )


if __name__ == "__main__":
    main()
