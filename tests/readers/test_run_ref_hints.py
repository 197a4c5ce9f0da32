"""An unknown run reference gets the fix a new user needs, not only "not a run folder or a run id".

Found by a new user: a shortened run id (`memeval results 01M8W0WSY8`, as one copies from a
narrow terminal) and a command typed outside the folder that holds `runs/` both answered
"'X' is not a run folder or a run id under runs/: see `memeval runs`". Now the one run the
shortened id names is offered (several are listed), and a missing `runs/` is named with the
folder it was looked for in and `--runs-dir`. Exit 2 each time; the whole id still works.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memeval.cli import app

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "fixtures" / "runlog_v1"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder whose runs/ holds three real runs: oracle-mini, sample-t01 and its copy sample-t02."""
    shutil.copytree(GOLDEN, tmp_path / "runs")
    shutil.copytree(GOLDEN / "sample-t01", tmp_path / "runs" / "sample-t02")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MEMEVAL_RUNS_DIR", raising=False)
    return tmp_path


def _err(*args: str) -> str:
    res = CliRunner().invoke(app, list(args))
    assert res.exit_code == 2, (res.exit_code, res.output)
    return res.stderr


@pytest.mark.parametrize("command", [["results"], ["replay"], ["report-ab"], ["view", "--no-browser"]])
def test_a_shortened_id_of_one_run_is_offered_whole(here: Path, command: list[str]) -> None:
    err = _err(*command, "oracle-m")
    assert "'oracle-m' is not a run folder or a run id under runs/" in err, err
    assert "did you mean oracle-mini (the one run whose id starts so)?" in err, err


def test_a_shortened_id_of_several_runs_lists_them(here: Path) -> None:
    err = _err("results", "sample-t")
    assert "2 run ids start so (sample-t01, sample-t02): give the whole id" in err, err
    assert "did you mean" not in err


def test_too_short_or_unrelated_references_get_no_guess(here: Path) -> None:
    for ref in ("ora", "nosuch"):  # under 4 characters nothing is guessed; no id starts with nosuch
        err = _err("results", ref)
        assert "did you mean" not in err and "start so" not in err, err
        assert err.rstrip().endswith("see `memeval runs`"), err


def test_the_whole_id_still_reads_the_run(here: Path) -> None:
    res = CliRunner().invoke(app, ["results", "oracle-mini", "--json"])
    assert res.exit_code == 0, res.output


def test_no_runs_folder_here_names_the_folder_and_runs_dir(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = here / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    err = _err("results", "oracle-mini")
    assert f"there is no folder 'runs' in {str(elsewhere)!r}" in err, err
    assert "--runs-dir DIR (or MEMEVAL_RUNS_DIR)" in err, err
    res = CliRunner().invoke(app, ["results", "oracle-mini", "--runs-dir", str(here / "runs"), "--json"])
    assert res.exit_code == 0, res.output  # the fix it names works
