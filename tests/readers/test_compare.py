"""`memeval compare`: flips task by task, refusal on run-card differences, --vary as a warning."""

from __future__ import annotations

import json

import pytest
from readers_helpers import Runs
from typer.testing import CliRunner

from memeval.cli import app
from memeval.errors import RunCardMismatch, UsageError
from memeval.runreport import compare_runs


def test_dropping_the_pack_flips_every_pack_trial_to_fail(runs: Runs) -> None:
    c = compare_runs(runs.memory, runs.cold)
    assert c.card_differences == ()
    [dropped] = c.warnings  # the pack is not on the run card: its change is a warning
    assert dropped.startswith("the runs used different packs: A p 1 (") and "B no pack" in dropped, dropped
    base, pack = c.arms
    assert (base.mode, base.improved, base.regressed) == ("baseline", (), ())
    assert (pack.mode, set(pack.regressed), pack.improved) == ("pack", {"add-numbers", "greet"}, ())
    assert (pack.a_passes, pack.a_scored, pack.b_passes, pack.b_scored) == (2, 2, 0, 2)
    assert pack.verdict is not None and pack.verdict.verdict == "unresolved"  # 2 tasks < the floor of 10
    changes = {(t.task_id, t.mode): t.change for t in c.tasks}
    assert changes == {
        ("add-numbers", "baseline"): "same",
        ("greet", "baseline"): "same",
        ("add-numbers", "pack"): "regressed",
        ("greet", "pack"): "regressed",
    }
    back = compare_runs(runs.cold, runs.memory)
    assert set(back.arms[1].improved) == {"add-numbers", "greet"}


def test_different_run_cards_are_refused_naming_the_field(runs: Runs) -> None:
    with pytest.raises(RunCardMismatch, match=r"agent: .*'name': 'sh'.* != .*'name': 'oracle'"):
        compare_runs(runs.memory, runs.oracle)
    c = compare_runs(runs.memory, runs.oracle, vary=["agent"])
    assert [d.split(":")[0] for d in c.card_differences] == ["agent"]
    assert any(w.startswith("run cards differ, as --vary says: agent:") for w in c.warnings)
    assert any("control trials" in w for w in c.warnings)
    with pytest.raises(UsageError, match="'modle' is not a run-card field"):
        compare_runs(runs.memory, runs.cold, vary=["modle"])
    c = compare_runs(runs.memory, runs.cold, vary=["model"])
    assert "--vary model: the run cards do not differ in model" in c.warnings


def test_compare_cli_exit_codes_and_json(runs: Runs) -> None:
    cli = CliRunner()
    ids = [runs.memory.result.run_id, runs.oracle.result.run_id]
    res = cli.invoke(app, ["compare", *ids, "--runs-dir", str(runs.runs_dir)])
    assert res.exit_code == 2 and "different run cards" in res.stderr and "--vary" in res.stderr
    res = cli.invoke(app, ["compare", *ids, "--runs-dir", str(runs.runs_dir), "--vary", "agent", "--json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert doc["schema"] == "memeval.comparison/1" and doc["schema_version"] == 1 and doc["varied"] == ["agent"]
    res = cli.invoke(app, ["compare", str(runs.memory.path), str(runs.cold.path)])
    assert res.exit_code == 0, res.output
    assert "flipped to fail in B (2): add-numbers, greet" in res.stdout
    assert "flipped to pass in B (0): —" in res.stdout


def test_the_cli_refusal_is_one_short_line_with_the_fix(runs: Runs) -> None:
    """A new user's refusal was one line of 900 characters: whole agent mappings, hashes and paths."""
    ids = [runs.memory.result.run_id, runs.oracle.result.run_id]
    res = CliRunner().invoke(app, ["compare", *ids, "--runs-dir", str(runs.runs_dir)])
    [line] = res.stderr.strip().splitlines()
    assert res.exit_code == 2 and line.startswith("error: the two runs ran under different run cards"), line
    assert "agent.name 'sh' != 'oracle'" in line and "add --vary agent if that is the point" in line, line
    assert len(line) <= 300, (len(line), line)
