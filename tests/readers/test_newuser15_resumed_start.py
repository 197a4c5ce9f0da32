"""A run stopped and resumed is listed with the start it had, not the resume's time.

`memeval runs` listed a run's start as the earliest start of its kept attempts, so a run stopped
with Ctrl-C and resumed (every trial it had started redone) was listed as started when it was
resumed: a day later, it moved to that day in the listing and its order. The log is a real one
(`tests/fixtures/runlog_interrupted/README.md`); both the full load and the cached row are checked.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from usage_line import REPO, run_memeval

FIXTURE = REPO / "tests" / "fixtures" / "runlog_interrupted" / "events.jsonl"
FIRST_START = "2026-12-05T05:04:04.928898Z"  # the first trial.started (first attempts, cancelled)
RESUMED = "2026-12-05T05:04:16.608118Z"  # the resume's first trial.started


def test_a_resumed_run_keeps_its_first_start(tmp_path: Path) -> None:
    run_id = json.loads(FIXTURE.read_text().splitlines()[0])["run_id"]
    run = tmp_path / "runs" / run_id
    run.mkdir(parents=True)
    shutil.copy(FIXTURE, run / "events.jsonl")
    for path in ("full load", "cached row"):  # the first listing loads the log and writes the cache the second reads
        out = run_memeval("runs", "--json", cwd=tmp_path)
        assert out.returncode == 0, out.stderr[-2000:]
        (row,) = json.loads(out.stdout)["runs"]
        assert row["started_at"] == FIRST_START, (path, row["started_at"], RESUMED)
    assert any((run / ".cache").iterdir())
    out = run_memeval("runs", cwd=tmp_path)
    assert "2026-12-05 05:04:04" in out.stdout, out.stdout
