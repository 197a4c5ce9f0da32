"""A task set given as a file is called a file, not missing; both refusals name the three folders memeval takes.

Found by a new user passing `memeval check-tasks samples/fernhill/memeval.toml`: the answer was
"task set '.../memeval.toml' does not exist: pass a folder of Harbor tasks", though the file was
right there, and it named one of the three folders a task set can be (`memeval ab` says "is a file"
and names all three). `memeval.tasks.load_task_set` and `load_task_set_listing_invalid` now say
"is a file, not a folder" for a file, and both refusals end with the folders memeval takes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from usage_line import run_memeval

from memeval.errors import TaskError
from memeval.tasks import load_task_set, load_task_set_listing_invalid

ROOT = Path(__file__).resolve().parents[2]
FIX = "pass a folder of Harbor tasks, one task folder or a team folder (the folder holding memeval.toml)"


@pytest.mark.parametrize("load", [load_task_set, load_task_set_listing_invalid])
def test_a_file_is_called_a_file_and_a_missing_path_missing(tmp_path: Path, load) -> None:
    f = tmp_path / "memeval.toml"
    f.write_text("[ab]\n", encoding="utf-8")
    with pytest.raises(TaskError) as caught:
        load(f)
    assert str(caught.value) == f"task set {str(f)!r} is a file, not a folder: {FIX}"
    with pytest.raises(TaskError) as caught:
        load(tmp_path / "nope")
    assert str(caught.value) == f"task set {str(tmp_path / 'nope')!r} does not exist: {FIX}"


def test_check_tasks_of_a_file_says_so(tmp_path: Path) -> None:
    toml = ROOT / "samples" / "fernhill" / "memeval.toml"
    r = run_memeval("check-tasks", str(toml), cwd=tmp_path)
    assert r.returncode == 2, r.stdout + r.stderr
    assert r.stderr == f"error: task set {str(toml)!r} is a file, not a folder: {FIX}\n"
    assert not (tmp_path / "runs").exists()
