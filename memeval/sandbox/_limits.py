"""Resource limits for a sandbox: memory, CPU, processes and file size.

Which mechanism holds them depends on the machine (`limits_mechanism`):

- `cgroup1`: memeval runs as root on a host whose cgroup v1 `memory`, `pids` and `cpu` hierarchies
  are mounted (kernel docs: Documentation/admin-guide/cgroup-v1/). Each sandbox gets its own group
  under memeval's own: `memory.limit_in_bytes` (all processes together), `pids.max`, and a CFS
  quota of `cpus` CPUs. The kernel's counters (`memory.oom_control`'s `oom_kill`,
  `pids.events`' `max`) say which limit was hit.
- `cgroup2`: the same on a unified hierarchy whose controllers are delegated to memeval's cgroup
  (`memory.max`, `pids.max`, `cpu.max`; `memory.events`, `pids.events`).
- `rlimits`: otherwise, per-process rlimits (setrlimit(2)): RLIMIT_NPROC (per user namespace and
  uid, so per sandbox), RLIMIT_DATA = the memory limit (per process, not the sum), RLIMIT_CPU =
  `cpus` x the turn's budget in CPU-seconds (per process). Which limit was hit is not known.

RLIMIT_FSIZE (largest file, from `storage_mb`) is set under every mechanism. The total a task's
`storage_mb` allows is held by a watch (`DiskWatch`), under every mechanism, on the agent's turn:
every writable folder of the sandbox is measured (blocks in use, each inode once, no symlink
followed) when it starts and then about once a second (less often when a walk is slow, at most a
tenth of the time spent walking); when they have grown by more than the limit the sandbox is
killed and its turn ends `errored` with the reason. The sandbox's own `/tmp` is a fresh folder on
disk, counted with them (it was a tmpfs: memory). Verifiers are watched the same way. What is
written between two checks can go past the limit until the next one, or fill the disk: the runner
refuses a run whose disk cannot hold its tasks' caps and frees a world that filled it
(`memeval.runner._room`).

A task whose task.toml names no `storage_mb` or no `memory_mb` gets the run's defaults
(`DefaultLimits`, set by `memeval ab --default-storage-mb/--default-memory-mb` and recorded on the
run card): the storage default is held as above (files stay limited to `DEFAULT_FILE_BYTES`); the
memory default only under `cgroup1`/`cgroup2`, never as RLIMIT_DATA, whose per-process count of
writable mappings could stop an agent CLI that maps much more than it touches.
"""

from __future__ import annotations

import errno
import math
import os
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from memeval.sandbox._settings import limits_forced

LimitsMechanism = Literal["cgroup2", "cgroup1", "rlimits"]

DEFAULT_PROCESSES = 1024
"""Process limit when a task names none (`[environment] max_processes`)."""
DEFAULT_FILE_BYTES = 1 << 30
"""Largest file when a task names no `storage_mb`: 1 GiB."""
INODE_CHARGE = 4096
"""Least bytes one file, folder or link counts for in `disk_usage`: an empty file holds no data
block but takes an inode of the host's, so a world of a million empty files is not 0 bytes."""
DEFAULT_STORAGE_MB = 10240
"""`--default-storage-mb`'s default: Harbor's own default for a task's `storage_mb` (10 GiB)."""
DEFAULT_MEMORY_MB = 2048
"""`--default-memory-mb`'s default (2 GiB, applied under cgroups only)."""
STORAGE_LIMIT_PREFIX = "storage limit of "
"""How `DiskWatch`'s reason for a world grown past its cap begins (the runner tells it from the others by it)."""
MAX_BYTES = 1 << 50
"""Largest size `parse_size_mb` accepts (1 PiB)."""
_CG = Path("/sys/fs/cgroup")


@dataclass(frozen=True)
class Limits:
    """What one sandbox may use. None means no limit of that kind.

    Attributes:
        memory_bytes: memory of all its processes together (per process under `rlimits`).
        cpus: CPUs' worth of time (a CFS quota under cgroups; CPU-seconds = cpus x budget under rlimits).
        processes: processes and threads at once.
        file_bytes: largest file any process may write (RLIMIT_FSIZE; past it, SIGXFSZ).
        disk_bytes: how much the sandbox's writable folders may grow in all (a task's
            `storage_mb`), held by `DiskWatch` on sandboxes that ask for it (agent turns); None:
            no total limit.
    """

    memory_bytes: int | None = None
    cpus: float | None = None
    processes: int | None = DEFAULT_PROCESSES
    file_bytes: int = DEFAULT_FILE_BYTES
    disk_bytes: int | None = None
    disk_from: str = "task.toml storage_mb"
    """Where `disk_bytes` came from, named in the reason when the limit is hit."""

    def describe(self) -> str:
        """The limits in words, e.g. `memory 2048 MiB, 1024 processes, files up to 1024 MiB`.

        With `disk_bytes`: `..., world grows by at most 1024 MiB in all (watched about every 1 s)`.
        """
        parts = []
        if self.memory_bytes is not None:
            parts.append(f"memory {self.memory_bytes >> 20} MiB")
        if self.cpus is not None:
            parts.append(f"{self.cpus:g} cpus")
        if self.processes is not None:
            parts.append(f"{self.processes} processes")
        parts.append(f"files up to {self.file_bytes >> 20} MiB")
        if self.disk_bytes is not None:
            parts.append(f"world grows by at most {self.disk_bytes >> 20} MiB in all (watched about every 1 s)")
        return ", ".join(parts)


