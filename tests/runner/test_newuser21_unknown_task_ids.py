"""`--tasks` with an id the task set lacks is refused in words, with a near id offered and a bounded list.

Found by a new user: `memeval check-tasks samples/fernhill --tasks t99` said "--tasks names ['t99'], not in
'.../tasks'; known: ['t01-thursday-order-arrival', ...]", Python lists with every id of the set (hundreds in a
public task set), and `--tasks t01` was not pointed at `t01-thursday-order-arrival`. `ab` and `check-tasks` now
say the ids as words, offer ids that begin with a given one, and list the first 20 known ids and how many more.
"""

from __future__ import annotations

from pathlib import Path

from runner_helpers import make_task
from usage_line import one_usage_line, run_memeval


def test_unknown_ids_are_said_in_words(tmp_path: Path) -> None:
    for i in range(25):
        make_task(tmp_path / "tasks", f"t{i:02d}-task")
    tasks = str(tmp_path / "tasks")
    for command in (["ab", tasks, "--agent", "nop"], ["check-tasks", tasks]):
        line = one_usage_line(run_memeval(*command, "--tasks", "t03", "--tasks", "zz", cwd=tmp_path))
        assert line.startswith(f"error: --tasks t03 zz: no tasks of those ids in {tasks!r} (did you mean t03-task?)")
        assert line.endswith("known: " + ", ".join(f"t{i:02d}-task" for i in range(20)) + " and 5 more"), line
        assert "[" not in line, line
    assert not (tmp_path / "runs").exists()
