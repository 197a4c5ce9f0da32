"""What a new user's walk through README on a fresh clone found, checked with real `memeval` processes.

- A table's title was rich's own: wrapped and padded to the table's width. `memeval check-tasks`
  printed "Controls on mini@unversioned (runs 01M..., " and the second run id on the next line
  (the table is narrower than the title), and every title line of `ab`, `results`, `compare` and
  `check-tasks` ended in spaces up to the table's edge in a pipe or a file.
- `memeval audit serve --help` said the warm workers scan the ids while the server redacts the
  free text; the server does the opposite (`presanitize_one`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from memeval.audit._parallel import HTTP_MIN_EVENTS, WORKER_SHARE

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"
GOLDEN = FIXTURES / "runlog_v1" / "sample-t01"
GOLDEN_ID = "01M8P490FKYQ4EG1WTR6J13A24"


def _memeval(*args: str, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """A real `memeval` process, stdout a pipe (not a terminal), no MEMEVAL_ variable of ours."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args],
        env={**base, "PYTHONPATH": str(REPO)},
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
        start_new_session=True,
    )


def _no_trailing_space(out: str) -> None:
    bad = [line for line in out.splitlines() if line != line.rstrip()]
    assert not bad, f"{len(bad)} line(s) end in spaces, the first: {bad[0]!r}"


def test_results_and_compare_print_their_titles_whole_with_no_padding(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    shutil.copytree(GOLDEN, runs / GOLDEN_ID)
    res = _memeval("results", GOLDEN_ID, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[0] == f"{GOLDEN_ID} (completed)", res.stdout[:300]
    _no_trailing_space(res.stdout)
    res = _memeval("compare", GOLDEN_ID, GOLDEN_ID, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    title = f"A = {GOLDEN_ID} (verdict unresolved), B = {GOLDEN_ID} (verdict unresolved)"
    assert title in res.stdout.splitlines(), res.stdout[:600]
    _no_trailing_space(res.stdout)


def test_check_tasks_names_both_control_runs_on_one_line(tmp_path: Path) -> None:
    res = _memeval(
        "check-tasks",
        str(FIXTURES / "tasksets" / "mini"),
        "--tasks",
        "greet",
        "--quiet",
        "--runs-dir",
        "runs",
        cwd=tmp_path,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    oracle, nop = sorted(p.name for p in (tmp_path / "runs").iterdir())  # ULIDs: the oracle run was made first
    first = res.stdout.splitlines()[0]
    assert first == f"Controls on mini@unversioned (runs {oracle}, {nop})", res.stdout[:400]
    _no_trailing_space(res.stdout)


def test_audit_serve_help_says_what_the_workers_do() -> None:
    res = _memeval("audit", "serve", "--help", cwd=REPO)
    assert res.returncode == 0, res.stderr
    text = " ".join(res.stdout.split())
    assert (HTTP_MIN_EVENTS, WORKER_SHARE) == (50, 2 / 3)  # the figures the help page states
    assert "A batch of 50 events or more has the free text of its first two thirds redacted" in text, text
    assert "while the server scans the batch's ids and does the last third itself" in text, text


def test_the_run_index_lists_like_the_folders_with_a_head_aligned_and_escaped(tmp_path: Path) -> None:
    """`runs --from-index` printed bare lines: no head, columns not aligned, a control run not
    marked, and the task set and agent from a run's log written raw (an escape sequence reached
    the terminal), where `memeval runs` spells control characters out."""
    runs = tmp_path / "runs"
    shutil.copytree(FIXTURES / "runlog_v1", runs)
    log = runs / "sample-t01" / "events.jsonl"
    raw = log.read_text(encoding="utf-8")
    assert '"name":"fernhill-sample-agent"' in raw
    log.write_text(raw.replace('"name":"fernhill-sample-agent"', '"name":"evil\\u001b[2Jagent"'), encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'index.sqlite'}"
    made = _memeval("runs", "--runs-dir", str(runs), "--index", "--index-url", url, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    out = _memeval("runs", "--from-index", "--index-url", url, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "\x1b" not in out.stdout and "evil\\x1b[2Jagent" in out.stdout, out.stdout
    title, head, *rows = out.stdout.splitlines()
    assert title == f"Runs in the run index at {tmp_path / 'index.sqlite'}"
    assert head.split() == [
        "run",
        "started",
        "(UTC)",
        "task",
        "set",
        "pack",
        "(items",
        "given)",
        "agent",
        "status",
        "trials",
        "verdict",
        "p",
        "folder",
    ]
    assert len(rows) == 2 and any("oracle (control)" in r for r in rows), rows
    for column in ("pack", "agent", "status", "folder"):  # every row's cell starts under its head
        at = head.index(column)
        assert all(r[at - 2 : at] == "  " and r[at] != " " for r in rows), (column, rows)
    assert {r.split()[-1] for r in rows} == {str(runs / "oracle-mini"), str(runs / "sample-t01")}, rows
    _no_trailing_space(out.stdout)


def test_load_run_of_a_path_that_is_not_there_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """README's `memeval.load_run("runs/01M8...")` from another folder said "runs/01M8... is not a run
    folder: it has no events.jsonl", as if the folder were there."""
    import memeval
    from memeval.errors import RunLogError

    monkeypatch.chdir(tmp_path)
    with pytest.raises(RunLogError) as missing:
        memeval.load_run("runs/01NOPE")
    assert str(missing.value) == (
        f"runs/01NOPE does not exist (from {tmp_path}): give the path of a run folder, "
        "the one holding events.jsonl, or a run id from the folder that holds runs/ (`memeval runs` lists them)"
    )
    (tmp_path / "runs" / "01NOPE").mkdir(parents=True)
    with pytest.raises(RunLogError, match=r"^runs/01NOPE is not a run folder: it has no events.jsonl$"):
        memeval.load_run("runs/01NOPE")


def test_a_resumed_run_names_its_folder_as_the_run_that_started_it(tmp_path: Path) -> None:
    """A new run printed `Run folder: /abs/runs/ID` (and `run_dir` in its JSON) but the same run
    resumed printed `runs/ID`: start_run's folder is absolute, a resumed run's was the relative one
    `--resume` found."""
    mini = str(FIXTURES / "tasksets" / "mini")
    first = _memeval("ab", mini, "--agent", "oracle", "--tasks", "greet", "--runs-dir", "runs", "-q", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    [run] = (tmp_path / "runs").iterdir()
    line = f"Run folder: {run}  (memeval replay {run.name} rebuilds this record)"
    assert line in first.stdout.splitlines(), first.stdout
    again = _memeval("ab", mini, "--agent", "oracle", "--resume", run.name, "--runs-dir", "runs", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "has nothing left to run" in again.stderr, again.stderr
    assert line in again.stdout.splitlines(), again.stdout
    doc = _memeval("ab", mini, "--agent", "oracle", "--resume", run.name, "--runs-dir", "runs", "--json", cwd=tmp_path)
    assert doc.returncode == 0, doc.stderr
    assert json.loads(doc.stdout)["run_dir"] == str(run)
