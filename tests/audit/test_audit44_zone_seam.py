"""A team's weeks are cut in one zone once a report is recorded: no week counted twice, none left out (audit44).

A week's report counts what is dated inside its window, cut at local Monday midnight in the team's
zone. On main the zone could change after reports were recorded (`memeval audit team set --tz`), and
`memeval report weekly --tz` recorded a week in any zone. Windows cut in two zones overlap or leave
a gap at the seam: with 2026-W45 reported in UTC and the zone then set to Pacific/Auckland (+13 h),
a refusal dated Sun 08 Nov 2026 20:00 UTC is counted by W45's report and again by W46's (it is
Mon 09 Nov 09:00 in Auckland); set to America/Los_Angeles (-8 h), one dated Mon 09 Nov 03:00 UTC
falls in no report (Sunday in Los Angeles, so in W45 there, which was reported in UTC). Now both
are refused once the team has a report, naming the zones, the week, and what to do instead;
`--preview` still renders any zone, and nothing stored changes.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memeval.audit import SqlAuditStore, ingest_lines, iso_week_window, team_tz
from memeval.auditreport import make_report
from memeval.auditreport._build import build_context
from memeval.cli import app
from memeval.errors import UsageError


def _refusal(tag: str, at: str) -> str:
    return json.dumps({
        "type": "access.refused", "occurred_at": at, "team": "fernhill", "sender_event_id": tag,
        "actor": {"kind": "agent", "id": "support-bot", "role": "support"}, "session": "ses_1",
        "payload": {"reason_code": "outside_slice", "text": "Asked for the payroll export.", "requested": "p/x"},
    })  # fmt: skip


@pytest.mark.parametrize("backend", ["sqlite", "postgres"], indirect=True)
def test_the_zone_of_a_reported_team_cannot_move(db_url: str, tmp_path: Path, store: SqlAuditStore) -> None:
    ingest_lines(store, [_refusal("seam", "2026-11-08T20:00:00Z")], sender="memsys")
    _, e45 = iso_week_window("2026-W45", "UTC")
    w45 = make_report(store, "fernhill", "2026-W45", out_dir=tmp_path / "r", runs_dir=tmp_path, now=e45)
    assert w45.record.tz == "UTC"
    # the overlap the change would open: the same refusal in W45 (UTC) and in W46 (Auckland)
    assert build_context(store, "fernhill", "2026-W45", tz="UTC", runs_dir=tmp_path).counts.refusals == 1
    assert build_context(store, "fernhill", "2026-W46", tz="Pacific/Auckland", runs_dir=tmp_path).counts.refusals == 1

    r = CliRunner().invoke(app, ["audit", "team", "set", "fernhill", "--tz", "Pacific/Auckland", "--db", db_url])
    assert r.exit_code == 2, r.output
    for word in ("UTC", "Pacific/Auckland", "2026-W45", "--preview"):
        assert word in r.output, (word, r.output)
    assert team_tz(store, "fernhill") == "UTC"  # unchanged
    ok = CliRunner().invoke(app, ["audit", "team", "set", "fernhill", "--tz", "UTC", "--db", db_url])
    assert ok.exit_code == 0, ok.output  # setting the zone it has is no change

    # recording a week in another zone is refused too; a preview in it is not
    _, e46 = iso_week_window("2026-W46", "UTC")
    with pytest.raises(UsageError, match="America/Los_Angeles.*UTC|UTC.*America/Los_Angeles"):
        make_report(store, "fernhill", "2026-W46", tz="America/Los_Angeles", out_dir=tmp_path / "r",
                    runs_dir=tmp_path, now=e46 + timedelta(days=1))  # fmt: skip
    assert [g.week for g in store.reads.generated_reports("fernhill")] == ["2026-W45"]
    out = CliRunner().invoke(app, ["report", "weekly", "--team", "fernhill", "--week", "2026-W46", "--tz",
                                   "America/Los_Angeles", "--db", db_url, "--runs", str(tmp_path)])  # fmt: skip
    assert out.exit_code == 2 and "--preview" in out.output, out.output


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_a_team_without_reports_may_still_set_its_zone(db_url: str, tmp_path: Path, store: SqlAuditStore) -> None:
    ingest_lines(store, [_refusal("early", "2026-11-08T20:00:00Z")], sender="memsys")
    r = CliRunner().invoke(app, ["audit", "team", "set", "fernhill", "--tz", "Pacific/Auckland", "--db", db_url])
    assert r.exit_code == 0, r.output
    _, e = iso_week_window("2026-W46", "Pacific/Auckland")
    made = make_report(store, "fernhill", "2026-W46", out_dir=tmp_path / "r", runs_dir=tmp_path, now=e)
    assert made.record.tz == "Pacific/Auckland"
    again = make_report(store, "fernhill", "2026-W46", tz="Pacific/Auckland", out_dir=tmp_path / "r",
                        runs_dir=tmp_path, reissue=True, now=e)  # fmt: skip
    assert again.record.version == 2
