"""Held-back tests' copies removed from the world while test.sh ran (breaker44).

A test.sh that copies its held-back test into a folder of the task's own tests and runs that folder (`cp
/tests/test_outputs.py /app/tests/; python3 solution.py; pytest /app/tests`) checks the answer only if the copy is
still there when the runner collects it. The program it runs in between can remove the copy: `solution.py` printed a
wrong answer and removed `/app/tests/test_outputs.py`, pytest ran the task's own `test_basic.py` alone, and the trial
passed with reward 1 and no finding. Nothing is left to look at afterwards, and the copy was not there before test.sh
ran, so neither the tamper scan nor the verifier's walks (`memeval.runner._verifierhome`, `memeval.runner._removed`)
could see it.

So memeval watches, with inotify from the host, the world's folders that hold test modules before test.sh runs (and
the folders above them up to the world folder, which a runner collecting a folder above reads too) for entries removed
or renamed away (`IN_DELETE`, `IN_MOVED_FROM`); the kernel queues each, whichever namespace the sandbox's process is
in. After test.sh ends, an entry named like a held-back test's file that is gone from its path is a finding. Nothing
is watched, and no inotify instance is taken, when the world has no test module outside its package trees (a test.sh
running `pytest /tests/...` reads none of the world's); folders that cannot be watched are a finding too, never a
fault (`HeldWatch`).

The queue holds `max_queued_events` events (16,384 by default); only the two kinds above are queued, in those few
folders. An overflowed queue is reported as such: memeval cannot say what went, so every folder watched is named.
"""

from __future__ import annotations

import ctypes
import errno
import os
import stat
import struct
from collections.abc import Iterable
from types import TracebackType

from memeval.eventlog import TamperFinding
from memeval.runner._diff import printable
from memeval.runner._heldfiles import held_copy
from memeval.runner._testfiles import INSTALLED_TREES

IN_MOVED_FROM = 0x00000040
IN_DELETE = 0x00000200
IN_Q_OVERFLOW = 0x00004000
IN_ONLYDIR = 0x01000000
IN_DONT_FOLLOW = 0x02000000
IN_NONBLOCK = os.O_NONBLOCK
IN_CLOEXEC = os.O_CLOEXEC
"""inotify's flags (`<sys/inotify.h>`, Linux)."""

EVENT = struct.Struct("iIII")
"""`struct inotify_event`'s head: watch descriptor, mask, cookie, length of the name that follows."""

READ_BYTES = 1 << 16
"""Bytes read from the inotify descriptor at a time."""

OVERFLOWED = "(inotify's queue overflowed)"
"""The name `gone` gives a watched folder whose removals could not all be read."""
UNWATCHED = "(not watched)"
"""The name `gone` gives the first folder of tests when none could be watched (`HeldWatch.unwatched`)."""


MAX_WATCHED = 4096
"""Folders of tests watched at most in one world; more is `UNWATCHED` (the agent could make 200,000 to use up the
host's `max_user_watches` and turn its failing trial into a fault, which is not scored)."""


class HeldWatch:
    """Watches world folders for entries removed or renamed away while test.sh runs (a context manager).

    Setting up never raises: when inotify cannot watch (no instance left, `max_user_instances`; no watch left,
    `max_user_watches`; over `MAX_WATCHED` folders), `unwatched` says why and `gone` names the world's first folder of
    tests with `UNWATCHED`, a finding: a fault instead would leave the trial unscored, which an agent that fails could
    provoke on purpose.

    Args:
        root: the world's host folder.
        folders: the folders to watch, relative to `root`; none means no inotify instance is taken.
    """

    def __init__(self, root: str, folders: Iterable[str]) -> None:
        self.root = root
        self.folders = tuple(folders)
        self.fd = -1
        self.wds: dict[int, str] = {}
        self.unwatched: str | None = None

    def __enter__(self) -> HeldWatch:
        if not self.folders:
            return self
        if len(self.folders) > MAX_WATCHED:
            self.unwatched = f"{len(self.folders)} folders of tests, over the {MAX_WATCHED} memeval watches"
            return self
        libc = ctypes.CDLL(None, use_errno=True)
        fd = libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        if fd < 0:
            self.unwatched = f"inotify could not be set up: {_limit(ctypes.get_errno())}"
            return self
        self.fd = fd
        for rel in self.folders:
            path = os.fsencode(os.path.join(self.root, rel))
            wd = libc.inotify_add_watch(fd, path, IN_DELETE | IN_MOVED_FROM | IN_ONLYDIR | IN_DONT_FOLLOW)
            if wd < 0:
                err = ctypes.get_errno()
                if err in (errno.ENOENT, errno.ENOTDIR, errno.ELOOP):
                    continue  # gone, or made a link, since the snapshot: what a runner reads there is found later
                self.__exit__(None, None, None)
                self.unwatched = f"inotify could not watch a folder: {_limit(err)}"
                return self
            self.wds[wd] = rel
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def gone(self, names: Iterable[str]) -> tuple[str, ...]:
        """The entries named one of `names` removed or renamed away from a watched folder and not back, sorted.

        Paths relative to the world's root; a folder whose queue overflowed is named with `OVERFLOWED`. Call it after
        test.sh ended, before leaving the context. An entry that is back as a regular file is not gone (a new one
        there, written while test.sh ran, is `memeval.runner._verifierhome.world_written`'s); one back as a folder or
        a link is (an empty folder `test_outputs.py` collects nothing).
        """
        if self.unwatched is not None:
            return (f"{self.folders[0]}/{UNWATCHED}",)
        wanted = set(names)
        found: set[str] = set()
        for wd, mask, name in self._events():
            if mask & IN_Q_OVERFLOW:
                found.update(f"{rel}/{OVERFLOWED}" for rel in self.wds.values())
                continue
            rel = self.wds.get(wd)
            if rel is None or name not in wanted:
                continue
            path = f"{rel}/{name}"
            if not _regular(os.path.join(self.root, path)):
                found.add(path)
        return tuple(sorted(found))

    def _events(self) -> list[tuple[int, int, str]]:
        """Every event queued so far, as (watch descriptor, mask, name)."""
        out: list[tuple[int, int, str]] = []
        if self.fd < 0:
            return out
        while True:
            try:
                buf = os.read(self.fd, READ_BYTES)
            except BlockingIOError:
                return out
            at = 0
            while at + EVENT.size <= len(buf):
                wd, mask, _cookie, size = EVENT.unpack_from(buf, at)
                raw = buf[at + EVENT.size : at + EVENT.size + size].split(b"\0", 1)[0]
                out.append((wd, mask, os.fsdecode(raw)))
                at += EVENT.size + size


