"""Fixtures of the project-level tests (real `memeval` processes on real run logs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from plain_smtp import plain_smtp  # noqa: F401  # a fixture of the CLI tests that send a report
from usage_line import REPO

INTERRUPTED_LOG = REPO / "tests" / "fixtures" / "runlog_interrupted" / "events.jsonl"
"""A real run stopped with SIGINT, then resumed; its first 13 lines are its two trials, both interrupted."""


@pytest.fixture
def all_faulted(tmp_path: Path) -> Path:
    """`tmp_path/runs/r1`: a run that measured nothing, its two trials both faulted (`process`), then ended.

    The first 13 lines of `INTERRUPTED_LOG` with each trial's `cancelled` fault made a `process` fault,
    and a `run.ended` (`completed`) after them. Commands run in `tmp_path` name it `runs/r1`.
    """
    run = tmp_path / "runs" / "r1"
    run.mkdir(parents=True)
    lines = INTERRUPTED_LOG.read_text(encoding="utf-8").splitlines(keepends=True)[:13]
    ended = {"at": "2026-12-05T05:04:05.792017Z", "event": "run.ended", "seq": 13, "status": "completed", "v": 1}
    log = "".join(lines).replace('"code":"cancelled"', '"code":"process"') + json.dumps(ended) + "\n"
    (run / "events.jsonl").write_text(log, encoding="utf-8")
    return run
