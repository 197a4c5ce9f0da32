"""Processes as Linux's /proc shows them, for tests that look for what a command left running.

One reader for the suite: `/proc/PID/stat`'s second field is the command name in parentheses and
may itself hold spaces or ")", so the fields are taken after the last ")" (`stat(pid)[0]` is the
state letter, `[1]` the parent, `[2]` the process group, `[11]`/`[12]` user/system clock ticks,
`[19]` the start time in ticks since boot). A process that ends while it is read counts as gone.
"""

from __future__ import annotations

import os
from pathlib import Path


def pids() -> list[int]:
    """Every process id on the machine."""
    return [int(d.name) for d in Path("/proc").iterdir() if d.name.isdigit()]


def stat(pid: int) -> list[str] | None:
    """The fields of `/proc/PID/stat` after the command name (state, ppid, pgrp, ...), or None if it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def cmdline(pid: int) -> bytes:
    """The process's command line (NUL-separated), or b"" if it is gone (a zombie's is b"" too)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def ppid(pid: int) -> int:
    """The parent's process id, or -1 if the process is gone."""
    fields = stat(pid)
    return int(fields[1]) if fields else -1


def started(pid: int) -> str | None:
    """The process's start time (clock ticks since boot, as written), or None if it is gone: with the id, who it is."""
    fields = stat(pid)
    return fields[19] if fields and len(fields) > 19 else None


def live(*, parent: int | None = None, group: int | None = None) -> list[int]:
    """The live processes (not zombies) whose parent is `parent`, or whose process group is `group`.

    Raises:
        ValueError: neither or both of `parent` and `group` given.
    """
    if (parent is None) == (group is None):
        raise ValueError(f"live() takes parent or group, got parent={parent} group={group}")
    field, want = (1, parent) if parent is not None else (2, group)
    out = []
    for pid in pids():
        fields = stat(pid)
        if fields and fields[0] != "Z" and int(fields[field]) == want:
            out.append(pid)
    return out


def cpu_s(pid: int) -> float:
    """User + system CPU seconds process `pid` has used (from /proc).

    Raises:
        FileNotFoundError: the process is gone.
    """
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
