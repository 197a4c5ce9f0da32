"""`memeval report verify --help` shows a path the product writes: its example once named
`reports/fernhill/2026-W47/report.pdf`, while the first report of that week lands in
`audit/reports/fernhill/2026-W47/v1/` beside the default store."""

from __future__ import annotations

import os
from pathlib import Path

from typer.testing import CliRunner

from memeval.audit import DEFAULT_DB_URL
from memeval.auditreport._record import report_folder  # where `report weekly` writes version N
from memeval.cli import app


def test_the_verify_example_is_where_the_first_report_of_the_week_is_written() -> None:
    db_file = DEFAULT_DB_URL.removeprefix("sqlite:///")
    written = report_folder(Path(db_file).parent / "reports", "fernhill", "2026-W47", 1) / "report.pdf"
    out = CliRunner().invoke(app, ["report", "verify", "--help"], env={**os.environ, "COLUMNS": "200"}).output
    assert f"memeval report verify {written.as_posix()}" in out, out
