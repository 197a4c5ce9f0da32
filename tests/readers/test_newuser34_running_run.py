"""`memeval results` of a run that is still going says so, not that it was killed (newuser34).

A new user ran `memeval results RUN` in a second terminal while `memeval ab` was at work on the run. It
printed "go on with `memeval ab ... --resume RUN`" (which is refused while the run goes on: "being run by
another memeval process"), "3 attempt(s) were killed while their agent ran" and "at least N tokens (3
attempt(s) cut with calls in flight)" about the three agents at work that moment. The log here is
tests/fixtures/runlog_killed (a real run of the sample, killed with kill -9 and resumed: its README) cut where
the resume had started t02's second attempts: t02's first attempts were killed, its second ones are at work
while a process holds the run's lock, and were killed too when none does.
"""

from __future__ import annotations

import fcntl
import shutil
from pathlib import Path

from memeval.results import load_run
from memeval.runreport._summary import summarize
from memeval.runreport._text import summary_lines

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_killed"
AT_WORK = 48
"""Lines of the fixture's log up to both second attempts' `agent.started` (the resume's agents at work)."""


def _run_cut(tmp_path: Path) -> Path:
    run = Path(shutil.copytree(FIXTURE, tmp_path / "run"))
    log = run / "events.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    assert b'"agent.started"' in lines[AT_WORK - 1] and b'"attempt"' not in lines[AT_WORK - 1]
    log.write_bytes(b"".join(lines[:AT_WORK]))
    return run


def test_a_run_at_work_is_not_told_to_resume_nor_its_agents_killed(tmp_path: Path) -> None:
    run = _run_cut(tmp_path)
    with (run / ".lock").open("a") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)  # what `memeval ab` holds while it runs
        summary = summarize(load_run(run, use_cache=False))
    assert summary.status == "running"
    said = "\n".join(summary.warnings)
    assert "--resume" not in said, said  # refused while the run goes on
    assert "run is running: 2 of 4 planned trials ended so far" in said, said
    assert "2 attempt(s) were killed while their agent ran" in said, said  # the first attempts, before the resume
    assert "2 attempt(s) are at work" in said, said
    (cost,) = [line for line in summary_lines(summary) if line.startswith("Cost:")]
    assert cost.endswith("(2 attempt(s) cut with calls in flight, 2 attempt(s) at work)"), cost

    stopped = summarize(load_run(run, use_cache=False))  # nobody holds it: every attempt not ended was killed
    assert stopped.status == "interrupted"
    said = "\n".join(stopped.warnings)
    assert "--resume" in said and "4 attempt(s) were killed while their agent ran" in said and "at work" not in said


def test_comparing_with_a_run_at_work_says_to_compare_again_once_it_ends(tmp_path: Path) -> None:
    from memeval.runreport._compare import unfinished_warnings

    run = _run_cut(tmp_path)
    done = load_run(FIXTURE, use_cache=False)
    with (run / ".lock").open("a") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        (said,) = unfinished_warnings(done, load_run(run, use_cache=False))
    # main: "... is running: 2 of 4 planned trials ended; finish it with `memeval ab TASKS --resume ...`"
    assert said.endswith("is running: 2 of 4 planned trials ended so far; compare again once it ends"), said
