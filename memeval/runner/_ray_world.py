"""A world kept on a Ray node, sent to the driver as it is on the node's disk: holes stay holes.

A local run keeps a world by leaving its folder in place, so a sparse file the agent made (`truncate -s 1G`, which
the storage watch charges by the blocks it holds: nothing) costs the host nothing. On Ray the node sends the world
to the driver as one tar archive: tarfile reads a file whole, its holes as zeros, so a failing agent's few sparse
files of the sandbox's largest size (`storage_mb`, 10 GiB by default) were gigabytes of zeros in the node's memory
and then as many on the driver's disk, for a world that held none (breaker34). `pack_world` now packs a sparse
file's data only, with where it lies (`SPARSE_KEY`, a PAX header), and `unpack_world` writes it back at those
offsets in a file of the same length, so the kept world takes the driver's disk as it took the node's.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import tarfile
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from memeval._files import data_ranges

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

SPARSE_KEY = "MEMEVAL.sparse"
"""PAX header of a sparse file's member: JSON `[size, [[offset, length], ...]]`; the member's bytes are the
listed pieces' data, in order (each piece a range `memeval._files.data_ranges` found)."""
CHUNK = 1 << 20
"""Bytes copied at a time."""


class _Pieces(io.RawIOBase):
    """The listed pieces of an open file read one after another, as tarfile reads a member's content."""

    def __init__(self, f: BinaryIO, pieces: list[tuple[int, int]]) -> None:
        self._f, self._left = f, list(pieces)

    def readable(self) -> bool:
        return True

    def readinto(self, b: WriteableBuffer) -> int:
        out = memoryview(b).cast("B")
        while self._left:
            off, length = self._left[0]
            if length == 0:
                self._left.pop(0)
                continue
            self._f.seek(off)
            data = self._f.read(min(len(out), length))
            if not data:  # the file shrank: tarfile says so (unexpected end of data)
                return 0
            out[: len(data)] = data
            self._left[0] = (off + len(data), length - len(data))
            return len(data)
        return 0


def pack_world(folder: Path) -> bytes:
    """A kept world as an uncompressed tar archive (members relative to `folder`), to send to the driver.

    Symlinks are packed as links, a second name of a file as tar's hard link, and a file whose blocks hold fewer
    bytes than its length (a sparse file) as its data pieces and their map (`SPARSE_KEY`).
    """
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for dirpath, dirnames, filenames in os.walk(folder):
            dirnames.sort()
            here = Path(dirpath)
            rel = here.relative_to(folder).as_posix()
            tar.addfile(tar.gettarinfo(dirpath, arcname="." if rel == "." else f"./{rel}"))
            for name in sorted(filenames) + [d for d in dirnames if (here / d).is_symlink()]:
                _add(tar, here / name, f"./{(here / name).relative_to(folder).as_posix()}")
    return buf.getvalue()


def _add(tar: tarfile.TarFile, path: Path, arcname: str) -> None:
    info = tar.gettarinfo(str(path), arcname=arcname)
    if info is None:  # a socket: tarfile has no type for it (`TarFile.add` leaves it out too)
        return
    if not info.isreg():
        tar.addfile(info)  # a link, a hard link's second name, a fifo: no content
        return
    with path.open("rb") as f:
        st = os.fstat(f.fileno())
        if st.st_blocks * 512 >= st.st_size:
            tar.addfile(info, f)
            return
        pieces = [(start, end - start) for start, end in data_ranges(f.fileno(), st.st_size)]
        info.size = sum(length for _, length in pieces)
        info.pax_headers = {**info.pax_headers, SPARSE_KEY: json.dumps([st.st_size, pieces])}
        tar.addfile(info, io.BufferedReader(_Pieces(f, pieces)))


def unpack_world(run_dir: Path, rel: str, data: bytes) -> None:
    """Write a world a node kept (`pack_world`'s archive) to `run_dir / rel`, as a local run keeps it.

    Files, folders and symlinks are extracted first (tarfile's `tar` filter), then each sparse file is written
    piece by piece at its offsets into a file of its length (its holes take no block), then second names (hard
    links), which then name the written file.

    Raises:
        RuntimeError: `rel` is not a folder under `worlds/` (the node's message is damaged), or a sparse
            file's map does not fit its member.
        tarfile.TarError: the archive is damaged or names a file outside the world.
    """
    parts = Path(rel).parts
    if len(parts) != 2 or parts[0] != "worlds" or parts[1] in ("..", "."):
        raise RuntimeError(f"a node sent a kept world to {rel!r}, not to worlds/<name>")
    dest = run_dir / rel
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:") as tar:
        members = tar.getmembers()
        sparse = [m for m in members if m.isreg() and SPARSE_KEY in m.pax_headers]
        later = {id(m) for m in sparse}
        tar.extractall(dest, members=[m for m in members if not m.islnk() and id(m) not in later], filter="tar")
        for m in sparse:
            _write_sparse(tar, m, dest)
        tar.extractall(dest, members=[m for m in members if m.islnk()], filter="tar")


def _write_sparse(tar: tarfile.TarFile, member: tarfile.TarInfo, dest: Path) -> None:
    """Write the sparse `member` under `dest`: its pieces at their offsets, a file of its length, owner and time."""
    safe = tarfile.tar_filter(member, str(dest))  # the same path checks as every other member's
    size, pieces = json.loads(member.pax_headers[SPARSE_KEY])
    pieces = [(int(o), int(n)) for o, n in pieces]
    if sum(n for _, n in pieces) != member.size or any(o < 0 or n < 0 or o + n > int(size) for o, n in pieces):
        raise RuntimeError(f"a node sent a sparse file {member.name!r} whose map does not fit its data")
    src = tar.extractfile(member)
    assert src is not None  # a regular member always has content
    mode = 0o600 if safe.mode is None else safe.mode
    fd = os.open(dest / safe.name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode & 0o777)
    try:
        for off, length in pieces:
            done = 0
            while done < length:
                chunk = src.read(min(CHUNK, length - done))
                if not chunk:
                    raise RuntimeError(f"a node sent a sparse file {member.name!r} shorter than its map")
                os.pwrite(fd, chunk, off + done)
                done += len(chunk)
        os.ftruncate(fd, int(size))
        if os.geteuid() == 0:  # as tarfile does for every other member it extracts as root
            os.fchown(fd, safe.uid, safe.gid)
        os.utime(fd, (member.mtime, member.mtime))
    finally:
        os.close(fd)
