"""A file option written as a folder that does not exist (`--pdf out/`) is refused, not written as the file `out`.

`memeval report-ab RUN --pdf /tmp/nodir/` wrote the PDF as the file `/tmp/nodir` and said "wrote /tmp/nodir"
(newuser32): `Path` keeps no trailing slash, so the folder the user named became a file's name, though the
help says a path naming a folder is refused. `--pdf`, `--html`, `pack build --out` and `audit anchor --out`
now refuse such a value as a usage error (exit 2) naming it and a file name to give in the folder, before
anything is read or made (`memeval.cli._outfile.file_path`). A value ending in `/` that names an existing
folder is refused as before ("is a folder; give a file name").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from memeval.cli import app


@pytest.mark.parametrize(
    ("argv", "option", "example"),
    [
        (["report-ab", "RUN", "--pdf"], "--pdf", "report.pdf"),
        (["report-ab", "RUN", "--html"], "--html", "report.html"),
        (["pack", "build", "--team", "fernhill", "--out"], "--out", "pack.json"),
        (["audit", "anchor", "--team", "fernhill", "--out"], "--out", "anchor.json"),
    ],
)
def test_a_folder_that_does_not_exist_is_refused_naming_a_file_in_it(
    tmp_path: Path, argv: list[str], option: str, example: str
) -> None:
    folder = f"{tmp_path / 'out'}/"
    db = f"sqlite:///{tmp_path / 'none.sqlite'}"
    extra = ["--db", db] if argv[0] != "report-ab" else ["--runs-dir", str(tmp_path)]
    res = CliRunner().invoke(app, [*argv, folder, *extra])
    assert res.exit_code == 2, res.output  # main: report-ab wrote the file `out`; the others refused no store
    said = " ".join(res.output.split()).lower()  # click's own "Invalid value" here; `memeval` prints it lower-case
    assert f"invalid value for '{option}': '{folder}' ends with '/', so it names a folder".lower() in said, res.output
    assert f"e.g. '{folder}{example}'".lower() in said, res.output
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing made: no file `out`, no store


def test_a_folder_that_exists_is_still_refused_with_a_file_name(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    db = f"sqlite:///{tmp_path / 'none.sqlite'}"
    res = CliRunner().invoke(app, ["pack", "build", "--team", "fernhill", "--out", f"{tmp_path / 'out'}/", "--db", db])
    assert res.exit_code == 2, res.output
    assert f"--out '{tmp_path / 'out'}' is a folder; give a file name" in " ".join(res.output.split()), res.output
