"""`memeval results RUN` shows why a trial faulted, not only the fault's code: the table once said
`boot` where `--json` said "agent command not found: nosuchbin"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from patience import patient

from memeval.cli._print import FAULT_REASON_CHARS, fault_cell

REPO = Path(__file__).resolve().parents[2]


def _memeval(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=patient(300)
    )


def test_the_results_table_gives_the_faults_reason(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    runs.mkdir()
    ab = _memeval(
        "ab", str(REPO / "samples" / "fernhill"), "--agent", "command", "--agent-cmd", "nosuchbin",
        "--env", "PATH=/usr/bin:/bin",  # an agent PATH of its own: the plan cannot refuse the missing program
        "--tasks", "t01-thursday-order-arrival", "--network", "none", "--runs-dir", str(runs), "--quiet",
        cwd=tmp_path,
    )  # fmt: skip
    assert ab.returncode == 3, ab.stderr  # every trial faulted: measured nothing
    (run_id,) = [p.name for p in runs.iterdir()]
    out = _memeval("results", run_id, "--runs-dir", str(runs), cwd=tmp_path).stdout
    flat = " ".join(out.replace("│", " ").split())  # a long cell wraps within its column
    assert "boot: agent command" in flat and "nosuchbin" in flat, out


def test_a_long_or_multiline_reason_is_cut_to_one_short_line() -> None:
    cell = fault_cell("agent_crash", {"code": "agent_crash", "phase": "agent", "message": "x [red]\n" + "y" * 200})
    assert cell.startswith("agent_crash: x \\[red] yyy") and cell.endswith("…") and "\n" not in cell
    assert len(cell) <= len("agent_crash: ") + FAULT_REASON_CHARS + 1  # + the escaping backslash
    assert fault_cell(None, None) == ""
    assert fault_cell("boot", {"code": "boot", "phase": "agent", "message": ""}) == "boot"
