"""What a new user met in the Python API (sixth new-user round), checked in a real Python process.

`memeval ab` ends with `memeval replay ID rebuilds this record`, and every command takes that id;
`memeval.load_run(ID)` refused it (`ID does not exist`), taking only the folder's path.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from patience import patient

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "fixtures" / "runlog_v1" / "oracle-mini"

SCRIPT = """
import json, sys
import memeval
run = memeval.load_run(sys.argv[1])
print(json.dumps({"id": run.result.run_id, "records": len(run.to_records()), "path": str(run.path)}))
"""


def _load(ref: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    full.update(env or {}, PYTHONPATH=str(REPO))
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, ref], cwd=cwd, env=full, capture_output=True, text=True, timeout=patient(90)
    )


def test_load_run_takes_a_run_id_as_the_commands_do(tmp_path: Path) -> None:
    run_id = "01TESTRUNID0000000000000000"
    shutil.copytree(FIXTURE, tmp_path / "runs" / run_id)
    by_id = _load(run_id, tmp_path)
    assert by_id.returncode == 0, by_id.stderr[-2000:]
    by_path = _load(f"runs/{run_id}", tmp_path)
    assert by_path.returncode == 0, by_path.stderr[-2000:]
    a, b = json.loads(by_id.stdout), json.loads(by_path.stdout)
    assert a["records"] == b["records"] > 0 and a["id"] == b["id"]
    assert a["path"] == f"runs/{run_id}"
    # MEMEVAL_RUNS_DIR names the folder of runs, as it does for the commands
    shutil.move(tmp_path / "runs", tmp_path / "team-runs")
    moved = _load(run_id, tmp_path, {"MEMEVAL_RUNS_DIR": str(tmp_path / "team-runs")})
    assert moved.returncode == 0, moved.stderr[-2000:]
    missing = _load(run_id, tmp_path)  # not under ./runs: the error says an id is taken from runs/
    assert missing.returncode == 1
    assert "or a run id from the folder that holds runs/" in missing.stderr, missing.stderr[-2000:]
