"""A ^C while a command is still starting ends as every other ^C: "interrupted" on stderr, exit 130.

Found by sending SIGINT to `memeval ab` at random moments of its first 1.5 s (30 tries on a loaded
2-core machine): 12 ended with exit 130 and nothing on stderr, 6 with a 17-25 line
`KeyboardInterrupt` traceback, 11 with the usual "interrupted" line. The command's own wrapper
(`translate_errors`) covers only the command's body; before it, while the command's module is
imported and its options parsed (typer catches the interrupt there and exits 130 without a word),
or while the command line itself is imported (nothing catches it), the ending was one of the other
two. On a busy machine that start takes seconds (issue 17).

Each test starts a real process and raises a real SIGINT (`signal.raise_signal`, Python's own
handler) from an import hook at the moment the named module is first imported.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from patience import patient

ROOT = Path(__file__).resolve().parents[2]

HOOK = textwrap.dedent(
    """
    import signal, sys

    class InterruptOnImport:
        def find_spec(self, name, path=None, target=None):
            if name == {target!r}:
                sys.meta_path.remove(self)
                signal.raise_signal(signal.SIGINT)  # a terminal's Ctrl-C, now
            return None

    sys.meta_path.insert(0, InterruptOnImport())
    sys.argv = ["memeval", *{args!r}]
    from memeval._console import console

    console()
    """
)


@pytest.mark.parametrize(
    ("target", "args"),
    [
        ("memeval.cli.app", ["runs", "--runs-dir", "runs"]),  # the command line's own import: a traceback before
        ("memeval.cli.read", ["runs", "--runs-dir", "runs"]),  # the command's module, inside typer: silent before
        ("memeval.cli.ab", ["ab", "tasks", "--agent", "nop"]),
        ("memeval.cli.audit", ["audit", "verify"]),
    ],
)
def test_ctrl_c_while_the_command_starts_says_interrupted(tmp_path: Path, target: str, args: list[str]) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(ROOT), MEMEVAL_DB=f"sqlite:///{tmp_path / 'a.sqlite'}")
    proc = subprocess.run(
        [sys.executable, "-c", HOOK.format(target=target, args=args)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=patient(60),
    )
    assert proc.returncode == 130, (proc.returncode, proc.stderr[-2000:])
    assert proc.stderr.strip() == "interrupted", proc.stderr[-2000:]
    assert proc.stdout == ""


def test_sigterm_once_the_run_folder_is_made_ends_ab_as_interrupted(tmp_path: Path) -> None:
    """SIGTERM after `ab` planned its run but before its runner took SIGTERM over (README: as ^C).

    Found by SIGTERM at random moments of `memeval ab`: 4 of 12 in its first 2.6 s were killed
    outright (exit 143, nothing said), one of them with its run folder already made. The hook
    raises it as `run_trials` loads its progress bar, after `start_run` wrote the run's plan.
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env["PYTHONPATH"] = str(ROOT)
    hook = HOOK.replace("signal.SIGINT", "signal.SIGTERM").format(
        target="memeval.cli._progress",
        args=["ab", str(ROOT / "tests/fixtures/tasksets/mini"), "--agent", "nop", "--runs-dir", "runs", "--quiet"],
    )
    proc = subprocess.run(
        [sys.executable, "-c", hook], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=patient(120)
    )
    assert proc.returncode == 130, (proc.returncode, proc.stderr[-2000:])
    assert proc.stderr.strip() == "interrupted", proc.stderr[-2000:]
    [run] = (tmp_path / "runs").iterdir()  # the plan was written before the signal
    assert (run / "events.jsonl").is_file()
