"""`memeval runs --json` lists run folders from their listing caches without loading the log reader.

The listing module imported `memeval.results._load` (and with it the trial record models and the
statistics) at import, so `runs --json` cost about 0.27 s of CPU more than `runs`; it is loaded
now only for a folder whose listing cache is missing or stale (and the listing module not at all:
`memeval._runlist.runs_json_text` writes the document; tests/project/test_newuser23_runs_json.py).
Checked in a fresh interpreter's `sys.modules`; the time is a benchmark, never asserted here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_runs_json_of_folders_without_logs_to_load_imports_no_log_reader(tmp_path: Path) -> None:
    (tmp_path / "runs").mkdir()
    code = (
        "import sys, json\n"
        "from memeval.cli import main\n"
        "sys.argv = ['memeval', 'runs', '--json', '--runs-dir', 'runs']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    assert exc.code in (0, None), exc.code\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('memeval.results', 'memeval.stats')))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    *document, modules = out.stdout.strip().splitlines()
    assert json.loads("\n".join(document))["runs"] == []
    loaded = set(json.loads(modules))
    assert not loaded & {"memeval.results._load", "memeval.results._records", "memeval.stats"}
