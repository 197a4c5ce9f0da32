"""Leftovers of the new-user and breaker rounds, each checked with a real memeval process.

- `memeval plan --repeats 1000000` ran for minutes with no bound: refused now (exit 2) naming the
  value, the limit and why (the simulation's exact test slows with the trials per task).
- `memeval results A B --include-controls` (a comparison) and `memeval results RUNS_DIR
  --include-controls` (a listing) ignored the option, which counts controls in one run's totals:
  refused now, saying why.
- `memeval runs` listed a run whose every trial faulted as `unresolved`, p `1`: nothing was measured,
  so it shows `—` (and `--json` null, with `verdict_reason` `nothing_measured`).
- `--runs-dir FILE` said "(made if missing)" on commands that only read runs (only `ab` and
  `check-tasks` make the folder); `plan`'s first help line said 80% power whatever `--power` said.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
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


@pytest.mark.usefixtures("all_faulted")
def test_runs_says_no_verdict_for_a_run_that_measured_nothing(tmp_path: Path) -> None:
    out = run_memeval("runs", "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    (row,) = json.loads(out.stdout)["runs"]
    assert (row["verdict"], row["p_value"], row["verdict_reason"], row["faulted"]) == (
        None,
        None,
        "nothing_measured",
        2,
    )
    out = run_memeval("runs", cwd=tmp_path)  # from the cache the first listing wrote
    assert out.returncode == 0, out.stderr
    cells = out.stdout.splitlines()[-1].split()
    assert "measured nothing" in out.stdout and cells[-2:] == ["—", "—"], out.stdout


def test_only_commands_that_make_the_runs_dir_say_it_is_made(tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("")
    out = run_memeval("results", "r1", "--runs-dir", "afile", cwd=tmp_path)
    assert "made if missing" not in one_usage_line(out, "'afile' is not a folder")
    out = run_memeval("ab", "tasks", "--runs-dir", "afile", cwd=tmp_path)
    one_usage_line(out, "'afile' is not a folder", "(made if missing)")


def test_plan_help_names_power_as_an_option(tmp_path: Path) -> None:
    for args in (["--help"], ["plan", "--help"]):
        out = run_memeval(*args, cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        said = " ".join(out.stdout.split())
        assert "with 80% power" not in said and "a given --power (80% by default)" in said, said
