"""Every document a reader writes validates against its committed JSON Schema (draft 2020-12).

`test_schemas.py` checks the keys; here a full validator checks types, enums, nesting and
`additionalProperties: false`, for the golden runs, the real reader runs and drawn logs.
"""

from __future__ import annotations

import functools
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from readers_helpers import REPO, Runs
from typer.testing import CliRunner

from memeval.cli import app
from memeval.eventlog import Event
from memeval.results import list_runs, load_run, result_json
from memeval.runreport import compare_runs

jsonschema = pytest.importorskip("jsonschema")  # installed with the test extra (by ray)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "eventlog"))
from test_projection_properties import _write, run_logs  # noqa: E402

FIXTURES = REPO / "tests" / "fixtures" / "runlog_v1"


@functools.cache  # built when a test needs it, not at import (collection on every xdist worker)
def _validator(name: str) -> Any:
    schema = json.loads((REPO / "schemas" / name).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _valid(validator: Any, doc: Any) -> None:
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]


@pytest.mark.parametrize("name", ["oracle-mini", "sample-t01"])
def test_the_golden_runs_records_validate(name: str) -> None:
    doc = json.loads(result_json(load_run(FIXTURES / name, use_cache=False)))
    _valid(_validator("run-result.schema.json"), doc)
    for trial in doc["trials"]:
        _valid(_validator("trial.schema.json"), trial)


def test_a_document_that_breaks_the_schema_is_caught() -> None:
    doc = json.loads(result_json(load_run(FIXTURES / "sample-t01", use_cache=False)))
    doc["table"][0]["baseline_trials"] = "one"
    assert list(_validator("run-result.schema.json").iter_errors(doc))
    doc = json.loads(result_json(load_run(FIXTURES / "sample-t01", use_cache=False)))
    doc["table"][0]["words"] = "x"
    assert list(_validator("run-result.schema.json").iter_errors(doc))


def test_the_readers_documents_validate(runs: Runs) -> None:
    for run in (runs.memory, runs.cold, runs.oracle):
        _valid(_validator("run-result.schema.json"), json.loads(result_json(run)))
    _valid(
        _validator("comparison.schema.json"),
        json.loads(compare_runs(runs.memory, runs.cold).model_dump_json(by_alias=True)),
    )
    _valid(_validator("runs.schema.json"), json.loads(list_runs(runs.runs_dir).model_dump_json(by_alias=True)))
    cli = CliRunner()
    out = cli.invoke(app, ["replay", runs.memory.result.run_id, "--runs-dir", str(runs.runs_dir)])
    assert out.exit_code == 0, out.output
    assert out.stdout == result_json(runs.memory)
    _valid(_validator("run-result.schema.json"), json.loads(out.stdout))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(run_logs())
def test_any_run_the_runner_can_write_gives_a_valid_document(events: list[Event]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "run"
        _write(folder, events)
        _valid(_validator("run-result.schema.json"), json.loads(result_json(load_run(folder, use_cache=False))))
