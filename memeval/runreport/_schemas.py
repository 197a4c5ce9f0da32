"""JSON Schemas of the documents memeval writes, generated from their pydantic models.

The committed copies live in the repository's `schemas/` folder (`scripts/make_schemas` rewrites
them); a test checks that they equal freshly generated ones, so a model change without a schema
change fails CI.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from memeval.results import RunResult, RunsDocument, TrialRecord
from memeval.runner import TaskCheckReport
from memeval.runreport._compare import Comparison

SCHEMA_FILES: dict[str, type[BaseModel]] = {
    "trial.schema.json": TrialRecord,
    "run-result.schema.json": RunResult,
    "comparison.schema.json": Comparison,
    "runs.schema.json": RunsDocument,
    "task-check.schema.json": TaskCheckReport,
}
"""File name in `schemas/` -> the model it describes."""

BASE_ID = "https://memeval.invalid/schemas/"


def json_schemas() -> dict[str, dict[str, Any]]:
    """File name -> JSON Schema (draft 2020-12) of each document, as it is serialized (by alias)."""
    out = {}
    for name, model in SCHEMA_FILES.items():
        schema = model.model_json_schema(by_alias=True, mode="serialization")
        out[name] = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": BASE_ID + name,
            **schema,
        }
    return out


def schema_text(schema: dict[str, Any]) -> str:
    """Canonical text of a schema file: sorted keys, 2-space indent, trailing newline."""
    return json.dumps(schema, sort_keys=True, indent=2) + "\n"


def write_schemas(folder: Path) -> list[Path]:
    """Write every schema into `folder`; return the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, schema in json_schemas().items():
        p = folder / name
        p.write_text(schema_text(schema))
        paths.append(p)
    return paths
