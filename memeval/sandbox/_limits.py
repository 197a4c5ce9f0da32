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

RLIMIT_FSIZE (largest file, from `storage_mb`) is set under every mechanism.
"""

from __future__ import annotations

import math
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

LimitsMechanism = Literal["cgroup2", "cgroup1", "rlimits"]

DEFAULT_PROCESSES = 1024
"""Process limit when a task names none (`[environment] max_processes`)."""
DEFAULT_FILE_BYTES = 1 << 30
"""Largest file when a task names no `storage_mb`: 1 GiB."""
_CG = Path("/sys/fs/cgroup")


@dataclass(frozen=True)
class Limits:
    """What one sandbox may use. None means no limit of that kind.

    Attributes:
        memory_bytes: memory of all its processes together (per process under `rlimits`).
        cpus: CPUs' worth of time (a CFS quota under cgroups; CPU-seconds = cpus x budget under rlimits).
        processes: processes and threads at once.
        file_bytes: largest file any process may write (RLIMIT_FSIZE; past it, SIGXFSZ).
    """

    memory_bytes: int | None = None
    cpus: float | None = None
    processes: int | None = DEFAULT_PROCESSES
    file_bytes: int = DEFAULT_FILE_BYTES

    def describe(self) -> str:
        """E.g. `memory 2048 MiB, 1 cpus, 1024 processes, files up to 1024 MiB`."""
        parts = []
        if self.memory_bytes is not None:
            parts.append(f"memory {self.memory_bytes >> 20} MiB")
        if self.cpus is not None:
            parts.append(f"{self.cpus:g} cpus")
        if self.processes is not None:
            parts.append(f"{self.processes} processes")
        parts.append(f"files up to {self.file_bytes >> 20} MiB")
        return ", ".join(parts)


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
    """The mechanism this machine offers (see the module docstring). `MEMEVAL_SANDBOX_LIMITS=rlimits` forces rlimits."""
    if os.environ.get("MEMEVAL_SANDBOX_LIMITS") == "rlimits":
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
    if isinstance(value, int | float) and not isinstance(value, bool):
        return int(value * (1 << 20))
    if isinstance(value, str):
        s = value.strip().upper().removesuffix("B").removesuffix("I")
        mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}.get(s[-1:], None)
        try:
            return int(float(s[:-1]) * mult) if mult else int(float(s) * (1 << 20))
        except ValueError:
            pass
    raise ValueError(f"{where} is {value!r}: give a number of MiB or a size such as '2G' or '512M'")
