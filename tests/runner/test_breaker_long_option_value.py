"""A number of 100,000 digits given to an option is refused in one short line (breaker, round of 2026-12-03).

`memeval ab --repeats 111...1` (100,000 digits) was refused, but the error line quoted the value whole: 100 KB
on the terminal, its fix (`Unable to parse input string as an integer, exceeded maximum size`, pydantic's words)
at the end of it. The line now quotes the first characters and says how long the value was, and the fix is the
option's own (`use a whole number of 1 or more`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from runner_helpers import MINI

from memeval.cli.app import MAX_SHOWN_INPUT, shown_input

DIGITS = "1" * 100_000


@pytest.mark.parametrize(
    ("option", "fix"),
    [("--repeats", "use a whole number of 1 or more"), ("--budget-usd", "use a number from 0 to")],
)
def test_a_value_of_100000_digits_is_one_short_line(tmp_path: Path, option: str, fix: str):
    cmd = [sys.executable, "-m", "memeval", "ab", str(MINI), "--agent", "nop", "--network", "none"]
    cmd += [option, DIGITS, "--runs-dir", str(tmp_path / "runs")]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env)
    assert res.returncode == 2, res.stderr[-500:]
    assert len(res.stderr) < 300, res.stderr[:300]
    assert f"invalid value for '{option}': '{'1' * (MAX_SHOWN_INPUT - 2)}…' (100,000 characters): {fix}" in res.stderr
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_shown_input_keeps_short_values_and_cuts_long_ones():
    assert shown_input("0") == "'0'"
    assert shown_input("x" * (MAX_SHOWN_INPUT - 2)) == repr("x" * (MAX_SHOWN_INPUT - 2))  # exactly the limit
    assert shown_input("it's" + "9" * 100) == "\"it's" + "9" * (MAX_SHOWN_INPUT - 6) + '…" (104 characters)'
    assert shown_input(10**50) == "1" + "0" * (MAX_SHOWN_INPUT - 2) + "… (51 characters)"
