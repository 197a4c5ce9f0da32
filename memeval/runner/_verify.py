"""The verifier: held-back tests run after the agent is gone, in a fresh sandbox.

`/tests` is a fresh copy of the task's `tests/`, read-only; `/logs/verifier` is a folder created
empty at this moment and bound over anything the world had at that path, so a reward file the
agent wrote earlier can never be read. Rewards follow the Harbor convention: `reward.txt` holds
one number in [0, 1]; `reward.json` holds named rewards, of which the key `reward` counts (or the
only key, when there is one). A trial passes when its reward is 1 (full credit).
"""

from __future__ import annotations

import json
import math
import shutil
from dataclasses import dataclass
from pathlib import Path

from memeval.sandbox import SANDBOX_CAPS_FOR_USER_SWITCH, Mount, SandboxSpec, World, run_sandboxed
from memeval.tasks import Task


@dataclass(frozen=True)
class Reward:
    """A reward read from `/logs/verifier`: its value and which file and key gave it."""

    value: float
    source: str


class RewardError(ValueError):
    """The verifier's reward file is missing or malformed (a `protocol` fault)."""


@dataclass(frozen=True)
class VerifierRun:
    """How the verifier ended: its exit code, whether it ran over budget, and its output file."""

    exit_code: int | None
    timed_out: bool
    died: bool
    output: Path
    logs_dir: Path


def read_reward(logs_dir: Path) -> Reward:
    """Read the reward the verifier wrote.

    Raises:
        RewardError: neither file exists, or the value is not a number in [0, 1], or reward.json
            has several keys and none called `reward`.
    """
    txt, js = logs_dir / "reward.txt", logs_dir / "reward.json"
    if txt.is_file():
        raw = txt.read_text(encoding="utf-8", errors="replace").strip()
        try:
            value = float(raw)
        except ValueError as exc:
            raise RewardError(f"reward.txt holds {raw[:40]!r}, not a number in [0, 1]") from exc
        return Reward(_check(value, "reward.txt"), "reward.txt")
    if js.is_file():
        try:
            data = json.loads(js.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise RewardError(f"reward.json is not valid JSON: {exc}") from exc
        if not isinstance(data, dict) or not data:
            raise RewardError('reward.json must be an object of named rewards, e.g. {"reward": 1}')
        key = "reward" if "reward" in data else (next(iter(data)) if len(data) == 1 else None)
        if key is None:
            raise RewardError(f"reward.json has keys {sorted(data)}; name the one that counts `reward`")
        value = data[key]
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise RewardError(f"reward.json:{key} is {value!r}, not a number in [0, 1]")
        return Reward(_check(float(value), f"reward.json:{key}"), f"reward.json:{key}")
    raise RewardError("the verifier wrote no reward.txt or reward.json in /logs/verifier")


def _check(value: float, where: str) -> float:
    if math.isnan(value) or not 0.0 <= value <= 1.0:
        raise RewardError(f"{where} holds {value}, outside [0, 1]")
    return value


def run_verifier(task: Task, world: World, work: Path, *, timeout_s: float) -> VerifierRun:
    """Copy the held-back tests in and run `bash /tests/test.sh` from the world's WORKDIR.

    Args:
        task: the task whose `tests/` are copied.
        world: the world as the agent left it (every agent process is already gone).
        work: a fresh folder for the verifier's files.
        timeout_s: the verifier's budget, in seconds.
    """
    tests = work / "tests"
    shutil.copytree(task.tests_dir, tests, symlinks=False)
    logs = work / "logs" / "verifier"
    logs.mkdir(parents=True)
    env = {"PATH": world.path_var(), "HOME": "/tmp", "LANG": "C.UTF-8", **world.env}
    env.update(task.config.verifier.env)
    mounts = world.mounts() + (Mount(tests, "/tests"), Mount(logs, "/logs/verifier", writable=True))
    spec = SandboxSpec(mounts, world.workdir, env, caps=SANDBOX_CAPS_FOR_USER_SWITCH, limits=world.limits)
    output = work / "verifier-output.txt"
    res = run_sandboxed(spec, ["bash", "/tests/test.sh"], timeout_s=timeout_s, stdout=output, stderr=output)
    return VerifierRun(res.exit_code, res.timed_out, res.died, output, logs)
