"""Options that would be ignored or empty are refused, naming the option (exit 2, nothing run):
`--agent-cmd` without `--agent command` once ran the team's own agent; `--index-url ftp://x` was
blamed on `--db`; `--reward-key ''` and `--model ''` were taken as given."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient

REPO = Path(__file__).resolve().parents[2]
FERNHILL = str(REPO / "samples" / "fernhill")
ONE = ["--tasks", "t01-thursday-order-arrival", "--network", "none"]


@pytest.mark.parametrize(
    ("args", "needles", "unwanted"),
    [
        (["--agent-cmd", "true"], ["--agent-cmd", "--agent command", "agent/agent.toml"], []),
        (["--agent", "nop", "--agent-cmd", "true"], ["--agent-cmd", "--agent command", "'nop'"], []),
        (["--agent", "nop", "--index-url", "ftp://x"], ["--index-url", "ftp://x"], ["--db"]),
        (["--agent", "nop", "--reward-key", ""], ["--reward-key ''"], []),
        (["--agent", "nop", "--model", " "], ["--model ' '"], []),
        (["--agent", "command", "--agent-cmd", ""], ["--agent-cmd ''"], []),
    ],
)
def test_an_ignored_or_empty_option_is_refused_by_name(
    tmp_path: Path, args: list[str], needles: list[str], unwanted: list[str]
) -> None:
    runs = tmp_path / "runs"
    runs.mkdir()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("MEMEVAL_INDEX_URL", None)
    res = subprocess.run(
        [sys.executable, "-m", "memeval", "ab", FERNHILL, *ONE, *args, "--runs-dir", str(runs)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=patient(120),
    )
    assert res.returncode == 2, res.stdout + res.stderr
    for needle in needles:
        assert needle in res.stderr, res.stderr
    for word in unwanted:
        assert word not in res.stderr, res.stderr
    assert not any(runs.iterdir())  # refused before a run folder was made
