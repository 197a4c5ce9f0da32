"""A run log naming a later format, or a line of a higher version than this memeval writes, is refused (fault27).

A first line with `"format":"memeval.runlog/7"`, or a `trial.started` line with `"v":2`, was read as
if this memeval had written it: `memeval results` exited 0 and printed figures made from a log it
does not know how to read. Only `model.called` and `run.planned`, whose `v` was a Literal, refused.
Now the format and each kind's `v` are Literals in the events and in the fast views, so both the
pydantic path and the msgspec path refuse such a line, and the error names the newer memeval and
the fix (as newuser24's refusals do), exit 1. A copy of the `runlog_killed` fixture, one line
edited, read by real `memeval results` and `memeval replay` processes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runlog_edit import FIX, edited_log
from usage_line import run_memeval

CASES = [
    (0, {"format": "memeval.runlog/7"}, "a run log of format memeval.runlog/7, and this memeval (0.1.0) reads "),
    (1, {"v": 2}, "a trial.started event of version 2, and this memeval (0.1.0) reads up to version 1"),
    (35, {"v": 2}, "a trial.started event of version 2, and this memeval (0.1.0) reads up to version 1"),
    (32, {"v": 2}, "a check.recorded event of version 2, and this memeval (0.1.0) reads up to version 1"),
    (79, {"v": 9}, "a run.ended event of version 9, and this memeval (0.1.0) reads up to version 1"),
]


@pytest.mark.parametrize("command", ["results", "replay"])
@pytest.mark.parametrize(("seq", "change", "said"), CASES, ids=["format", "started", "started-late", "check", "ended"])
def test_a_later_format_or_version_is_refused_naming_the_newer_memeval(
    tmp_path: Path, command: str, seq: int, change: dict[str, object], said: str
) -> None:
    run = tmp_path / "runs" / "01NEWERLOG"
    run.mkdir(parents=True)
    (run / "events.jsonl").write_bytes(edited_log(seq, change))
    before = (run / "events.jsonl").read_bytes()
    out = run_memeval(command, "01NEWERLOG", cwd=tmp_path)
    assert out.returncode == 1 and out.stdout == "", (out.returncode, out.stdout[:300], out.stderr)
    error = out.stderr.strip()
    assert error.startswith(f"error: {Path('runs/01NEWERLOG/events.jsonl')}: line {seq + 1} is not a valid event: "), (
        error
    )
    assert said in error and error.endswith(FIX), error
    assert sorted(p.name for p in run.iterdir()) == ["events.jsonl"]  # no cache of figures beside it
    assert (run / "events.jsonl").read_bytes() == before


@pytest.mark.parametrize("command", ["results", "replay"])
def test_the_same_log_untouched_still_reads(tmp_path: Path, command: str) -> None:
    run = tmp_path / "runs" / "01NEWERLOG"
    run.mkdir(parents=True)
    (run / "events.jsonl").write_bytes(edited_log(-1, {}))  # the same events, written by this test's writer
    out = run_memeval(command, "01NEWERLOG", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip(), out.stderr


def test_every_kind_reads_only_the_version_and_format_it_writes() -> None:
    """Each event's `v` (and the first line's `format`) is a Literal of one value, so a new kind cannot read a
    higher version as its own; the views match the models field for field (test_fast_calls checks that)."""
    from typing import get_args

    from memeval.eventlog._events import LOG_FORMAT, Event, RunPlanned

    for model in get_args(get_args(Event)[0]):
        assert get_args(model.model_fields["v"].annotation) == (model.model_fields["v"].default,), model.__name__
    assert get_args(RunPlanned.model_fields["format"].annotation) == (LOG_FORMAT,)
