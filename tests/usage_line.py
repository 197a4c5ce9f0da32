"""How the command line's tests run memeval as a user does: `run_memeval` (a real `memeval` process),
`spawn_memeval` (one left running: a server) and `one_usage_line`, the one check every bad-input test makes
(exit 2 and one `error:` line); and `set_up_memeval`, the same command line run inside the test's own
process, for a store a test only needs as its starting point.

A real `memeval` process costs about 0.65 CPU s to start a store command (its imports: SQLAlchemy's ORM
alone 0.27 s) and 1.5-3 s for a small `audit ingest` (the redactor and hold detector built afresh); in the
test's process they are imported and built once. A test's own claim still runs as a real process;
`set_up_memeval` is for the steps before it, and checks their exit code as the process's was checked.

Importable from every test folder: `tests/` is on the path because `tests/conftest.py` lives there.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import traceback
from collections.abc import Mapping
from pathlib import Path

from patience import patient

REPO = Path(__file__).resolve().parents[1]


def run_memeval(
    *args: str, cwd: Path, env: Mapping[str, str] | None = None, stdin: str | None = None, timeout_s: float = 90
) -> subprocess.CompletedProcess[str]:
    """`python -m memeval ARGS` from this checkout, in `cwd`, as a user with no MEMEVAL_ variables runs it.

    Args:
        args: the command line after `memeval`.
        cwd: the folder it runs in (a test's tmp_path: nothing lands in the checkout).
        env: variables added on top (MEMEVAL_DB, ...).
        stdin: text on standard input; None: /dev/null (no terminal, nothing to read).
        timeout_s: the limit before the load factor (`patience.patient`).

    Returns:
        The finished process, stdout and stderr as text.
    """
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args],
        cwd=cwd,
        env=_user_env(env),
        input=stdin,
        stdin=subprocess.DEVNULL if stdin is None else None,
        capture_output=True,
        text=True,
        timeout=patient(timeout_s),
    )


def spawn_memeval(
    *args: str, cwd: Path, env: Mapping[str, str] | None = None, stdout: int = subprocess.PIPE
) -> subprocess.Popen[str]:
    """`python -m memeval ARGS` started and left running (a server), with the environment `run_memeval` gives.

    It runs in a session of its own, so a test can end it and its children at once (`os.killpg(proc.pid, ...)`);
    stdin is /dev/null, stderr a pipe, both pipes text.

    Args:
        args: the command line after `memeval`.
        cwd: the folder it runs in.
        env: variables added on top (MEMEVAL_DB, ...).
        stdout: `subprocess.PIPE` (the default) or `subprocess.DEVNULL`.

    Returns:
        The running process; the caller stops it and waits for it.
    """
    return subprocess.Popen(
        [sys.executable, "-m", "memeval", *args],
        cwd=cwd,
        env=_user_env(env),
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def _user_env(env: Mapping[str, str] | None) -> dict[str, str]:
    """This process's environment without MEMEVAL_ variables, then `env`, then PYTHONPATH on this checkout."""
    full = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    full.update(env or {}, PYTHONPATH=str(REPO))
    return full


def one_usage_line(out: subprocess.CompletedProcess[str], *needles: str) -> str:
    """Assert `out` exited 2 with exactly one stderr line, starting `error: ` and holding each needle.

    Returns:
        That line.
    """
    assert out.returncode == 2, (out.returncode, out.stderr[-2000:])
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out.stderr[-2000:]
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def set_up_memeval(
    *args: str, cwd: Path, env: Mapping[str, str | None] | None = None, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """`memeval ARGS` run in this process (typer's test runner), as `run_memeval` would run it, for a test's set-up.

    The same command line and code as the `memeval` process, with the same environment rule (none of this
    process's MEMEVAL_ variables, then `env`) in `cwd`; the environment and the working directory are
    set back afterwards. Use it only where the command is not what the test checks.

    Args:
        args: the command line after `memeval`.
        cwd: the folder it runs in (relative paths in `args` are read from there).
        env: variables added on top (MEMEVAL_DB, XDG_CONFIG_HOME, ...); a value None unsets that variable.
        stdin: text on standard input; None: nothing to read.

    Returns:
        A finished-process record: the exit code, stdout and stderr as text (stderr ends with the
        traceback of an exception the command raised, as a process would print it).
    """
    from typer.testing import CliRunner

    from memeval.cli import app

    unset: dict[str, str | None] = {k: None for k in os.environ if k.startswith("MEMEVAL_")}
    with contextlib.chdir(cwd):
        res = CliRunner().invoke(app, list(args), input=stdin or "", env={**unset, **(env or {})})
    err = res.stderr
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        err += "".join(traceback.format_exception(res.exception))
    return subprocess.CompletedProcess(["memeval", *args], res.exit_code, res.stdout, err)
