"""No agent turn of a task runs while a verifier of that task runs, on this machine.

Sandboxes running at once share one kernel, and more of it than their namespaces separate: the
files of the read-only system folders are the same inodes in every sandbox, so one sandbox's
`flock` on `/usr/lib/python3.11/abc.py` is seen by another's `LOCK_NB` attempt (measured: a 7-byte
answer passed whole between two sandboxes, one bit a file), and CPU load and timing are shared
too. A verifier runs the agent's program with `/tests` mounted, so the held-back answer of a task
could go, through any such channel, to an agent of the same task working beside it (the other
arm, another repeat) while its turn is still going on. Channels like these cannot all be closed
from inside a sandbox; what the runner can rule out is the overlap. So per task, agent turns and
verifiers are two groups that never run at the same time: any number of either, never both. A
verifier that is waiting holds new agent turns of its task back, so a stream of repeats cannot
keep it waiting for ever.

The channel is the kernel, so the gate is the machine's, not the process's: the trials of one
`memeval ab` process (its `--concurrency` threads), of two memeval processes, and of a Ray node's
worker processes all go through it. It is kept in `flock` locks on files in a per-user folder,
`$XDG_RUNTIME_DIR/memeval/phases/` (else `<tmp>/memeval-<uid>/phases/`, made private to the user;
a folder that is not is refused with `SandboxError`), four small files a task, never removed (a
lock file removed while in use would split the gate). No sandbox sees the folder (each has a
`/tmp` and `/run` of its own), so no agent can hold a lock. The kernel drops a process's locks when it
ends, so a memeval killed with `kill -9` leaves no task gated. A task is its key: the runner uses
the content hash of its held-back tests (`memeval.tasks.hash_tree`), so two copies of one task
set in two folders are one task. Not covered: runs of another user on the same machine (their
own folder), and a task whose tests differ by one byte (another key, another task).

The locks, per key, each a file: `agents` (held shared by each running agent turn), `verifiers`
(held shared by each running verifier), `waiting` (held shared by each verifier waiting to start)
and `entry` (held exclusively, for a few system calls, by whoever is deciding whether to enter).
Under `entry`, a group is "free" when an exclusive non-blocking `flock` of its file succeeds
(nobody holds it shared); an agent enters when `verifiers` and `waiting` are free, a verifier when
`agents` is; entering takes its group's file shared before `entry` is let go, so no decision ever
sees a stale state. A waiter looks again every `_POLL_S`, or at once when a holder in this process
leaves.

A wait is not the trial's work: each context manager yields how long it waited (ms), which the
attempt records on `agent.started` and `verifier.started` (`waited_ms`), and the projection
reports as `physics.phase_wait_ms`, outside `wall_ms`. A wait cut short by the run stopping
raises `PhaseWaitCancelled` (a KeyboardInterrupt), which carries how long it had waited; the
attempt records it on its `cancelled` fault (`fault.raised`'s `waited_ms`).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import stat
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

from memeval.errors import SandboxError

_POLL_S = 0.05
"""How often a waiter looks at the locks (other processes) and at its stop flag, in seconds."""
_ENTRY_POLL_S = 0.002
"""How often a try at the `entry` lock is repeated while another holds it (a few system calls)."""

Phase = Literal["agent", "verifier"]


SIGNAL_STOP = "the run was interrupted (SIGINT/SIGTERM)"
"""Why a run stopped when a signal (or Ctrl-C) stopped it."""


class StopFlag(threading.Event):
    """The run's stop flag: set when the run is stopping, with the reason its attempts record.

    `reason` is `SIGNAL_STOP` unless `stop` named another (e.g. a sibling attempt's harness
    error); the first reason given wins.
    """

    def __init__(self) -> None:
        super().__init__()
        self.reason = SIGNAL_STOP

    def stop(self, reason: str) -> None:
        """Set the flag, recording `reason` unless it was already set."""
        if not self.is_set():
            self.reason = reason
        self.set()


class PhaseWaitCancelled(KeyboardInterrupt):
    """The run stopped while a trial waited at the gate; carries the wait it cut short.

    Attributes:
        phase: `agent` (an agent turn waited for verifiers) or `verifier` (for agent turns).
        waited_ms: how long it had waited, in whole milliseconds of the monotonic clock.
    """

    def __init__(self, phase: Phase, waited_ms: int) -> None:
        super().__init__(f"the run stopped while the trial's {phase} waited {waited_ms} ms at the phases gate")
        self.phase: Phase = phase
        self.waited_ms = waited_ms


def default_lock_dir() -> Path:
    """The folder of the machine's gate for this user (see the module docstring); not made here.

    `$XDG_RUNTIME_DIR/memeval/phases` when that variable names an existing folder, else
    `<tmp>/memeval-<uid>/phases` (`<tmp>`: `tempfile.gettempdir()`, `$TMPDIR` or `/tmp`).
    """
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and Path(runtime).is_absolute() and Path(runtime).is_dir():
        return Path(runtime) / "memeval" / "phases"
    return Path(tempfile.gettempdir()) / f"memeval-{os.getuid()}" / "phases"


def _private_dir(path: Path) -> None:
    """Make `path` (and its parent) a folder only this user can write, or refuse.

    Raises:
        SandboxError: it is a symlink, not a folder, another user's, or writable by others.
    """
    for p in (path.parent, path):
        try:
            p.mkdir(mode=0o700, exist_ok=True)
            st = p.lstat()
        except OSError as exc:
            raise SandboxError(f"the phases gate's folder {str(p)!r} cannot be made: {exc}") from exc
        if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o022:
            raise SandboxError(
                f"the phases gate's folder {str(p)!r} is not a folder of this user that only it can write"
                f" (mode {stat.filemode(st.st_mode)}, owner uid {st.st_uid}); remove it, or set"
                " XDG_RUNTIME_DIR to a private folder"
            )


def _open(path: Path) -> int:
    return os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)


def _free(path: Path) -> bool:
    """Whether nobody holds `path`'s lock (a try at an exclusive lock; only ever under `entry`)."""
    fd = _open(path)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(fd)  # lets go of the lock if it was taken
    return True


