"""Leftovers of the new-user and breaker rounds, each checked with a real memeval process.

- `memeval plan --repeats 1000000` ran for minutes with no bound: refused now (exit 2) naming the
  value, the limit and why (the simulation's exact test slows with the trials per task).
"""

from __future__ import annotations

from pathlib import Path

from usage_line import one_usage_line, run_memeval


def test_plan_refuses_absurd_repeats_at_once(tmp_path: Path) -> None:
    out = run_memeval("plan", "--effect", "0.15", "--repeats", "1000000", cwd=tmp_path, timeout_s=30)
    one_usage_line(out, "--repeats 1000000", "1000 at most", "slows")
