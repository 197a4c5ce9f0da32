"""Usage errors from a real `memeval` process: one line on stderr naming the option, the value and
where help is, exit 2 (click printed usage, a hint and the error over three lines, without the value)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient

REPO = Path(__file__).resolve().parents[2]


def _memeval(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=patient(120)
    )


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (
            ["ab", "tasks", "--agent", "nop", "--agent-timeout", "1e308"],
            ["'--agent-timeout'", "'1e308'", "use a number from 0.001 to 604800"],
        ),
        (["ab", "tasks", "--agent", "nop", "--max-repeats", "99"], ["'--max-repeats'", "'99'", "from 1 to 50"]),
        (["ab", "tasks", "--concurrency", "0"], ["'--concurrency'", "'0'", "use a whole number of 1 or more"]),
        (["ab", "tasks", "--repeats", "0"], ["'--repeats'", "'0'", "use a whole number of 1 or more"]),
        (["ab", "tasks", "--repeats", "-2"], ["'--repeats'", "'-2'", "use a whole number of 1 or more"]),
        (["ab", "tasks", "--repeats", "two"], ["'--repeats'", "'two'", "use a whole number of 1 or more"]),
        (["ab", "tasks", "--repeats", "1.5"], ["'--repeats'", "'1.5'", "use a whole number of 1 or more"]),
        (["ab", "tasks", "--agent-timeout", "nan"], ["'--agent-timeout'", "'nan'", "from 0.001 to 604800"]),
        (["ab", "tasks", "--seed", "-1"], ["'--seed'", "'-1'", "use a whole number from 0 to 4294967295"]),
        (["ab", "tasks", "--budget-usd", "-1"], ["'--budget-usd'", "'-1'", "use a number from 0 to"]),
        (["plan", "--effect", "0.1", "--repeats", "0"], ["'--repeats'", "'0'", "use a whole number of 1 or more"]),
        (["plan", "--effect", "0.1", "--sims", "3"], ["'--sims'", "'3'", "use a whole number of 20 or more"]),
        (["view", "r", "--port", "70000"], ["'--port'", "'70000'", "use a whole number from 0 to 65535"]),
        (["audit", "ingest", "-", "--batch-size", "x"], ["'--batch-size'", "'x'", "use a whole number"]),
        (["serve", "--claim-lease-s", "5"], ["'--claim-lease-s'", "5", "use a whole number from 10 to 3600"]),
        (["serve", "--overdue-after-h", "0"], ["'--overdue-after-h'", "0", "use a number above 0"]),
        (["ab", "tasks", "--no-such-option"], ["--no-such-option"]),
        (["audit", "no-such-command"], ["no-such-command", "memeval audit --help"]),
    ],
)
def test_a_usage_error_is_one_line_naming_the_value(tmp_path: Path, args: list[str], needles: list[str]) -> None:
    out = _memeval(*args, cwd=tmp_path)
    assert out.returncode == 2, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    assert "--help'" in lines[0] and out.stdout == ""
    assert "Input should" not in lines[0]  # pydantic's wording, which named no fix (`--repeats 0`)


def test_no_arguments_still_shows_the_help_and_help_exits_0(tmp_path: Path) -> None:
    out = _memeval(cwd=tmp_path)
    assert out.returncode == 2 and "Usage: memeval" in out.stdout + out.stderr and "ab" in out.stdout + out.stderr
    out = _memeval("ab", "--help", cwd=tmp_path)
    assert out.returncode == 0 and "--until-decided" in out.stdout
