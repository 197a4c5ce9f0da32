"""`memeval audit counts` says when its waiting lines are aged (sixteenth new-user round).

On the sample week, ingested after it ended, `audit counts` printed "Lessons proposed 13 ... 2 still
waiting" and, four lines below, "waiting lessons 0": the waiting lines are items undecided at the
week's end, aged from receipt, and the store received everything after it. For this week, whose end
is still ahead, an item received a minute before was "1-3d" waiting there while `review list` said
"0 min". Neither output said which moment its ages were taken at; a line above them does now.
Real SQLite store, the real CLI (in process).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import time_machine
from typer.testing import CliRunner

from memeval.audit import iso_week_of
from memeval.cli import app

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def _counts(db_url: str, week: str) -> list[str]:
    out = CliRunner().invoke(app, ["audit", "counts", "--team", "fernhill", "--week", week, "--tz", "UTC",
                                   "--db", db_url])  # fmt: skip
    assert out.exit_code == 0, out.output
    return out.output.splitlines()


def _heading(lines: list[str]) -> str:
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("waiting lessons"))
    return lines[at - 1]


def test_a_week_ingested_after_it_ended_says_later_items_are_not_in_its_waiting_lines(store, make, db_url) -> None:
    store.clock = lambda: datetime(2026, 11, 25, tzinfo=UTC)  # two days after 2026-W47 ended
    store.append([make("lesson.proposed", "les_late", {"text": "Pack with care."}, at="2026-11-18T09:00:00Z")],
                 sender="test")  # fmt: skip
    lines = _counts(db_url, "2026-W47")
    assert any("1 still waiting" in line for line in lines), lines
    heading = _heading(lines)
    assert "undecided at the week's end, 2026-11-23 00:00 UTC" in heading, heading
    assert "items received later are not here" in heading and "still ahead" not in heading, heading


def test_this_weeks_waiting_lines_say_its_end_is_still_ahead(store, make, db_url) -> None:
    # The command reads the wall clock: mid-week, so a run just before a Monday 00:00 UTC cannot see
    # "this week" end between the test's `now` and the command's (it did, with the real clock).
    with time_machine.travel(datetime(2026, 12, 2, 12, 0, tzinfo=UTC), tick=True):
        now = datetime.now(UTC)
        store.clock = lambda: now
        at = now.strftime("%Y-%m-%dT%H:%M:%SZ")
        store.append([make("lesson.proposed", "les_now", {"text": "Label the pots."}, at=at)], sender="test")
        week = iso_week_of(now, "UTC")
        heading = _heading(_counts(db_url, week))
    assert "undecided at the week's end" in heading and "still ahead" in heading, heading
