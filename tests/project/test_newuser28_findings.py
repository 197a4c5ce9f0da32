"""What a new user met on a fresh clone (newuser28, issue 17), each checked as the user met it.

- `check-tasks` on a task whose solve.sh ran past the agent's time (or exited non-zero) said "the solution
  (oracle) failed 2 of 2 scored trials: the tests or solution/solve.sh are wrong", the words of a wrong
  test; the trial records knew it had `timed_out` (or `errored`). Now the line names the limit and how to
  raise it, or the failing exit and where its output is.
- A bare `run` at a Python prompt (README's API: `run = memeval.load_run(...)`) printed the dataclass
  repr: the whole run card, manifest, every trial record and the verdict's internals, about 60 KB for the
  sample run. Now one line: id, status, trials, verdict, folder.
- `memeval review approve ... --password-stdin` (or `users token`) with nothing on stdin said to give "each
  password on a line of its own (`users add` with --user: your own first, then the new account's)", a
  command the user had not typed. The `users add` note is now said by `users add --user` alone.
- `memeval serve` on a store with no account yet (started before `users add`) showed a login form that
  refused every name, with nothing saying why. It now says so on stderr, with the command that makes the
  store's first account.
- README wrote `memeval ab TASKSET` (and **TASKSET**) where `memeval ab --help`, its missing-argument error,
  README's own `--until-decided` line and docs/agents/ say `TASKS`.
"""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
from pathlib import Path

from line_reader import Lines
from patience import patient
from usage_line import REPO, one_usage_line, run_memeval, set_up_memeval, spawn_memeval

import memeval

MINI_TASK = REPO / "tests" / "fixtures" / "tasksets" / "mini" / "add-numbers"
SAMPLE_RUN = REPO / "tests" / "fixtures" / "runlog_v1" / "sample-t01"


def _task(root: Path, name: str, solve: str, agent_timeout_s: float | None = None) -> None:
    """A copy of the mini add-numbers task under `root/name` whose solution/solve.sh is `solve`."""
    dst = root / name
    shutil.copytree(MINI_TASK, dst)
    (dst / "solution" / "solve.sh").write_text(f"#!/bin/bash\n{solve}\n", encoding="utf-8")
    if agent_timeout_s is not None:
        toml = (dst / "task.toml").read_text(encoding="utf-8")
        assert "[agent]\ntimeout_sec = 30.0" in toml, toml
        toml = toml.replace("[agent]\ntimeout_sec = 30.0", f"[agent]\ntimeout_sec = {agent_timeout_s}")
        (dst / "task.toml").write_text(toml, encoding="utf-8")


def test_check_tasks_says_the_solution_ran_out_of_time_or_failed(tmp_path: Path) -> None:
    tasks = tmp_path / "tasks"
    tasks.mkdir()
    _task(tasks, "slow", "sleep 600", agent_timeout_s=1.0)
    _task(tasks, "exits", "echo about to fail; exit 3")
    _task(tasks, "wrong", "true")  # runs to its end, changes nothing: the tests fail it
    res = run_memeval("check-tasks", str(tasks), "--runs-dir", str(tmp_path / "runs"), "--quiet", cwd=tmp_path)
    assert res.returncode == 1, res.stderr
    lines = {w.split(":", 1)[0]: w for w in res.stdout.splitlines() if w.startswith("broken ")}
    assert set(lines) == {"broken slow", "broken exits", "broken wrong"}, res.stdout
    slow = lines["broken slow"]
    assert "2 ran out of the agent's time (1 s) before solve.sh finished" in slow, slow
    assert "raise [agent] timeout_sec (1) in task.toml, or pass --agent-timeout," in slow, slow
    assert "the tests or solution/solve.sh are wrong" not in slow, slow
    exits = lines["broken exits"]
    assert "2 ended with solve.sh failing" in exits and "`memeval view " in exits, exits
    assert "the tests or solution/solve.sh are wrong" not in exits, exits
    wrong = lines["broken wrong"]
    assert "solve.sh ran to its end and the tests failed it: the tests or solution/solve.sh are wrong" in wrong


