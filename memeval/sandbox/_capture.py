"""A sandbox's stdout and stderr, drained through a pipe into a bounded head and tail.

A sandbox's output used to go to a file memeval opened and handed over: the sandbox wrote it up to its file size
limit (RLIMIT_FSIZE, 1 GiB by default) per stream, on the host's disk and outside the task's `storage_mb`; a
`yes` took 1 GiB of the run folder's disk per stream and trial, and an `lseek` made the file that size for free.
Now the sandbox writes into a pipe (no seek, no size limit, no disk): a thread of memeval reads it as it comes
and keeps the first `head` and last `tail` bytes in memory, counting the rest. When the sandbox is gone the file
is written once: the whole output when it fits, otherwise the head, a line saying how many bytes were seen and
cut, and the tail. A sandbox that writes without end slows only itself (its writes wait for the reader), and
its own limits (time, CPU) end it.

Past the head, reading is paced at `PACE_BYTES_PER_S`: every byte read there costs memeval's CPU (a read, a copy
into the tail, a trim) for nothing kept, and unpaced a `yes` held about a fifth of a core of memeval's for the
whole turn (several agents at once: a core or more, taken from every other trial's harness). At the pace the
sandbox's writes wait on a full pipe instead; output of a real agent (well under the head, or far slower than
the pace) is never held back.
"""

from __future__ import annotations

import collections
import errno
import fcntl
import os
import select
import threading
import time
from pathlib import Path

from memeval.errors import SandboxError

OUTPUT_HEAD_BYTES = 4 << 20
"""Bytes of a sandbox's output kept from its start."""
OUTPUT_TAIL_BYTES = 4 << 20
"""Bytes of a sandbox's output kept from its end."""
CUT_LINE_MAX = 256
"""The most bytes memeval's lines take (what was cut; an output left open): a captured file is at most head +
tail + this."""
DRAIN_AFTER_S = 5.0
"""How long the reader waits for the pipe's end once the sandbox is gone. Every writer inside dies with its PID
namespace, so the end comes at once, unless a process outside holds a copy of the write end (passed over a
Unix socket, say, to the other arm's sandbox): then reading stops and the file says so."""

PACE_BYTES_PER_S = 128 << 20
"""How fast output past the head is read (bytes a second): its tail is kept, the rest only counted."""
_PACE_SLICE_S = 0.25
"""Longest single wait of the pacing, so the end of the sandbox is noticed at once."""
_PIPE_BYTES = 1 << 20  # the default pipe-max-size: fewer, larger reads than the 64 KiB default
_READ_BYTES = 1 << 20


def cut_line(seen: int, cut: int) -> bytes:
    """The line put between the kept head and tail: `[memeval: output of SEEN bytes; CUT bytes cut]`."""
    return f"\n[memeval: output of {seen} bytes; {cut} bytes cut]\n".encode()


