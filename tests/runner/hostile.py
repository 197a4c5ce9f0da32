"""One hostile trial, set up and read the same way by every breaker test of the runner.

A breaker test of the runner does three things: it writes a Harbor-layout task whose agent is an
attack (a bash script the agent's command runs from the task's `/app`, plus whatever files the
held-back tests need), runs real `memeval ab` on it (one arm, `--arms baseline`, unless the test
asks for both or gives a pack: what a breaker checks is the verifier's and the sandbox's, the same in
both arms; real bubblewrap sandboxes, `--network none`), and reads what the run recorded: each
trial's score, fault and tamper findings, the run's event log, the worlds it kept. This module is
that set-up once, so that a test says only what is particular to it: the attack, the task's test.sh,
and what must hold afterwards.

    def test_x(hostile):
        run = hostile(ATTACK, test_sh=TEST_SH, held={"check.py": CHECK_PY})
        for trial in run.trials:
            assert_refused(trial)

- `hostile` (a fixture, registered in `conftest.py`) returns a `HostileRig` bound to the test's
  `tmp_path`: call it to write one task and run it, or call `.task(...)` several times and `.run()`
  once to run several tasks (each its own attack) in one `memeval ab`.
- `small_runs` (a fixture, registered in `conftest.py`) mounts `tmp_path/runs`, where both the
  `hostile` rig's and `run_ab`'s runs go, as a real tmpfs of 160 MiB (root only), for the disk-fill tests.
- `HostileRun` is what one run left: exit code, JSON document, stderr, and the run's folder.
- `assert_refused` and `assert_found` are the two outcomes most breaker tests check: the attack got
  nothing (a plain failing score, no fault), or the attack worked on the task's own tests and the file
  it planted is a tamper finding of the kind named.
- `write_prog` is the shell lines that leave a Python program in the sandbox (a quoted heredoc).
- `NODE_LIB`, `NODE_HELD`, `NODE_TEST_SH` are a small Node task (an installed package its held-back check
  requires) for the attacks on `node_modules`.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Collection, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from runner_helpers import RunAb, make_task

NODE_LIB = {
    "node_modules/checklib/index.js": "module.exports = { same: (a, b) => a === b };\n",
    "node_modules/checklib/package.json": '{"name": "checklib"}\n',
}
"""A Node task's installed package (`checklib`, in the task's `/app/node_modules`) its held-back check requires."""

NODE_HELD = {
    "check.js": (
        "const fs = require('fs');\nconst { same } = require('checklib');\n"
        "process.exit(same(fs.readFileSync('/tmp/out.txt', 'utf8').trim(), '42') ? 0 : 1);\n"
    )
}
"""The Node task's held-back check: the answer `/app/solution.js` prints must be 42, compared through `checklib`."""

NODE_TEST_SH = (
    "cd /app\nnode solution.js > /tmp/out.txt\ncp /tests/check.js /app/check.js\n"
    "if node /app/check.js; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"
)
"""The Node task's test.sh: run the solution, then the held-back check (reward 1 when it exits 0)."""

OUT_CHECK = "def test_answer():\n    assert open('/tmp/out.txt').read().strip() == '42'\n"
"""A held-back pytest check: the answer the solution wrote to `/tmp/out.txt` must be 42."""

MADE_VENV_SH = (
    "cd /app\npython3 solution.py > /tmp/out.txt\n"
    "[ -d .venv ] || python3 -m venv --system-site-packages --without-pip .venv\n"
    "if .venv/bin/python -m pytest -q -p no:cacheprovider /tests/test_outputs.py >&2; then echo 1; else echo 0;"
    " fi > /logs/verifier/reward.txt\n"
)
"""A test.sh that makes `/app/.venv` only when missing, then runs `OUT_CHECK` (as `test_outputs.py`) with its python:
the agent may make that venv first (breaker44, breaker45)."""

ATTACK_FILE = ".attack.sh"
"""The attack's file name under the task's `environment/app` (so `/app/.attack.sh` in the sandbox)."""