def test_a_loaded_run_prints_as_one_line(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    shutil.copytree(SAMPLE_RUN, run_dir)
    run = memeval.load_run(run_dir)
    shown = repr(run)
    assert "\n" not in shown and len(shown) < 300, shown[:400]
    verdict = run.result.verdict
    assert verdict is not None
    assert shown.startswith(f"<Run {run.result.run_id} {run.status}: 2 trials, verdict {verdict.verdict}"), shown
    assert str(run_dir) in shown and str(run) == shown


def test_an_empty_password_stdin_names_only_the_command_typed(tmp_path: Path) -> None:
    env = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'audit.sqlite'}"}
    made = set_up_memeval("users", "add", "alice", "--role", "admin", "--password-stdin", cwd=tmp_path, env=env,
                          stdin="correct horse battery\n")  # fmt: skip
    assert made.returncode == 0, made.stderr
    token = run_memeval("users", "token", "alice", "--user", "alice", "--password-stdin", cwd=tmp_path, env=env,
                        stdin="")  # fmt: skip
    line = one_usage_line(token, "--password-stdin: standard input ended before the password for alice")
    assert "users add" not in line, line
    # `users add` with --user reads two lines and still says which comes first
    second = run_memeval("users", "add", "bob", "--role", "viewer", "--user", "alice", "--password-stdin",
                         cwd=tmp_path, env=env, stdin="correct horse battery\n")  # fmt: skip
    one_usage_line(second, "before the new password for bob", "`users add` with --user: your own first")


def _serve_lines(tmp_path: Path, env: dict[str, str]) -> list[str]:
    """What `memeval serve --no-ingest` says on stderr until it is stopped with SIGTERM once listening."""
    proc = spawn_memeval("serve", "--no-ingest", "--port", "0", cwd=tmp_path, env=env,
                         stdout=subprocess.DEVNULL)  # fmt: skip
    assert proc.stderr is not None
    err = Lines(proc.stderr)
    said: list[str] = []
    try:
        while not any("(Ctrl-C to stop)" in line for line in said):
            line = err.next(patient(120))
            assert line is not None, f"no listening line; it said: {said}"
            said.append(line)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=patient(60))
    return said + err.rest().splitlines()


def test_serve_on_a_store_with_no_account_says_how_to_make_one(tmp_path: Path) -> None:
    """Its login page admitted nobody and nothing said why: a new user started the server before `users add`."""
    env = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'audit.sqlite'}"}
    hint = "this store has no account yet, so nobody can log in"
    said = _serve_lines(tmp_path, env)
    (line,) = [w for w in said if hint in w]
    assert "`memeval users add NAME --role admin`" in line, line
    assert said.index(line) == said.index(next(w for w in said if "(Ctrl-C to stop)" in w)) + 1, said  # after it
    made = set_up_memeval("users", "add", "alice", "--role", "admin", "--password-stdin", cwd=tmp_path, env=env,
                          stdin="correct horse battery\n")  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert not [w for w in _serve_lines(tmp_path, env) if hint in w]


def test_readme_names_each_commands_argument_as_its_help_does(tmp_path: Path) -> None:
    """README's synopsis was `memeval ab TASKSET` and its bullet **TASKSET**, while `memeval ab --help` (and its
    "Missing argument 'TASKS'"), README's own `--until-decided` line and docs/agents/ say TASKS."""
    docs = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]
    for command in ("ab", "check-tasks"):
        usage = run_memeval(command, "--help", cwd=tmp_path).stdout.splitlines()[0]
        assert usage.startswith(f"Usage: memeval {command} [OPTIONS] "), usage
        name = usage.split()[-1]
        written = {
            (doc.name, m.group(1))
            for doc in docs
            for m in re.finditer(rf"memeval {command} ([A-Z][A-Z_]+)\b", doc.read_text(encoding="utf-8"))
        }
        assert written and {w for _, w in written} == {name}, (command, name, sorted(written))
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "**TASKS** (the task set)" in readme and "TASKSET**" not in readme
