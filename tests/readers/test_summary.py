"""The summary line and `memeval results`: per-arm score, outcomes, controls, warnings, listings."""

from __future__ import annotations

import json

import pytest
from readers_helpers import Runs
from scipy import stats as sps
from statsmodels.stats.proportion import proportion_confint
from typer.testing import CliRunner

from memeval.cli import app
from memeval.runreport import rate_interval, summarize, summary_lines


def test_memory_run_scores_each_arm_apart(runs: Runs) -> None:
    s = summarize(runs.memory)
    base, pack = s.arms
    assert (base.mode, base.passes, base.scored, base.attempted) == ("baseline", 0, 2, 2)
    assert (pack.mode, pack.passes, pack.scored, pack.attempted) == ("pack", 2, 2, 2)
    assert pack.ci_method == "wilson"
    lo, hi = proportion_confint(2, 2, alpha=0.05, method="wilson")
    assert pack.ci == pytest.approx((lo, hi))
    o = s.outcomes
    assert (o.total, o.scored, o.passed, o.failed, o.unscored, o.errored) == (4, 4, 2, 2, 0, 0)
    lines = summary_lines(s)
    assert lines[0].startswith("Score, baseline: 0/2 scored passed (0.0%, 95% CI 0.0–")
    assert lines[1].startswith("Score, pack:     2/2 scored passed (100.0%")
    assert "Outcomes:  4 scored (2 passed, 2 failed), 0 unscored (0 verifier error), 0 errored" in lines
    assert any(line.startswith("Cost:      not known") and "tokens not metered" in line for line in lines)
    assert f"Artifacts: {runs.memory.path}" in lines
    assert any("cost unknown for 4 of 4 trials (4 unmetered" in w for w in s.warnings)
    assert any("fewer than 3 scored trials" in w for w in s.warnings)


def test_controls_are_left_out_unless_asked(runs: Runs) -> None:
    left = summarize(runs.oracle)
    assert left.controls_left_out == 4 and left.outcomes.total == 0
    assert [a.attempted for a in left.arms] == [0, 0]
    assert any("4 control trial(s) (oracle) left out" in w for w in left.warnings)
    counted = summarize(runs.oracle, include_controls=True)
    assert counted.controls_left_out == 0 and counted.outcomes.passed == 4
    assert "Controls:  counted (oracle)" in summary_lines(counted)


def test_rate_interval_uses_task_means_with_repeats() -> None:
    ci, method = rate_interval({"a": [True, True], "b": [True, False], "c": [False, False]})
    rates = [1.0, 0.5, 0.0]
    ref = sps.ttest_1samp(rates, 0.5).confidence_interval(0.95)
    assert method == "t_on_task_means"
    assert ci == pytest.approx((max(0.0, ref.low), min(1.0, ref.high)))
    assert rate_interval({}) == (None, None)


def test_results_command_prints_rows_summary_and_warnings(runs: Runs) -> None:
    res = CliRunner().invoke(app, ["results", runs.memory.result.run_id, "--runs-dir", str(runs.runs_dir)])
    assert res.exit_code == 0, res.output
    assert "add-numbers" in res.stdout and "greet" in res.stdout
    assert "Score, pack:     2/2 scored passed (100.0%" in res.stdout
    assert "Outcomes:  4 scored (2 passed, 2 failed)" in res.stdout
    assert "warning: cost unknown for 4 of 4 trials" in res.stdout


def test_results_on_a_control_run_marks_and_leaves_out(runs: Runs) -> None:
    args = ["results", str(runs.oracle.path)]
    out = CliRunner().invoke(app, args).stdout
    assert "oracle (left out)" in out and "Score, pack:     0/0" in out
    out = CliRunner().invoke(app, [*args, "--include-controls"]).stdout
    assert "Score, pack:     2/2 scored passed" in out and "(left out)" not in out


def test_results_on_a_folder_lists_runs_and_on_two_runs_compares(runs: Runs) -> None:
    res = CliRunner().invoke(app, ["results", str(runs.runs_dir), "--json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert doc["schema"] == "memeval.runs/1" and doc["schema_version"] == 1
    ids = {r["run_id"]: r for r in doc["runs"]}
    assert set(ids) == {runs.memory.result.run_id, runs.cold.result.run_id, runs.oracle.result.run_id}
    assert ids[runs.oracle.result.run_id]["control"] == "oracle"
    assert all(r["status"] == "completed" for r in doc["runs"])
    assert ids[runs.oracle.result.run_id]["verdict"] is None  # a control run has no verdict (polish23)
    assert ids[runs.oracle.result.run_id]["verdict_reason"] == "control_run"
    assert all(r["verdict"] == "unresolved" for r in doc["runs"] if not r["control"])
    res = CliRunner().invoke(app, ["results", str(runs.memory.path), str(runs.cold.path), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["schema"] == "memeval.comparison/1"


def test_runs_lists_an_unreadable_folder_instead_of_skipping_it(runs: Runs, tmp_path) -> None:
    bad = tmp_path / "runs" / "BROKEN"
    bad.mkdir(parents=True)
    (bad / "events.jsonl").write_text('{"not": "an event"}\n')
    res = CliRunner().invoke(app, ["runs", "--runs-dir", str(tmp_path / "runs"), "--json"])
    assert res.exit_code == 0, res.output
    (row,) = json.loads(res.stdout)["runs"]
    assert row["run_id"] == "BROKEN" and row["status"] == "unreadable" and "not a valid event" in row["error"]