ATTACK_CMD = f"bash /app/{ATTACK_FILE}"
"""The agent's command that runs the attack (`--agent command --agent-cmd`)."""


def write_prog(prog: str, path: str = "/app/prog.py") -> str:
    """Shell lines that write `prog` (Python source ending in a newline) to `path` in the sandbox.

    The heredoc's marker is quoted, so nothing in `prog` is expanded by the shell; `prog` must not
    hold a line that is exactly `PY`.
    """
    return f"cat > {path} <<'PY'\n{prog}PY\n"


def findings(trial: dict) -> dict[tuple[str, str], str]:
    """A trial's tamper findings as `{(path, kind): detail}` (path as the sandbox names it)."""
    return {(f["path"], f["kind"]): f["detail"] for f in trial["tamper"]["findings"]}


def assert_refused(trial: dict) -> None:
    """Assert that the attack got nothing: no fault, and the trial scored a plain failure
    (`verified` False, reward 0)."""
    assert trial["fault"] is None, trial["fault"]
    assert (trial["verified"], trial["reward"]) == (False, 0), trial


def assert_found(trial: dict, path: str, kind: str) -> str:
    """Assert that the attack worked on the task's own tests (no fault, `verified`, reward 1) and that
    the file it planted at `path` is a tamper finding of `kind`; return that finding's detail.

    The pass shows that the attack is real (the tests did run what it planted), so a finding is what
    stands between it and a wrong answer counted as solved.
    """
    assert trial["fault"] is None, trial["fault"]
    assert (trial["verified"], trial["reward"]) == (True, 1), trial
    found = findings(trial)
    assert (path, kind) in found, trial["tamper"]
    return found[(path, kind)]


def assert_clean(trial: dict) -> None:
    """Assert that an honest trial beside the attacks ran, passed its tests (no fault, `verified`, reward 1) and has
    no tamper finding: the checks that catch the attacks do not fire on ordinary work."""
    assert trial["fault"] is None, trial["fault"]
    assert (trial["verified"], trial["reward"]) == (True, 1), trial
    assert findings(trial) == {}, trial["tamper"]


@dataclass(frozen=True)
class HostileRun:
    """What one `memeval ab` run of hostile tasks left.

    Attributes:
        code: the command's exit code (0 passed or no difference, 1 a difference, 3 every trial faulted).
        doc: its `--json` document ({} when it printed none).
        err: its stderr, with any exception the command let escape.
        runs: the `--runs-dir` folder the run was written under.
    """

    code: int
    doc: dict[str, Any]
    err: str
    runs: Path

    @property
    def per_task(self) -> int:
        """Trials each task has in this run: one per arm planned (`run_card.modes`: one arm, else both), one repeat."""
        return len(self.doc.get("run_card", {}).get("modes") or ("baseline", "pack"))

    @property
    def trials(self) -> list[dict]:
        """The trials' records, in the document's order; asserts there is at least one (a check run
        over no trial would pass by checking nothing)."""
        trials = self.doc.get("trials")
        assert trials, (self.code, self.err)
        return trials

    def by_task(self, names: Iterable[str]) -> dict[str, list[dict]]:
        """Each named task's trials, by task name; asserts each has one a planned arm (`per_task`, the rig's one
        repeat), so an attack whose trials went missing cannot pass by checking none."""
        got = {name: [t for t in self.trials if t["task_id"] == name] for name in names}
        assert [len(v) for v in got.values()] == [self.per_task] * len(got), self.trials
        return got

    @property
    def run_dir(self) -> Path:
        """The run's own folder (`runs/<run_id>`)."""
        return self.runs / self.doc["run_id"]

    def events(self) -> list[dict]:
        """The run's event log (`events.jsonl`), one dict per line."""
        return [json.loads(line) for line in (self.run_dir / "events.jsonl").read_text().splitlines()]

    def worlds(self) -> list[Path]:
        """The worlds the run kept (`runs/<run_id>/worlds/*`), sorted by path."""
        return sorted((self.run_dir / "worlds").glob("*"))


