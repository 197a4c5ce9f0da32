"""`memeval check-tasks` on real tasks (a sound one, one nop passes, one whose solution fails),
and `memeval plan` against the simulation it wraps."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from readers_helpers import MINI, Runs
from typer.testing import CliRunner

from memeval.cli import app
from memeval.runner import TaskCheckReport
from memeval.stats import tasks_for_power


def _task_set(root: Path) -> Path:
    ts = root / "tasks"
    shutil.copytree(MINI / "add-numbers", ts / "sound")
    shutil.copytree(MINI / "greet", ts / "nop-passes")
    (ts / "nop-passes" / "tests" / "test.sh").write_text("#!/bin/bash\necho 1 > /logs/verifier/reward.txt\n")
    shutil.copytree(MINI / "greet", ts / "bad-solution")
    (ts / "bad-solution" / "solution" / "solve.sh").write_text("#!/bin/bash\necho goodbye > /app/greeting.txt\n")
    return ts


def test_check_tasks_names_the_broken_tasks(tmp_path: Path) -> None:
    res = CliRunner().invoke(
        app, ["check-tasks", str(_task_set(tmp_path)), "--runs-dir", str(tmp_path / "runs"), "--json", "--quiet"]
    )
    assert res.exit_code == 1, res.output
    assert res.stderr == ""  # --quiet: no progress, and stdout is the JSON alone
    doc = json.loads(res.stdout)
    assert doc["schema"] == "memeval.task-check/1" and doc["schema_version"] == 1  # hyphenated like the others
    assert TaskCheckReport.model_validate(doc).model_dump(mode="json", by_alias=True) == doc  # reads back whole
    by = {t["task_id"]: t for t in doc["tasks"]}
    assert by["sound"]["problems"] == []
    assert (by["sound"]["oracle_passes"], by["sound"]["oracle_scored"], by["sound"]["nop_passes"]) == (2, 2, 0)
    assert by["nop-passes"]["problems"] == ["nop_passes"]
    assert by["bad-solution"]["problems"] == ["oracle_fails"]
    assert any("the tests do not check the work" in d for d in by["nop-passes"]["details"])
    runs = sorted(p.name for p in (tmp_path / "runs").iterdir())
    assert runs == sorted([doc["oracle_run"], doc["nop_run"]])  # both control runs kept as evidence


def test_a_task_check_written_under_the_old_schema_name_still_reads() -> None:
    old = {"schema": "memeval.task_check/1", "schema_version": 1, "task_set": "t@1", "oracle_run": None,
           "nop_run": None, "tasks": []}  # fmt: skip
    report = TaskCheckReport.model_validate(old)
    assert report.model_dump(mode="json", by_alias=True)["schema"] == "memeval.task-check/1"
    with pytest.raises(ValueError, match="schema"):
        TaskCheckReport.model_validate({**old, "schema": "memeval.task-checks/1"})


def test_check_tasks_text_output_and_clean_exit(tmp_path: Path) -> None:
    res = CliRunner().invoke(app, ["check-tasks", str(MINI), "--runs-dir", str(tmp_path / "runs")])
    assert res.exit_code == 0, res.output
    assert "0 of 2 tasks broken" in res.stdout
    # Progress on stderr (no terminal here: a line per ended trial), first oracle's 4 trials, then nop's
    lines = res.stderr.splitlines()
    assert lines[0].startswith("memeval: checking 2 task(s): oracle, then nop, 4 trial(s) each"), lines
    steps = [line.split("]")[0].strip() for line in lines[1:]]
    assert steps == [f"oracle [{i}/4" for i in range(1, 5)] + [f"nop [{i}/4" for i in range(1, 5)], lines
    assert all(line.endswith((": passed", ": failed")) for line in lines[1:]), lines
    assert "memeval: checking" not in res.stdout and "[1/4]" not in res.stdout


def test_plan_prints_the_simulated_task_count() -> None:
    res = CliRunner().invoke(app, ["plan", "--effect", "0.3", "--repeats", "2", "--json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    n = tasks_for_power(0.3, 2)
    assert doc["tasks"] == n and doc["trials"] == n * 2 * 2 and doc["schema_version"] == 1
    res = CliRunner().invoke(app, ["plan", "--effect", "0.3", "--repeats", "2"])
    assert res.stdout.startswith(f"{n} tasks x 2 repeats x 2 arms = {4 * n} trials give 80% power")
    res = CliRunner().invoke(app, ["plan", "--effect", "0.7"])
    assert res.exit_code == 2 and "keep both rates in [0, 1]" in res.stderr


def test_plan_from_a_pilot_run_reads_its_spread(runs: Runs) -> None:
    res = CliRunner().invoke(
        app,
        ["plan", "--effect", "0.2", "--from", runs.memory.result.run_id, "--runs-dir", str(runs.runs_dir), "--json"],
    )
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert doc["schema"] == "memeval.plan/2"
    assert doc["spread"]["n_tasks"] == len(runs.memory.result.table)
    assert doc["spread"]["mean_difference"] == pytest.approx(1.0)
    assert [p["repeats"] for p in doc["plans"]] == [1, 2, 3, 5]
    assert all(p["tasks"] >= 10 for p in doc["plans"])


def test_plan_from_a_pilot_sizes_the_sequential_design(runs: Runs) -> None:
    # +40 points and 40 runs a size keep the simulations quick.
    args = ["plan", "--effect", "0.4", "--from", runs.memory.result.run_id, "--runs-dir", str(runs.runs_dir)]
    args += ["--sims", "40"]
    res = CliRunner().invoke(app, [*args, "--sequential", "--json"])
    assert res.exit_code == 0, res.output
    seq = json.loads(res.stdout)["sequential"]
    assert seq["max_trials"] == 2 * seq["tasks"] * seq["max_rounds"] and seq["tasks"] >= 10
    assert seq["power"] >= 0.8 and seq["sims"] == 40
    assert 0 < seq["expected_trials_at_effect"] <= seq["max_trials"]
    assert 0 < seq["expected_trials_at_zero"] <= seq["max_trials"]
    res = CliRunner().invoke(app, [*args, "--sequential"])
    assert res.exit_code == 0, res.output
    assert f"at most {seq['max_trials']} trials" in res.stdout and "at no difference" in res.stdout


def test_plan_from_a_missing_run_is_a_usage_error(runs: Runs) -> None:
    res = CliRunner().invoke(app, ["plan", "--effect", "0.2", "--from", "nope", "--runs-dir", str(runs.runs_dir)])
    assert res.exit_code == 2 and "nope" in res.output


def test_plan_from_a_one_repeat_pilot_warns_that_its_spread_is_a_guess(runs: Runs) -> None:
    args = ["plan", "--effect", "0.2", "--from", runs.memory.result.run_id, "--runs-dir", str(runs.runs_dir)]
    doc = json.loads(CliRunner().invoke(app, [*args, "--json"]).output)
    assert doc["spread"]["repeats"] == 1
    assert len(doc["warnings"]) == 1 and "1 repeat per task" in doc["warnings"][0]
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 0 and "warning: the pilot ran 1 repeat per task" in res.output
    assert "--repeats 2 or more" in res.output
