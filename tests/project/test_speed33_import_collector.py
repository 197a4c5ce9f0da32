"""A command's start-up imports and engine builds run with Python's cyclic collector held off.

What a `memeval` process imports (typer's tree, a command's module, the store's SQLAlchemy and
SQLModel stack through a package's lazy names) and the engines the audit write path builds (the
redactor, the hold detector) are objects that live until the process ends. With the collector on, a store command
such as `memeval audit team set` started about 180 collector passes over them while they were
built, and freed next to nothing (about 0.04 CPU s of its 0.7; 0.1 s of a two-event `audit ingest`,
0.4 s of `audit serve`'s start: `bench/start_cost.py`). These checks run in a fresh interpreter
(so nothing an earlier test imported hides an import) and count the collector's passes through
`gc.callbacks`; they also check that the collector is on again afterwards, as it was.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_PROBE = """
import gc, json, sys

passes = []
gc.callbacks.append(lambda phase, info: passes.append(info["generation"]) if phase == "start" else None)
out = {}

def counted(label, step):
    before = len(passes)
    step()
    out[label] = passes[before:]  # the generation of each pass started
    out[label + "_enabled_after"] = gc.isenabled()

import memeval.audit
counted("lazy_name", lambda: memeval.audit.open_store)  # the store's modules: SQLAlchemy, SQLModel, the tables
from memeval.cli.app import load_command
counted("command_module", lambda: load_command("review"))  # a command's module and what it imports
from memeval.audit._engines import LazyHoldDetector, LazyRedactor  # the write path's engines, built on first use
counted("redactor", LazyRedactor()._loaded)
counted("hold_detector", LazyHoldDetector()._loaded)
out["sqlalchemy_loaded"] = "sqlalchemy" in sys.modules
print(json.dumps(out))
"""


def test_imports_and_engine_builds_start_no_collector_pass() -> None:
    """Loading the store's lazy names, a command's module and the write path's engines starts no collector pass.

    The one pass seen is the full collection the hold detector's load asks for on purpose
    (`memeval.audit._heap.settle`, which then freezes what survives).
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    done = subprocess.run(
        [sys.executable, "-c", _PROBE],
        env={**env, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["sqlalchemy_loaded"], seen  # the lazy name did load the store's stack
    assert seen == {
        "lazy_name": [],
        "lazy_name_enabled_after": True,
        "command_module": [],
        "command_module_enabled_after": True,
        "redactor": [],
        "redactor_enabled_after": True,
        "hold_detector": [2],  # `memeval.audit._heap.settle`'s one full collection, before it freezes the heap
        "hold_detector_enabled_after": True,
        "sqlalchemy_loaded": True,
    }, seen
