"""The verifier: held-back tests run after the agent is gone, in a fresh sandbox.

`/tests` is a fresh copy of the task's `tests/`, read-only; `/logs/verifier` is a folder created empty at this
moment and bound over anything the world had at that path, so a reward file the agent wrote earlier can never be
read. Rewards follow Harbor's rules (`interpret_rewards`): `reward.txt` holds one number in [0, 1]; `reward.json`
holds named rewards and wins when both exist. A trial passes when its reward is 1 (full credit).
"""

from __future__ import annotations

import errno
import json
import math
import os
import shutil
import signal
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from memeval._finitejson import RepeatedKey, loads_finite
from memeval.runner._gitguard import git_overrides, scan_git_config
from memeval.runner._guard import (
    clear_mount_path,
    drop_bytecode_caches,
    guard_mounts,
    pycache_mount,
    test_sh_shell,
    verifier_env,
    world_folders,
)
from memeval.runner._heldfiles import held_configs, vouchers
from memeval.runner._heldwatch import HeldWatch, held_rewritten
from memeval.runner._homeconfig import home_written, passwd_home_written, passwd_homes
from memeval.runner._mtimes import date_tests, settle_world
from memeval.runner._removed import removed_late, world_folders_before
from memeval.runner._verifierhome import world_written
from memeval.sandbox import (
    SANDBOX_CAPS_FOR_USER_SWITCH,
    ExitReport,
    Mount,
    SandboxSpec,
    World,
    parse_exit_report,
    run_sandboxed,
)
from memeval.tasks import Task


@dataclass(frozen=True)
class Reward:
    """A reward read from `/logs/verifier`: its value and which file and key gave it."""

    value: float
    source: str


class RewardError(ValueError):
    """The verifier's reward file is missing or malformed (a `protocol` fault)."""


class NoRewardError(RewardError):
    """Neither `reward.txt` nor `reward.json` is in `/logs/verifier`."""


@dataclass(frozen=True)
class VerifierRun:
    """How the verifier ended: its exit code, whether it ran over budget, and its output file."""

    exit_code: int | None
    timed_out: bool
    died: bool
    output: Path
    logs_dir: Path
    cleared: tuple[str, ...] = ()
    """Paths on the way to the verifier's mount points that held a symlink or file, removed."""
    report: ExitReport | None = None
    """What the wrapper saw when test.sh ended: its exit code and the processes still running
    (stopped and killed before the reward was read); None when it did not report (the sandbox
    was killed, timed out, or something inside interfered)."""
    limit_hit: str | None = None
    """The resource limit (memory, processes) the verifier's sandbox reached, as a reason, or None.
    With no `report` memeval ended the sandbox for it before test.sh finished, so what
    `/logs/verifier` holds is what the tested code left, not test.sh's reward."""
    output_bytes: int | None = None
    """Bytes test.sh and what it ran printed (the file keeps at most the first and last 4 MiB); None when not
    counted (refused, or a backend that does not count)."""
    refused: str | None = None
    """Why test.sh was not run at all (`memeval.runner._gitguard.GitScan.refused`): a `protocol`
    fault; None when it ran."""
    home_written: tuple[str, ...] = ()
    """User configuration test.sh's run left in the verifier's fresh `HOME` (`memeval.runner._verifierhome`)."""
    world_written: tuple[str, ...] = ()
    """Configuration files of the world written while test.sh ran (`memeval.runner._verifierhome.world_written`), and
    user configuration written into the world's home folder by the password database (`root/.sqliterc`:
    `memeval.runner._homeconfig.passwd_home_written`)."""
    world_removed: tuple[str, ...] = ()
    """Files of the world whose removal steers a check, removed while test.sh ran (`memeval.runner._removed`)."""
    held_removed: tuple[str, ...] = ()
    """Held-back files' names removed from a folder of tests while test.sh ran (`memeval.runner._heldwatch`)."""
    held_rewritten: tuple[str, ...] = ()
    """Files named like a held-back file written while test.sh ran with other content (`_heldwatch`)."""


MAX_REWARD_BYTES = 64 << 10
"""Largest reward file read; a longer one is a `protocol` fault."""


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
    ):
        if test(mode):
            return name
    return "not a regular file"


