"""A run log with a line that is not a valid event is named in one short line, not pydantic's dump.

A new user's `memeval runs` over a folder holding one run whose log had a damaged line printed that
row's status as pydantic's whole report, `\\n`s and "For further information visit
https://errors.pydantic.dev/..." included: a row about 700 characters wide, its union of fourteen
event names spelled out; `memeval results` and `memeval replay` printed the same over six lines.
The log is a real one (`tests/fixtures/runlog_interrupted/README.md`).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from usage_line import REPO, run_memeval

FIXTURE = REPO / "tests" / "fixtures" / "runlog_interrupted" / "events.jsonl"


def _damaged_run(tmp_path: Path, line_no: int, new_line: str) -> Path:
    """A copy of the fixture's run under `tmp_path/runs/`, its line `line_no` (from 1) replaced."""
    lines = FIXTURE.read_text(encoding="utf-8").splitlines()
    run = tmp_path / "runs" / json.loads(lines[0])["run_id"]
    run.mkdir(parents=True)
    lines[line_no - 1] = new_line
    (run / "events.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return run


def _short(text: str) -> None:
    assert "errors.pydantic.dev" not in text and "tagged-union" not in text and "\\n" not in text, text
    assert len(text) <= 400, (len(text), text)


def test_a_line_with_no_event_field_is_one_short_line_in_every_reader(tmp_path: Path) -> None:
    run = _damaged_run(tmp_path, 5, '{"garbage": true}')
    for args in (["results", str(run)], ["replay", str(run)]):
        out = run_memeval(*args, cwd=tmp_path)
        [line] = out.stderr.strip().splitlines()
        assert out.returncode != 0 and line.startswith("error: ") and "line 5 is not a valid event" in line, out.stderr
        assert "'event'" in line, line  # what is wrong: the field that says which event it is
        _short(line)
    out = run_memeval("runs", "--json", cwd=tmp_path)
    [row] = json.loads(out.stdout)["runs"]
    assert row["status"] == "unreadable" and "line 5 is not a valid event" in row["error"], row
    _short(row["error"])
    listing = run_memeval("runs", cwd=tmp_path).stdout.splitlines()
    assert max(len(line) for line in listing) <= 500, listing


def test_a_missing_field_is_named_by_its_path(tmp_path: Path) -> None:
    lines = FIXTURE.read_text(encoding="utf-8").splitlines()
    raw = json.loads(lines[4])  # sandbox.ready
    assert raw["event"] == "sandbox.ready"
    del raw["world_hash"]
    run = _damaged_run(tmp_path, 5, json.dumps(raw))
    out = run_memeval("results", str(run), cwd=tmp_path)
    [line] = out.stderr.strip().splitlines()
    assert "line 5 is not a valid event" in line and "sandbox.ready.world_hash: Field required" in line, line
    _short(line)
    shutil.rmtree(run)
