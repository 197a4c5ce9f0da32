"""`memeval pack build --out` naming a place that cannot be written: one line and exit 2, not a
traceback (a hostile tester's folder, and a path under a file)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from memeval.cli import app

WEEK = Path(__file__).resolve().parents[2] / "samples" / "fernhill" / "audit" / "week.jsonl"


def test_an_unwritable_pack_out_is_a_usage_error(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'a.sqlite'}"
    runner = CliRunner()
    assert runner.invoke(app, ["audit", "ingest", str(WEEK), "--db", db]).exit_code == 0
    blocker = tmp_path / "a-file"
    blocker.write_text("keep")
    (tmp_path / "a-folder").mkdir()
    for out in (blocker / "pack.json", tmp_path / "a-folder"):
        res = runner.invoke(app, ["pack", "build", "--team", "fernhill", "--out", str(out), "--db", db])
        assert res.exit_code == 2, (out, res.output)
        assert str(out) in res.stderr and len(res.stderr.strip().splitlines()) == 1, res.stderr
    assert blocker.read_text() == "keep" and list((tmp_path / "a-folder").iterdir()) == []
    ok = runner.invoke(app, ["pack", "build", "--team", "fernhill", "--out", str(tmp_path / "p.json"), "--db", db])
    assert ok.exit_code == 0 and (tmp_path / "p.json").is_file(), ok.output
