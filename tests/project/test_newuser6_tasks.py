"""What a new user met with broken tasks (sixth new-user round), checked in a real `memeval` process.

`memeval ab SET` on a set with several broken tasks named only the first, so each fix was followed by
another run to find the next; and a task.toml that was not TOML was the one reason that did not say
which file to fix.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from usage_line import one_usage_line, run_memeval

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "tasksets" / "mini"


def _broken_set(tmp_path: Path) -> Path:
    tasks = tmp_path / "tasks"
    for name in ("a-bad-toml", "b-no-test", "c-bad-value", "d-good"):
        shutil.copytree(MINI / "greet", tasks / name)
    (tasks / "a-bad-toml" / "task.toml").write_text('version = "1.0\n[agent\n')
    (tasks / "b-no-test" / "tests" / "test.sh").unlink()
    (tasks / "c-bad-value" / "task.toml").write_text('[agent]\ntimeout_sec = "soon"\n')
    return tasks


def test_ab_names_every_broken_task_and_where_to_see_each_reason(tmp_path: Path) -> None:
    tasks = _broken_set(tmp_path)
    out = run_memeval("ab", str(tasks), "--agent", "nop", "--network", "none", cwd=tmp_path)
    line = one_usage_line(
        out,
        "task 'a-bad-toml': task.toml is not valid TOML",
        f"fix {tasks / 'a-bad-toml' / 'task.toml'}",
        "2 more task(s) cannot be loaded either (b-no-test, c-bad-value)",
        f"`memeval check-tasks {tasks}` lists each with its reason",
    )
    assert "d-good" not in line, line
    assert not (tmp_path / "runs").exists()  # nothing planned, nothing stored


def test_one_broken_task_is_named_alone(tmp_path: Path) -> None:
    tasks = _broken_set(tmp_path)
    for name in ("b-no-test", "c-bad-value"):
        shutil.rmtree(tasks / name)
    out = run_memeval("ab", str(tasks), "--agent", "nop", "--network", "none", cwd=tmp_path)
    line = one_usage_line(out, "task 'a-bad-toml': task.toml is not valid TOML", "fix ")
    assert "more task(s)" not in line and "check-tasks" not in line, line


def test_a_task_folder_without_task_toml_is_a_broken_task_not_a_skipped_folder(tmp_path: Path) -> None:
    """A task whose task.toml was renamed was left out of the set in silence: the run went on with
    one task fewer and `check-tasks` reported every task fine."""
    tasks = tmp_path / "tasks"
    for name in ("a-good", "b-renamed"):
        shutil.copytree(MINI / "greet", tasks / name)
    (tasks / "b-renamed" / "task.toml").rename(tasks / "b-renamed" / "Task.toml")
    (tasks / "notes").mkdir()  # a folder with no task file in it stays out of the set, as before
    (tasks / "notes" / "todo.txt").write_text("write more tasks\n")

    out = run_memeval("ab", str(tasks), "--agent", "nop", "--network", "none", cwd=tmp_path)
    one_usage_line(out, "task 'b-renamed'", "has no task.toml")
    assert not (tmp_path / "runs").exists()

    check = run_memeval("check-tasks", str(tasks), "--tasks", "b-renamed", "--json", "--quiet", cwd=tmp_path)
    assert check.returncode == 1, check.stderr
    assert "b-renamed" in check.stdout and "has no task.toml" in check.stdout, check.stdout
    assert "notes" not in check.stdout, check.stdout
