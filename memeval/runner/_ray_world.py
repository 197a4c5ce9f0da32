"""A world kept on a Ray node, sent to the driver as it is on the node's disk: holes stay holes.

A local run keeps a world by leaving its folder in place, so a sparse file the agent made (`truncate -s 1G`, which
the storage watch charges by the blocks it holds: nothing) costs the host nothing. On Ray the node sends the world
to the driver as one tar archive: tarfile reads a file whole, its holes as zeros, so a failing agent's few sparse
files of the sandbox's largest size (`storage_mb`, 10 GiB by default) were gigabytes of zeros in the node's memory
and then as many on the driver's disk, for a world that held none (breaker34). `pack_world` now packs a sparse
file's data only, with where it lies (`SPARSE_KEY`, a PAX header), and `unpack_world` writes it back at those
offsets in a file of the same length, so the kept world takes the driver's disk as it took the node's.

A dense world (real data, up to the agent's `storage_mb`) was still packed into one `bytes` on the node, put in
Ray's object store whole, fetched whole by the driver and unpacked from memory: a few copies of the world in
memory on each side, so a failing agent that filled its storage with data could get the node's Ray worker killed
for lack of memory, a `process` fault that `--retries` runs again (fault28). Now the node packs the world to a
file in its run folder (`pack_world`) and sends it in `SEND_CHUNK` pieces, one Ray object each (`send_world`,
items of the attempt's streaming generator); the driver unpacks it as the pieces arrive (`ChunkReader`,
`unpack_world` reading the archive in tarfile's stream mode). Memory on either side is a few pieces, whatever
the world's size.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import tarfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from memeval._files import data_ranges

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

SPARSE_KEY = "MEMEVAL.sparse"
"""PAX header of a sparse file's member: JSON `[size, [[offset, length], ...]]`; the member's bytes are the
listed pieces' data, in order (each piece a range `memeval._files.data_ranges` found)."""
CHUNK = 1 << 20
"""Bytes copied at a time."""
SEND_CHUNK = 8 << 20
"""Bytes of a packed world per Ray object sent to the driver (8 MiB: few objects, little memory held per object)."""
WORLD_BACKLOG = 4
"""Items a node's attempt may send ahead of the driver (Ray's streaming-generator backpressure): at most this many
`SEND_CHUNK` pieces of a kept world wait in the object store, however slow the driver writes them."""
WORLD = "world"
"""The kind of the item that opens a kept world: its payload is `(rel, size of the packed archive in bytes)`."""
WORLD_CHUNK = "world_chunk"
"""The kind of each item that follows `WORLD`: a piece of the archive (`bytes`, at most `SEND_CHUNK`)."""


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


def pack_world(folder: Path, out: Path) -> int:
    """Pack a kept world to the file `out` as an uncompressed tar archive (members relative to `folder`).

    Symlinks are packed as links, a second name of a file as tar's hard link, and a file whose blocks hold fewer
    bytes than its length (a sparse file) as its data pieces and their map (`SPARSE_KEY`). Files are copied
    `CHUNK` bytes at a time: memory does not grow with the world.

    Returns:
        The archive's size in bytes.
    """
    out.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(out, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for dirpath, dirnames, filenames in os.walk(folder):
            dirnames.sort()
            here = Path(dirpath)
            rel = here.relative_to(folder).as_posix()
            tar.addfile(tar.gettarinfo(dirpath, arcname="." if rel == "." else f"./{rel}"))
            for name in sorted(filenames) + [d for d in dirnames if (here / d).is_symlink()]:
                _add(tar, here / name, f"./{(here / name).relative_to(folder).as_posix()}")
    return out.stat().st_size


def send_world(rel: str, packed: Path) -> Iterator[tuple[str, Any]]:
    """The items that carry a packed world (`pack_world`'s file) to the driver; the file is removed after.

    Yields `(WORLD, (rel, size))`, then `(WORLD_CHUNK, bytes)` pieces of at most `SEND_CHUNK` bytes that add
    up to `size`. Only the piece being sent is in memory.
    """
    try:
        with packed.open("rb") as f:
            size = os.fstat(f.fileno()).st_size
            yield WORLD, (rel, size)
            left = size
            while left:
                chunk = f.read(min(SEND_CHUNK, left))
                if not chunk:
                    raise RuntimeError(f"the packed world {packed} shrank while it was sent")
                left -= len(chunk)
                yield WORLD_CHUNK, chunk
    finally:
        packed.unlink(missing_ok=True)


class ChunkReader(io.RawIOBase):
    """A packed world read from the items a node sends after its `WORLD` item (`send_world`), as they arrive.

    Args:
        items: the attempt's items, `(kind, payload)`, as the driver takes them from the node; read only up to
            the world's last piece, so the caller goes on with the next item after it.
        size: the archive's size in bytes (the `WORLD` item's).

    Reading raises RuntimeError when an item other than a piece comes, or the items end, before `size` bytes,
    or a piece goes past it.
    """

    def __init__(self, items: Iterator[tuple[str, Any]], size: int) -> None:
        self._items, self._left, self._size = items, size, size
        self._buf = memoryview(b"")

    def readable(self) -> bool:
        return True

    def readinto(self, b: WriteableBuffer) -> int:
        out = memoryview(b).cast("B")
        if not self._buf:
            if not self._left:
                return 0
            kind, chunk = next(self._items, (None, None))
            got = self._size - self._left
            if kind != WORLD_CHUNK or not isinstance(chunk, bytes) or not chunk or len(chunk) > self._left:
                raise RuntimeError(f"a node's kept world ended after {got} of {self._size} bytes (next came {kind!r})")
            self._left -= len(chunk)
            self._buf = memoryview(chunk)
        n = min(len(out), len(self._buf))
        out[:n] = self._buf[:n]
        self._buf = self._buf[n:]
        return n

    def drain(self) -> None:
        """Read what is left of the world (tar's padding after its end) up to its last piece."""
        while self.read(SEND_CHUNK):
            pass


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


def unpack_world(run_dir: Path, rel: str, stream: BinaryIO) -> None:
    """Write a world a node kept (`pack_world`'s archive, read from `stream` as it comes) to `run_dir / rel`.

    The world is written as a local run keeps it, in the archive's order (tarfile's stream mode: nothing is held
    but the member being written): files, folders and symlinks by tarfile's `tar` filter (nothing outside the
    world, no device files), each sparse file piece by piece at its offsets into a file of its length (its holes
    take no block), second names (hard links) as links to the file written before them; folders' times last.
    A world whose stream breaks off or is damaged is removed, not kept in part.

    Raises:
        RuntimeError: `rel` is not a folder under `worlds/` (the node's message is damaged), or a sparse
            file's map does not fit its member, or the stream breaks off (`ChunkReader`).
        tarfile.TarError: the archive is damaged or names a file outside the world.
    """
    parts = Path(rel).parts
    if len(parts) != 2 or parts[0] != "worlds" or parts[1] in ("..", "."):
        raise RuntimeError(f"a node sent a kept world to {rel!r}, not to worlds/<name>")
    dest = run_dir / rel
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    try:
        with tarfile.open(fileobj=stream, mode="r|") as tar:

            def plain() -> Iterator[tarfile.TarInfo]:  # what tarfile extracts; sparse files are written here
                for m in tar:
                    if m.isreg() and SPARSE_KEY in m.pax_headers:
                        _write_sparse(tar, m, dest)
                    else:
                        yield m

            tar.extractall(dest, members=plain(), filter="tar")
    except BaseException:  # cut off (the node lost, the run stopped) or damaged: no half world is kept
        shutil.rmtree(dest, ignore_errors=True)
        raise


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
