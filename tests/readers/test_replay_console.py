"""A plain `memeval replay RUN` is replayed without the typer app (`memeval._console`), with the app's output.

The `memeval` script and `python -m memeval` run `memeval._console.console`: `replay RUN` with at
most `--runs-dir DIR` is replayed there without importing typer; anything else goes to
`memeval.cli.console`. Each check runs both in real child processes and compares what they print,
write and return: a found run, a run not found, a `--runs-dir` that is a file, a log with a bad
line, and forms left to the typer app.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from memeval._console import plain_replay_args
from memeval.results import load_run, result_json

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

_BYE = "import atexit, sys\natexit.register(lambda: print('atexit ran', file=sys.stderr))\n"


def _run(entry: str, args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`entry`'s `console()` (`memeval._console` or `memeval.cli`) in a fresh interpreter with `args`.

    It prints, on stderr after the command's own output, whether typer was imported (`typer loaded`).
    """
    code = (
        _BYE
        + "atexit.register(lambda: print('typer loaded' if 'typer' in sys.modules else '', file=sys.stderr))\n"
        + f"from {entry} import console\nsys.argv = ['memeval', *{args!r}]\nconsole()\n"
    )
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, timeout=300, env=env)


def _runs(tmp_path: Path) -> Path:
    runs = tmp_path / "runs"
    for name in ("sample-t01", "oracle-mini"):
        shutil.copytree(FIXTURES / "runlog_v1" / name, runs / name)
    return runs


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["replay", "r1"], ("r1", "runs")),
        (["replay", "r1", "--runs-dir", "d"], ("r1", "d")),
        (["replay", "--runs-dir", "d", "r1"], ("r1", "d")),
        (["replay", "r1", "--runs-dir=d"], ("r1", "d")),
        (["replay", "--runs-dir=d", "r1"], ("r1", "d")),
        (["replay", "runs/r1"], ("runs/r1", "runs")),
        (["replay", "r1", "--json"], ("r1", "runs")),  # the record is JSON anyway (polish22)
        (["replay", "--json", "r1", "--runs-dir", "d"], ("r1", "d")),
        (["replay", "r1", "--json", "--json"], None),
        (["replay"], None),
        (["results", "r1"], None),
        (["result", "r1"], None),
        (["replay", "r1", "--help"], None),
        (["replay", "-h"], None),
        (["replay", "--", "r1"], None),
        (["replay", "r1", "r2"], None),
        (["replay", "r1", "--runs-dir"], None),
        (["replay", "r1", "--runs-dir", "-x"], None),
        (["replay", "r1", "--runs-dir="], None),
        (["replay", "r1", "--runs-dir=a", "--runs-dir=b"], None),
        (["replay", "r1", "--runs-dir", "a", "--runs-dir", "b"], None),
        (["replay", "r1", "--runs"], None),
        (["replay", ""], None),
        (["--version"], None),
        ([], None),
    ],
)
def test_only_plain_replay_arguments_are_taken(
    args: list[str], expected: tuple[str, str] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MEMEVAL_RUNS_DIR", raising=False)
    got = plain_replay_args(args)
    assert (got if got is None else (got[0], str(got[1]))) == expected


def test_the_runs_folder_falls_back_to_the_environment_as_the_option_does(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMEVAL_RUNS_DIR", "elsewhere")
    assert plain_replay_args(["replay", "r1"]) == ("r1", Path("elsewhere"))
    assert plain_replay_args(["replay", "r1", "--runs-dir", "d"]) == ("r1", Path("d"))  # the option wins
    monkeypatch.setenv("MEMEVAL_RUNS_DIR", "")  # empty: unset, as click reads it
    assert plain_replay_args(["replay", "r1"]) == ("r1", Path("runs"))


def test_a_plain_replay_prints_the_apps_bytes_without_typer(tmp_path: Path) -> None:
    runs = _runs(tmp_path)
    for name in ("sample-t01", "oracle-mini"):
        expected = result_json(load_run(runs / name, use_cache=False))
        for args in (["replay", name, "--runs-dir", "runs"], ["replay", f"runs/{name}"]):
            shutil.rmtree(runs / name / ".cache", ignore_errors=True)
            proc = _run("memeval._console", args, tmp_path)
            assert proc.returncode == 0, proc.stderr
            assert proc.stdout == expected
            assert (runs / name / ".cache").is_dir()  # the cache written, as the app writes it
            assert "atexit ran" not in proc.stderr  # ended by os._exit, as the app's replay ends
            assert "typer loaded" not in proc.stderr
    env = {**os.environ, "MEMEVAL_RUNS_DIR": "runs"}
    proc = _run("memeval._console", ["replay", "oracle-mini"], tmp_path, env)
    assert (proc.returncode, proc.stdout) == (0, result_json(load_run(runs / "oracle-mini")))


def test_python_m_memeval_takes_the_plain_path(tmp_path: Path) -> None:
    runs = _runs(tmp_path)
    probe = (
        "import atexit, runpy, sys\n"
        "atexit.register(lambda: print('typer loaded', file=sys.stderr) if 'typer' in sys.modules else None)\n"
        "sys.argv = ['memeval', 'replay', 'oracle-mini', '--runs-dir', 'runs']\n"
        "runpy.run_module('memeval', run_name='__main__')\n"
    )
    proc = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout == result_json(load_run(runs / "oracle-mini"))


def _bad_log(runs: Path) -> None:
    """`oracle-mini` with a last line that is JSON but no event: both readers refuse it."""
    log = runs / "oracle-mini" / "events.jsonl"
    log.write_bytes(log.read_bytes() + json.dumps({"event": "model.called", "v": 2}).encode() + b"\n")
    shutil.rmtree(runs / "oracle-mini" / ".cache", ignore_errors=True)


@pytest.mark.parametrize(
    "case",
    ["not found", "a shortened id", "runs dir is a file", "bad log", "help", "result (old name)", "a folder of runs"],
)
def test_every_other_ending_is_the_apps_own(case: str, tmp_path: Path) -> None:
    runs = _runs(tmp_path)
    args = {
        "not found": ["replay", "no-such-run", "--runs-dir", "runs"],
        "a shortened id": ["replay", "orac", "--runs-dir", "runs"],
        "runs dir is a file": ["replay", "oracle-mini", "--runs-dir", "runs/oracle-mini/events.jsonl"],
        "bad log": ["replay", "oracle-mini", "--runs-dir", "runs"],
        "help": ["replay", "--help"],
        "result (old name)": ["result", "oracle-mini", "--runs-dir", "runs"],
        "a folder of runs": ["replay", "runs"],
    }[case]
    if case == "bad log":
        _bad_log(runs)
    plain = _run("memeval._console", args, tmp_path)
    if case == "bad log":
        _bad_log(runs)  # the same state for the app's turn (neither writes a cache on failure)
    app = _run("memeval.cli", args, tmp_path)
    assert (plain.returncode, plain.stdout, plain.stderr) == (app.returncode, app.stdout, app.stderr)
    expected_code = {"help": 0, "result (old name)": 0, "bad log": 1}.get(case, 2)
    assert plain.returncode == expected_code, plain.stderr
    if case == "bad log":
        assert "is not a valid event" in plain.stderr
        assert not (runs / "oracle-mini" / ".cache").exists()


@pytest.mark.parametrize("given", [None, "some_plugin", ""])
def test_a_plain_replay_skips_pydantics_plugin_search_unless_the_user_said(
    given: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from memeval._console import no_pydantic_plugins

    if given is None:
        monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS", raising=False)
    else:
        monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", given)
    no_pydantic_plugins()
    assert os.environ["PYDANTIC_DISABLE_PLUGINS"] == ("__all__" if given is None else given)
