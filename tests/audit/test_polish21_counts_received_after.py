"""`memeval audit counts` says how many items it leaves out as received after the week (polish21).

Its waiting lines said "items received later are not here" without how many, while the weekly report
names them (newuser19, `AuditReads.received_after`). The text's line and `--json`'s `received_after`
now give the number per item. Real SQLite store, the real CLI (in process).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from typer.testing import CliRunner

from memeval.cli import app

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def _counts(db_url: str, *extra: str) -> str:
    out = CliRunner().invoke(app, ["audit", "counts", "--team", "fernhill", "--week", "2026-W47", "--tz", "UTC",
                                   "--db", db_url, *extra])  # fmt: skip
    assert out.exit_code == 0, out.output
    return out.stdout


def test_counts_give_the_number_received_after_the_week(store, make, db_url) -> None:
    store.clock = lambda: datetime(2026, 11, 18, 12, tzinfo=UTC)  # inside 2026-W47: received in time
    store.append([make("lesson.proposed", "les_in_time", {"text": "Water twice."}, at="2026-11-18T09:00:00Z")],
                 sender="test")  # fmt: skip
    store.clock = lambda: datetime(2026, 11, 25, tzinfo=UTC)  # two days after it ended
    store.append([make("lesson.proposed", "les_late1", {"text": "Pack with care."}, at="2026-11-18T09:00:00Z"),
                  make("lesson.proposed", "les_late2", {"text": "Label the pots."}, at="2026-11-19T09:00:00Z")],
                 sender="test")  # fmt: skip
    heading = next(line for line in _counts(db_url).splitlines() if "undecided at the week's end" in line)
    assert heading.endswith("items received later are not here: 2 (2 lessons)):"), heading
    doc = json.loads(_counts(db_url, "--json"))
    assert doc["received_after"] == {"lesson": 2, "contradiction": 0, "hold": 0}, doc
    assert sum(doc["waiting"]["lesson"].values()) == 1, doc["waiting"]  # the one received in time


def test_counts_say_none_when_nothing_came_late(store, make, db_url) -> None:
    store.clock = lambda: datetime(2026, 11, 18, 12, tzinfo=UTC)
    store.append([make("lesson.proposed", "les_in_time", {"text": "Water twice."}, at="2026-11-18T09:00:00Z")],
                 sender="test")  # fmt: skip
    heading = next(line for line in _counts(db_url).splitlines() if "undecided at the week's end" in line)
    assert heading.endswith("items received later are not here: none):"), heading
