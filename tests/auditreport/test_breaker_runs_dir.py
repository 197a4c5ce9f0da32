"""A `--runs-dir` typo on the weekly report must not pass for "no A/B run this week": the report was
made, recorded and (by `send`) mailed with an empty runs section. A folder the user named must exist;
the default `runs` missing (a team with no A/B runs) is still fine."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from memeval.cli import app

REPO = Path(__file__).resolve().parents[2]
WEEK = REPO / "samples" / "fernhill" / "audit" / "week.jsonl"


def _store(tmp_path: Path, runner: CliRunner) -> str:
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    res = runner.invoke(app, ["audit", "ingest", str(WEEK), "--db", db])
    assert res.exit_code == 0, res.output
    return db


def test_a_runs_dir_typo_is_a_usage_error_and_records_nothing(tmp_path: Path, monkeypatch) -> None:
    runner = CliRunner()
    db = _store(tmp_path, runner)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MEMEVAL_RUNS_DIR", raising=False)
    typo = tmp_path / "rnus"
    week = ["report", "weekly", "--team", "fernhill", "--week", "2026-W47", "--db", db, "--out", str(tmp_path / "r")]
    for args, env in (([*week, "--runs-dir", str(typo)], {}), (week, {"MEMEVAL_RUNS_DIR": str(typo)})):
        bad = runner.invoke(app, args, env=env)
        assert bad.exit_code == 2, bad.output
        assert str(typo) in bad.stderr, bad.stderr
        assert not (tmp_path / "r").exists()
    good = runner.invoke(app, week)  # the default ./runs is missing: a team with no A/B run yet
    assert good.exit_code == 0, good.output
    assert any((tmp_path / "r").rglob("*.pdf"))
