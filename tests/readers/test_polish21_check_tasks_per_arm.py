"""`check-tasks` says its counts are one per arm (polish21): "oracle passed 2/2" for one task read as two tasks.

Each control runs once in each arm (baseline and pack, both cold), so a task's count is out of 2.
The text says `2/2 (one per arm)`; `--json`'s field docs (the JSON Schema's descriptions) say so.
"""

from __future__ import annotations

import json
from pathlib import Path

from readers_helpers import MINI
from usage_line import run_memeval

from memeval.runner import TaskCheckReport

REPO = Path(__file__).resolve().parents[2]


def test_the_text_says_one_trial_per_arm(tmp_path: Path) -> None:
    out = run_memeval("check-tasks", str(MINI), "--tasks", "add-numbers", "--runs-dir", str(tmp_path), "-q",
                      cwd=tmp_path)  # fmt: skip
    assert out.returncode == 0, out.stderr
    (row,) = [ln for ln in out.stdout.splitlines() if "add-numbers" in ln]
    assert "2/2 (one per arm)" in row and "0/2 (one per arm)" in row, out.stdout


def test_the_json_field_docs_say_one_trial_per_arm() -> None:
    for schema in (TaskCheckReport.model_json_schema(by_alias=True),
                   json.loads((REPO / "schemas" / "task-check.schema.json").read_text(encoding="utf-8"))):  # fmt: skip
        props = schema["$defs"]["TaskCheck"]["properties"]
        for control in ("oracle", "nop"):
            assert "one per arm" in props[f"{control}_passes"]["description"], props
            assert "one per arm" in props[f"{control}_trials"]["description"], props
