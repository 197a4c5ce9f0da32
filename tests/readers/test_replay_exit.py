"""`memeval replay` ends its process without freeing the replay (`memeval.cli.app.console`).

Under the console script (and `python -m memeval`) the replay's events and result are held until
the process ends with `os._exit`, after stdout and stderr are flushed: the output must still be
whole, the cache written, and every other ending (an error, another command) left to `main` as
before. Each check runs `memeval` in a real child process.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from memeval.cli import app
from memeval.cli.app import held_until_exit
from memeval.results import load_run, result_json

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

_BYE = "import atexit, sys\natexit.register(lambda: print('atexit ran', file=sys.stderr))\n"


def _console(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """`console()` in a fresh interpreter with `args`, an atexit handler registered first."""
    code = _BYE + f"from memeval.cli import console\nsys.argv = ['memeval', *{args!r}]\nconsole()\n"
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, timeout=300)


def _runs(tmp_path: Path) -> Path:
    runs = tmp_path / "runs"
    for name in ("sample-t01", "oracle-mini"):
        shutil.copytree(FIXTURES / "runlog_v1" / name, runs / name)
    return runs


def test_replay_prints_the_whole_result_and_skips_the_teardown(tmp_path: Path) -> None:
    runs = _runs(tmp_path)
    for name in ("sample-t01", "oracle-mini"):
        shutil.rmtree(runs / name / ".cache", ignore_errors=True)
        proc = _console(["replay", name, "--runs-dir", "runs"], tmp_path)
        assert proc.returncode == 0, proc.stderr
        # The bytes an in-process replay gives, flushed whole before the process ended.
        assert proc.stdout == result_json(load_run(runs / name, use_cache=False))
        assert (runs / name / ".cache").is_dir()
        assert "atexit ran" not in proc.stderr  # it ended by os._exit: no teardown ran
        # From the cache it is the same.
        again = _console(["replay", name, "--runs-dir", "runs"], tmp_path)
        assert (again.returncode, again.stdout) == (0, proc.stdout)


def test_python_m_memeval_gives_the_same_bytes(tmp_path: Path) -> None:
    runs = _runs(tmp_path)
    proc = subprocess.run(
        [sys.executable, "-m", "memeval", "replay", "oracle-mini", "--runs-dir", "runs"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == result_json(load_run(runs / "oracle-mini"))


def test_other_endings_are_mains_own(tmp_path: Path) -> None:
    _runs(tmp_path)
    missing = _console(["replay", "no-such-run", "--runs-dir", "runs"], tmp_path)
    assert missing.returncode == 2
    assert "not a run folder" in missing.stderr and "atexit ran" in missing.stderr
    listing = _console(["runs", "--runs-dir", "runs"], tmp_path)  # a command that holds nothing
    assert listing.returncode == 0, listing.stderr
    assert listing.stdout.startswith("Runs in runs") and "atexit ran" in listing.stderr


def test_outside_the_console_nothing_is_held(tmp_path: Path) -> None:
    runs = _runs(tmp_path)
    assert held_until_exit() is None
    out = CliRunner().invoke(app, ["replay", "oracle-mini", "--runs-dir", str(runs)])
    assert out.exit_code == 0, out.output
    assert out.output == result_json(load_run(runs / "oracle-mini"))
    assert held_until_exit() is None  # nothing kept alive in this process
