"""Host-side process helpers of the sandbox: a parent-death signal, a pidfd wait, killing a tree.

Linux only (prctl(2), pidfd_open(2), /proc). Used by the bubblewrap backend and by the runner for
its helper servers.
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import os
import select
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

_PR_SET_PDEATHSIG = 1
_LIBC = ctypes.CDLL(None, use_errno=True)


def death_signal(sig: int) -> Callable[[], None]:
    """A `preexec_fn` that has the kernel send the child `sig` when its starting thread ends.

    `PR_SET_PDEATHSIG` (prctl(2)) fires when the *thread* that forked exits, not the process: a
    caller that starts children from short-lived threads must allow for it. One prctl call in
    the child before exec, so safe in a `preexec_fn`.

    A parent that dies between the fork and the prctl call sends nothing (the setting is made
    after the death it was to report), and the child runs on, orphaned: prctl(2) says to check
    the parent's pid afterwards. So make one per child, in the process that starts it (the pid
    of that process is taken now): when the child's parent is no longer it, the child sends
    itself `sig` before it can exec. Found by a `kill -9` of `memeval ab` at load 16 that left
    the verifier's outer bubblewrap running for an hour (the child is scheduled milliseconds
    after the fork on a loaded machine, and the kill landed in between).
    """
    parent = os.getpid()

    def preexec() -> None:
        _LIBC.prctl(_PR_SET_PDEATHSIG, sig, 0, 0, 0)
        if os.getppid() != parent:  # the parent died before the prctl call: nothing will signal
            os.kill(os.getpid(), sig)
            os._exit(128 + sig)  # `sig` ignored or caught: end all the same, before the exec

    return preexec


def wait_fast(proc: subprocess.Popen[bytes], timeout: float) -> int:
    """`proc.wait(timeout)`, woken by the kernel the moment it exits (a pidfd, pidfd_open(2)).

    Popen.wait with a timeout polls with sleeps growing to 50 ms, which every trial paid twice.

    Raises:
        subprocess.TimeoutExpired: still running after `timeout` seconds.
    """
    try:
        fd = os.pidfd_open(proc.pid)
    except OSError:
        return proc.wait(timeout=timeout)  # already reaped, or a kernel without pidfds
    try:  # poll, not select: select cannot take a descriptor numbered 1024 or more (see `_capture`)
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        deadline = time.monotonic() + timeout
        while not (ready := poller.poll(max(0, min(math.ceil((deadline - time.monotonic()) * 1000), 1 << 30)))):
            if time.monotonic() >= deadline:
                break
    finally:
        os.close(fd)
    if not ready:
        raise subprocess.TimeoutExpired(proc.args, timeout)
    return proc.wait()


def write_all(fd: int, data: bytes) -> None:
    """Write `data` to `fd` and close it; a reader that went away early is not an error."""
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
    except BrokenPipeError:
        return  # bubblewrap died before reading its arguments: its exit status says why


def _descendants(pid: int) -> list[int]:
    """Every process below `pid` (children first found by `/proc/*/stat`'s parent field)."""
    children: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue  # ended while we looked
            children.setdefault(ppid, []).append(int(d.name))
    out, stack = [], [pid]
    while stack:
        for c in children.get(stack.pop(), []):
            out.append(c)
            stack.append(c)
    return out


def kill_tree(pid: int) -> None:
    """SIGKILL `pid`'s process group and every process below it.

    The sandbox's own PID 1 runs in a session of its own (`--new-session`), and the death signal
    `--die-with-parent` asks for does not survive the user-namespace mapping, so killing the
    outer bubblewrap alone leaves the sandbox running (and holding its status pipe). Killing PID 1
    of the sandbox's PID namespace takes every process inside with it.

    The group goes first: killed after the processes below it, the outer bubblewrap could see its
    child end by SIGKILL and exit 137 on its own before its signal arrived (seen at load 24), and
    a sandbox killed from outside then read as a command that exited 137. The processes below are
    found before any signal is sent, so none is missed when the dead ones are reparented.
    """
    below = _descendants(pid)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)
    for p in below:
        with contextlib.suppress(ProcessLookupError):
            os.kill(p, signal.SIGKILL)


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL the sandbox: its process group and the sandbox's own processes below it."""
    kill_tree(proc.pid)
