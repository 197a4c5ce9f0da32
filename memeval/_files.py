"""Writing a file whole or not at all: the one way memeval replaces a file a user or a run reads.

Also `data_ranges`: where a (sparse) file holds data, for the readers that must never read its holes; and
`read_regular`: a small file a run's agent may have planted, read without following a link or blocking on a pipe.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path


def write_atomic(path: Path, data: bytes | str | Iterable[bytes], *, durable: bool = False, mode: int = 0o666) -> None:
    """Write `data` to `path` so that a reader sees the old file or the whole new one, never a part.

    The bytes go to a temporary file beside `path` (`.<name>.<random>.tmp`, created exclusively,
    `mode` less the umask: 0o666, what a plain write gives, unless asked), which then replaces `path` with
    `os.replace` (rename(2): atomic within one file system). Whatever stops the write (a full disk,
    Ctrl-C, SIGTERM as `KeyboardInterrupt`) removes the temporary file before the exception goes on;
    only kill -9 can leave one, and its dotted name keeps it out of listings. Writers that may race
    on one path (two trials storing the same artifact) each get their own temporary file.

    Args:
        path: the file to write; its folder must exist.
        data: the bytes, a text (written as UTF-8), or chunks of bytes written in order (a body
            and its newline without joining them in memory).
        durable: also `fsync` the file before the rename and the folder after it, so the new
            bytes survive a power cut (records others rely on: an anchor, a pack); off for caches.
        mode: the new file's permission bits before the umask (0o600: this user's alone).

    Raises:
        OSError: the folder is missing or not writable, the disk is full...; `path` is unchanged
            and no temporary file is left.
    """
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, mode)
    try:
        with os.fdopen(fd, "wb") as f:
            if isinstance(data, str):
                f.write(data.encode("utf-8"))
            elif isinstance(data, bytes | bytearray | memoryview):
                f.write(data)
            else:
                for chunk in data:
                    f.write(chunk)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)  # then the exception goes on, Ctrl-C included
        raise
    if durable:
        folder = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def data_ranges(fd: int, size: int) -> Iterator[tuple[int, int]]:
    """The (start, end) byte ranges of the open file `fd` (`size` bytes) that hold data, holes left out, in order.

    Found with `SEEK_DATA`/`SEEK_HOLE` (lseek(2)); a file system without them reports the whole file as data.
    Each range is cut at `size`. Shared by a world's sparse copy (`memeval.runner._snapshot.copy_sparse`), the
    scrub's search (`memeval.runner._scrub`) and a kept world sent from a Ray node (`memeval.runner._ray_world`).
    """
    pos = 0
    while pos < size:
        try:
            start = os.lseek(fd, pos, os.SEEK_DATA)
        except OSError:  # ENXIO: no data past pos
            return
        end = min(os.lseek(fd, start, os.SEEK_HOLE), size)
        if start >= end:
            return
        yield start, end
        pos = end


def read_regular(path: str | Path, most: int) -> bytes | None:
    """The bytes of the regular file at `path`, or None when it is not one, cannot be opened or holds over `most`.

    Opened with `O_NOFOLLOW | O_NONBLOCK`: a link (to the held-back tests, to `/proc`) is not followed and a FIFO
    the agent left in its place does not block the reader. At most `most + 1` bytes are read.

    Raises:
        OSError: the file was opened but reading it failed (an I/O error part way).
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            return None
        data = f.read(most + 1)
    return data if len(data) <= most else None
