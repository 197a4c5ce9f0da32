"""Which sandbox a connection to the proxy's Unix socket comes from, to bound what each may hold open.

Every sandbox reaches the proxy through one Unix socket bound into it, and the proxy runs in memeval's own process:
each connection costs that process a file descriptor and a little memory, outside every sandbox's limits. An agent
that opened connections and held them (a byte of a request each, never finished) used up memeval's descriptors
(`RLIMIT_NOFILE`), so the proxy stopped accepting and the other arm's model calls, running beside it, failed: its
trial became a `boot` fault ("never reached the model"), or a plain failure for an agent that declares no API.

The kernel tells the proxy who connected: `SO_PEERCRED` (unix(7)) gives the connecting process's id as memeval's
PID namespace sees it. Every sandbox has a PID namespace of its own (bubblewrap's `--unshare-pid`) directly below
memeval's; code inside may make further namespaces below that one (an unprivileged user namespace, then a PID
namespace in it), so the peer is the namespace on the way up (`NS_GET_PARENT`, ioctl_ns(2)) whose parent is
memeval's own. Its inode number names the sandbox for as long as it lives.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import socket
import struct

NS_GET_PARENT = 0xB702
"""`_IO(0xb7, 0x2)` (linux/nsfs.h): a file descriptor for the parent of a PID or user namespace."""
MAX_NS_DEPTH = 40
"""Deepest chain of PID namespaces followed (the kernel allows 32)."""
GONE = "gone"
"""The peer key of a connection whose process ended before the proxy looked: refused by the server (a group shared
by every such connection was a channel between sandboxes)."""


def _own_pid_ns() -> int:
    return os.stat("/proc/self/ns/pid").st_ino


def peer_key(sock: object) -> str | None:
    """The sandbox a Unix-socket connection comes from, as `pidns:<inode>`; None when it is no sandbox's.

    None for a connection that is not on a Unix socket (the proxy's TCP port, which no sandbox reaches), or whose
    process runs in memeval's own PID namespace (memeval itself, a test). `GONE` when the process ended before it
    could be looked at, or its namespace could not be read: the server refuses such connections.

    Args:
        sock: the transport's socket (`transport.get_extra_info("socket")`), any object with `family` and
            `getsockopt`.
    """
    getsockopt = getattr(sock, "getsockopt", None)
    if getattr(sock, "family", None) != socket.AF_UNIX or getsockopt is None:
        return None
    try:
        raw = getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    except OSError:
        return GONE
    pid = struct.unpack("3i", raw)[0]
    if pid <= 0:
        return GONE
    try:
        fd = os.open(f"/proc/{pid}/ns/pid", os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return GONE
    own = _own_pid_ns()
    try:
        for _ in range(MAX_NS_DEPTH):
            ino = os.fstat(fd).st_ino
            if ino == own:
                return None
            try:
                parent = fcntl.ioctl(fd, NS_GET_PARENT)
            except OSError as exc:
                if exc.errno in (errno.ENOTTY, errno.EINVAL):  # a kernel before 4.9: no parent to ask for
                    return f"pidns:{ino}"
                return GONE  # a namespace beside memeval's, not below it: no sandbox of this process
            try:
                top = os.fstat(parent).st_ino == own
            except OSError:
                top = None
            if top is not False:
                os.close(parent)
                return f"pidns:{ino}" if top else GONE
            os.close(fd)
            fd = parent
        return GONE
    finally:
        with contextlib.suppress(OSError):
            os.close(fd)


__all__ = ["GONE", "peer_key"]
