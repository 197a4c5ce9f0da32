"""A run killed with SIGKILL leaves a log that ends `running`. `memeval runs` and the heading of
`memeval results` read it as `interrupted` (no memeval process holds it), but the summary's warning,
the A/B report and the weekly report's runs section still said `running`: four readers, two words."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from runner_helpers import MINI
from typer.testing import CliRunner

from memeval.auditreport._runs import week_runs
from memeval.cli import app
from memeval.results import load_run
from memeval.runreport import summarize
from memeval.runreport._context import build_context


def test_every_reader_calls_a_killed_run_interrupted(tmp_path: Path, run_ab) -> None:
    code, doc, err = run_ab(str(MINI), "--tasks", "greet", "--agent", "nop", "--network", "none")
    assert code in (0, 1, 3), err
    (log,) = (tmp_path / "runs").glob("*/events.jsonl")
    lines = log.read_bytes().splitlines(keepends=True)
    assert b'"event":"run.ended"' in lines[-1]
    log.write_bytes(b"".join(lines[:-1]))  # what a SIGKILL before the last write leaves
    run = load_run(log.parent)
    assert run.status == "interrupted"
    s = summarize(run)
    assert s.status == "interrupted" and s.warnings[0].startswith("run is interrupted"), s.warnings
    assert build_context(run).status == "interrupted"
    now = datetime.now(UTC)
    (line,) = week_runs(tmp_path / "runs", now - timedelta(days=1), now + timedelta(days=1), "UTC")
    assert line.status == "interrupted"
    out = CliRunner().invoke(app, ["results", str(log.parent)]).output
    assert "running" not in out, out
