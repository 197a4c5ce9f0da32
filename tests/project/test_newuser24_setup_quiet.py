"""`scripts/setup` drops pip's "Location 'file:///...' is ignored" lines and keeps the rest of pip's output (newuser24).

A machine whose pip.conf names index folders (`extra-index-url = file:///...`) makes pip warn once per
package a folder lacks: README's first command on a fresh clone printed 113 such lines before the
run, none about memeval, and a newcomer reads a wall of WARNING as a failed install. The real
`scripts/setup`, copied into a scratch checkout whose `.venv/bin/python` is a stand-in that answers
`-m pip` with two such lines, one other warning and the exit status the test asks for; `dpkg-query`
is a stand-in too, so no Debian package is looked at or installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from patience import patient

REPO = Path(__file__).resolve().parents[2]

IGNORED = "WARNING: Location 'file:///opt/pypi-more/simple/{}/' is ignored: it is neither a file nor a directory."
OTHER = "WARNING: the stand-in pip's own warning, which setup must keep"

PYTHON_STANDIN = f"""#!/bin/sh
# a stand-in for .venv/bin/python: `-m pip ...` warns as pip does with folder indexes; anything else is quiet
if [ "$2" = pip ]; then
  echo "{IGNORED.format("pip")}" >&2
  echo "{IGNORED.format("typer")}" >&2
  echo "{OTHER}" >&2
  [ "${{STANDIN_PIP_RC:-0}}" = 0 ] || echo "ERROR: the stand-in pip failed" >&2
  exit "${{STANDIN_PIP_RC:-0}}"
fi
exit 0
"""


def _checkout(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A scratch checkout holding the real scripts/setup and a stand-in venv, and the environment to run it in."""
    root = tmp_path / "clone"
    (root / "scripts").mkdir(parents=True)
    shutil.copy2(REPO / "scripts" / "setup", root / "scripts" / "setup")
    (root / "pyproject.toml").write_text('[project]\nname = "standin"\nversion = "0"\n')
    (root / "memeval").mkdir()
    python = root / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(PYTHON_STANDIN)
    python.chmod(0o755)
    tools = tmp_path / "bin"
    tools.mkdir()
    dpkg = tools / "dpkg-query"
    dpkg.write_text("#!/bin/sh\necho 'install ok installed'\n")  # every Debian package present
    dpkg.chmod(0o755)
    env = {**os.environ, "PATH": f"{tools}:{os.environ['PATH']}"}
    return root, env


@pytest.mark.parametrize("rc", [0, 1])
def test_setup_drops_the_folder_index_lines_and_keeps_the_rest(tmp_path: Path, rc: int) -> None:
    root, env = _checkout(tmp_path)
    done = subprocess.run(
        ["bash", "scripts/setup"],
        cwd=root,
        env={**env, "STANDIN_PIP_RC": str(rc)},
        capture_output=True,
        text=True,
        timeout=patient(60),
    )
    lines = done.stderr.splitlines()
    assert not [line for line in lines if "is ignored: it is neither a file nor a directory" in line], done.stderr
    assert OTHER in lines, done.stderr  # pip's other output is kept
    assert lines[0].startswith("memeval setup: installing Python packages into .venv"), done.stderr
    if rc == 0:
        assert done.returncode == 0 and lines.count(OTHER) == 2, done.stderr  # one per pip call
        assert lines[-1].startswith("memeval setup:   Python packages installed in "), done.stderr
    else:  # pip's failure still stops setup, with pip's own words, and nothing marked installed
        assert done.returncode == 1 and lines[-1] == "ERROR: the stand-in pip failed", done.stderr
        assert not list((root / ".venv").glob(".memeval-installed-*")), done.stderr