@dataclass(frozen=True)
class DefaultLimits:
    """The run's limits for tasks whose task.toml names none (a task's own values always win).

    Attributes:
        storage_mb: MiB the world may grow by in all when a task names no `storage_mb` (0: none).
        memory_mb: MiB of memory when a task names no `memory_mb` (0: none); applied only under
            `cgroup1`/`cgroup2` (see the module docstring).
    """

    storage_mb: int = DEFAULT_STORAGE_MB
    memory_mb: int = DEFAULT_MEMORY_MB

    def card(self, mechanism: LimitsMechanism) -> dict[str, str] | None:
        """The run card's `default_limits`: `{"storage_mb": "10240", "memory_mb": "2048"}`.

        A default of 0 reads `none`; a memory default under `rlimits` reads e.g. `2048 (not applied:
        limits held by rlimits)`. None when both are 0 (no default: what runs did before the field).
        """
        if not self.storage_mb and not self.memory_mb:
            return None
        memory = str(self.memory_mb or "none")
        if self.memory_mb and mechanism == "rlimits":
            memory += " (not applied: limits held by rlimits)"
        return {"storage_mb": str(self.storage_mb or "none"), "memory_mb": memory}


MAX_TREE_DEPTH = 200
"""Deepest folder nesting memeval walks in a world the agent wrote (levels below a writable root).

The host's own walks (the workspace diff, the tamper scan, copies and removal of worlds) recurse
once a level in Python 3.11 and name files by whole paths; a tree nested past this is refused
before any of them sees it (see `too_deep`)."""
MAX_TREE_PATH = 3072
"""Longest path, in bytes below a writable root, memeval walks: with the host's own folders in
front it stays under Linux's PATH_MAX (4096), past which a path-based walk skips a folder unseen."""


TOO_DEEP_PREFIX = "the world holds folders nested too deep"
"""How every reason about a tree past `MAX_TREE_DEPTH` / `MAX_TREE_PATH` begins."""


class TreeTooDeep(Exception):
    """A world holds a folder nested past `MAX_TREE_DEPTH` levels or `MAX_TREE_PATH` bytes.

    Attributes:
        raw: the first such folder, relative to its root, as the file system names it.
        path: the same as printable text (an undecodable byte as a backslash escape).
    """

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.path = raw.decode("utf-8", "backslashreplace")
        super().__init__(self.path)

    def reason(self) -> str:
        """One line for a trial's `execution_reason`."""
        shown = self.path if len(self.path) <= 120 else self.path[:60] + "..." + self.path[-40:]
        return (
            f"{TOO_DEEP_PREFIX} to measure or walk safely (over {MAX_TREE_DEPTH} levels "
            f"or {MAX_TREE_PATH} bytes of path): {shown}"
        )


def disk_usage(roots: Iterable[Path]) -> int:
    """Bytes of disk in use under `roots` (st_blocks x 512, at least `INODE_CHARGE`), each inode once.

    Nothing is followed: a symlink counts as itself, so a link the sandbox planted never leads the
    walk outside. An entry that vanishes during the walk is skipped.

    Raises:
        TreeTooDeep: a folder lies deeper than `MAX_TREE_DEPTH` levels or `MAX_TREE_PATH` bytes
            below its root (such a folder would otherwise hide what it holds from the count).
    """
    seen: set[tuple[int, int]] = set()
    total = 0
    stack: list[tuple[bytes, bytes, int]] = [(os.fsencode(r), b"", 0) for r in roots]
    while stack:
        d, rel, depth = stack.pop()
        if depth > MAX_TREE_DEPTH or len(rel) > MAX_TREE_PATH:
            raise TreeTooDeep(rel)
        try:
            it = os.scandir(d)
        except OSError as exc:
            if exc.errno == errno.ENAMETOOLONG:
                raise TreeTooDeep(rel) from exc
            continue  # gone, or not a folder (a file bound alone is counted by its parent walk)
        with it:
            for e in it:
                try:
                    st = e.stat(follow_symlinks=False)
                    if e.is_dir(follow_symlinks=False):
                        stack.append((e.path, rel + b"/" + e.name if rel else e.name, depth + 1))
                except OSError:
                    continue
                key = (st.st_dev, st.st_ino)
                if key not in seen:
                    seen.add(key)
                    total += max(st.st_blocks * 512, INODE_CHARGE)
    return total


