"""`memeval runs --json` starts as light as `memeval runs`, and prints the typed document's very bytes.

A new user's `memeval runs --json` (the example `memeval --help` shows) cost about twice `memeval
runs`: 0.23 s of CPU against 0.10 on folders whose rows come from their caches (`bench/cli_start.py`,
load 11), over the 0.2 s within `python -c pass` that the listing's start is held to. The rows were
read without pydantic, then given to pydantic's `RunsDocument` model only to be written out. Now
`memeval._runlist.runs_json_text` writes the same bytes with pydantic-core's serializer. Checked in
a fresh interpreter's `sys.modules`, and against the model's own dump; the time is a benchmark,
never asserted here.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient
from usage_line import REPO, run_memeval

GOLDEN = REPO / "tests" / "fixtures" / "runlog_v1"


def _loaded_runs(tmp_path: Path) -> Path:
    """The golden runs under `tmp_path/runs`, listed once (which loads each log and writes its cache)."""
    runs = tmp_path / "runs"
    for src in sorted(GOLDEN.iterdir()):
        shutil.copytree(src, runs / src.name)
    out = run_memeval("runs", cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    return runs


def test_runs_json_of_loaded_runs_loads_no_pydantic_and_prints_the_models_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _loaded_runs(tmp_path)
    code = (
        "import sys, json\n"
        "from memeval.cli import main\n"
        "sys.argv = ['memeval', 'runs', '--json']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    assert exc.code in (0, None), exc.code\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=patient(120)
    )
    assert out.returncode == 0, out.stderr[-2000:]
    document, _, modules = out.stdout.rstrip("\n").rpartition("\n")
    from memeval.results import list_runs

    monkeypatch.chdir(tmp_path)  # the folder as the command names it: `runs_dir` and each row's `path`
    typed = list_runs(Path("runs"))
    assert len(typed.runs) == 2
    assert document == typed.model_dump_json(by_alias=True, indent=2)
    assert "pydantic" not in json.loads(modules)


def test_runs_json_text_writes_every_field_float_and_text_as_the_model_does() -> None:
    from memeval._runlist import ListedRun, runs_json_text
    from memeval.results import RunListing, runs_document

    assert [f.name for f in dataclasses.fields(ListedRun)] == list(RunListing.model_fields)
    base = ListedRun(
        run_id="01M9",
        path="runs/01M9",
        started_at=None,
        task_set="t@1",
        agent="é agent\n",
        control=None,
        status="completed",
        trials=2,
        planned=2,
        verdict="better",
        p_value=0.5,
    )
    rows = tuple(
        dataclasses.replace(base, run_id=f"01M9{i}", p_value=p)
        for i, p in enumerate([1e-05, 9.5367431640625e-07, 1, 0.01171875, None, 1e16])
    )
    expected = runs_document(Path("runs"), rows).model_dump_json(by_alias=True, indent=2)
    assert runs_json_text(Path("runs"), rows, 2) == expected
