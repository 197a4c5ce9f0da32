"""`memeval ab TASKS --resume ID`, as the interrupt's hint prints it, goes on with the run's own plan.

Found by an outside tester: a run started with `--tasks` (or `--repeats`) and interrupted printed
`go on with memeval ab TASKS --resume ID`; that line was refused ("the planned trials changed"),
since without `--tasks` the whole folder was planned again. Real runs, real sandboxes.
"""

from __future__ import annotations

from pathlib import Path

from runner_helpers import make_task


def test_resume_without_tasks_or_repeats_takes_the_runs_own_plan(tmp_path: Path, run_ab):
    tasks = tmp_path / "tasks"
    for name in ("a", "b", "c"):
        make_task(tasks, name)
    agent = ("--agent", "nop", "--network", "none", "--concurrency", "2")
    code, doc, err = run_ab(str(tasks), "--tasks", "b", "--repeats", "2", *agent)
    assert code == 0, err
    planned = sorted(t["trial_id"] for t in doc["trials"])
    assert len(planned) == 4
    code, again, err = run_ab(str(tasks), "--resume", doc["run_id"], *agent)
    assert code == 0, err
    assert sorted(t["trial_id"] for t in again["trials"]) == planned
    assert all(t["attempt"] == 1 for t in again["trials"])  # nothing ran twice
    # what is given again is still held to the plan
    code, _, err = run_ab(str(tasks), "--resume", doc["run_id"], "--tasks", "a", *agent)
    assert code == 2 and "the planned trials changed" in err, err
    code, _, err = run_ab(str(tasks), "--resume", doc["run_id"], "--repeats", "3", *agent)
    assert code == 2 and "repeats" in err, err
