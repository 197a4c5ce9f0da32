"""A file sent again under another sender name: the error leads with that cause and the fix.

A new user ran README's `memeval audit ingest samples/fernhill/audit/week.jsonl --sender sample`,
then the same command without `--sender`, and read "lesson 'les_00' already exists ... use a new
id for a new item"; the cause (repeats are skipped per sender, and this run's sender was the
default `cli`) came last, as one of two guesses. Real `memeval` processes on a real store (the first
ingest, the store the test starts from, runs in the test's process: `set_up_memeval`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from usage_line import one_usage_line, set_up_memeval

ROOT = Path(__file__).resolve().parents[2]
WEEK = ROOT / "samples" / "fernhill" / "audit" / "week.jsonl"

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def _ingest(db_url: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMEVAL_DB": db_url, "MEMEVAL_FINGERPRINT_KEY": "ab" * 32}
    return subprocess.run(
        [sys.executable, "-m", "memeval", "audit", "ingest", str(WEEK), *args],
        env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


@pytest.mark.slow  # 23 s in the full suite
def test_the_week_sent_again_without_its_sender_names_the_sender_to_use(db_url: str) -> None:
    # the store it starts from, in this process (`set_up_memeval`); the re-sends are memeval processes
    env = {"MEMEVAL_DB": db_url, "MEMEVAL_FINGERPRINT_KEY": "ab" * 32}
    first = set_up_memeval("audit", "ingest", str(WEEK), "--sender", "sample", cwd=Path.cwd(), env=env)
    assert first.returncode == 0, first.stderr
    again = _ingest(db_url)
    line = one_usage_line(again, "stored before as sender 'sample'", "'cli'", "--sender sample", "line 1: event")
    assert line.index("--sender sample") < line.index("line 1: event"), line  # cause and fix first
    assert "use a new id" not in line, line
    right = _ingest(db_url, "--sender", "sample")
    assert right.returncode == 0, right.stderr
    assert "0 stored in all" in right.stdout and "245 skipped as already stored" in right.stdout, right.stdout