def _regular(path: str) -> bool:
    """Whether `path` is a regular file, not followed through a link."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _limit(err: int) -> str:
    """The limit an inotify error means, with its value on this host."""
    name = {errno.EMFILE: "max_user_instances", errno.ENOSPC: "max_user_watches"}.get(err)
    if name is None:
        return os.strerror(err)
    try:
        with open(f"/proc/sys/fs/inotify/{name}") as f:
            value = f.read().strip()
    except OSError:
        value = "unknown"
    return f"{os.strerror(err)}: raise /proc/sys/fs/inotify/{name} (now {value})"


HELD_REMOVED = (
    "named like a held-back test's file, removed or renamed away from this folder of tests while test.sh ran (by "
    "test.sh or a program it ran): a copy test.sh put here for its runner to collect is then never run"
)
OVERFLOW_DETAIL = (
    "entries were removed from this folder of tests while test.sh ran faster than memeval could note them "
    "(inotify's queue overflowed): a copy of a held-back test among them would never have run"
)


HELD_REWRITTEN = (
    "named like a held-back test's file and written while test.sh ran (by test.sh or a program it ran) with other "
    "content than the held-back file's: a test.sh that copied its expected output here, ran the program and compared "
    "then compares with what the program wrote"
)


UNWATCHED_DETAIL = (
    "memeval could not watch the world's folders of tests while test.sh ran (the host's inotify limits, or more "
    "folders than it watches): a copy of a held-back test removed from one would not have been seen"
)


def held_removed_findings(gone: Iterable[str], rewritten: Iterable[str] = ()) -> tuple[TamperFinding, ...]:
    """One `held-copy` finding per path `HeldWatch.gone` returned, then per path `held_rewritten` returned."""
    out = []
    for rel in gone:
        folder, _, name = rel.rpartition("/")
        path, detail = "/" + rel, HELD_REMOVED
        if name in (OVERFLOWED, UNWATCHED):
            path, detail = "/" + folder, OVERFLOW_DETAIL if name == OVERFLOWED else UNWATCHED_DETAIL
        out.append(TamperFinding(path=printable(path), kind="held-copy", change="removed", detail=detail))
    for rel in rewritten:
        out.append(TamperFinding(path=printable("/" + rel), kind="held-copy", change="changed", detail=HELD_REWRITTEN))
    return tuple(out)


def held_rewritten(root: str, since_ns: int, held: dict[str, set[bytes]], before: dict[str, int]) -> tuple[str, ...]:
    """Files named like a held-back file, written while test.sh ran, that hold none of that file's contents; sorted.

    `memeval.runner._verifierhome.world_written` looks at configuration, test modules and package trees by name; a
    held-back file of any other name (`expected.txt`) that test.sh copies into the world before it runs the program is
    compared afterwards with what is at that path, and the program can rewrite it there: `solution.py` wrote its wrong
    answer into `/app/expected.txt` too, and the `diff` test.sh ran next passed (breaker44). Written then: the file's
    `ctime` is not before `since_ns`, or a folder above it is not the one `before` (folder inodes before test.sh ran)
    had at its path. Installed package trees are not walked (their files are `world_written`'s); the files named in
    `held` (`memeval.runner._verifierhome.held_configs`) are `lstat`ed and, when written then, read to compare. A
    held-back file is compared by its SHA-256 digest whatever its size (breaker45; 1 MiB at most before).

    Args:
        root: the world's host folder.
        since_ns: when test.sh started (`time.time_ns()`).
        held: the held-back files' contents by name.
        before: `memeval.runner._removed.WorldFolders.inodes`.

    Returns:
        Paths relative to `root`.
    """
    found = []
    moved: dict[str, bool] = {root: False}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in INSTALLED_TREES]
        fresh = moved.get(os.path.dirname(dirpath), False)
        if dirpath != root and not fresh:
            try:
                fresh = before.get(os.path.relpath(dirpath, root)) != os.lstat(dirpath).st_ino
            except OSError:
                fresh = True
        moved[dirpath] = fresh
        for name in filenames:
            if not held.get(name):
                continue  # no held-back file of this name, or one over the size memeval compares
            path = os.path.join(dirpath, name)
            try:
                st = os.lstat(path)
            except OSError:
                continue  # gone meanwhile: no process of the verifier runs now
            if (st.st_ctime_ns >= since_ns or fresh) and not held_copy(path, st, held):
                found.append(os.path.relpath(path, root))
    return tuple(sorted(found))
