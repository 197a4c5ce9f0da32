"""What a new user read in `memeval compare`, `memeval runs` and `memeval report-ab`, on real runs.

- `compare` printed its codes: `not_scored / not_scored`, `only_in_a`, `B against A: unresolved
  (too_few_tasks(<10); p = 1 by no_informative_tasks, 2 tasks)`. It now says them in words (`no
  score in B`, `only in A`, `worse in B`, `too few tasks to decide (a verdict needs 10 paired)`);
  `--json` keeps the codes.
- `runs` had no pack column: a run with the sample's pack and an A/A run read the same. It now
  shows the pack and how many of its items were given (`--json`: `pack`, `slice_items`).
- `report-ab RUN` with neither `--pdf` nor `--html` made a `reports/` folder in whatever folder it
  was typed in. It now writes `report.pdf` into the run's own folder and makes nothing else.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from readers_helpers import MINI, REPO, Runs, make_run

CODES = ("too_few_tasks", "no_informative_tasks", "not_scored", "only_in_a", "only_in_b", "improved", "regressed")


def _memeval(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(REPO), COLUMNS="200")
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args], env=env, capture_output=True, text=True, timeout=300, cwd=cwd
    )


def test_compare_says_each_change_and_reason_in_words(runs: Runs, tmp_path: Path) -> None:
    out = _memeval("compare", str(runs.memory.path), str(runs.cold.path), "--vary", "pack", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    said = " ".join(out.stdout.split())
    for code in CODES:
        assert code not in said, (code, said)
    assert "same / worse in B" in said, said  # the memory agent passes with its pack only
    assert "too few tasks to decide (a verdict needs 10 paired)" in said, said
    cmp = json.loads(_memeval("compare", str(runs.memory.path), str(runs.cold.path), "--vary", "pack", "--json",
                              cwd=tmp_path).stdout)  # fmt: skip
    assert {t["change"] for t in cmp["tasks"]} == {"same", "regressed"}, cmp["tasks"]  # the codes stay in JSON


def test_compare_names_the_run_a_task_ran_in_alone(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    one = tmp_path / "one-task"
    one.mkdir()
    subprocess.run(["cp", "-r", str(MINI / "greet"), str(one / "greet")], check=True)
    both = make_run(runs, "oracle")
    alone = make_run(runs, "oracle", tasks=one)
    out = _memeval("compare", str(both.path), str(alone.path), "--vary", "task_set", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    said = " ".join(out.stdout.split())
    assert "only in A / only in A" in said, said
    assert "p = 1 (nothing differed to test), 1 paired task)" in said, said
    for code in CODES:
        assert code not in said, (code, said)


def test_a_task_with_no_score_says_in_which_run() -> None:
    from memeval.cli._print import change_words, reason_words
    from memeval.runreport import TaskChange

    def change(a_scored: int, b_scored: int) -> TaskChange:
        return TaskChange(task_id="t", mode="pack", a_passes=0, a_scored=a_scored, b_passes=0, b_scored=b_scored,
                          a_rate=None, b_rate=None, change="not_scored")  # fmt: skip

    assert [change_words(change(1, 0)), change_words(change(0, 2)), change_words(change(0, 0))] == [
        "no score in B", "no score in A", "no score in A or B"]  # fmt: skip
    assert reason_words("no_informative_tasks") == "no task's pass rate differs between A and B"
    assert reason_words("not_significant(p>=0.05)") == "not significant (p at or over 0.05)"


def test_runs_shows_each_runs_pack_and_items_given(runs: Runs, tmp_path: Path) -> None:
    out = _memeval("runs", "--runs-dir", str(runs.runs_dir), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    head, *rows = out.stdout.splitlines()[1:]
    assert "pack (items given)" in head, head
    by_id = {r.split()[0]: r for r in rows}
    assert " p@1 (2) " in by_id[runs.memory.result.run_id], rows
    assert " none (A/A) " in by_id[runs.cold.result.run_id], rows
    doc = json.loads(_memeval("runs", "--runs-dir", str(runs.runs_dir), "--json", cwd=tmp_path).stdout)
    packs = {r["run_id"]: (r["pack"], r["slice_items"]) for r in doc["runs"]}
    assert packs[runs.memory.result.run_id] == ("p@1", 2)
    assert packs[runs.cold.result.run_id] == (None, None)


def test_runs_shows_the_pack_from_a_full_load_and_from_the_cache_alike(runs: Runs, tmp_path: Path) -> None:
    from memeval._runlist import read_cached
    from memeval.results import listed_run

    run_dir = Path(runs.memory.path)
    full = listed_run(run_dir)  # writes the cache
    cached = read_cached(run_dir)
    assert cached is not None and (cached.pack, cached.slice_items) == (full.pack, full.slice_items) == ("p@1", 2)


def test_report_ab_with_no_path_writes_into_the_run_folder_and_nothing_here(runs: Runs, tmp_path: Path) -> None:
    here = tmp_path / "here"
    here.mkdir()
    out = _memeval("report-ab", str(runs.oracle.path), cwd=here)
    assert out.returncode == 0, out.stderr
    made = Path(runs.oracle.path) / "report.pdf"
    assert made.read_bytes().startswith(b"%PDF-"), out.stdout
    assert f"wrote {made}" in out.stdout, out.stdout
    assert list(here.iterdir()) == [], list(here.iterdir())
