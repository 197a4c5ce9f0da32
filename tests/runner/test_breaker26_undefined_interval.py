"""No zero-width pass-rate interval from one task's repeats (breaker26, 2026-12-05).

`memeval results` printed `Score, pack: 2/2 scored passed (100.0%, 95% CI 100.0–100.0% t_on_task_means)` for a
run of one task with two repeats a mode, and the same zero-width interval for tasks whose pass rates do not spread:
a t interval over task means has no degree of freedom over one task and no estimate of the spread over equal
rates. The verdict (`--json`, the report) says so: its `pass_rate_ci_*` is null (`memeval.stats.t_interval`);
the run summary claimed certainty instead. Real `memeval ab` (real sandboxes) and `memeval results` processes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from runner_helpers import REPO, make_task

from memeval.runreport import rate_interval


@pytest.mark.parametrize(
    "per_task",
    [{"t1": [True, True]}, {"t1": [True, False, False]}, {"a": [True, False], "b": [False, True]}],
    ids=["one-task-all-pass", "one-task-one-of-three", "two-tasks-same-rate"],
)
def test_the_t_interval_over_task_means_is_undefined_not_zero_wide(per_task: dict[str, list[bool]]) -> None:
    assert rate_interval(per_task) == (None, None)  # main: ((r, r), "t_on_task_means")


def test_an_interval_is_still_given_where_it_is_defined() -> None:
    ci, method = rate_interval({"a": [True, True], "b": [True, False]})
    assert method == "t_on_task_means" and ci is not None and ci[0] < ci[1]
    assert rate_interval({"t1": [True]})[1] == "wilson"  # one trial a task: Wilson on trials, defined


def test_results_of_one_task_with_repeats_print_no_interval_the_verdict_lacks(tmp_path: Path) -> None:
    make_task(tmp_path / "tasks", "t1")  # its tests pass whatever the agent does
    memeval = [sys.executable, "-m", "memeval"]
    runs = tmp_path / "runs"
    ab = subprocess.run(
        [*memeval, "ab", str(tmp_path / "tasks"), "--agent", "command", "--agent-cmd", "true",
         "--network", "none", "--repeats", "2", "--runs-dir", str(runs), "--json"],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert ab.returncode == 0, ab.stderr[-3000:]
    doc = json.loads(ab.stdout)
    assert doc["verdict"]["pass_rate_ci_pack"] is None and doc["verdict"]["pass_rate_ci_baseline"] is None
    shown = subprocess.run(
        [*memeval, "results", str(runs / doc["run_id"])], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert shown.returncode == 0, shown.stderr[-2000:]
    scores = [line for line in shown.stdout.splitlines() if line.startswith("Score, ")]
    assert len(scores) == 2, shown.stdout
    for line in scores:
        assert "2/2 scored passed (100.0%)" in line and "95% CI" not in line, line  # main: 95% CI 100.0–100.0%
