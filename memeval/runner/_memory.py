"""The pack arm's memory file, put in the agent's working directory beside what the task already has there.

The slice goes to the file the agent reads (`MEMORY.md`, a preset's `AGENTS.md`, `CLAUDE.md`...). A task's world
may already hold that name: a repository's own `AGENTS.md` is common. Writing over it gave the pack arm memeval's
memory *instead of* the project's instructions while the cold arm kept them, so the comparison measured "memory
against the project's file", not "memory against nothing"; and a folder of that name ended the whole `memeval ab`
in an `IsADirectoryError` traceback. Now the task's text is kept and the slice follows it, in a fresh file (so an
inode shared with another path is never written through); a name taken by anything but a regular file (reached
directly or through a relative symlink inside the world) is a `boot` fault of the pack arm's trial saying which.

The file is memeval's input to the agent, not the agent's output: before the verifier runs it is taken back
(`take_back_memory`), so the held-back tests check the same world in both arms. Left there, a test that lists the
working folder, wants a clean `git status` or compares the task's own `AGENTS.md` failed in the pack arm alone, and
the verdict read the harness's file as the memory's effect. A file the agent changed is its own and stays.
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path
from typing import NamedTuple

from memeval.errors import WorldBuildError
from memeval.sandbox import contained

WHERE = "the memory file"
KINDS = {
    stat.S_IFDIR: "folder",
    stat.S_IFLNK: "symbolic link",
    stat.S_IFIFO: "named pipe",
    stat.S_IFSOCK: "socket",
    stat.S_IFCHR: "character device",
    stat.S_IFBLK: "block device",
}


class MemoryPlaced(NamedTuple):
    """What `place_memory` did, for the build log and for `take_back_memory`."""

    line: str
    """One line for the build log."""
    target: Path
    """The file written (the task's file a relative symlink named, when the name was one)."""
    written: str
    """SHA-256 (hex) of the bytes written there."""
    original: bytes | None
    """The task's own bytes that were there, None when memeval made the file."""


def place_memory(root: Path, path: Path, memory: bytes) -> MemoryPlaced:
    """Write the memory file `memory` at `path` inside the world folder `root`, keeping the task's own file there.

    A new file is made 0644 (memeval's). Where the task has a regular file of that name (or a relative symlink to
    one inside the world), that file is replaced by a new one holding its bytes, a blank line, then `memory`, with
    its mode and owner.

    Returns:
        What was done (`MemoryPlaced`), its `line` for the build log: `memory: wrote /app/MEMORY.md (N bytes)` or
        `memory: added N bytes after the task's /app/AGENTS.md (M bytes)`.

    Raises:
        WorldBuildError: the path leads outside the world, or the name is taken by a folder, a pipe, a device,
            a socket or a symlink that does not lead to a regular file of the world (the message names it and the
            fix: another `memory_file`).
    """
    contained(root, path.parent, WHERE)
    rel = "/" + str(path.relative_to(root))
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        _create(path, memory, 0o644, None)
        return MemoryPlaced(f"memory: wrote {rel} ({len(memory)} bytes)", path, _sha(memory), None)
    target = path
    if stat.S_ISLNK(st.st_mode):
        target = Path(os.path.realpath(path))
        if os.readlink(path).startswith("/"):
            raise WorldBuildError(_taken(rel, "symbolic link to an absolute path"))
        contained(root, path, WHERE)  # realpath follows the link: its target must be in the world
        try:
            st = os.lstat(target)
        except FileNotFoundError as exc:
            raise WorldBuildError(_taken(rel, "symbolic link to nothing")) from exc
    if not stat.S_ISREG(st.st_mode):
        raise WorldBuildError(_taken(rel, KINDS.get(stat.S_IFMT(st.st_mode), "special file")))
    fd = os.open(target, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise WorldBuildError(_taken(rel, "special file"))
        old = f.read()
    joint = b"" if not old or old.endswith(b"\n") else b"\n"
    os.unlink(target)
    data = old + joint + b"\n" + memory
    _create(target, data, stat.S_IMODE(st.st_mode), (st.st_uid, st.st_gid))
    return MemoryPlaced(
        f"memory: added {len(memory)} bytes after the task's {rel} ({len(old)} bytes)", target, _sha(data), old
    )


def take_back_memory(root: Path, placed: MemoryPlaced) -> bool:
    """Undo `place_memory` before the verifier runs, if the agent left the file as memeval wrote it.

    The file is removed, or, where the task had its own file there, written back with the task's bytes (its mode
    and owner as the agent left them). Nothing is done to a file the agent changed, replaced by a link or anything
    else, or removed, nor through a folder that no longer leads inside the world (`root`).

    Returns:
        True when the file was taken back.
    """
    try:
        contained(root, placed.target.parent, WHERE)
        fd = os.open(placed.target, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except (OSError, WorldBuildError):
        return False  # gone, a link now, or its folder leads out of the world: the agent's doing, left as it is
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode) or _sha(f.read()) != placed.written:
            return False  # the agent's own now
    os.unlink(placed.target)
    if placed.original is not None:
        _create(placed.target, placed.original, stat.S_IMODE(st.st_mode), (st.st_uid, st.st_gid))
    return True


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _taken(rel: str, kind: str) -> str:
    return (
        f"{WHERE}: the task's world already has {rel}, a {kind}, where the pack arm's memory goes; "
        "name another memory_file in an agent.toml"
    )


def _create(path: Path, data: bytes, mode: int, owner: tuple[int, int] | None) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
    try:
        if owner is not None:
            os.fchown(fd, *owner)
        os.fchmod(fd, mode)  # the umask took bits off
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)
