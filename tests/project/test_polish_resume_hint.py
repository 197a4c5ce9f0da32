"""The command printed after ^C goes on with the run when pasted as it is, options and all.

Found by a user: after an interrupted `memeval ab ... --agent command --agent-cmd CMD`, the hint
was `memeval ab TASKS --resume ID`. Pasted, it planned the run again with the team folder's own
agent (or none) and was refused as a changed run: the agent command is kept on the run card only
as a hash, so `--resume` cannot read it back. Now every option given is repeated, except the
values of `--env` (never shown; the next line says to set them). A real run, interrupted for real.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from interrupted import interrupt_once_started
from patience import patient

REPO = Path(__file__).resolve().parents[2]
MEMEVAL = [sys.executable, "-m", "memeval"]
SECRET = "polish-value-never-printed"


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    return {**env, "PYTHONPATH": str(REPO), **extra}


@pytest.mark.slow
def test_the_pasted_interrupt_hint_resumes_the_same_run(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    args = [
        "samples/fernhill",  # its memeval.toml names another agent: a hint without --agent-cmd runs that one
        "--tasks", "t01-thursday-order-arrival",
        "--agent", "command",
        "--agent-cmd", "sleep 30",
        # the resumed trials sleep out this budget (the first run is interrupted once an agent starts):
        # 5 s quiet, scaled by `patient` on a busy machine (20 s before)
        "--agent-timeout", f"{patient(5):.1f}",
        "--network", "none",
        "--env", f"POLISH_HINT_VAR={SECRET}",
        "--no-keep-bodies",
        "--runs-dir", str(runs),
    ]  # fmt: skip
    err = interrupt_once_started([*MEMEVAL, "ab", *args], cwd=REPO, env=_env(), runs=runs)
    assert SECRET not in err  # an --env value is never printed
    lines = err.splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith("interrupted:"))
    m = re.fullmatch(r"interrupted: go on with `(memeval ab .*)`", lines[at])
    assert m, err
    cmd = shlex.split(m.group(1))
    for option in (["--agent", "command"], ["--agent-cmd", "sleep 30"], ["--env", "POLISH_HINT_VAR"]):
        assert any(cmd[i : i + 2] == option for i in range(len(cmd))), (option, cmd)
    assert "--no-keep-bodies" in cmd and cmd[cmd.index("--runs-dir") + 1] == str(runs)
    assert "set POLISH_HINT_VAR in your environment" in lines[at + 1], err
    resumed = subprocess.run(
        [*MEMEVAL, *cmd[1:], "--json"],  # as pasted, with the variable set as the note says
        cwd=REPO,
        env=_env(POLISH_HINT_VAR=SECRET),
        capture_output=True,
        text=True,
        timeout=patient(300),
    )
    assert resumed.returncode in (0, 3), resumed.stderr  # 3: the sleeping agent measured nothing
    assert "cannot resume" not in resumed.stderr
    assert cmd[cmd.index("--resume") + 1] in resumed.stdout


def test_the_hint_repeats_given_options_in_help_order_and_hides_secrets(tmp_path: Path) -> None:
    from memeval.cli._ab_run import resume_hint
    from memeval.cli.app import load_command

    given = ["my tasks", "--no-keep-bodies", "--agent-cmd", "run it", "--agent", "command", "--env", "A=1"]
    given += ["--env", "B", "--index-url", "postgresql+psycopg://u:pw@db/x", "--slice", "m1", "--slice", "m2"]
    given += ["--pack", "p.json", "--agent-timeout", "4", "--quiet", "--runs-dir", str(tmp_path / "r s")]
    ctx = load_command("ab").make_context("ab", given)
    hint = resume_hint(ctx, tmp_path / "r s" / "01RUN")
    assert hint.command == (
        "memeval ab 'my tasks' --agent command --agent-cmd 'run it' --pack p.json --slice m1 --slice m2 "
        f"--agent-timeout 4.0 --env A --env B --no-keep-bodies --quiet --resume 01RUN --runs-dir '{tmp_path}/r s'"
    )
    assert "pw" not in hint.command and "A=1" not in hint.command
    assert "set A in your environment" in hint.note and "--index-url is left out" in hint.note
    defaults = resume_hint(load_command("ab").make_context("ab", ["t"]), tmp_path / "runs" / "01RUN")
    assert defaults == ("memeval ab t --resume 01RUN --runs-dir " + shlex.quote(str(tmp_path / "runs")), "")
