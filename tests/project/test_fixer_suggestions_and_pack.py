"""Two answers a new user found misleading, in real `memeval` processes.

- `memeval resuls` suggested "'results', 'result', 'runs'": `result` is a hidden old name (kept for
  scripts), and hidden names are never offered.
- `memeval ab ... --pack nope.json` said "pass --pack PATH to a pack file" though a path was passed:
  it now says that file does not exist, with the path it looked for.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from patience import patient
from usage_line import one_usage_line

REPO = Path(__file__).resolve().parents[2]
MINI = REPO / "tests" / "fixtures" / "tasksets" / "mini"


def _memeval(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("MEMEVAL_DB", "MEMEVAL_RUNS_DIR")}
    env["PYTHONPATH"] = str(REPO)
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args],
        cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=patient(90),
    )  # fmt: skip


def test_a_typo_is_never_offered_a_hidden_name(tmp_path: Path) -> None:
    line = one_usage_line(_memeval("resuls", cwd=tmp_path), "No such command 'resuls'", "Did you mean 'results'")
    assert "'result'" not in line, line


def test_a_missing_pack_file_is_named_with_where_it_was_looked_for(tmp_path: Path) -> None:
    out = _memeval("ab", str(MINI), "--agent", "oracle", "--pack", "nope.json", cwd=tmp_path)
    line = one_usage_line(out, "pack file 'nope.json' does not exist", repr(str(tmp_path / "nope.json")))
    assert "pass --pack" not in line, line
    assert not (tmp_path / "runs").exists()
