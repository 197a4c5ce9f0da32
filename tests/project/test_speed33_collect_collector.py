"""The suite collects with Python's cyclic collector held off, and turns it back on after (speed33, issue 17).

`tests/conftest.py` wraps each pytest process's collection in `memeval._collector.collector_paused`:
what collection imports and builds (the test modules, memeval's modules, the items) lives as long as
the process, and the collector's passes over it were about a fifth of a collection's CPU. This runs
a real `pytest --collect-only` of one module of this suite (so the suite's own conftest is loaded)
with a probe plugin that notes, as each collector starts and once the session ends, whether the
collector is on.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent

PROBE = """
import gc
import json
import os

seen = {"during": [], "after": None}


def pytest_collectstart(collector):
    seen["during"].append(gc.isenabled())


def pytest_sessionfinish(session, exitstatus):
    seen["after"] = gc.isenabled()
    with open(os.environ["SPEED33_PROBE_OUT"], "w") as f:
        json.dump(seen, f)
"""


def test_collection_runs_with_the_collector_off_and_ends_with_it_on(tmp_path: Path) -> None:
    """Every collector starts with the cyclic collector off; after collection it is on again."""
    (tmp_path / "gc_probe.py").write_text(PROBE, encoding="utf-8")
    out = tmp_path / "seen.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MEMEVAL_", "PYTEST_"))}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "gc_probe",
            "-p",
            "no:cacheprovider",
            "-n",
            "0",
            "--collect-only",
            "-q",
            str(TESTS / "project" / "test_lazy_names.py"),
        ],
        env={**env, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)]), "SPEED33_PROBE_OUT": str(out)},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    seen = json.loads(out.read_text(encoding="utf-8"))
    assert len(seen["during"]) >= 3, seen  # the session, the folder(s) and the module were collected
    assert seen == {"during": [False] * len(seen["during"]), "after": True}, seen
