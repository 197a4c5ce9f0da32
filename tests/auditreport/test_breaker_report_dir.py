"""A report folder that cannot be written must not become the store's report folder for good: a
hostile tester's `--out` typo was recorded at the first report, and every later report refused."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from memeval.cli import app

REPO = Path(__file__).resolve().parents[2]
WEEK = REPO / "samples" / "fernhill" / "audit" / "week.jsonl"


def test_an_unwritable_out_is_a_usage_error_and_is_not_recorded(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    runner = CliRunner()
    res = runner.invoke(app, ["audit", "ingest", str(WEEK), "--db", db])
    assert res.exit_code == 0, res.output
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    week = ["report", "weekly", "--team", "fernhill", "--week", "2026-W47", "--db", db, "--runs", str(tmp_path)]
    bad = runner.invoke(app, [*week, "--out", str(blocker / "reports")])
    assert bad.exit_code == 2, bad.output
    assert str(blocker / "reports") in bad.stderr and len(bad.stderr.strip().splitlines()) == 1, bad.stderr
    good = runner.invoke(app, [*week, "--out", str(tmp_path / "reports")])
    assert good.exit_code == 0, good.output
    assert any((tmp_path / "reports").rglob("*.pdf"))
