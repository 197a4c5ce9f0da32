"""Messages a new user's walk (newuser31) left reading oddly, in real `memeval` processes.

- `--runs-dir /proc/nope` said one trial may write 64 MiB "(its cap of nothing, plus 64 MiB ...)": with no
  task naming a storage_mb, the message now says the 64 MiB is memeval's own files and that no task names one.
- `--db sqlite:///tmp/x.sqlite` is a path relative to the current folder (SQLAlchemy's URL form): the
  "no audit store" error now says so and spells the absolute form, `sqlite:////tmp/x.sqlite`.
- Lists of choices read as a sentence ("serial, local or ray"), through one helper, `formatting.choices`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from usage_line import REPO, run_memeval

from memeval.formatting import choices

SAMPLE = REPO / "samples" / "fernhill"


def test_choices_reads_as_a_sentence() -> None:
    assert choices(["serial"]) == "serial"
    assert choices(["serial", "local"]) == "serial or local"
    assert choices(["serial", "local", "ray"]) == "serial, local or ray"
    assert choices(["a", "b", "c"], last="and") == "a, b and c"
    with pytest.raises(ValueError, match="at least one"):
        choices([])


def test_a_runs_folder_with_no_room_and_no_task_cap_says_what_the_room_is_for(tmp_path: Path) -> None:
    res = run_memeval("ab", str(SAMPLE), "--runs-dir", "/proc/memeval-nope", cwd=tmp_path)
    assert res.returncode == 2, res.stderr
    assert "Traceback" not in res.stderr and "cap of nothing" not in res.stderr, res.stderr
    assert "64 MiB for memeval's own files; no task names a storage_mb" in res.stderr, res.stderr
    assert "give --runs-dir on a writable disk with room" in res.stderr, res.stderr
    assert not Path("/proc/memeval-nope").exists()


def test_a_relative_sqlite_path_is_named_as_one_with_its_absolute_form(tmp_path: Path) -> None:
    res = run_memeval("audit", "verify", "--db", "sqlite:///tmp/memeval-absent.sqlite", cwd=tmp_path)
    assert res.returncode == 2, res.stderr
    assert f"no audit store at tmp/memeval-absent.sqlite (relative to the current folder {tmp_path};" in res.stderr
    assert "the absolute path /tmp/memeval-absent.sqlite is written sqlite:////tmp/memeval-absent.sqlite" in res.stderr
    assert not (tmp_path / "tmp").exists()


def test_an_absolute_sqlite_path_gets_no_relative_note(tmp_path: Path) -> None:
    res = run_memeval("audit", "verify", "--db", f"sqlite:///{tmp_path}/absent.sqlite", cwd=tmp_path)
    assert res.returncode == 2, res.stderr
    assert f"no audit store at {tmp_path}/absent.sqlite: ingest events first" in res.stderr, res.stderr
