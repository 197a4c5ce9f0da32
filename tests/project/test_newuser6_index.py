"""What a new user met with the run index (sixth new-user round), each checked in a real `memeval` process.

- `memeval runs --from-index` / `--index` with a server that was down printed SQLAlchemy's wrapped
  error over three lines, ending in a "Background on this error at: https://sqlalche.me/..." link,
  with no fix, where the audit store's same failure names the URL and what to check.
- `memeval ab ... --index-url URL` with that server down ran every trial, then failed at the end
  (exit 1) without printing the run's table or verdict: the user paid for a run and saw only an error.
- `memeval runs --index` with a SQLite index under a folder that cannot be made ended in a traceback.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from refused_port import refused_port
from usage_line import run_memeval

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "tasksets" / "mini"
RUN_FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1"


@pytest.fixture
def refused_url() -> Iterator[str]:
    """A PostgreSQL URL (with a password) at a loopback port nothing listens on: connecting is refused."""
    with refused_port() as port:
        yield f"postgresql+psycopg://memeval:s3cret-pw@127.0.0.1:{port}/team"


def _runs(tmp_path: Path) -> Path:
    """A copy of the golden runs: indexing reads each run and caches its result in the run's folder."""
    shutil.copytree(RUN_FIXTURES, tmp_path / "golden-runs")
    return tmp_path / "golden-runs"


def _one_error_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), stderr[-2000:]
    return lines[0]


def test_an_index_server_that_is_down_is_named_with_the_fix_in_one_line(tmp_path: Path, refused_url: str) -> None:
    url = refused_url
    for action, args in (("read", ["--from-index"]), ("write", ["--index", "--runs-dir", str(_runs(tmp_path))])):
        out = run_memeval("runs", *args, "--index-url", url, cwd=tmp_path)
        assert out.returncode == 1, out.stderr
        line = _one_error_line(out.stderr)
        assert f"could not {action} the run index at postgresql+psycopg://memeval:***@127.0.0.1:" in line, line
        assert "Connection refused" in line and "check the URL (--index-url, else MEMEVAL_INDEX_URL" in line, line
        assert "sqlalche.me" not in line and "s3cret-pw" not in out.stderr + out.stdout, line


def test_ab_with_an_index_server_down_is_refused_before_any_trial(tmp_path: Path, refused_url: str) -> None:
    out = run_memeval(
        "ab", str(MINI), "--agent", "oracle", "--network", "none", "--quiet", "--index-url", refused_url,
        cwd=tmp_path,
    )  # fmt: skip
    assert out.returncode == 1, out.stderr
    line = _one_error_line(out.stderr)
    assert "could not reach the run index at" in line and "Connection refused" in line, line
    assert not (tmp_path / "runs").exists()  # no run was planned, none was run
    assert out.stdout == ""


def test_a_run_the_index_cannot_take_is_still_shown_with_how_to_index_it_later(tmp_path: Path) -> None:
    # A SQLite "file" that is a folder: nothing to reach before the run (SQLite is opened when the
    # run is indexed), so writing the index fails after the run, as a server gone mid-run would.
    (tmp_path / "index.sqlite").mkdir()
    out = run_memeval(
        "ab", str(MINI), "--agent", "oracle", "--network", "none", "--quiet",
        "--index-url", f"sqlite:///{tmp_path / 'index.sqlite'}", cwd=tmp_path,
    )  # fmt: skip
    assert out.returncode == 1, out.stderr
    assert "Verdict:" in out.stdout and "Run folder:" in out.stdout, out.stdout  # the run is shown
    line = _one_error_line(out.stderr)
    assert "could not write the run index at sqlite:///" in line, line
    assert f"add it later with `memeval runs --index --runs-dir {tmp_path / 'runs'} --index-url URL`" in line, line
    good = f"sqlite:///{tmp_path / 'good.sqlite'}"
    again = run_memeval("runs", "--index", "--runs-dir", str(tmp_path / "runs"), "--index-url", good, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    listed = run_memeval("runs", "--from-index", "--index-url", good, "--json", cwd=tmp_path)
    assert '"status": "completed"' in listed.stdout, listed.stdout


def test_a_sqlite_index_whose_folder_cannot_be_made_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder\n")
    url = f"sqlite:///{tmp_path / 'a-file' / 'sub' / 'index.sqlite'}"
    out = run_memeval("runs", "--index", "--runs-dir", str(_runs(tmp_path)), "--index-url", url, cwd=tmp_path)
    assert out.returncode == 1, out.stderr[-2000:]
    line = _one_error_line(out.stderr)
    assert "could not make the run index's folder" in line and "a-file" in line, line
