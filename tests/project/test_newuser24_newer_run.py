"""A run folder written by a newer memeval is refused with the cause and the fix, not pydantic's words (newuser24).

A newcomer handed a run from a colleague's newer memeval got `line 14 is not a valid event:
model.called.v: Input should be 3` (and `Extra inputs are not permitted` for a field added since):
nothing said the run was newer than the reader, nor what to do. Now the line says which event,
version or field this memeval does not know and "upgrade memeval to read it". A copy of the
`runlog_killed` fixture, one line edited as a newer writer would write it, read by real
`memeval results` and `memeval runs` processes; the folder is left as it was.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from runlog_edit import FIX, FIXTURE, edited_log
from usage_line import run_memeval


@pytest.mark.parametrize(
    ("seq", "change", "said"),
    [
        (7, {"v": 4}, "a model.called event of version 4, and this memeval (0.1.0) reads up to version 3"),
        (4, {"event": "agent.paused"}, "a 'agent.paused' event, which this memeval (0.1.0) does not know"),
        (
            1,
            {"resumed_from": "x"},
            "trial.started has field(s) this memeval (0.1.0) does not know (trial.started.resumed_from)",
        ),
    ],
)
def test_a_newer_run_names_what_is_newer_and_the_fix(
    tmp_path: Path, seq: int, change: dict[str, object], said: str
) -> None:
    run = tmp_path / "runs" / "01NEWERRUN"
    run.mkdir(parents=True)
    shutil.copy2(FIXTURE, run / "events.jsonl")
    assert run_memeval("results", "01NEWERRUN", cwd=tmp_path).returncode == 0  # as it is, it reads
    shutil.rmtree(run)
    run.mkdir()
    (run / "events.jsonl").write_bytes(edited_log(seq, change))
    before = sorted(p.name for p in run.iterdir())
    shutil.copy2(run / "events.jsonl", tmp_path / "log.before")
    out = run_memeval("results", "01NEWERRUN", cwd=tmp_path)
    assert out.returncode == 1 and out.stdout == "", (out.returncode, out.stdout)
    assert out.stderr.strip() == (
        f"error: {Path('runs/01NEWERRUN/events.jsonl')}: line {seq + 1} is not a valid event: {said}: {FIX}"
    ), out.stderr
    listing = run_memeval("runs", cwd=tmp_path)
    assert listing.returncode == 0 and FIX in listing.stdout, listing.stdout + listing.stderr
    assert sorted(p.name for p in run.iterdir()) == before  # nothing written beside the log
    assert (run / "events.jsonl").read_bytes() == (tmp_path / "log.before").read_bytes()
