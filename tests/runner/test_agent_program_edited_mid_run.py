"""An agent's program or a `file:` host file it names, edited while its run runs: no trial after is scored.

The run card pins the agent's program (`binary_hash`) and each host file its command names (`file:<path>`)
when the run is planned, and each sandbox binds them read-only as they are on the host when it starts. Only
the agent's folder and the tasks were hashed again per trial, so a program or config rewritten during a long
run (an upgrade, a `git pull` in the tool's checkout) ran another agent under the card's hashes. Now each
attempt hashes them again before and after its turn; a change is a `protocol` fault naming both hashes. A
real `memeval ab` process and real sandboxes; the test edits the files once the first trial has started.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from runner_helpers import make_task
from test_breaker_task_edited_mid_run import _run_editing

CHECK = 'if [ "$(cat /app/answer.txt 2>/dev/null)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'


def _sha(path: Path) -> str:
    return "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()


def _tool(tmp_path: Path) -> tuple[Path, Path]:
    """A tool installed outside the system folders (bound at its own path): a program and its config."""
    bin_dir = tmp_path / "tool" / "bin"
    bin_dir.mkdir(parents=True)
    program, conf = bin_dir / "fake-agent", bin_dir / "answer.conf"
    program.write_text('#!/bin/sh\nsleep 2\nif [ -n "$SOLVE" ]; then cat "$1" > /app/answer.txt; fi\n')
    program.chmod(0o755)
    conf.write_text("41")
    return program, conf


def test_an_agent_program_edited_during_the_run_decides_no_trial(tmp_path: Path) -> None:
    make_task(tmp_path / "tasks", "t", test_sh=CHECK)
    program, conf = _tool(tmp_path)
    conf.write_text("42")
    pinned = _sha(program)

    def edit() -> None:  # another program, which solves the task, under the same run card
        program.write_text(program.read_text().replace('if [ -n "$SOLVE" ]; then', "if true; then"))

    trials, _ = _run_editing(tmp_path, ["--agent", "command", "--agent-cmd", f"{program} {conf}"], edit)
    for t in trials:
        assert t["verified"] is not True, t  # before: the trial after the edit passed
        assert t["fault"]["code"] == "protocol", t["fault"]
        msg = t["fault"]["message"]
        assert "the agent changed since the run began" in msg and "binary hash" in msg, msg
        assert pinned in msg and _sha(program) in msg, msg


def test_a_file_the_agent_command_names_edited_during_the_run_decides_no_trial(tmp_path: Path) -> None:
    make_task(tmp_path / "tasks", "t", test_sh=CHECK)
    program, conf = _tool(tmp_path)
    program.write_text(program.read_text().replace('if [ -n "$SOLVE" ]; then', "if true; then"))
    pinned = _sha(conf)

    def edit() -> None:  # the agent's config now holds the answer
        conf.write_text("42")

    trials, _ = _run_editing(tmp_path, ["--agent", "command", "--agent-cmd", f"{program} {conf}"], edit)
    for t in trials:
        assert t["verified"] is not True, t  # before: the trial after the edit passed
        assert t["fault"]["code"] == "protocol", t["fault"]
        msg = t["fault"]["message"]
        assert f"the agent's host file {conf} now" in msg, msg
        assert pinned in msg and _sha(conf) in msg, msg
