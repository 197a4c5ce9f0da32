"""Helpers for the runner tests: build Harbor-layout tasks in a temp folder, run `memeval ab`."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import textwrap
import traceback
from collections.abc import Callable
from pathlib import Path

import pytest
from patience import patient
from typer.testing import CliRunner

from memeval.cli import app

REPO = Path(__file__).resolve().parents[2]
MINI = REPO / "tests" / "fixtures" / "tasksets" / "mini"


def make_task(
    root: Path,
    name: str,
    *,
    test_sh: str = "echo 1 > /logs/verifier/reward.txt\n",
    dockerfile: str | None = "WORKDIR /app\nCOPY app/ /app/\n",
    solve_sh: str | None = None,
    files: dict[str, str] | None = None,
    task_toml: str = "[verifier]\ntimeout_sec = 20.0\n[agent]\ntimeout_sec = 20.0\n",
    instruction: str = "Do the task.\n",
) -> Path:
    """Write a task folder; `files` are relative to environment/app."""
    t = root / name
    (t / "environment" / "app").mkdir(parents=True)
    (t / "tests").mkdir()
    (t / "task.toml").write_text(task_toml)
    (t / "instruction.md").write_text(instruction)
    if dockerfile is not None:
        (t / "environment" / "Dockerfile").write_text(dockerfile)
    (t / "tests" / "test.sh").write_text("#!/bin/bash\n" + textwrap.dedent(test_sh))
    (t / "environment" / "app" / ".keep").write_text("")
    for rel, text in (files or {}).items():
        p = t / "environment" / "app" / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    if solve_sh is not None:
        (t / "solution").mkdir()
        (t / "solution" / "solve.sh").write_text("#!/bin/bash\n" + textwrap.dedent(solve_sh))
    return t


def ab_cheat_and_honest(
    tmp_path: Path, run_ab: RunAb, agent: str, tests: dict[str, str], *ab_args: str, **task: str
) -> tuple[int, dict, str]:
    """`memeval ab` over two tasks, `cheat` and `honest`, and one scripted agent (`python3 -c AGENT`, no network).

    Each task asks for 42 in answer.txt (its instruction names the task, so the agent knows which part it plays);
    `tests` are written into each task's tests/ beside test.sh; `task` goes to `make_task`. Returns run_ab's
    (exit code, JSON document, stderr).
    """
    tasks = tmp_path / "tasks"
    for name in ("cheat", "honest"):
        t = make_task(tasks, name, instruction=f"{name}: write 42 to answer.txt.\n", **task)
        for rel, text in tests.items():
            (t / "tests" / rel).write_text(text)
    return run_ab(
        str(tasks), "--agent", "command", "--agent-cmd", f"python3 -c {shlex.quote(agent)}", "--network", "none",
        *ab_args,
    )  # fmt: skip


def one_item_pack(path: Path) -> Path:
    """Write a `memeval.pack/1` file of one lesson at `path`; return `path`.

    Its slice is what gives the pack arm's agent a memory file (`MEMORY.md` in its working
    directory): the one thing in its inputs a cheat written to act by arm can tell it from.
    """
    item = {"id": "pk_0001", "kind": "lesson", "text": "Read the task twice.", "provenance": {"source": "session"}}
    path.write_text(json.dumps({"schema": "memeval.pack/1", "name": "team", "version": "1", "items": [item]}))
    return path


RunAb = Callable[..., tuple[int, dict, str]]


@pytest.fixture
def run_ab(tmp_path: Path) -> RunAb:
    """Run `memeval ab ARGS --json --runs-dir tmp/runs`; return (exit code, JSON doc or {}, stderr)."""
    runner = CliRunner()

    def go(*args: str) -> tuple[int, dict, str]:
        res = runner.invoke(app, ["ab", *args, "--json", "--quiet", "--runs-dir", str(tmp_path / "runs")])
        doc = json.loads(res.stdout) if res.exit_code in (0, 1, 3) and res.stdout.strip().startswith("{") else {}
        err = res.stderr
        if res.exc_info is not None and not isinstance(res.exception, SystemExit):
            # an exception the command let escape: CliRunner keeps it off stderr, so add it
            err += "".join(traceback.format_exception(*res.exc_info))
        return res.exit_code, doc, err

    return go


def trials_by_id(doc: dict) -> dict[str, dict]:
    return {t["trial_id"]: t for t in doc["trials"]}


LINK_TEST_SH = """\
if cmp -s /app/answer.txt /tests/expected.txt; then echo 1; else echo 0; fi > /logs/verifier/reward.txt
"""
"""A verifier that passes when `/app/answer.txt` is the held-back `/tests/expected.txt`, byte for byte."""


def check_planted_link_removed(tmp_path: Path, run_ab: RunAb, agent_cmd: str, test_sh: str = LINK_TEST_SH) -> None:
    """Run `agent_cmd`, which leaves `/app/answer.txt` a link to the held-back answer, on a task whose
    verifier compares the two (`test_sh`); assert that no trial passed and that each names the link
    as a `verifier-path` tamper finding."""
    t = make_task(tmp_path / "tasks", "secret", test_sh=test_sh, instruction="Write the secret number to answer.txt.\n")
    (t / "tests" / "expected.txt").write_text("9137\n")
    code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--network", "none", "--agent", "command", "--agent-cmd", agent_cmd
    )
    assert code in (0, 1), err
    for tr in trials_by_id(doc).values():
        assert (tr["verified"], tr["reward"]) == (False, 0), tr
        kinds = {(f["path"], f["kind"]) for f in tr["tamper"]["findings"]}
        assert ("/app/answer.txt", "verifier-path") in kinds, tr["tamper"]


def trials_after_agent(tmp_path: Path, run_ab: RunAb, agent_cmd: str) -> list[dict]:
    """Run `agent_cmd` (a command agent, no network) on one task whose verifier scores 0; each trial's document.

    For the tamper scan's tests: what the agent leaves is read from the trials' `tamper` findings. Asserts the
    run ended 0 or 1 (its stderr otherwise).
    """
    make_task(tmp_path / "tasks", "t1", test_sh="echo 0 > /logs/verifier/reward.txt\n")
    code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--network", "none", "--agent", "command", "--agent-cmd", agent_cmd
    )
    assert code in (0, 1), err
    return doc["trials"]


def bwrap_pids_under(folder: Path) -> list[int]:
    """bubblewrap processes started for trials under `folder`, found by their host working
    directory: their command line names no host path and no variable (issue 11)."""
    pids = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            argv = (d / "cmdline").read_bytes().split(b"\0")
            cwd = os.readlink(d / "cwd")
        except OSError:
            continue
        if argv and argv[0].endswith(b"bwrap") and cwd.startswith(str(folder) + "/"):
            pids.append(int(d.name))
    return pids


def ab_over_planted_host_files(
    tmp_path: Path,
    agent: str,
    binds: list[tuple[Path, str]],
    extra: tuple[str, ...] = (),
    env_add: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """A real `memeval ab` of `tmp_path/tasks` (command agent `sh -c agent`, no network, `--json`) in a
    private mount namespace of its own where each (planted file or folder, host path) of `binds` is
    bind-mounted over the host path (`unshare --mount`: the host's files are never written); `env_add` is added
    to its environment.
    """
    ab = [sys.executable, "-m", "memeval", "ab", str(tmp_path / "tasks"), "--agent", "command"]
    ab += ["--agent-cmd", f"sh -c {shlex.quote(agent)}", "--network", "none", "--json", "--quiet"]
    ab += ["--runs-dir", str(tmp_path / "runs"), *extra]
    mounts = " && ".join(f"mount --bind {shlex.quote(str(src))} {shlex.quote(dst)}" for src, dst in binds)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    return subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "sh", "-c", f"{mounts} && exec {shlex.join(ab)}"],
        env={**env, **(env_add or {}), "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=patient(120),
        check=False,
    )


def bytes_read() -> int:
    """Bytes this process's read calls have returned so far (`rchar` of `/proc/self/io`, the page cache's included).

    `run_ab` runs memeval in this process, so the difference across a call is what the run read on the host.
    """
    for line in Path("/proc/self/io").read_text().splitlines():
        if line.startswith("rchar:"):
            return int(line.split()[1])
    raise AssertionError("no rchar in /proc/self/io")
