"""A mistyped run id is said before the statistics are imported: `memeval results NOSUCH` once
loaded scipy and statsmodels (about 2 s of CPU) only to answer that the run does not exist."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient

REPO = Path(__file__).resolve().parents[2]
PROBE = """
import sys
from typer.testing import CliRunner
from memeval.cli import app
r = CliRunner().invoke(app, sys.argv[1:])
heavy = sorted(m for m in ("scipy", "statsmodels", "numpy") if m in sys.modules)
print(r.exit_code, ",".join(heavy) or "-", r.output.replace(chr(10), " "))
"""


@pytest.mark.parametrize(
    "args",
    [["results", "NOSUCH"], ["results", "NOSUCH", "X"], ["results", "X", "NOSUCH"], ["compare", "NOSUCH", "X"]],
)
def test_an_unknown_run_is_refused_before_the_statistics_load(tmp_path: Path, args: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("MEMEVAL_RUNS_DIR", None)
    res = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=patient(120),
    )
    code, heavy, output = res.stdout.split(" ", 2)
    assert code == "2" and "is not a run folder or a run id" in output, res.stdout + res.stderr
    assert heavy == "-"
