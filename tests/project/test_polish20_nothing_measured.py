"""`memeval results RUN` on a run whose every trial faulted says it measured nothing (polish20).

Its fault warning said "more than 5% weakens the verdict" at 100%, where no trial was scored and
`memeval runs` shows no verdict (`—`): there is nothing to weaken. The verdict's own warning
(`memeval ab`, `replay`) said "fix the harness or the tasks before trusting the verdict" there too.
Real `memeval results`, `runs` and `replay` processes on a real run log (two trials, both faulted).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from usage_line import run_memeval

from memeval._runlist import PROJECTION_VERSION


@pytest.mark.usefixtures("all_faulted")
def test_results_says_a_run_of_faults_measured_nothing(tmp_path: Path) -> None:
    out = run_memeval("results", "runs/r1", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    (line,) = [w for w in (out.stdout + out.stderr).splitlines() if "faulted, timed out or met a rate limit" in w]
    assert line.startswith("warning: 2 of 2 trials (100%) faulted"), line
    assert "no trial was scored, so the run measured nothing and has no verdict" in line, line
    assert "weakens the verdict" not in line, line


@pytest.mark.usefixtures("all_faulted")
def test_the_run_index_says_nothing_of_a_run_that_measured_nothing_as_the_folders_do(tmp_path: Path) -> None:
    """An index row written before polish19 holds `unresolved` and p = 1 for it; `runs` shows `—`."""
    url = f"sqlite:///{tmp_path / 'index.sqlite'}"
    out = run_memeval("runs", "--index", "--index-url", url, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    with sqlite3.connect(tmp_path / "index.sqlite") as db:  # as an older memeval indexed it
        db.execute("UPDATE run_index SET verdict = 'unresolved', p_value = 1.0")
    db.close()
    listed = json.loads(run_memeval("runs", "--json", cwd=tmp_path).stdout)["runs"]
    indexed = json.loads(run_memeval("runs", "--from-index", "--index-url", url, "--json", cwd=tmp_path).stdout)
    assert [(r["verdict"], r["p_value"]) for r in listed] == [(None, None)], listed
    assert [(r["verdict"], r["p_value"], r["faulted"]) for r in indexed["runs"]] == [(None, None, 2)], indexed
    text = run_memeval("runs", "--from-index", "--index-url", url, cwd=tmp_path).stdout
    assert "unresolved" not in text and "all faulted: measured nothing  —" in text, text


@pytest.mark.usefixtures("all_faulted")
def test_the_verdicts_fault_warning_of_a_run_with_no_trial_scored_says_nothing_was_measured(tmp_path: Path) -> None:
    """`memeval ab` and `replay` printed "... fix the harness or the tasks before trusting the verdict"."""
    out = run_memeval("replay", "runs/r1", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    (said,) = [w["message"] for w in json.loads(out.stdout)["verdict"]["warnings"] if w["kind"] == "many_faults"]
    assert said == (
        "2 of 2 trials (100.0%) faulted or timed out, over the 5% limit; fix the harness or the tasks: "
        "nothing was measured, so the verdict rests on no data"
    ), said
    assert PROJECTION_VERSION >= 8  # a projection cached with the old wording is not read
