"""Leftovers of the new-user and breaker rounds, each checked with a real memeval process.

- `memeval plan --repeats 1000000` ran for minutes with no bound: refused now (exit 2) naming the
  value, the limit and why (the simulation's exact test slows with the trials per task).
- `memeval results A B --include-controls` (a comparison) and `memeval results RUNS_DIR
  --include-controls` (a listing) ignored the option, which counts controls in one run's totals:
  refused now, saying why.
"""

from __future__ import annotations

from pathlib import Path

from usage_line import REPO, one_usage_line, run_memeval

INTERRUPTED_LOG = REPO / "tests" / "fixtures" / "runlog_interrupted" / "events.jsonl"
"""A real run stopped with SIGINT, then resumed; its first 14 lines are the run up to its stop."""


def test_plan_refuses_absurd_repeats_at_once(tmp_path: Path) -> None:
    out = run_memeval("plan", "--effect", "0.15", "--repeats", "1000000", cwd=tmp_path, timeout_s=30)
    one_usage_line(out, "--repeats 1000000", "1000 at most", "slows")


def test_results_refuses_include_controls_where_no_totals_are_counted(tmp_path: Path) -> None:
    run = tmp_path / "runs" / "r1"
    run.mkdir(parents=True)
    lines = INTERRUPTED_LOG.read_text(encoding="utf-8").splitlines(keepends=True)
    (run / "events.jsonl").write_text("".join(lines[:14]), encoding="utf-8")
    out = run_memeval("results", "runs/r1", "runs/r1", "--include-controls", cwd=tmp_path)
    one_usage_line(out, "--include-controls is for one run's totals", "comparison of two runs")
    out = run_memeval("results", "runs", "--include-controls", cwd=tmp_path)
    one_usage_line(out, "--include-controls is for one run's totals", "'runs' is a folder of runs")