class OutputCapture:
    """One output stream of a sandbox: the pipe's write end to hand over, and what was read from it.

    Use: `write_fd` as the child's stdout (or stderr, or both), `started()` once the child holds it, then
    `finish()` once the child has ended, which writes `path` and returns the byte count.

    Attributes:
        path: the file written by `finish()`.
        write_fd: the pipe's write end (closed by `started()`).
        seen: bytes read from the pipe so far (all of the output once `finish()` returned).
    """

    def __init__(self, path: Path, head: int = OUTPUT_HEAD_BYTES, tail: int = OUTPUT_TAIL_BYTES) -> None:
        """Make `path` (empty) before the sandbox starts, so that `finish()` needs no new inode.

        A sandbox that used up the disk's inodes left memeval unable to create it (ENOSPC), which ended the run.

        Raises:
            OSError: `path` cannot be made (the disk is full already).
        """
        self.path = path
        path.touch()
        self.unkept = False
        """Whether `finish()` found the disk full and left `path` empty."""
        self.head_max = head
        self.tail_max = tail
        self.seen = 0
        self._head = bytearray()
        self._tail: collections.deque[bytes] = collections.deque()  # the chunks read last, never copied
        self._tail_bytes = 0
        self._stop_at: float | None = None
        self._error: BaseException | None = None
        self._ended = False
        self._read_fd, self.write_fd = os.pipe()
        try:
            fcntl.fcntl(self.write_fd, fcntl.F_SETPIPE_SZ, _PIPE_BYTES)
        except OSError:
            pass  # EPERM past /proc/sys/fs/pipe-max-size: the 64 KiB pipe works, with more reads
        self._thread = threading.Thread(target=self._drain, name=f"capture {path.name}", daemon=True)

    def started(self) -> None:
        """Close memeval's copy of the write end (the child holds its own) and start reading."""
        os.close(self.write_fd)
        self.write_fd = -1
        self._thread.start()

    def abandon(self) -> None:
        """Close both ends without reading: the child was never started."""
        if self.write_fd >= 0:
            os.close(self.write_fd)
            self.write_fd = -1
        if not self._thread.is_alive() and self._read_fd >= 0:
            os.close(self._read_fd)
            self._read_fd = -1

    def _take(self, chunk: bytes) -> None:
        self.seen += len(chunk)
        room = self.head_max - len(self._head)
        if room > 0:
            self._head += chunk[:room]
            chunk = chunk[room:]
        if chunk and self.tail_max > 0:
            self._tail.append(chunk)
            self._tail_bytes += len(chunk)
            while self._tail_bytes - len(self._tail[0]) >= self.tail_max:  # the rest still holds the whole tail
                self._tail_bytes -= len(self._tail.popleft())

    def _pace(self, paced_from: float, paced_bytes: int) -> None:
        """Wait until `paced_bytes` read since `paced_from` (monotonic s) are within `PACE_BYTES_PER_S`."""
        while self._stop_at is None:  # once the sandbox has ended, what is left in the pipe is read at once
            ahead = paced_from + paced_bytes / PACE_BYTES_PER_S - time.monotonic()
            if ahead <= 0:
                return
            time.sleep(min(ahead, _PACE_SLICE_S))

    def _drain(self) -> None:
        fd = self._read_fd
        paced_from = 0.0
        paced_bytes = 0
        # poll, not select: select cannot take a descriptor numbered 1024 or more, and the proxy's connections in
        # this process (128 a sandbox) push new ones past that
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        try:
            while True:
                if self._stop_at is not None and time.monotonic() >= self._stop_at:
                    return  # a writer outlived the sandbox's end past the wait: `finish` says so
                ready = poller.poll(250)
                if not ready:
                    continue
                chunk = os.read(fd, _READ_BYTES)
                if not chunk:
                    self._ended = True
                    return
                self._take(chunk)
                if self.seen > self.head_max:  # past the head: read no faster than the pace
                    if not paced_bytes:
                        paced_from = time.monotonic()
                    paced_bytes += len(chunk)
                    self._pace(paced_from, paced_bytes)
        except BaseException as exc:  # noqa: BLE001 - handed to the thread that calls `finish`, raised there
            self._error = exc
        finally:
            os.close(fd)
            self._read_fd = -1

    def finish(self, wait_s: float = DRAIN_AFTER_S) -> int:
        """Read to the pipe's end (at most `wait_s` more seconds), write `path`, return the bytes seen.

        The file holds the whole output when it is at most head + tail bytes, otherwise the first `head` bytes,
        `cut_line(seen, cut)` and the last `tail` bytes; then, when the pipe was still open after `wait_s`, a line
        saying that reading stopped there (the output's owner, not memeval, kept it open: not an error).

        A full disk (ENOSPC, EDQUOT) leaves `path` empty and `unkept` set, so that a sandbox that filled the
        disk costs its own output, not the run.

        Raises:
            SandboxError: the reader failed (memeval's own fault, e.g. out of memory).
            OSError: `path` could not be written for another reason.
        """
        self._stop_at = time.monotonic() + wait_s
        self._thread.join()
        if self._error is not None:
            raise SandboxError(f"reading the sandbox's output failed: {self._error!r}") from self._error
        tail = b"".join(self._tail)[-self.tail_max :] if self.tail_max > 0 else b""
        cut = self.seen - len(self._head) - len(tail)
        try:
            with self.path.open("wb") as f:
                f.write(self._head)
                if cut > 0:
                    f.write(cut_line(self.seen, cut))
                f.write(tail)
                if not self._ended:
                    f.write(
                        f"\n[memeval: output open {wait_s:g} s after the sandbox ended; not read further]\n".encode()
                    )
        except OSError as exc:
            if exc.errno not in (errno.ENOSPC, errno.EDQUOT):
                raise
            # the disk is full (a sandbox may have filled it): the output is lost, not the run; the caller looks
            # at the disk after the sandbox (memeval.runner._room) and frees it
            with self.path.open("wb"):  # made in __init__: truncating takes no inode
                pass
            self.unkept = True
        return self.seen


__all__ = ["CUT_LINE_MAX", "OUTPUT_HEAD_BYTES", "OUTPUT_TAIL_BYTES", "PACE_BYTES_PER_S", "OutputCapture", "cut_line"]
