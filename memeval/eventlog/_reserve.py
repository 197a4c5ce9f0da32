"""Room of the log's own on its disk: space allocated beyond the end of `events.jsonl`.

The run's log lives on the same disk as the trials' worlds, and an agent can fill that disk. The
low-water watch (`memeval.runner._lowwater`) ends the filler within about 0.2 s, but an event
written in that moment (a model call the agent made once the disk was full, which the proxy logs
at once) failed with `No space left on device`, and a failed log write stops the run. So the log
keeps `RESERVE_BYTES` allocated past its end with `fallocate(2)` and `FALLOC_FL_KEEP_SIZE`: the
file's size (what readers see) is unchanged, and an appended line lands in blocks that are
already the file's, which a full disk cannot refuse (ext4, XFS, tmpfs; a filesystem that cannot
preallocate, or a system whose C library has no `fallocate`, keeps no reserve and behaves as before).
"""

from __future__ import annotations

import ctypes
import errno
import os

RESERVE_BYTES = 1 << 20
"""Bytes kept allocated beyond the log's end: about 2,000 events of a typical 500 bytes, far more
than a run writes in the 0.2 s before a filler is ended and its world removed."""

TOP_UP_BYTES = RESERVE_BYTES // 2
"""When fewer bytes than this are left of the reserve, it is made whole again."""

_FALLOC_FL_KEEP_SIZE = 0x01
"""`linux/falloc.h`: allocate without changing the file's size."""

_NO_ROOM = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL})
"""Errors that mean "no reserve now" (a full disk, a file-size limit, a filesystem that cannot preallocate)."""

_fallocate = getattr(ctypes.CDLL(None, use_errno=True), "fallocate", None)
"""glibc's `fallocate(2)`; None where the C library has none (not Linux): no reserve is kept there."""
if _fallocate is not None:
    _fallocate.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_long, ctypes.c_long]
    _fallocate.restype = ctypes.c_int


def reserve(fd: int, end: int) -> int:
    """Allocate `RESERVE_BYTES` past offset `end` of the open file `fd`, keeping its size.

    Returns:
        The offset the file's allocation now reaches (`end + RESERVE_BYTES`), or `end` when no
        reserve could be made now (the disk is full, or the filesystem cannot preallocate): the log
        then writes as it did without one, and the next append tries again.

    Raises:
        OSError: any other error of `fallocate(2)` (a bad descriptor: memeval's own bug).
    """
    if _fallocate is None:
        return end
    if _fallocate(fd, _FALLOC_FL_KEEP_SIZE, end, RESERVE_BYTES) == 0:
        return end + RESERVE_BYTES
    err = ctypes.get_errno()
    if err in _NO_ROOM:
        return end
    raise OSError(err, os.strerror(err))