def _read_reward_file(dir_fd: int, name: str) -> bytes | None:
    """The bytes of `name` in the open folder `dir_fd`, or None when there is no such entry.

    Code the tests run shares the verifier's rights, so what sits in `/logs/verifier` is hostile:
    the file is opened without following a symbolic link (`O_NOFOLLOW`, resolved relative to the
    folder memeval created), without blocking on a named pipe (`O_NONBLOCK`), must be a regular
    file (`fstat`), and is read up to `MAX_REWARD_BYTES`.

    Raises:
        RewardError: the entry is a symlink, not a regular file, too large or unreadable. The
            message never quotes what the file holds.
    """
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=dir_fd)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise RewardError(f"{name} is a symbolic link; memeval reads only a regular file") from None
        raise RewardError(f"{name} could not be opened ({errno.errorcode.get(exc.errno or 0, exc.errno)})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise RewardError(f"{name} is {_kind(st.st_mode)}; memeval reads only a regular file")
        chunks, left = [], MAX_REWARD_BYTES + 1
        while left > 0 and (chunk := os.read(fd, left)):
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    finally:
        os.close(fd)
    if len(data) > MAX_REWARD_BYTES:
        raise RewardError(f"{name} is over {MAX_REWARD_BYTES} bytes; a reward file holds one number or a small object")
    return data


def read_reward(logs_dir: Path, key: str | None = None) -> Reward:
    """Read the reward the verifier wrote, treating the folder's contents as hostile.

    Both files are opened without following symlinks, refused unless regular files (a pipe is
    never waited on) and capped at `MAX_REWARD_BYTES`; which reward counts follows Harbor's rules
    (`interpret_rewards`). Fault messages say what is wrong (kind of file, size, type of value)
    but never echo the file's content: the file may have been pointed at, or filled from,
    something the agent should never see.

    Args:
        logs_dir: the verifier's output folder (`/logs/verifier` inside the sandbox).
        key: the reward.json key that counts (`--reward-key`), or None for Harbor's rule.

    Raises:
        RewardError: neither file exists; one is a symlink, a pipe, a folder or over
            `MAX_REWARD_BYTES`; a file is malformed; or no reward counts (see `interpret_rewards`).
    """
    try:
        dir_fd = os.open(logs_dir, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as exc:
        raise RewardError(f"the verifier's output folder could not be opened ({exc.strerror})") from None
    try:
        txt = _read_reward_file(dir_fd, "reward.txt")
        js = _read_reward_file(dir_fd, "reward.json")
    finally:
        os.close(dir_fd)
    if txt is None and js is None:
        raise NoRewardError("the verifier wrote no reward.txt or reward.json in /logs/verifier")
    doc: object = None
    if js is not None:
        try:
            doc = loads_finite(js.decode("utf-8"), unique_keys=True)
        except UnicodeDecodeError:
            raise RewardError("reward.json is not UTF-8 text") from None
        except json.JSONDecodeError as exc:
            raise RewardError(f"reward.json is not valid JSON (line {exc.lineno}, column {exc.colno})") from None
        except RepeatedKey as exc:  # a file written from text the tested program printed: the later value won
            raise RewardError(
                f"reward.json names the key {_key_label(exc.key)!r} twice: the last one would count, and text the "
                "tests wrote into it (the tested program's output) can add one, so no reward is read from it"
            ) from None
        except ValueError as exc:  # NotFiniteJSON: 10**400 crashed float(), 5,000 digits crashed json.loads
            raise RewardError(f"reward.json holds {exc}: no reward can be read from it") from None
        except RecursionError:  # written by whatever the tests ran, the agent's code included
            raise RewardError("reward.json is nested deeper than memeval reads") from None
    txt_raw = txt.decode("utf-8", "surrogateescape") if txt is not None else None
    if js is not None and txt_raw is not None:
        conflict = conflicting_rewards(doc, txt_raw, key)
        if conflict is not None:
            raise RewardError(conflict)
    return interpret_rewards(doc if js is not None else None, txt_raw, key)


def conflicting_rewards(doc: object, txt_raw: str, key: str | None = None) -> str | None:
    """Why `reward.txt` and `reward.json`, both present, contradict each other, or None when they do not.

    Harbor's rules pick one file over the other (`interpret_rewards`), but the program the tests run shares
    test.sh's rights in `/logs/verifier`: a test.sh that writes `reward.txt` from the program's output is
    outranked by a `reward.json` the program wrote itself, and a `reward.json` of one named reward without
    `reward` is outranked by a planted `reward.txt`, which fills `reward` in. memeval cannot tell which process
    wrote a file, so two files that disagree are the verifier's protocol broken, never a reward:

    - `reward.json` has a number under `reward` that is not `reward.txt`'s number; or
    - `reward.json` alone would count a reward (see `interpret_rewards`) and `reward.txt`, filling `reward` in,
      makes another value count.

    Files that agree (a task writing both, the usual case) and a `reward.json` of details beside the
    `reward.txt` that counts (several numbers, none `reward`) are not a conflict. The message names the
    values (numbers in [0, 1], never the files' other content) and how to write one file only. A `reward.txt`
    that is not a number is no conflict: Harbor ignores it beside a `reward.json` holding `reward`, and
    `interpret_rewards` refuses it otherwise.

    Raises:
        RewardError: `reward.json`'s `reward` is outside [0, 1].
    """
    if not isinstance(doc, dict):
        return None  # refused as malformed by interpret_rewards
    try:
        txt_value = _txt_value(txt_raw)
    except RewardError:
        return None  # not a number: ignored beside a reward.json that has its own, refused by interpret_rewards if not
    own = doc.get("reward")
    if isinstance(own, int | float) and not isinstance(own, bool):
        json_value = _check(float(own), "reward.json:reward")
        if json_value != txt_value:
            return (
                f"reward.json says reward {json_value:g} and reward.txt says {txt_value:g}: the program the tests "
                "ran can write either file, so memeval counts neither (a test.sh should write one reward file, or "
                "the same number in both)"
            )
        return None
    try:
        alone = interpret_rewards(doc, None, key)
    except RewardError:
        return None  # reward.json alone counts nothing: reward.txt is the reward (details beside it)
    both = interpret_rewards(doc, txt_raw, key)
    if both.value != alone.value:
        return (
            f"reward.json alone counts {alone.source} = {alone.value:g}, and reward.txt ({txt_value:g}) fills in "
            "`reward` over it: the program the tests ran can write either file, so memeval counts neither (a "
            "test.sh should write one reward file, or name the reward that counts with --reward-key)"
        )
    return None


def _key_label(key: str) -> str:
    """A reward.json key as a fault message may show it: only short identifiers, never content."""
    return key if key.isidentifier() and len(key) <= 64 else "(a key that is not a short identifier)"


def interpret_rewards(doc: object | None, txt_raw: str | None, key: str | None = None) -> Reward:
    """Which reward counts, by the rules of Harbor's verifier and its default metric.

    Harbor reads `reward.json` when it exists (else `reward.txt`) into named rewards: the object's
    number-valued keys (booleans and other values are ignored, except under the key that counts,
    `reward` or `key`, where they are a malformed reward); when they lack `reward`, the number
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
    counted = key if key is not None else "reward"
    if counted in doc and counted not in named:
        # a value that is there but not a number is a malformed reward (reward.txt never stands in for
        # it), named by its JSON type only
        raise RewardError(
            f"reward.json holds a JSON {_json_type(doc[counted])} under {_key_label(counted)!r}, not a number in "
            f"[0, 1]; it has numbers under {sorted(_key_label(k) for k in named) or 'no key'}"
        )
    if "reward" not in named and txt_raw is not None:
        named["reward"] = (_txt_value(txt_raw), "reward.txt")
    if key is not None:
        if key not in named:
            raise RewardError(
                f"reward.json has no number under {_key_label(key)!r} (the --reward-key of this run); its "
                f"numbers are under {sorted(_key_label(k) for k in named) or 'no key'}"
            )
        chosen = key
    elif len(named) == 1:
        chosen = next(iter(named))
    elif "reward" in named:
        chosen = "reward"
    else:
        raise RewardError(
            f"reward.json has numbers under {sorted(_key_label(k) for k in named) or 'no key'} and none is `reward`: "
            "name the one that counts with --reward-key KEY"
        )
    value, source = named[chosen]
    if source.startswith("reward.json:"):
        source = "reward.json:" + _key_label(chosen)
    return Reward(_check(value, source), source)


def _txt_value(raw: str) -> float:
    text = raw.strip()
    try:
        if not text.isascii():  # float() reads full-width and other Unicode digits; a reward file does not
            raise ValueError(text)
        value = float(text)
    except ValueError:
        size = len(raw.encode("utf-8", "surrogateescape"))  # the file's own byte count, never its content
        raise RewardError(f"reward.txt holds {size} bytes that are not a number in [0, 1]") from None
    return _check(value, "reward.txt")


def _json_type(value: object) -> str:
    return {bool: "boolean", str: "string", list: "array", dict: "object", type(None): "null"}.get(
        type(value), type(value).__name__
    )


def _check(value: float, where: str) -> float:
    if math.isnan(value) or not 0.0 <= value <= 1.0:
        raise RewardError(f"{where} holds a number outside [0, 1]")
    return value


def reward_fault(exc: RewardError, exit_code: int | None) -> str:
    """The `protocol` fault's message for a reward that could not be read, with how test.sh ended.

    A missing reward after a non-zero exit is said as such: the usual cause is a check that failed under
    `set -e`, which ends test.sh before it writes `0`.
    """
    if isinstance(exc, NoRewardError) and exit_code not in (0, None):
        return (
            f"{exc}: test.sh ended with an error first (a check that failed under `set -e`? a test.sh should write "
            f"0 when the tests fail; test.sh exit code {exit_code})"
        )
    return f"{exc} (test.sh exit code {exit_code})"


def exit_doubt(exit_code: int | None, reward: Reward) -> str | None:
    """Why a passing `reward` is not read after test.sh exited non-zero, or None when it may be.

    The program the tests run shares test.sh's rights in `/logs/verifier`: it can write `1` there and then
    fail, so that a test.sh under `set -e` (or one that stops at the first failed check) ends before it writes
    its own reward. A test.sh that exits non-zero has not said the tests passed; a reward below full credit
    beside it stays what it is (a fail, scored), a passing one is a `protocol` fault. A test.sh that ends with
    `exit "$status"` of its tests after writing the reward is unaffected: it exits non-zero only beside a 0.
    """
    if exit_code in (0, None) or reward.value < 1.0:
        return None
    return (
        f"{reward.source} says the trial passed, but test.sh failed: the program the tests ran can write "
        "/logs/verifier, so a passing reward beside a failing exit is not read (a test.sh should exit 0 once it "
        f"has written its reward; test.sh exit code {exit_code})"
    )


def killed_by(exit_code: int | None) -> str | None:
    """The signal that ended test.sh, from its exit code, or None when it exited by itself.

    bubblewrap (like a shell) reports a command killed by signal N as exit code 128 + N. Code the
    tests run shares test.sh's rights: it can write a passing reward and then kill test.sh before
    test.sh writes its own, so a reward left by a killed test.sh is never read. A test.sh that
    itself ends with `exit 137` reads the same and is refused the same way (its author can exit
    with the test's own code instead).

    Returns:
        e.g. `signal 9 (SIGKILL, exit code 137)`, or None.
    """
    if exit_code is None or not 128 < exit_code <= 128 + 64:
        return None
    num = exit_code - 128
    try:
        name = signal.Signals(num).name
    except ValueError:
        name = "a real-time signal"
    return f"signal {num} ({name}, exit code {exit_code})"


def task_env(task: Task, world: World) -> dict[str, str]:
    """The verifier's environment as the task defines it, before memeval hardens it.

    Defaults, then the Dockerfile's ENV, then the task's `[verifier.env]`.
    """
    env = {"PATH": world.path_var(), "HOME": "/tmp", "LANG": "C.UTF-8", **world.env}
    env.update(task.config.verifier.env)
    return env


def run_verifier(
    task: Task, world: World, work: Path, *, timeout_s: float, stop: Callable[[], str | None] | None = None
) -> VerifierRun:
    """Copy the held-back tests in and run `bash /tests/test.sh` from the world's WORKDIR.

    The environment is the task's, hardened so the agent's files cannot steer the verifier's
    tools (see `memeval.runner._guard`). test.sh runs under the sandbox's exit wrapper: the
    moment it exits, every process it left running is stopped, named and killed, so a process
    the tested code started cannot rewrite the reward afterwards (`VerifierRun.report`). The copy of `tests/` is
    dated now and the world's entries dated later are dated back (`memeval.runner._mtimes`), so a build rule over
    a held-back file rebuilds whatever the agent left in its target's place.

    Args:
        task: the task whose `tests/` are copied.
        world: the world as the agent left it (every agent process is already gone).
        work: a fresh folder for the verifier's files.
        timeout_s: the verifier's budget, in seconds.
        stop: `SandboxSpec.stop` (a reason to end the sandbox at once: it filled the runs folder's disk).
    """
    tests = work / "tests"
    shutil.copytree(task.tests_dir, tests, symlinks=False)
    now_ns = time.time_ns()
    date_tests(tests, now_ns)  # newer than anything the agent left: make rebuilds what it builds from them
    settle_world(world.root, now_ns)
    logs = work / "logs" / "verifier"
    logs.mkdir(parents=True)
    cleared = clear_mount_path(world, "/logs/verifier")
    if world.venv_inside is not None:  # the agent's file or symlink at `/opt/memeval` of a world with `/opt`
        cleared += clear_mount_path(world, world.venv_inside)
    drop_bytecode_caches(world.root)  # for `python3 -I -S`, which reads neither PYTHONPYCACHEPREFIX nor the guard
    git = scan_git_config(world)
    output = work / "verifier-output.txt"
    if git.refused is not None:
        output.write_text("")
        return VerifierRun(None, False, False, output, logs, tuple(cleared), refused=git.refused)
    env = verifier_env(task_env(task, world), world_folders(world), git_overrides(git.keys), venv=world.venv_inside)
    shell = test_sh_shell(work / "shell")  # test.sh out of reach of the programs it runs (ptrace, /proc/PID/mem)
    mounts = world.mounts() + (
        Mount(tests, "/tests"),
        Mount(logs, "/logs/verifier", writable=True),
        *guard_mounts(),
        pycache_mount(work / "pycache"),
        shell,
    )
    # The task's storage_mb holds here too (the agent's program runs in it): the world, /logs/verifier and /tmp
    # on disk, watched; /tmp was an unsized tmpfs, half the host's memory for whatever the tests ran.
    spec = SandboxSpec(
        mounts,
        world.workdir,
        env,
        caps=SANDBOX_CAPS_FOR_USER_SWITCH,
        limits=world.limits,
        watch_disk=True,
        tmp_dir=work / "tmp",
        no_attach=True,  # nothing the tests run may trace or rewrite the runner that started it
        stop=stop,
    )
    since_ns = time.time_ns()  # after memeval's own changes to the world: what changes from now on is test.sh's run
    was = world_folders_before(str(world.root))  # moved folders (b43), removed files (b44), package files (b48)
    held = held_configs(tests)  # a copy of a held-back file is test.sh's
    with HeldWatch(str(world.root), sorted(was.test_folders)) as watch:
        res = run_sandboxed(
            spec, [shell.inside, "/tests/test.sh"], timeout_s=timeout_s, stdout=output, stderr=output, exit_report=True
        )
        held_gone = watch.gone(held)  # a held-back test's copy removed leaves nothing to see after
    report = parse_exit_report(res.status)
    code = res.exit_code
    if code is None and res.limit_hit is not None and report is not None:
        code = report.exit_code  # test.sh ended by itself and was reported; the limit hit a process it ran
    seen = res.output_bytes[0] if res.output_bytes else None
    home = home_written(work / "tmp")  # the sandbox's HOME: what a later tool of test.sh read there
    late = world_written(world.root, since_ns, held, was.inodes, was.watched, *vouchers(tests, world.venv))
    # and the home folders by the password database that the world holds (`/root/.sqliterc`: sqlite3 reads it)
    late = tuple(sorted({*late, *passwd_home_written(world.root, passwd_homes(world_folders(world)), since_ns)}))
    top = str(world.root)  # files removed, and held-back ones rewritten, while test.sh ran (breaker44)
    left = (removed_late(top, was), held_gone, held_rewritten(top, since_ns, held, was.inodes))
    head = (code, res.timed_out, res.died, output, logs, tuple(cleared), report, res.limit_hit, seen, None)
    return VerifierRun(*head, home, late, *left)