def too_deep(root: Path) -> str | None:
    """The first folder under `root` nested past `MAX_TREE_DEPTH` / `MAX_TREE_PATH`, or None.

    The walk is iterative and stops at the limit, so no tree an agent can make crashes it.
    """
    try:
        disk_usage([root])
    except TreeTooDeep as exc:
        return exc.path
    return None


class DiskWatch:
    """Holds a total-size limit on folders a sandbox writes: growth past `cap_bytes` is a limit hit.

    The first walk (at creation) is the baseline; `hit()` walks again when about one second has
    passed, or ten times the last walk's duration if that is longer, so a world of many files
    never costs the host more than a tenth of its time.
    """

    INTERVAL_S = 1.0

    def __init__(self, roots: Iterable[Path], cap_bytes: int, source: str = "task.toml storage_mb") -> None:
        self.roots = tuple(roots)
        self.cap = cap_bytes
        self.source = source
        try:
            self.base = self._walk()
        except TreeTooDeep:  # the world was built so; its agent's turn is refused at the first check
            self.base = 0
        self.grown = 0

    def _walk(self) -> int:
        t0 = time.monotonic()
        used = disk_usage(self.roots)
        self.next_at = time.monotonic() + max(self.INTERVAL_S, 10 * (time.monotonic() - t0))
        return used

    def hit(self, *, now: bool = False) -> str | None:
        """The reason the limit is exceeded, or None; walks only when due (or `now`)."""
        if not now and time.monotonic() < self.next_at:
            return None
        try:
            self.grown = self._walk() - self.base
        except TreeTooDeep as exc:
            self.next_at = time.monotonic() + self.INTERVAL_S
            return exc.reason()
        if self.grown > self.cap:
            return (
                f"{STORAGE_LIMIT_PREFIX}{self.cap >> 20} MiB ({self.source}) exceeded: the world's "
                f"writable folders grew by {self.grown >> 20} MiB"
            )
        return None


