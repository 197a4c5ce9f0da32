"""The verifier: held-back tests run after the agent is gone, in a fresh sandbox.

`/tests` is a fresh copy of the task's `tests/`, read-only; `/logs/verifier` is a folder created
empty at this moment and bound over anything the world had at that path, so a reward file the
agent wrote earlier can never be read. Rewards follow Harbor's rules (`interpret_rewards`):
`reward.txt` holds one number in [0, 1]; `reward.json` holds named rewards and wins when both
exist. A trial passes when its reward is 1 (full credit).
"""

from __future__ import annotations

import json
import math
import shutil
from dataclasses import dataclass
from pathlib import Path

from memeval.sandbox import Mount, SandboxSpec, World, run_sandboxed
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


def read_reward(logs_dir: Path, key: str | None = None) -> Reward:
    """Read the reward the verifier wrote.

    Args:
        logs_dir: the verifier's `/logs/verifier` folder on the host.
        key: the `reward.json` key that counts (`--reward-key`), or None for Harbor's rule.

    Raises:
        RewardError: neither file exists, a file is malformed, or no reward counts (see
            `interpret_rewards`).
    """
    txt, js = logs_dir / "reward.txt", logs_dir / "reward.json"
    txt_raw = txt.read_text(encoding="utf-8", errors="replace") if txt.is_file() else None
    doc: object = None
    if js.is_file():
        try:
            doc = json.loads(js.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise RewardError(f"reward.json is not valid JSON: {exc}") from exc
    elif txt_raw is None:
        raise RewardError("the verifier wrote no reward.txt or reward.json in /logs/verifier")
    return interpret_rewards(doc if js.is_file() else None, txt_raw, key)


def interpret_rewards(doc: object | None, txt_raw: str | None, key: str | None = None) -> Reward:
    """Which reward counts, by the rules of Harbor's verifier and its default metric.

    Harbor reads `reward.json` when it exists (else `reward.txt`) into named rewards: the object's
    number-valued keys (booleans and other values are ignored); when they lack `reward`, the number
    in `reward.txt` is added as `reward`. `reward.txt` alone is `{"reward": its number}`. The
    reward that counts is then the only one, or the one called `reward` (Harbor's `Mean` metric);
    anything else is refused. With `key` (`--reward-key`, recorded on the run card) the named
    reward counts instead; `reward.txt` alone is its own single reward.

    Args:
        doc: the parsed `reward.json`, or None when there is none.
        txt_raw: the text of `reward.txt`, or None when there is none.
        key: the reward.json key that counts, or None.

    Returns:
        The value (in [0, 1]) and its source, `reward.txt` or `reward.json:<key>`.

    Raises:
        RewardError: a malformed file, or no reward that counts (naming the keys and the fix).
    """
    if doc is None:
        if txt_raw is None:
            raise RewardError("the verifier wrote no reward.txt or reward.json in /logs/verifier")
        return Reward(_txt_value(txt_raw), "reward.txt")
    if not isinstance(doc, dict) or not doc:
        raise RewardError('reward.json must be an object of named rewards, e.g. {"reward": 1}')
    named: dict[str, tuple[float, str]] = {
        k: (float(v), f"reward.json:{k}")
        for k, v in doc.items()
        if isinstance(v, int | float) and not isinstance(v, bool)
    }
    if "reward" not in named and txt_raw is not None:
        named["reward"] = (_txt_value(txt_raw), "reward.txt")
    if key is not None:
        if key not in named:
            raise RewardError(
                f"reward.json has no number under {key!r} (the --reward-key of this run); its "
                f"numbers are under {sorted(named) or 'no key'}"
            )
        chosen = key
    elif len(named) == 1:
        chosen = next(iter(named))
    elif "reward" in named:
        chosen = "reward"
    else:
        raise RewardError(
            f"reward.json has numbers under {sorted(named) or 'no key'} and none is `reward`: "
            "name the one that counts with --reward-key KEY"
        )
    value, source = named[chosen]
    return Reward(_check(value, source), source)


def _txt_value(raw: str) -> float:
    text = raw.strip()
    try:
        value = float(text)
    except ValueError as exc:
        raise RewardError(f"reward.txt holds {text[:40]!r}, not a number in [0, 1]") from exc
    return _check(value, "reward.txt")


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
    spec = SandboxSpec(mounts, world.workdir, env)
    output = work / "verifier-output.txt"
    res = run_sandboxed(spec, ["bash", "/tests/test.sh"], timeout_s=timeout_s, stdout=output, stderr=output)
    return VerifierRun(res.exit_code, res.timed_out, res.died, output, logs)
