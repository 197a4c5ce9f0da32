"""Room on the runs folder's disk: checked before a run starts, and after every agent's turn.

A task's `storage_mb` is held by a watch that looks about once a second (`memeval.sandbox.DiskWatch`),
so what it promises must fit on the disk that holds the worlds: the runs folder's. Two rules:

- Before a run starts (new or resumed), the runs folder's free space must cover what one trial
  can write under the largest storage cap its tasks name (task.toml `storage_mb`) plus `RESERVE_MB`
  for memeval's own files (kept outputs, events, the world's copies). If not, the run is refused
  with the numbers and the fixes (`UsageError`, exit 2) before anything is stored. When only the
  trials that may run at once (the `concurrency` largest caps, every arm and repeat a trial) would
  not fit together, the run goes on with a warning on stderr: public Harbor tasks name
  `storage_mb = 10240` as a matter of course, and refusing those at a concurrency of 8 would ask
  80 GiB free of every host, while most trials write far less than their cap. The run's
  `--default-storage-mb` (memeval's own number, 10 GiB, for tasks naming none) is not counted: at
  the default concurrency it would ask 40-80 GiB free of every host. Capping each trial at its
  share of the free space instead was weighed and not taken: a run would hold limits its tasks
  never asked for, different on every host, and the watch's one-second lag would still let a fast
  writer past the smaller cap.
- After an agent's turn, `after_turn` looks whether the disk ran out (less than `LOW_WATER_MB` MiB
  or `LOW_WATER_FILES` inodes free), now or while the turn ran (`memeval.runner._lowwater`, which
  also names the trial that filled it). If another trial's sandbox filled it, the turn's writes
  could fail through no doing of its own: its world is removed and the attempt gets a `process`
  fault (not scored, retried under `--retries`). If this attempt filled it, the attempt's world
  (every folder the agent could write) is removed before memeval writes anything more, the turn ends
  `errored` with the reason, and the attempt ends with a `protocol` fault, never retried: the turn's
  writes filled the disk (so a fresh attempt would be a re-roll the agent could ask for by filling
  it), and its world is gone, so nothing is verified. A fault is never scored and counts against the
  verdict (`memeval.runner._policy.FAULTS_IN_THE_VERDICT`). The reason says whether the world grew
  past its cap (or had none) or stayed within it (the host had less room than the cap: lower
  `--default-storage-mb` or free the disk).
"""

from __future__ import annotations

import errno
import os
import shutil
import sys
import threading
import time
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from memeval.errors import UsageError, WorldBuildError
from memeval.runner._lowwater import FILLER_PREFIX, LOW_WATER_FILES, Room, Turn, room
from memeval.sandbox import STORAGE_LIMIT_PREFIX, Limits, task_limits
from memeval.types import FaultCode

if TYPE_CHECKING:
    from memeval.runner._plan import AbOptions

RESERVE_MB = 64
"""MiB of the runs folder's disk kept a running trial for memeval's own files, beyond its storage cap."""


def free_bytes(path: Path) -> int:
    """Bytes an unprivileged writer may still use on the filesystem holding `path`.

    statvfs(3)'s `f_bavail` x `f_frsize`; `path`'s nearest existing parent is asked when it does not exist yet.

    Raises:
        OSError: no parent of `path` can be asked.
    """
    p = path.absolute()
    while not p.exists() and p != p.parent:
        p = p.parent
    st = os.statvfs(p)
    return st.f_bavail * st.f_frsize


def disk_full(path: Path) -> Room | None:
    """The room left on `path`'s filesystem when it is low, else None.

    Low is `Room.low`: under `LOW_WATER_MB` MiB or `LOW_WATER_FILES` inodes free.
    """
    left = room(path)
    return left if left.low else None


