"""The world as the agent left it, kept apart from the one the verifier runs in.

The held-back tests run over the agent's world folders, and the program they run shares test.sh's rights
there: it can copy `/tests` into `/app`, delete the agent's files, rewrite them. A world kept by `--retain`
must show what the agent did, so before the verifier starts memeval takes a copy of it (`snapshot_world`)
and keeps that copy, not the world the verifier ran in.

The copy costs the host little: a file the agent left as the image had it (same bytes, same permission
bits) is moved out of the attempt's pristine copy (taken before the agent's turn and no longer needed once
the workspace is reviewed), so only what the agent added or changed is written again, and a sparse file
keeps its holes (its data ranges are copied, never the zeros a hole reads as). The agent's own writes are
bounded by the task's storage_mb, so is the copy.
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path
from typing import NamedTuple

from memeval._files import data_ranges
from memeval.runner._scrub import Scrubber

CHUNK = 1 << 20
"""Bytes compared at a time."""


class Snapshot(NamedTuple):
    """What `snapshot_world` did: files moved from the pristine copy, files copied from the world, entries left out."""

    moved: int
    copied: int
    left_out: tuple[str, ...]
    """Relative paths (printable) of entries not copied: device files, which no sandbox can make."""


def _same_bytes(a: int, b: int, size: int) -> bool:
    """Whether the open files `a` and `b`, both `size` bytes long, hold the same bytes (read `CHUNK` at a time)."""
    pos = 0
    while pos < size:
        x, y = os.pread(a, CHUNK, pos), os.pread(b, CHUNK, pos)
        if x != y or not x:
            return x == y and pos == size
        pos += len(x)
    return True


def _unchanged(src: Path, st: os.stat_result, pristine: Path) -> bool:
    """Whether `pristine` is a regular file with the same permission bits and bytes as `src` (stat `st`)."""
    try:
        pst = os.lstat(pristine)
    except (FileNotFoundError, NotADirectoryError):  # the agent added it, or the image had a file on its way
        return False
    if (
        not stat.S_ISREG(pst.st_mode)
        or pst.st_size != st.st_size
        or stat.S_IMODE(pst.st_mode) != stat.S_IMODE(st.st_mode)
    ):
        return False
    a = os.open(src, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        b = os.open(pristine, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        try:
            return _same_bytes(a, b, st.st_size)
        finally:
            os.close(b)
    finally:
        os.close(a)


def _twin(pristine: Path, real_pristine: str, rel: str) -> Path | None:
    """`pristine / rel` when no folder on its way is a symbolic link, else None.

    `real_pristine` is `pristine`'s real path; `pristine` is memeval's copy, which no sandbox touches.
    """
    parent = os.path.dirname(rel)
    expected = os.path.join(real_pristine, parent) if parent else real_pristine
    return pristine / rel if os.path.realpath(pristine / parent) == expected else None


def copy_sparse(src: Path, dst: Path, size: int) -> None:
    """Copy the regular file `src` (`size` bytes) to the new file `dst`, its data ranges only: holes stay holes.

    Ranges are found with `data_ranges` and copied with `copy_file_range` (a reflink where the file system has
    them); the copy is then cut to `size`. Nothing is followed.
    """
    fi = os.open(src, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        fo = os.open(dst, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        try:
            for start, end in data_ranges(fi, size):
                while start < end:
                    n = os.copy_file_range(fi, fo, min(end - start, 1 << 30), start, start)
                    if n == 0:
                        break  # the file shrank under us: nothing runs in the world now, so this is the end
                    start += n
            os.ftruncate(fo, size)
        finally:
            os.close(fo)
    finally:
        os.close(fi)


def _printable(rel: str) -> str:
    return rel.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def snapshot_world(world: Path, pristine: Path, dest: Path) -> Snapshot:
    """Copy the folder tree `world` to the new folder `dest`, taking unchanged files out of `pristine`.

    Folders, symbolic links (their targets as they are, never followed), named pipes and sockets are made
    again. A regular file with the same permission bits and bytes at the same path in `pristine`, reached
    through no symbolic link, is moved from there (`pristine` is consumed: the caller removes the rest); any
    other is copied (`copy_sparse`), and the names of one file (hard links) stay names of one copy, as the
    disk watch charged the agent for one. memeval runs as root: a link the image had (`app/lib -> /usr/lib`)
    must never lead the move to a host file the agent copied into a folder of that name. Every entry gets
    the world's owner, permission bits and times. Device files are left out (named in `Snapshot.left_out`):
    a sandbox cannot make one.

    Args:
        world: the world's root, every process in it gone.
        pristine: the copy of the world taken before the agent's turn, on the same file system.
        dest: where the copy goes; must not exist. It is built beside, under a name starting with `.`, and
            renamed to `dest` when whole, so a copy cut short (an error, a stopped run) is never kept.

    Raises:
        OSError: a file could not be read or written (nothing is at `dest`; the partial copy stays beside it).
    """
    final, dest = dest, dest.with_name(f".{dest.name}.partial")
    os.mkdir(dest, 0o700)
    real_pristine = os.path.realpath(pristine)
    moved = copied = 0
    left_out: list[str] = []
    linked: dict[tuple[int, int], Path] = {}
    folders: list[tuple[Path, os.stat_result]] = [(dest, os.lstat(world))]
    for dirpath, dirnames, filenames in os.walk(world):
        rel_dir = os.path.relpath(dirpath, world)
        out_dir = dest if rel_dir == "." else dest / rel_dir
        for name in [*dirnames, *filenames]:
            src, out = Path(dirpath) / name, out_dir / name
            st = os.lstat(src)
            mode = st.st_mode
            if stat.S_ISDIR(mode):
                os.mkdir(out, 0o700)
                folders.append((out, st))
                continue
            if stat.S_ISLNK(mode):
                os.symlink(os.readlink(src), out)
            elif stat.S_ISREG(mode) and (st.st_dev, st.st_ino) in linked:
                os.link(linked[st.st_dev, st.st_ino], out)  # one inode, one copy: the watch charged the agent once
                continue
            elif stat.S_ISREG(mode):
                if st.st_nlink > 1:
                    linked[st.st_dev, st.st_ino] = out
                twin = _twin(pristine, real_pristine, os.path.relpath(src, world))
                if twin is not None and _unchanged(src, st, twin):
                    os.rename(twin, out)
                    moved += 1
                else:
                    copy_sparse(src, out, st.st_size)
                    copied += 1
            elif stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
                os.mknod(out, stat.S_IFMT(mode) | 0o600)
            else:
                left_out.append(_printable(os.path.relpath(src, world)))
                continue
            _same_meta(out, st)
        dirnames[:] = [d for d in dirnames if not os.path.islink(os.path.join(dirpath, d))]
    for folder, st in reversed(folders):  # deepest first: filling a folder changes its times
        _same_meta(folder, st)
    dest.rename(final)
    return Snapshot(moved, copied, tuple(left_out))


def _same_meta(path: Path, st: os.stat_result) -> None:
    """Give `path` (never followed) the owner, permission bits and times of `st`."""
    os.lchown(path, st.st_uid, st.st_gid)
    if not stat.S_ISLNK(st.st_mode):
        os.chmod(path, stat.S_IMODE(st.st_mode))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns), follow_symlinks=False)


def keep_world(work: Path, run_dir: Path, rel: str | None, scrubber: Scrubber) -> str | None:
    """Move the attempt's world to `run_dir / rel`, secrets blanked; return `rel`, or None when nothing was kept.

    The world kept is `work/left` (`snapshot_world`, taken before the verifier) when there is one, else
    `work/world` (the verifier never ran in it: the build, the agent's turn or the git check stopped the
    trial first). With `rel` None nothing is kept.
    """
    world = work / "left" if (work / "left").is_dir() else work / "world"
    if rel is None or not world.is_dir():
        return None
    dest = run_dir / rel
    shutil.rmtree(dest, ignore_errors=True)
    dest.parent.mkdir(parents=True, exist_ok=True)
    scrubber.tree(world)
    world.rename(dest)
    return rel
