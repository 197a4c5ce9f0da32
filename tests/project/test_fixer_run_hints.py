"""Hints that name a run carry what finds it: `--runs-dir` when the runs are not in ./runs, quoted
for the shell, on one line. A copied `memeval ab TASKS --resume ID` once answered "'ID' is not a run
folder or a run id under runs/" for a run written with `--runs-dir`, and rich broke it over two lines."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from interrupted import interrupt_once_started
from patience import patient

REPO = Path(__file__).resolve().parents[2]
MEMEVAL = [sys.executable, "-m", "memeval"]
ENV = {**os.environ, "PYTHONPATH": str(REPO)}
ENV.pop("MEMEVAL_RUNS_DIR", None)


def _hinted(text: str, pattern: str) -> list[str]:
    """The command in the backticks or parentheses `pattern` finds in `text`, split as a shell would."""
    m = re.search(pattern, text)
    assert m, text
    return shlex.split(m.group(1))


@pytest.mark.slow
def test_the_interrupt_and_replay_hints_find_a_run_under_another_runs_dir(tmp_path: Path) -> None:
    runs = tmp_path / "my runs (b)"
    agent = ["--agent", "command", "--agent-cmd", "sleep 30", "--agent-timeout", "4", "--network", "none"]
    args = ["samples/fernhill", "--tasks", "t01-thursday-order-arrival", *agent]
    err = interrupt_once_started([*MEMEVAL, "ab", *args, "--runs-dir", str(runs)], cwd=REPO, env=ENV, runs=runs)
    line = next(x for x in err.splitlines() if x.startswith("interrupted:"))
    assert line.endswith("`"), err  # one line: not wrapped at 80 columns
    cmd = _hinted(line, r"`(memeval ab .*)`")
    assert cmd[cmd.index("--runs-dir") + 1] == str(runs)
    resumed = subprocess.run(
        [*MEMEVAL, *cmd[1:], *agent], cwd=REPO, env=ENV, capture_output=True, text=True, timeout=patient(300)
    )
    assert resumed.returncode in (0, 3), resumed.stderr  # found and finished (3: a timed-out agent measured nothing)
    assert "is not a run folder" not in resumed.stderr
    replay = _hinted(resumed.stdout, r"\((memeval replay .*) rebuilds this record\)")
    doc = json.loads(
        subprocess.run(
            [*MEMEVAL, *replay[1:]], cwd=REPO, env=ENV, capture_output=True, text=True, timeout=patient(120), check=True
        ).stdout
    )
    assert doc["run_id"] == cmd[cmd.index("--resume") + 1] and doc["status"] == "completed"


def test_a_run_under_the_default_runs_dir_is_named_by_its_id_alone(tmp_path: Path, monkeypatch) -> None:
    from memeval.formatting import run_ref

    monkeypatch.delenv("MEMEVAL_RUNS_DIR", raising=False)
    monkeypatch.chdir(tmp_path)
    assert run_ref(Path("runs") / "01ABC") == "01ABC"
    assert run_ref(tmp_path / "runs" / "01ABC") == "01ABC"
    assert run_ref(tmp_path / "x y" / "01ABC") == f"01ABC --runs-dir '{tmp_path}/x y'"
    monkeypatch.setenv("MEMEVAL_RUNS_DIR", "runs")  # a hint may be pasted where the variable is unset
    assert run_ref(Path("runs") / "01ABC") == "01ABC --runs-dir runs"
