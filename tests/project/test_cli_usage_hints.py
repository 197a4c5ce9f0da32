"""Usage errors a new user met, answered with the command they meant.

- `memeval ab TASKS --tasks t01 t02` (the synopsis reads `[--tasks ID ...]`): the second id was
  "an unexpected extra argument" and nothing said that `--tasks` is given once per id.
- `memeval review serve`: "No such command" with no word that the web queue is `memeval serve`.
Real `python -m memeval` processes; exit code 2 (a usage error) in every case.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient

REPO = Path(__file__).resolve().parents[2]


def _memeval(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args],
        cwd=REPO,
        env={**env, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=patient(120),
    )


@pytest.mark.parametrize("tasks", [["--tasks", "t01", "t02"], ["--tasks=t01", "t02"]])
def test_several_values_after_a_repeatable_option_show_how_to_repeat_it(tasks: list[str]) -> None:
    done = _memeval("ab", "samples/fernhill", *tasks)
    assert done.returncode == 2, done.stderr
    assert "unexpected extra argument(s) (t02)" in done.stderr
    assert "--tasks takes one value each time: write --tasks t01 --tasks t02" in done.stderr


def test_an_extra_argument_after_no_repeatable_option_gets_no_such_hint() -> None:
    done = _memeval("ab", "samples/fernhill", "extra", "--repeats", "2")
    assert done.returncode == 2, done.stderr
    assert "unexpected extra argument(s) (extra)" in done.stderr
    assert "takes one value each time" not in done.stderr


@pytest.mark.parametrize(("group", "name"), [("review", "serve"), ("pack", "serve"), ("review", "runs")])
def test_a_root_command_asked_of_a_group_is_named(group: str, name: str) -> None:
    done = _memeval(group, name)
    assert done.returncode == 2, done.stderr
    assert f"No such command '{name}'. Did you mean 'memeval {name}'?" in done.stderr


def test_a_name_nowhere_gets_no_root_suggestion() -> None:
    done = _memeval("review", "sevre")
    assert done.returncode == 2, done.stderr
    assert "No such command 'sevre'" in done.stderr and "memeval sevre" not in done.stderr
