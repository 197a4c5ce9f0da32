"""What a new user met with `memeval report verify` (sixth new-user round), in real `memeval` processes.

`report weekly` and `report send` name a report by `--team` and `--week`; `report verify --team
fernhill --week 2026-W47` said only `No such option: --team`, and the user had to find the
version folder the report was written to. It now takes `--team` (and `--week`) for that week's
latest version, or a report's folder or file as before.
"""

from __future__ import annotations

import json
from pathlib import Path

from usage_line import one_usage_line, run_memeval, set_up_memeval

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "fernhill"


def test_verify_names_a_report_by_team_and_week_as_weekly_does(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'audit.sqlite'}"
    store = ["--db", db]
    ingested = set_up_memeval("audit", "ingest", str(SAMPLE / "audit" / "week.jsonl"), "--sender", "sample", *store,
                              cwd=tmp_path)  # fmt: skip
    assert ingested.returncode == 0, ingested.stderr[-2000:]
    week = ["--team", "fernhill", "--week", "2026-W47"]
    none_yet = run_memeval("report", "verify", *week, *store, cwd=tmp_path)
    one_usage_line(none_yet, "fernhill 2026-W47 has no report to verify yet",
                   "`memeval report weekly --team fernhill --week 2026-W47`")  # fmt: skip
    made = run_memeval("report", "weekly", *week, *store, cwd=tmp_path, timeout_s=300)
    assert made.returncode == 0, made.stderr[-2000:]
    by_week = run_memeval("report", "verify", *week, *store, "--json", cwd=tmp_path)
    assert by_week.returncode == 0, by_week.stderr[-2000:]
    folder = tmp_path / "reports" / "fernhill" / "2026-W47" / "v1"
    by_file = run_memeval("report", "verify", str(folder / "report.pdf"), *store, "--json", cwd=tmp_path)
    assert by_file.returncode == 0, by_file.stderr[-2000:]
    doc = json.loads(by_week.stdout)
    assert doc["ok"] is True and doc == json.loads(by_file.stdout)  # the same report, the same checks
    both = run_memeval("report", "verify", str(folder), *week, *store, cwd=tmp_path)
    one_usage_line(both, "give a report FILE or --team and --week, not both")
    neither = run_memeval("report", "verify", *store, cwd=tmp_path)
    one_usage_line(neither, "say which report", "--team", "report.pdf")
