"""A new user's rough edges (polish23): settings refused in words; --out's missing folders made as report-ab does.

- `MEMEVAL_AUDIT_WORKERS=-1` was refused as "not a whole number" (it is one): now it says it is below
  0, the range it takes and what unset means, exit 2, and no store is left behind.
- `MEMEVAL_REVIEW_QUEUE_PAGE_ROWS=0` was refused in pydantic's words (`input should be greater than or
  equal to 1`) without the default: now one line names the variable, the value, the range and the default.
- `pack build --out` and `audit anchor --out` refused a missing folder while `report-ab --pdf` made it
  and said so (f96d04d, the project's rule): now all three make it and say `made folder X (it did not
  exist)`; a folder, or a path through a file, is still refused (exit 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from memeval.cli import app

WEEK = Path(__file__).resolve().parents[2] / "samples" / "fernhill" / "audit" / "week.jsonl"


def test_a_negative_worker_count_names_the_range_not_whole_numbers(tmp_path: Path) -> None:
    db = tmp_path / "a.sqlite"
    res = CliRunner().invoke(
        app, ["audit", "ingest", str(WEEK), "--db", f"sqlite:///{db}"], env={"MEMEVAL_AUDIT_WORKERS": "-1"}
    )
    assert res.exit_code == 2, res.output
    line = res.stderr.strip()
    assert len(line.splitlines()) == 1 and "not a whole number" not in line, line
    assert "MEMEVAL_AUDIT_WORKERS='-1' is below 0: use a whole number of 0 or more (0 turns the workers off" in line
    assert not db.exists()
    res = CliRunner().invoke(
        app, ["audit", "ingest", str(WEEK), "--db", f"sqlite:///{db}"], env={"MEMEVAL_AUDIT_WORKERS": "two"}
    )
    assert res.exit_code == 2 and "'two' is not a whole number: use a whole number of 0 or more" in res.stderr


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
@pytest.mark.parametrize(
    ("var", "value", "said"),
    [
        ("MEMEVAL_REVIEW_QUEUE_PAGE_ROWS", "0", "is out of range: use a whole number of 1 or more (default 500)"),
        ("MEMEVAL_REVIEW_QUEUE_PAGE_ROWS", "x", "is not a number: use a whole number of 1 or more (default 500)"),
        ("MEMEVAL_REVIEW_CLAIM_LEASE_S", "5", "is out of range: use a whole number from 10 to 3600 (default 300)"),
    ],
)
def test_a_review_setting_out_of_range_says_the_range_and_the_default(store, make, var, value, said) -> None:
    store.append([make("memory.written", "m1", {"text": "Note."})], sender="s", origin="ingest")
    res = CliRunner().invoke(app, ["review", "list", "--db", store.url], env={var: value})
    assert res.exit_code == 2, res.output
    assert res.stderr.strip() == f"error: {var}={value!r} {said}", res.stderr


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("command", "name"), [(["pack", "build"], "p.json"), (["audit", "anchor"], "a.json")])
def test_out_in_a_missing_folder_is_made_and_said_as_report_ab_does(store, make, tmp_path, command, name) -> None:
    store.append([make("memory.written", "m1", {"text": "Note."})], sender="s", origin="ingest")
    out = tmp_path / "new" / "deeper" / name
    args = [*command, "--team", "fernhill", "--db", store.url, "--out"]
    res = CliRunner().invoke(app, [*args, str(out)])
    assert res.exit_code == 0, res.output
    assert f"made folder {out.parent} (it did not exist)" in res.stdout and out.is_file()
    res = CliRunner().invoke(app, [*args, str(out)])
    assert res.exit_code == 0 and "made folder" not in res.stdout  # it exists now: nothing to say
    res = CliRunner().invoke(app, [*args, str(tmp_path / "new")])
    assert res.exit_code == 2 and "is a folder; give a file name, e.g." in res.stderr, res.output
    res = CliRunner().invoke(app, [*args, str(out / "x.json")])
    assert res.exit_code == 2 and f"{str(out)!r} is a file, not a folder; pick another path" in res.stderr
