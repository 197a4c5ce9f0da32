"""A path that holds no run is named for what it is, with the fix, by every command that reads a run.

Found by a user: `memeval results EMPTYDIR` answered "'EMPTYDIR' is not a run folder or a run id
under runs/: see `memeval runs`", which reads as a typo for a folder that exists. Exit 2 each time.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memeval.cli import app

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "fixtures" / "runlog_v1"


def _run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(app, list(args))
    return res.exit_code, res.stderr


@pytest.mark.parametrize(
    "command", [["results"], ["replay"], ["report-ab"], ["view", "--no-browser"], ["plan", "--effect", "0.2", "--from"]]
)
def test_an_empty_folder_is_said_to_be_empty_with_how_runs_get_there(tmp_path: Path, command: list[str]) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    code, err = _run(*command, str(empty))
    assert code == 2, err
    assert f"{str(empty)!r} is an empty folder: name a run folder (one holding events.jsonl)" in err, err
    assert f"`memeval ab TASKS --runs-dir {empty}` writes runs there" in err, err
    assert "is not a run folder or a run id" not in err


def test_a_folder_without_a_run_and_a_file_are_named_so(tmp_path: Path) -> None:
    junk = tmp_path / "junk"
    (junk / "sub").mkdir(parents=True)
    (junk / "notes.txt").write_text("hello\n")
    code, err = _run("results", str(junk))
    assert code == 2 and "holds no run (no events.jsonl in it or in a folder inside it)" in err, err
    assert "a folder of runs or a run id" in err, err  # `results` also lists a folder of runs
    code, err = _run("results", str(junk / "notes.txt"))
    assert code == 2 and f"{str(junk / 'notes.txt')!r} is a file, not a run" in err, err
    code, err = _run("results", str(junk / "gone"))
    assert code == 2 and f"{str(junk / 'gone')!r} does not exist" in err, err
    code, err = _run("replay", str(junk))
    assert code == 2 and "holds no run" in err and "a folder of runs" not in err, err  # replay takes one run


def test_a_folder_of_runs_where_one_run_is_wanted_names_one_of_them(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    shutil.copytree(GOLDEN, runs)
    code, err = _run("replay", str(runs))
    assert code == 2, err
    assert f"is a folder of runs, not one run: name one of them, e.g. {str(runs / 'oracle-mini')!r}" in err, err
    code, out = _run("results", str(runs), "--json")
    assert code == 0, out  # a folder of runs is still a listing for `results`


def test_an_unknown_id_keeps_its_message(tmp_path: Path) -> None:
    code, err = _run("results", "01NOSUCHRUN", "--runs-dir", str(tmp_path))
    assert code == 2 and "'01NOSUCHRUN' is not a run folder or a run id under" in err, err
