"""Passwords on the command line, as a new user met them in real `memeval` processes: with no
terminal and no --password-stdin the command says so in one line (exit 2) instead of Python's
GetPassWarning and 'Aborted!', a piped password prints no warning, and arguments that are wrong
on their own are refused before any password is asked for."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from review_helpers import PASSWORD, ROOT
from usage_line import one_usage_line

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def _memeval(db_url: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`memeval ARGS` in a new session (so no controlling terminal), stdin from `stdin` or /dev/null."""
    env = {k: v for k, v in os.environ.items() if k not in ("MEMEVAL_REVIEW_TOKEN", "MEMEVAL_REVIEWER")}
    env.update(
        PYTHONPATH=str(ROOT),
        MEMEVAL_DB=db_url,
        MEMEVAL_REVIEW_SECRET_FILE="/nonexistent/never-read",
        MEMEVAL_FINGERPRINT_KEY="ab" * 32,
    )
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args],
        input=stdin,
        stdin=subprocess.DEVNULL if stdin is None else None,
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
        start_new_session=True,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["review", "approve", "lesson/fernhill/les_courier", "--user", "alice"],
        ["review", "claim", "lesson/fernhill/les_courier", "--user", "alice"],
        ["users", "add", "dora", "--role", "reviewer", "--team", "fernhill", "--user", "ada"],
    ],
)
def test_no_terminal_and_no_password_stdin_is_one_usage_line(db_url: str, args: list[str]) -> None:
    """It printed getpass.py's GetPassWarning, read an empty password from /dev/null and ended 'Aborted!' (1)."""
    out = _memeval(db_url, *args)
    one_usage_line(out, "no terminal", "--password-stdin")
    assert "GetPassWarning" not in out.stderr
    listed = _memeval(db_url, "review", "list", "--json")
    assert "les_courier" in listed.stdout, "the lesson was decided without a password"
    assert "dora" not in _memeval(db_url, "users", "list").stdout


def test_a_piped_password_decides_without_a_warning(db_url: str) -> None:
    args = ["review", "approve", "lesson/fernhill/les_courier", "--user", "alice", "--password-stdin"]
    out = _memeval(db_url, *args, stdin=PASSWORD + "\n")
    assert out.returncode == 0, out.stderr
    assert out.stderr == "", out.stderr
    assert "approve lesson/fernhill/les_courier: approved" in out.stdout


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["reject", "lesson/fernhill/les_courier"], ["reject needs a reason"]),
        (["discard", "les_courier", "--reason", "  "], ["discard needs a reason"]),
        (["settle", "contradiction/fernhill/con_hours", "--keep", "c", "--reason", "x"], ["'c'", "a, b, both"]),
        (["settle", "lesson/fernhill/les_courier", "--keep", "a", "--reason", "x"], ["'settle' applies to a"]),
    ],
)
def test_wrong_arguments_are_refused_before_the_password(db_url: str, args: list[str], needles: list[str]) -> None:
    """`review reject ... --user alice` asked for the password first, then said the reason was missing."""
    out = _memeval(db_url, "review", *args, "--user", "alice")
    line = one_usage_line(out, *needles)
    assert "terminal" not in line and "Password" not in out.stdout + out.stderr
