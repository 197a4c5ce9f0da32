"""`scripts/setup` refuses what it does not know instead of installing anyway.

Found by a new user: `scripts/setup --test` (one letter short) and `scripts/setup --help` both ran
the plain set-up (as root: apt-get and pip) and exited 0, so the typo went unseen and the test
packages were missing later. Now a wrong argument exits 2 before anything is installed, naming it
and the usage; `--help` / `-h` print the usage. The real script, in a copy of the repository's
`scripts/` with no `.venv` beside it: a run that went on would make one.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from patience import patient

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def setup_copy(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy2(REPO / "scripts" / "setup", tmp_path / "scripts" / "setup")
    shutil.copy2(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path / "scripts" / "setup"


def _run(script: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(script), *args], capture_output=True, text=True, timeout=patient(60), stdin=subprocess.DEVNULL
    )


@pytest.mark.parametrize("args", [["--test"], ["--tets"], ["tests"], ["--tests", "extra"], [""]])
def test_an_unknown_argument_is_a_usage_error_and_installs_nothing(setup_copy: Path, args: list[str]) -> None:
    res = _run(setup_copy, *args)
    assert res.returncode == 2, (res.returncode, res.stderr)
    assert f"memeval setup: unknown argument(s) '{' '.join(args)}': nothing was installed" in res.stderr
    assert "usage: scripts/setup [--tests]" in res.stderr and res.stdout == ""
    assert not (setup_copy.parent.parent / ".venv").exists()


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_prints_the_usage_and_installs_nothing(setup_copy: Path, flag: str) -> None:
    res = _run(setup_copy, flag)
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("usage: scripts/setup [--tests]") and res.stderr == ""
    assert not (setup_copy.parent.parent / ".venv").exists()
