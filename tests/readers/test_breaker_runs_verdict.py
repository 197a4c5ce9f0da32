"""`memeval runs` showed the verdict of a run that had not ended (still running, killed, cancelled
or stopped by an error) in the same words as a finished run's: `better  0.0117`, though more trials
were planned and the word can still change. Only a completed run's verdict is final."""

from __future__ import annotations

import pytest

from memeval.cli.read import print_listing
from memeval.results import RunListing


def _listing(status: str) -> RunListing:
    return RunListing(
        run_id=f"run-{status}",
        path=f"runs/run-{status}",
        started_at="2026-01-05T10:00:00+00:00",
        task_set="fernhill@1",
        agent="sample",
        control=None,
        status=status,
        trials=12,
        planned=28,
        verdict="better",
        p_value=0.0117,
    )


def _rows(capsys: pytest.CaptureFixture[str], *statuses: str) -> dict[str, str]:
    print_listing("runs", tuple(_listing(s) for s in statuses))
    out = capsys.readouterr().out
    return {s: next(line for line in out.splitlines() if f"run-{s} " in line) for s in statuses}


def test_a_verdict_is_shown_final_only_for_a_completed_run(capsys: pytest.CaptureFixture[str]):
    rows = _rows(capsys, "completed", "running", "interrupted", "cancelled", "error")
    assert "better" in rows["completed"] and "so far" not in rows["completed"], rows["completed"]
    for status in ("running", "interrupted", "cancelled", "error"):
        assert "better so far" in rows[status], rows[status]
