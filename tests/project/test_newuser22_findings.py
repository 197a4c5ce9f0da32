"""What a new user met (twenty-second new-user round): `--json` documents and ingest refusals, with real processes.

- `memeval ab --json`, `audit ingest --json`, `results RUN --json` and the report commands' `--json` sorted their
  keys, so `run_id`, `added` or `counts_sha256` came before `schema`: a reader (or `head`) saw the document's
  name last. Now every object opens with `schema` and `schema_version`, the rest sorted as before.
- A malformed audit event was refused in pydantic's words (`session.started.team: Field required`,
  `payload.slice_idd: Extra inputs are not permitted`), three problems at most and no word of the rest. Now each
  missing field is named in one phrase with the fix, an unknown field with the fix and the nearest field the
  schema has, and the problems left unsaid are counted.
- `memeval schedule` with no store where `--db` or MEMEVAL_DB points (a typo) made a new empty store and its
  `reports/` folder, then ran for good, sending nothing: now refused as every reading command refuses it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from usage_line import REPO, one_usage_line, run_memeval

from memeval.cli._json import echo_json

WEEK_FILE = REPO / "samples" / "fernhill" / "audit" / "week.jsonl"
SAMPLE_RUN = REPO / "tests" / "fixtures" / "runlog_v1" / "sample-t01"


def test_sorted_json_documents_open_with_schema_at_every_level(capsys) -> None:
    doc = {"run_id": "r1", "status": "completed", "schema_version": 1, "schema": "memeval.ab/1",
           "trials": [{"trial_id": "t", "schema": "memeval.trial/1", "attempt": 1, "schema_version": 1}]}  # fmt: skip
    echo_json(doc, sort_keys=True)
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["schema", "schema_version", "run_id", "status", "trials"]
    assert list(out["trials"][0]) == ["schema", "schema_version", "attempt", "trial_id"]


def test_results_and_ingest_json_open_with_their_schema(tmp_path: Path) -> None:
    shutil.copytree(SAMPLE_RUN, tmp_path / "runs" / SAMPLE_RUN.name)
    out = run_memeval("results", SAMPLE_RUN.name, "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    doc = json.loads(out.stdout)
    assert list(doc)[:2] == ["schema", "schema_version"] and doc["schema"] == "memeval.results/1", out.stdout[:300]
    assert list(doc["trials"][0])[:2] == ["schema", "schema_version"], list(doc["trials"][0])

    (tmp_path / "two.jsonl").write_text("".join(WEEK_FILE.read_text().splitlines(keepends=True)[:2]))
    env = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'store' / 'audit.sqlite'}", "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    out = run_memeval("audit", "ingest", "two.jsonl", "--sender", "sample", "--json", cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    assert list(json.loads(out.stdout))[:2] == ["schema", "schema_version"], out.stdout[:300]


def _event(**fields: object) -> str:
    base: dict[str, object] = {
        "type": "session.started", "team": "fernhill", "sender_event_id": "e1", "occurred_at": "2026-11-16T10:00:00Z",
        "actor": {"kind": "agent", "id": "bot"}, "session": "ses_1",
        "payload": {"slice_id": "sl_1", "slice_hash": "sha256:00"},
    }  # fmt: skip
    base.update(fields)
    return json.dumps({k: v for k, v in base.items() if v is not None})


def test_a_malformed_event_is_refused_in_words_that_name_each_field_and_the_fix(tmp_path: Path) -> None:
    lines = [
        json.dumps({"type": "session.started"}),  # every envelope field missing
        _event(payload={"slice_idd": "sl_1", "slice_hash": "sha256:00"}),  # a misspelt field
        _event(colour="red"),  # a field no event takes
        _event(occurred_at="yesterday", actor={"kind": "agent", "id": "bot", "x1": 1, "x2": 2, "x3": 3, "x4": 4}),
    ]
    (tmp_path / "bad.jsonl").write_text("\n".join(lines) + "\n")
    db = tmp_path / "store" / "audit.sqlite"
    env = {"MEMEVAL_DB": f"sqlite:///{db}", "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    out = run_memeval("audit", "ingest", "bad.jsonl", "--sender", "sample", cwd=tmp_path, env=env)
    assert out.returncode == 2, out.stderr[-2000:]
    said = {line.split(":", 1)[0].strip(): line for line in out.stderr.splitlines() if line.startswith("  line ")}
    schema = "(audit/SCHEMA.md lists each type's fields)"
    assert "session.started is missing occurred_at, team, sender_event_id, actor and payload: add them" in said[
        "line 1"
    ] and said["line 1"].endswith(schema), said
    assert (
        "session.started is missing payload.slice_id: add it; payload.slice_idd is not a field session.started "
        "takes: remove it or fix its spelling (did you mean slice_id?)" in said["line 2"]
    ), said
    assert "colour is not a field session.started takes: remove it or fix its spelling" in said["line 3"], said
    assert "occurred_at: not a date and time" in said["line 4"] and "and 2 more problem(s)" in said["line 4"], said
    assert "Field required" not in out.stderr and "Extra inputs" not in out.stderr, out.stderr
    assert not db.exists()  # nothing stored, no store left behind


def test_schedule_refuses_a_store_that_does_not_exist_and_makes_none(tmp_path: Path) -> None:
    smtp = {"MEMEVAL_SMTP_HOST": "127.0.0.1", "MEMEVAL_SMTP_SECURITY": "none", "XDG_CONFIG_HOME": str(tmp_path / "c")}
    out = run_memeval("schedule", "--db", "sqlite:///audit/typo.sqlite", cwd=tmp_path, env=smtp, timeout_s=20)
    one_usage_line(out, "no audit store at audit/typo.sqlite", "MEMEVAL_DB")
    assert list(tmp_path.iterdir()) == [], sorted(p.name for p in tmp_path.iterdir())