def _own_cgroup(controller: str) -> str | None:
    """This process's cgroup path in hierarchy `controller` (`` for the unified one), from /proc/self/cgroup."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, names, path = line.split(":", 2)
        if controller in names.split(","):
            return path
    return None


def _cgroup1_dirs() -> dict[str, Path] | None:
    out = {}
    for c in ("memory", "pids", "cpu"):
        own = _own_cgroup(c)
        base = _CG / c
        if own is None or not (base / "cgroup.procs").exists():
            return None
        out[c] = base / own.lstrip("/")
    return out if all(os.access(d, os.W_OK) for d in out.values()) else None


def _cgroup2_dir() -> Path | None:
    if not (_CG / "cgroup.controllers").exists():
        return None
    own = _own_cgroup("")
    if own is None:
        return None
    d = _CG / own.lstrip("/")
    try:
        enabled = (d / "cgroup.subtree_control").read_text().split()
    except OSError:
        return None
    if {"memory", "pids", "cpu"} <= set(enabled) and os.access(d, os.W_OK):
        return d
    return None


def limits_mechanism() -> LimitsMechanism:
    """The mechanism this machine offers (see the module docstring). `MEMEVAL_SANDBOX_LIMITS=rlimits` forces rlimits.

    Raises:
        UsageError: `MEMEVAL_SANDBOX_LIMITS` is set to anything else (`memeval.sandbox._settings.limits_forced`).
    """
    if limits_forced():
        return "rlimits"
    if _cgroup2_dir() is not None:
        return "cgroup2"
    if _cgroup1_dirs() is not None:
        return "cgroup1"
    return "rlimits"


def rlimit_args(limits: Limits, mechanism: LimitsMechanism, budget_s: float) -> list[str]:
    """`prlimit` options for `limits` (only RLIMIT_FSIZE when a cgroup holds the rest)."""
    args = [f"--fsize={limits.file_bytes}"]
    if mechanism == "rlimits":
        if limits.processes is not None:
            args.append(f"--nproc={limits.processes}")
        if limits.memory_bytes is not None:
            args.append(f"--data={limits.memory_bytes}")
        if limits.cpus is not None:
            args.append(f"--cpu={max(1, math.ceil(limits.cpus * budget_s))}")
    return args


class LimitGroup:
    """A cgroup made for one sandbox: created with its limits, joined by the sandbox, read, removed.

    Use `LimitGroup.create(limits, mechanism)`; None under `rlimits`.
    """

    def __init__(self, mechanism: LimitsMechanism, dirs: dict[str, Path], limits: Limits) -> None:
        self.mechanism = mechanism
        self.dirs = dirs
        self.limits = limits

    @classmethod
    def create(cls, limits: Limits, mechanism: LimitsMechanism) -> LimitGroup | None:
        """Make the group and write its limits; None under `rlimits`.

        Raises:
            OSError: the cgroup file system refused (reported by the backend as a sandbox error).
        """
        name = f"memeval-{secrets.token_hex(6)}"
        if mechanism == "cgroup2":
            parent = _cgroup2_dir()
            assert parent is not None
            d = parent / name
            d.mkdir()
            g = cls(mechanism, {"memory": d, "pids": d, "cpu": d}, limits)
            if limits.memory_bytes is not None:
                (d / "memory.max").write_text(str(limits.memory_bytes))
                _try_write(d / "memory.swap.max", "0")
            if limits.processes is not None:
                (d / "pids.max").write_text(str(limits.processes))
            if limits.cpus is not None:
                (d / "cpu.max").write_text(f"{int(limits.cpus * 100000)} 100000")
            return g
        if mechanism == "cgroup1":
            parents = _cgroup1_dirs()
            assert parents is not None
            dirs = {c: p / name for c, p in parents.items()}
            for d in dirs.values():
                d.mkdir()
            g = cls(mechanism, dirs, limits)
            if limits.memory_bytes is not None:
                (dirs["memory"] / "memory.limit_in_bytes").write_text(str(limits.memory_bytes))
                _try_write(dirs["memory"] / "memory.memsw.limit_in_bytes", str(limits.memory_bytes))
            if limits.processes is not None:
                (dirs["pids"] / "pids.max").write_text(str(limits.processes))
            if limits.cpus is not None:
                (dirs["cpu"] / "cpu.cfs_period_us").write_text("100000")
                (dirs["cpu"] / "cpu.cfs_quota_us").write_text(str(int(limits.cpus * 100000)))
            return g
        return None

    def join(self, pid: int) -> None:
        """Move process `pid` (not yet running the sandbox) into the group."""
        for d in {id(d): d for d in self.dirs.values()}.values():
            (d / "cgroup.procs").write_text(str(pid))

    def hit(self) -> str | None:
        """Which limit the kernel enforced so far, as a reason, or None."""
        mem = self.dirs["memory"] / ("memory.events" if self.mechanism == "cgroup2" else "memory.oom_control")
        if _counter(mem, "oom_kill") > 0:
            mib = (self.limits.memory_bytes or 0) >> 20
            return f"memory limit of {mib} MiB exceeded: the kernel killed a process (out of memory)"
        if _counter(self.dirs["pids"] / "pids.events", "max") > 0:
            return f"process limit of {self.limits.processes} reached: a process could not fork"
        return None

    def remove(self) -> None:
        """Remove the group (every process in it is gone by now); a busy group is left behind."""
        for d in {id(d): d for d in self.dirs.values()}.values():
            try:
                d.rmdir()
            except OSError:
                continue  # a process still dying in it: the group is empty and harmless


def _counter(path: Path, key: str) -> int:
    try:
        for line in path.read_text().splitlines():
            k, _, v = line.partition(" ")
            if k == key:
                return int(v)
    except (OSError, ValueError):
        return 0
    return 0


def _try_write(path: Path, value: str) -> None:
    if path.exists():
        path.write_text(value)


def parse_size_mb(value: object, where: str) -> int | None:
    """Bytes of a size given as a number of MiB or a string such as `2G`, `512M`, `1024`."""
    if value is None:
        return None
    size: float | None = None
    if isinstance(value, int | float) and not isinstance(value, bool):
        size = float(value) * (1 << 20)
    elif isinstance(value, str):
        s = value.strip().upper().removesuffix("B").removesuffix("I")
        mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}.get(s[-1:], None)
        try:
            size = float(s[:-1]) * mult if mult else float(s) * (1 << 20)
        except ValueError:
            size = None
    if size is not None and math.isfinite(size) and 0 < size <= MAX_BYTES:
        return int(size)
    raise ValueError(
        f"{where} is {value!r}: give a number of MiB or a size such as '2G' or '512M', above 0 and at most 1P"
    )