ONE_ARM = ("--arms", "baseline")
"""What `HostileRig.run` adds unless the test gives `--arms`, `--pack` or `--resume` (a resume keeps the run's
arms): the breaker tests' claims are about the verifier and the sandbox, the same in both arms, so one arm
checks them with half the trials."""


class HostileRig:
    """Writes hostile tasks under `<tmp_path>/tasks` and runs them with `memeval ab` (see the module)."""

    def __init__(self, tmp_path: Path, run_ab: RunAb) -> None:
        self.tasks = tmp_path / "tasks"
        self.runs = tmp_path / "runs"
        self._run_ab = run_ab

    def task(
        self,
        name: str = "t",
        attack: str | None = None,
        *,
        held: dict[str, str] | None = None,
        **task: Any,
    ) -> Path:
        """Write one task folder (`runner_helpers.make_task`'s keywords in `task`) and return it.

        Args:
            name: the task's folder name (the first part of its trials' ids).
            attack: bash the agent's command runs, written to `environment/app/.attack.sh`; None for none.
            held: files (relative path: text) written under the task's `tests/`, beside test.sh: the
                held-back tests, which the agent never sees.
        """
        t = make_task(self.tasks, name, **task)
        if attack is not None:
            (t / "environment" / "app" / ATTACK_FILE).write_text(attack)
        for rel, text in (held or {}).items():
            p = t / "tests" / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
        return t

    def run(
        self,
        *extra: str,
        agent_cmd: str = ATTACK_CMD,
        codes: Collection[int] | None = (0, 1),
    ) -> HostileRun:
        """Run `memeval ab` on every task written so far, the agent being `agent_cmd`.

        Args:
            extra: more `memeval ab` arguments (`--retain always`, `--tamper fail`, `--env K=V`...).
            agent_cmd: the agent's command; by default the attack.
            codes: the exit codes allowed (asserted, with stderr as the message); None checks none.

        Returns:
            The run's `HostileRun`.
        """
        # one arm unless the test names the arms or gives a pack (a pack is only the pack arm's)
        arms = () if {"--arms", "--pack", "--resume"} & set(extra) else ONE_ARM
        args = ("--network", "none", "--agent", "command", "--agent-cmd", agent_cmd, *arms, *extra)
        code, doc, err = self._run_ab(str(self.tasks), *args)
        if codes is not None:
            assert code in codes, err
        return HostileRun(code, doc, err, self.runs)

    def __call__(
        self,
        attack: str | None = None,
        *extra: str,
        agent_cmd: str = ATTACK_CMD,
        codes: Collection[int] | None = (0, 1),
        name: str = "t",
        held: dict[str, str] | None = None,
        **task: Any,
    ) -> HostileRun:
        """Write one task (`task`'s keywords) with `attack` and run it: `self.task(...)` then `self.run(...)`."""
        self.task(name, attack, held=held, **task)
        return self.run(*extra, agent_cmd=agent_cmd, codes=codes)


@pytest.fixture
def hostile(tmp_path: Path, run_ab: RunAb) -> HostileRig:
    """A `HostileRig` writing under this test's `tmp_path` (tasks in `tasks/`, runs in `runs/`)."""
    return HostileRig(tmp_path, run_ab)


@pytest.fixture
def small_runs(tmp_path: Path) -> Iterator[Path]:
    """`tmp_path/runs` (where the `hostile` rig's and `run_ab`'s runs go) as a tmpfs of 160 MiB; unmounted after.

    Needs root (`mount`); the modules using it skip when not root.
    """
    with runs_on_tmpfs(tmp_path, "size=160m") as runs:
        yield runs


@contextmanager
def runs_on_tmpfs(tmp_path: Path, options: str) -> Iterator[Path]:
    """`tmp_path/runs` as a tmpfs mounted with `options` (`mount -o`); unmounted after. Needs root."""
    runs = tmp_path / "runs"
    runs.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(runs)], check=True)
    try:
        yield runs
    finally:
        subprocess.run(["umount", "-l", str(runs)], check=True)
