"""JSON Schemas in schemas/ equal freshly generated ones, and documents carry their version."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from readers_helpers import REPO, Runs

from memeval.results import result_json
from memeval.runreport import SCHEMA_FILES, compare_runs, json_schemas, list_runs
from memeval.runreport._schemas import schema_text


def test_committed_schemas_equal_generated_ones() -> None:
    folder = REPO / "schemas"
    committed = {p.name for p in folder.glob("*.schema.json")}
    assert committed == set(SCHEMA_FILES), "run scripts/make_schemas"
    for name, schema in json_schemas().items():
        assert (folder / name).read_text() == schema_text(schema), f"{name} is stale: run scripts/make_schemas"


def _check(doc: dict[str, Any], schema: dict[str, Any]) -> None:
    """The document's keys are the schema's properties, with every required one present."""
    props = set(schema["properties"])
    assert set(doc) <= props, set(doc) - props
    assert set(schema.get("required", ())) <= set(doc)


def test_documents_follow_their_schemas_and_carry_a_version(runs: Runs, tmp_path: Path) -> None:
    schemas = json_schemas()
    result = json.loads(result_json(runs.memory))
    _check(result, schemas["run-result.schema.json"])
    assert result["schema"] == "memeval.result/1" and result["schema_version"] == 1
    for trial in result["trials"]:
        _check(trial, schemas["trial.schema.json"])
        assert trial["schema"] == "memeval.trial/1" and trial["schema_version"] == 1
    comparison = json.loads(compare_runs(runs.memory, runs.cold).model_dump_json(by_alias=True))
    _check(comparison, schemas["comparison.schema.json"])
    assert comparison["schema_version"] == 1
    listing = json.loads(list_runs(runs.runs_dir).model_dump_json(by_alias=True))
    _check(listing, schemas["runs.schema.json"])
