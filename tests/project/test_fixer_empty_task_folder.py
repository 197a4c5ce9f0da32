"""`memeval ab` on a folder with no task says so first: it once asked for an agent, as if the
folder were fine and the agent the only thing missing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from patience import patient

REPO = Path(__file__).resolve().parents[2]


def test_an_empty_folder_is_said_to_hold_no_task_before_any_agent_is_asked_for(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    res = subprocess.run(
        [sys.executable, "-m", "memeval", "ab", str(empty), "--runs-dir", str(tmp_path / "runs")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=patient(120),
    )
    assert res.returncode == 2
    assert "holds no task" in res.stderr and "no agent" not in res.stderr, res.stderr
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())