def check_room(opts: AbOptions) -> None:
    """Refuse a run one of whose trials may write more than its runs folder's disk has free; warn of more at once.

    The caps are the per-trial ones its tasks name (task.toml `storage_mb` or `storage`; a task
    naming none counts 0, the run's default is not counted), each arm and repeat of a task a trial,
    each with `RESERVE_MB` MiB for memeval's own files. The warning (one `warning: ...` line on
    stderr) weighs the sum of the `opts.concurrency` (at most the planned trials) largest.
    A Ray run builds its worlds on other machines and is not checked here.

    Raises:
        UsageError: the largest cap plus `RESERVE_MB` exceeds `free_bytes(opts.runs_dir)`; the line
            names the folder, both numbers in MiB, the largest cap and where it comes from, and the fixes.
    """
    if opts.executor == "ray":
        return
    caps: list[tuple[int, str]] = []
    for task in opts.task_set.tasks:
        try:
            limits = task_limits(task)  # no defaults: only what the task itself names
        except WorldBuildError:  # a size that does not parse: that task's world build says so
            continue
        if limits.disk_bytes:
            caps += [(limits.disk_bytes, f"task {task.task_id}")] * (len(opts.modes) * max(1, opts.repeats))
    at_once = max(1, min(opts.concurrency, len(opts.task_set.tasks) * len(opts.modes) * max(1, opts.repeats)))
    caps.sort(key=lambda c: c[0], reverse=True)
    free = free_bytes(opts.runs_dir)
    one = (caps[0][0] if caps else 0) + (RESERVE_MB << 20)
    if one > free:
        if caps:
            what = (
                f"its cap of {caps[0][0] >> 20} MiB ({caps[0][1]}'s task.toml storage_mb), plus {RESERVE_MB} MiB "
                "for memeval's own files"
            )
            fix = "free some space, give --runs-dir on a larger disk, or lower the task's storage_mb"
        else:  # no task names a cap: memeval's own files alone do not fit (a full disk, or /proc)
            what = f"{RESERVE_MB} MiB for memeval's own files; no task names a storage_mb"
            fix = "free some space or give --runs-dir on a writable disk with room"
        raise UsageError(
            f"the runs folder {opts.runs_dir} has {free >> 20} MiB free, but one trial may write {one >> 20} MiB "
            f"({what}): {fix}"
        )
    need = sum(c for c, _ in caps[:at_once]) + (RESERVE_MB << 20) * at_once
    if need > free:
        sys.stderr.write(
            f"warning: the runs folder {opts.runs_dir} has {free >> 20} MiB free; the {at_once} trials that may run "
            f"at once may write {need >> 20} MiB under their tasks' storage_mb: a turn that fills the disk ends "
            "with a protocol fault (lower --concurrency or free space to avoid it)\n"
        )


@dataclass(frozen=True)
class Filled:
    """An agent's turn that left the runs folder's disk full, and what the attempt records of it.

    Attributes:
        reason: the turn's `agent.exited` reason (why it ended `errored`).
        fault: the attempt's fault: (code, phase, message).
    """

    reason: str
    fault: tuple[FaultCode, str, str]


def _free_world(work: Path, keep: Collection[Path]) -> None:
    """Remove every entry of `work` but `keep` (the world, io, home, tmp, verify: all its sandboxes wrote)."""
    for entry in work.iterdir():
        if entry not in keep:
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry, ignore_errors=True)  # the free space, not each file, is what counts after
            else:
                entry.unlink(missing_ok=True)


def _files_freed(before: Room, after: Room) -> str:
    """` and N files` when the disk was low on inodes (`Room.files`) before, else nothing."""
    if before.files is None or after.files is None or before.files >= LOW_WATER_FILES:
        return ""
    return f" and {after.files - before.files} files"


