"""The Python API as README documents it: `memeval.load_run`, `to_records`, `denominators`,
and `check-tasks` listing a malformed task among the broken ones (issue 17 item 8)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient
from typer.testing import CliRunner

import memeval
from memeval.errors import UsageError

ROOT = Path(__file__).resolve().parents[2]
SAMPLE_RUN = ROOT / "tests" / "fixtures" / "runlog_v1" / "sample-t01"
MINI = ROOT / "tests" / "fixtures" / "tasksets" / "mini"
README_KEYS = {"task_id", "mode", "verified", "checks", "harness_measured", "context_manifest", "started_at"}


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    dst = tmp_path / "run"
    shutil.copytree(SAMPLE_RUN, dst)  # the projection cache is written into the folder
    return dst


def test_load_run_at_top_level_as_a_user_writes_it(run_dir: Path) -> None:
    code = (
        "import memeval, pandas as pd\n"
        f"run = memeval.load_run({str(run_dir)!r})\n"
        "df = pd.DataFrame(run.to_records())\n"
        "print(df[['task_id', 'mode', 'verified', 'cost_usd']].to_json(orient='records'))\n"
        "print(df.groupby('mode')['verified'].mean().to_json())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=patient(300), check=True)
    rows, rates = out.stdout.strip().splitlines()
    assert sorted((r["task_id"], r["mode"], r["verified"]) for r in json.loads(rows)) == [
        ("t01-thursday-order-arrival", "baseline", False),
        ("t01-thursday-order-arrival", "pack", True),
    ]
    assert json.loads(rates) == {"baseline": 0.0, "pack": 1.0}


def test_to_records_carries_the_records_page_keys(run_dir: Path) -> None:
    run = memeval.load_run(run_dir)
    recs = run.to_records()
    assert len(recs) == len(run.result.trials) == 2
    for rec, trial in zip(recs, run.result.trials, strict=True):
        assert README_KEYS <= set(rec)
        doc = trial.model_dump(mode="json", by_alias=True)
        assert rec["checks"] == doc["checks"] and rec["checks"][0]["pass"] is trial.verified
        assert set(rec["harness_measured"]) == {"wall_ms", "input_tokens", "output_tokens", "total_cost_usd"}
        assert rec["context_manifest"] == list(trial.context_manifest)
        assert rec["started_at"] == trial.started_at
        # the flat columns agree with the nested record
        assert rec["wall_ms"] == rec["harness_measured"]["wall_ms"]
        assert rec["cost_usd"] == rec["harness_measured"]["total_cost_usd"]
        assert rec["fault"] is None and rec["fault_detail"] is None
    assert {r["mode"]: r["context_manifest"] != [] for r in recs} == {"baseline": False, "pack": True}
    json.dumps(recs)  # plain JSON types throughout


def test_denominators_are_per_arm_unless_a_blend_is_asked_for(run_dir: Path) -> None:
    run = memeval.load_run(run_dir)
    d = run.denominators()
    assert set(d) == {"baseline", "pack"}
    assert (d["baseline"].arm, d["baseline"].passes, d["baseline"].scored, d["baseline"].pass_rate_scored) == (
        "baseline",
        0,
        1,
        0.0,
    )
    assert (d["pack"].arm, d["pack"].passes, d["pack"].pass_rate_attempted) == ("pack", 1, 1.0)
    assert run.denominators("pack") == d["pack"]
    blended = run.denominators(blended=True)["blended"]
    assert (blended.arm, blended.passes, blended.scored, blended.pass_rate_scored) == ("blended", 1, 2, 0.5)
    with pytest.raises(UsageError, match="'both'"):
        run.denominators("both")


def test_check_tasks_lists_a_malformed_task_and_checks_the_others(tmp_path: Path) -> None:
    from memeval.cli import app

    ts = tmp_path / "tasks"
    shutil.copytree(MINI / "add-numbers", ts / "add-numbers")
    shutil.copytree(MINI / "greet", ts / "a-no-instruction")
    (ts / "a-no-instruction" / "instruction.md").unlink()
    shutil.copytree(MINI / "greet", ts / "z-bad-toml")
    (ts / "z-bad-toml" / "task.toml").write_text("version = [unclosed\n")
    res = CliRunner().invoke(app, ["check-tasks", str(ts), "--runs-dir", str(tmp_path / "runs"), "--json"])
    assert res.exit_code == 1, res.output
    doc = json.loads(res.stdout)
    by = {t["task_id"]: t for t in doc["tasks"]}
    assert list(by) == ["add-numbers", "a-no-instruction", "z-bad-toml"]
    assert by["add-numbers"]["problems"] == [] and by["add-numbers"]["oracle_passes"] == 2
    for bad in ("a-no-instruction", "z-bad-toml"):
        assert by[bad]["problems"] == ["malformed"] and by[bad]["oracle_trials"] == 0
        assert "cannot be loaded" in by[bad]["details"][0]
    assert "instruction.md" in by["a-no-instruction"]["details"][0]
    assert doc["oracle_run"] and doc["nop_run"]


def test_check_tasks_with_every_task_malformed_lists_them_all(tmp_path: Path) -> None:
    from memeval.cli import app

    ts = tmp_path / "tasks"
    for name in ("one", "two"):
        shutil.copytree(MINI / "greet", ts / name)
        (ts / name / "tests" / "test.sh").unlink()
    res = CliRunner().invoke(app, ["check-tasks", str(ts), "--runs-dir", str(tmp_path / "runs")])
    assert res.exit_code == 1, res.output
    assert "2 of 2 tasks broken: one: malformed; two: malformed" in " ".join(res.stdout.split())
    assert not (tmp_path / "runs").exists()  # nothing to run, so no control run
