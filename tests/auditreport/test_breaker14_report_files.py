"""A report's e-mail text and HTML are checked against their recorded hashes, and never mailed changed (breaker 14).

A version's record holds the SHA-256 of `report.pdf`, `report.html` and `body.txt`, but
`report verify` compared only the PDF, and `report send` of a version made earlier read the
attachment and the e-mail's text from disk as they were: a `body.txt` edited after it was made
("all clear, nothing held this week") verified `ok` on every line and went out as the team's report.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from smtp_helpers import SmtpServer
from typer.testing import CliRunner

from memeval.auditreport import SmtpSettings, deliver, delivery_state, make_report, verify_report
from memeval.cli import app
from memeval.errors import ReportError

WEEK = "2026-W47"
FORGED = "All clear: nothing was held this week.\n"


@pytest.mark.parametrize("name", ["body.txt", "report.html"])
def test_verify_names_an_edited_text_or_html(store, tmp_path: Path, name: str) -> None:
    made = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "r", runs_dir=tmp_path)
    with (made.folder / name).open("a", encoding="utf-8") as fh:
        fh.write(FORGED)
    failed = {c.name for c in verify_report(store, made.folder) if not c.ok}
    assert failed == {"text" if name == "body.txt" else "html"}, failed
    r = CliRunner().invoke(app, ["report", "verify", str(made.folder), "--db", store.url])
    assert r.exit_code == 1 and f"FAIL {'text' if name == 'body.txt' else 'html'}" in r.output, r.output


@pytest.mark.parametrize("name", ["body.txt", "report.pdf"])
def test_an_edited_version_is_not_mailed(store, smtp: SmtpServer, tmp_path: Path, name: str) -> None:
    made = make_report(store, "fernhill", WEEK, out_dir=tmp_path / "r", runs_dir=tmp_path)
    with (made.folder / name).open("ab") as fh:
        fh.write(FORGED.encode())
    with pytest.raises(ReportError, match="files changed since it was made"):
        deliver(store, made, ["lead@fernhill.example"], SmtpSettings.from_env(smtp.env()))
    assert smtp.inbox.messages == [] and delivery_state(store, made.record.idempotency_key) is None