def _hold(path: Path) -> int:
    """Take `path`'s lock shared (under `entry`, where nobody holds it exclusively); return its fd."""
    fd = _open(path)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH)
    except BaseException:
        os.close(fd)
        raise
    return fd


class PhaseGate:
    """Keeps each task's agent turns and verifiers apart on this machine (see the module docstring).

    Thread-safe; each holder opens its own files, so threads of one process exclude each other as
    processes do.

    Args:
        lock_dir: the gate's folder; None: `default_lock_dir()`, made private on first use.
            Gates with the same folder are one gate.
    """

    def __init__(self, lock_dir: Path | None = None) -> None:
        self._lock_dir = lock_dir
        self._ready = False
        self._cond = threading.Condition()
        self._agents: Counter[str] = Counter()
        self._verifiers: Counter[str] = Counter()

    def busy(self, key: str) -> tuple[int, int]:
        """(agent turns, verifiers) of `key` this process runs now (other processes' are not counted)."""
        with self._cond:
            return self._agents[key], self._verifiers[key]

    def _files(self, key: str) -> tuple[Path, Path, Path, Path]:
        """(agents, verifiers, waiting, entry) lock files of `key`."""
        with self._cond:
            if self._lock_dir is None:
                self._lock_dir = default_lock_dir()
            if not self._ready:
                _private_dir(self._lock_dir)
                self._ready = True
        base = str(self._lock_dir / hashlib.sha256(key.encode()).hexdigest()[:32])
        return Path(f"{base}.agents"), Path(f"{base}.verifiers"), Path(f"{base}.waiting"), Path(f"{base}.entry")

    @contextmanager
    def _entry(self, path: Path, stop: threading.Event) -> Iterator[None]:
        fd = _open(path)
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if stop.is_set():
                        raise KeyboardInterrupt from None
                    time.sleep(_ENTRY_POLL_S)
            yield
        finally:
            os.close(fd)

    def _pause(self, stop: threading.Event) -> None:
        with self._cond:
            if stop.is_set():
                raise KeyboardInterrupt
            self._cond.wait(_POLL_S)

    @contextmanager
    def agent(self, key: str, stop: threading.Event) -> Iterator[int]:
        """Hold an agent turn of `key`: waits while a verifier of `key` runs or waits, anywhere on the machine.

        Yields:
            How long it waited for the turn, in whole milliseconds of the monotonic clock
            (taking the locks included; 0 when nothing of `key` was in the way).

        Raises:
            PhaseWaitCancelled: `stop` was set (or KeyboardInterrupt raised) while waiting.
            SandboxError: the gate's folder is not private (`default_lock_dir`).
        """
        agents, verifiers, waiting, entry = self._files(key)
        t0 = time.monotonic_ns()
        held: list[int] = []  # the lock's fd once taken, closed on the way out whatever happens
        try:
            try:
                while True:
                    with self._entry(entry, stop):
                        if _free(verifiers) and _free(waiting):
                            held.append(_hold(agents))
                            break
                    self._pause(stop)
            except KeyboardInterrupt as exc:
                raise PhaseWaitCancelled("agent", _ms_since(t0)) from exc
            with self._counted(self._agents, key):
                yield _ms_since(t0)
        finally:
            self._release(held)

    @contextmanager
    def verifier(self, key: str, stop: threading.Event) -> Iterator[int]:
        """Hold a verifier run of `key`: waits while an agent turn of `key` runs, anywhere on the machine.

        Yields:
            How long it waited, in whole milliseconds of the monotonic clock (as `agent`).

        Raises:
            PhaseWaitCancelled: `stop` was set (or KeyboardInterrupt raised) while waiting.
            SandboxError: the gate's folder is not private (`default_lock_dir`).
        """
        agents, verifiers, waiting, entry = self._files(key)
        t0 = time.monotonic_ns()
        queued: list[int] = []
        held: list[int] = []
        try:
            try:
                with self._entry(entry, stop):
                    queued.append(_hold(waiting))  # new agent turns of `key` now wait behind this verifier
                while True:
                    with self._entry(entry, stop):
                        if _free(agents):
                            held.append(_hold(verifiers))
                            break
                    self._pause(stop)
            except KeyboardInterrupt as exc:
                raise PhaseWaitCancelled("verifier", _ms_since(t0)) from exc
            finally:
                self._release(queued)
            with self._counted(self._verifiers, key):
                yield _ms_since(t0)
        finally:
            self._release(held)

    @contextmanager
    def _counted(self, counts: Counter[str], key: str) -> Iterator[None]:
        """Count a holder of `key` in this process (`busy`) while it holds."""
        with self._cond:
            counts[key] += 1
        try:
            yield
        finally:
            with self._cond:
                counts[key] -= 1
                if counts[key] <= 0:
                    del counts[key]

    def _release(self, fds: list[int]) -> None:
        """Close the lock files' fds (letting go of their locks) and wake this process's waiters."""
        while fds:
            os.close(fds.pop())
        with self._cond:
            self._cond.notify_all()


def _ms_since(t0_ns: int) -> int:
    return (time.monotonic_ns() - t0_ns) // 1_000_000


PHASES = PhaseGate()
"""The process's gate, on the machine's folder: every attempt this process runs goes through it."""


__all__ = ["PHASES", "PhaseGate", "PhaseWaitCancelled", "default_lock_dir"]
