"""How a new user asks for help: `-h` works wherever `--help` does, and `memeval help` or
`memeval version` (typed as commands) say which option they meant, in real `memeval` processes.

Found by a new user: `memeval -h` and `memeval results -h` answered "No such option: -h", and
`memeval help` / `memeval version` "No such command" with no hint.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from usage_line import one_usage_line
from usage_line import run_memeval as _memeval


@pytest.mark.parametrize("path", [[], ["results"], ["audit", "ingest"], ["review", "list"], ["ab"]])
def test_dash_h_is_help_everywhere(tmp_path: Path, path: list[str]) -> None:
    short = _memeval(*path, "-h", cwd=tmp_path)
    long = _memeval(*path, "--help", cwd=tmp_path)
    assert short.returncode == 0, short.stderr
    assert short.stdout == long.stdout and short.stdout.startswith(f"Usage: memeval {' '.join(path)}".rstrip())
    assert "-h, --help" in short.stdout


@pytest.mark.parametrize(
    ("word", "fix"),
    [
        ("help", "it is an option: `memeval --help`, or `memeval COMMAND --help`"),
        ("version", "it is an option: `memeval --version`"),
    ],
)
def test_help_and_version_typed_as_commands_name_the_option(tmp_path: Path, word: str, fix: str) -> None:
    one_usage_line(_memeval(word, cwd=tmp_path), f"No such command '{word}'", fix)
    assert _memeval(f"--{word}", cwd=tmp_path).returncode == 0  # the option it names works


def test_other_unknown_commands_keep_their_suggestions(tmp_path: Path) -> None:
    line = one_usage_line(_memeval("resuts", cwd=tmp_path), "No such command 'resuts'", "Did you mean 'results'")
    assert "it is an option" not in line
