"""`memeval ab` refuses a missing or file task set in the words `check-tasks` uses, naming the three folders it takes.

Found by a new user: `memeval ab nosuchdir` said "pass a folder of Harbor tasks or a team folder", leaving out the
one task folder README and `ab --help` say it takes, while `memeval check-tasks nosuchdir` named all three; a file
was "'x' is a file; pass ..." in `ab` and "task set 'x' is a file, not a folder: pass ..." in `check-tasks`. Both
commands now say it with `memeval.tasks.not_a_task_folder`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from usage_line import one_usage_line, run_memeval

FIX = "pass a folder of Harbor tasks, one task folder or a team folder (the folder holding memeval.toml)"


@pytest.mark.parametrize("kind", ["missing", "file"])
def test_ab_says_what_check_tasks_says(tmp_path: Path, kind: str) -> None:
    given = tmp_path / ("nosuchdir" if kind == "missing" else "memeval.toml")
    if kind == "file":
        given.write_text("[ab]\n", encoding="utf-8")
    what = "does not exist" if kind == "missing" else "is a file, not a folder"
    line = one_usage_line(run_memeval("ab", str(given), "--agent", "nop", cwd=tmp_path))
    assert line == f"error: task set {str(given)!r} {what}: {FIX}"
    assert one_usage_line(run_memeval("check-tasks", str(given), cwd=tmp_path)) == line
    assert not (tmp_path / "runs").exists()