def after_turn(
    work: Path,
    limits: Limits | None,
    limit_hit: str | None,
    keep: Collection[Path],
    during: str = "the agent's turn",
    turn: Turn | None = None,
    over_cap: str | None = None,
) -> Filled | None:
    """If the disk holding `work` filled during a sandbox of the attempt, free it and say how it ended.

    Args:
        work: the attempt's host folder (world, io, home, tmp, verify: all the agent could write).
        limits: the world's limits (`World.limits`); its `disk_bytes` is the storage cap, None for none.
        limit_hit: the sandbox's limit reason so far (`DiskWatch`'s when the world grew past its cap).
        keep: files directly under `work` to keep (memeval's own copies of the turn's output).
        during: which sandbox, as the reason names it: the agent's turn, or the verifier (which runs
            the agent's program: its fault is `protocol` too, phase `verify`).
        turn: the sandbox as the process's disk watch saw it (`memeval.runner._lowwater.LOW.turn`),
            which names the filler of every episode of a full disk while it ran; None: only the disk's
            state now is looked at, and a full disk is this attempt's doing.
        over_cap: for the verifier, the storage limit's reason when the agent's turn had already left the
            world past its cap (`DiskWatch`): a disk the verifier then fills is laid to that, never to a
            cap larger than the disk (the world did not stay within it).

    Returns:
        None when the disk is not low (`Room.low`) and no episode of a full disk was seen while
        the sandbox ran. Else `Filled`, after every other entry of `work` was removed: a `protocol`
        fault (never retried) when this attempt filled it (the episode named it, or the disk is full
        and no episode names another), a `process` fault (retried under `--retries`) when only
        another trial's sandbox did, since the writes of this one could fail through no doing of its own.
    """
    left = disk_full(work)
    others = turn.others() if turn is not None else []
    own = turn is not None and turn.filled
    if left is None and not own and not others:
        return None
    _free_world(work, keep)
    now = room(work)
    phase = "agent" if during == "the agent's turn" else "verify"
    unread = "the verifier did not run" if during == "the agent's turn" else "its reward is not read"
    if not own and others:
        reason = (
            f"the runs folder's disk filled during {during}, by another trial's sandbox ({', '.join(others)}), "
            f"whose world grew the most: this one's writes could fail through no doing of its own, so it is not "
            f"scored; its world was removed, so {unread}"
        )
        return Filled(reason, ("process", phase, f"{during} ran beside a full disk: {reason}"))
    cap_bytes = limits.disk_bytes if limits is not None else None
    if left is None:
        what = f"the runs folder's disk filled during {during} and was emptied again before it ended"
    else:
        what = f"the runs folder's disk filled during {during} ({left} left)"
    freed = (
        f"the world was removed to free {(now.bytes - left.bytes) >> 20} MiB{_files_freed(left, now)}, so {unread}"
        if left is not None
        else f"the world was removed, so {unread}"
    )
    if cap_bytes is None:
        whose = "the task holds its world to no storage cap"
    elif limit_hit is not None and limit_hit.startswith(STORAGE_LIMIT_PREFIX):
        whose = limit_hit
    elif turn is not None and turn.grown is not None and turn.grown > cap_bytes:  # past it before DiskWatch looked
        whose = (
            f"{STORAGE_LIMIT_PREFIX}{cap_bytes >> 20} MiB exceeded: the world's writable folders grew by "
            f"{turn.grown >> 20} MiB"
        )
    elif over_cap is not None:
        whose = f"the agent's turn had left its world past its cap ({over_cap})"
    else:
        whose = (
            f"its world stayed within its storage cap of {cap_bytes >> 20} MiB, so the disk had less room than "
            "the cap (free it, or lower --default-storage-mb or the task's storage_mb)"
        )
    if limit_hit is not None and limit_hit.startswith(FILLER_PREFIX):  # the process's watch ended it
        whose = f"{limit_hit}; {whose}"
    reason = f"{what}; {whose}; {freed}"
    return Filled(reason, ("protocol", phase, f"{during} filled the disk: {reason}"))


FULL_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT})
"""The errors of a write to a full disk (or a quota used up)."""

ROOM_WAIT_S = 60.0
"""Seconds memeval waits for room on the runs folder's disk after one of its own writes for a trial failed."""


def wait_for_room(path: Path, timeout_s: float = ROOM_WAIT_S, cancel: threading.Event | None = None) -> bool:
    """Wait until the disk holding `path` is no longer low (`Room.low`: a filler's world removed).

    Returns False on timeout, or at once when `cancel` is set (the run is stopping).
    """
    deadline = time.monotonic() + timeout_s
    while room(path).low:
        if time.monotonic() >= deadline or (cancel is not None and cancel.wait(0.1)):
            return False
        if cancel is None:
            time.sleep(0.1)
    return True


def own_write_fault(stage: str, others: Collection[str], exc: OSError) -> tuple[FaultCode, str, str]:
    """The fault of an attempt one of memeval's own writes for which found the runs folder's disk full.

    Args:
        stage: how far the attempt had got: `build` (its agent never ran), `agent` (the agent's turn
            started), `verify` (the verifier started).
        others: other trials named filler while the attempt ran (`memeval.runner._lowwater.LOW.fillers_since`).
        exc: the write's error.

    Returns:
        (code, phase, message): `process` (retried under `--retries`) when another trial's sandbox filled
        it; else `boot` before the agent ran (nothing of the agent's is on the disk: the host's disk is
        full); else `protocol`, never retried: what the agent left (memeval's copies of it, for the diff
        and the kept world, among them) filled it, and a fresh attempt would be a re-roll it could ask for.
    """
    what = f"memeval's own write for this trial failed ({exc.strerror}); the attempt's folder was removed"
    phase = "build" if stage == "build" else stage
    if others:
        return (
            "process",
            phase,
            (
                f"{what}: another trial's sandbox ({', '.join(sorted(others))}) filled the runs folder's disk, "
                "not this trial's agent"
            ),
        )
    if stage == "build":
        return "boot", "build", f"{what}: the runs folder's disk is full before the agent ran"
    return (
        "protocol",
        phase,
        (
            f"{what}: what the agent left filled the runs folder's disk (no other trial's sandbox was seen "
            "filling it), so nothing is verified"
        ),
    )
