"""Derived bytes kept between processes under `~/.cache/memeval/derived/`, trusted only as far as their owner.

What is kept here is what every ingest process used to rebuild from memeval's own code and rule
tables before its first text (the hold screen's literal conditions, the Hyperscan databases of the
literal screens): pure functions of their inputs, so a kept copy gives the same answers as a fresh
build. Each entry is named by a key, a SHA-256 of everything its bytes are derived from (the inputs,
the versions of the code and native library that derive them); a reader asks for a key and gets the
bytes only if every check below passes, else None, and the caller rebuilds and writes it again.

Checks on reading (`read`):

- the folder (`$XDG_CACHE_HOME/memeval/derived`, else `~/.cache/memeval/derived`) and the file are
  owned by this process's effective user and not writable by group or others, the file is a regular
  file opened without following a symbolic link: an entry another account could have written is
  never read (who can write it is exactly who can already write this user's files: their shell
  start-up, their `.venv`, the audit store itself);
- the file starts with `FORMAT`, then the key it was written for (a foreign or stale entry is not
  taken for this one), then the SHA-256 of its payload (a torn or corrupted payload is refused).

Callers check more where they can (`memeval._literals` scans every literal of a loaded database and
rebuilds if one is not reported). Writing (`write`) goes to a temporary file in the same folder
(mode 0600) renamed over the entry, so a reader never sees half a file; a folder that cannot be
made, or that fails the ownership checks, is not written to (the build stays in memory). Writing an
entry removes the same kind's entries not written for 30 days (`STALE_S`).
"""

from __future__ import annotations

import hashlib
import logging
import os
import stat
import time
from pathlib import Path

from memeval._files import write_atomic

log = logging.getLogger(__name__)

FORMAT = b"memeval-derived-cache 1\n"
"""First line of every entry; a file without it is not an entry."""
_SHA_HEX = 64


def memeval_cache() -> Path | None:
    """The cache folder of memeval: `$XDG_CACHE_HOME/memeval`, else `~/.cache/memeval` (not created here).

    None when neither names a folder (no `XDG_CACHE_HOME` and no home directory).
    """
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError as exc:  # no HOME and no passwd entry
            log.info("no home directory (%s): nothing is kept in a cache folder", exc)
            return None
    return Path(base) / "memeval"


def cache_folder() -> Path | None:
    """Where entries live: `$XDG_CACHE_HOME/memeval/derived`, else `~/.cache/memeval/derived` (not created here).

    None when neither names a folder (no `XDG_CACHE_HOME` and no home directory): nothing is kept.
    """
    base = memeval_cache()
    return base / "derived" if base is not None else None


def key_of(*parts: str | bytes) -> str:
    """A key: the SHA-256 (hex) of `parts`, each length-prefixed (so no two lists of parts share a key)."""
    h = hashlib.sha256()
    for p in parts:
        b = p.encode("utf-8", "surrogatepass") if isinstance(p, str) else p
        h.update(len(b).to_bytes(8, "big"))
        h.update(b)
    return h.hexdigest()


def _private(st: os.stat_result) -> bool:
    """Owned by this process's effective user and not writable by group or others."""
    return st.st_uid == os.geteuid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def private_folder(folder: Path) -> bool:
    """`folder` is a folder (not a link to one), owned by this process's user and writable by nobody else."""
    try:
        st = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and _private(st)


def entry_path(kind: str, key: str) -> Path | None:
    """The file of the entry `kind` (a short name of what is kept: `hold-screen`) with `key`; None: no folder."""
    folder = cache_folder()
    return folder / f"{kind}-{key[:32]}.bin" if folder is not None else None


def read(kind: str, key: str) -> bytes | None:
    """The payload written for `key`, or None: absent, unreadable, not private to this user, or failing its checks.

    Args:
        kind: what is kept (part of the file name).
        key: `key_of(...)` of everything the payload is derived from.

    Returns:
        The payload bytes exactly as written, or None (the caller rebuilds and `write`s them).
    """
    path = entry_path(kind, key)
    if path is None or not private_folder(path.parent):
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as exc:  # a symbolic link (ELOOP), no permission: not an entry to trust
        log.info("derived cache %s not read (%s); rebuilding it", path, exc)
        return None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode) or not _private(st):
            log.warning("derived cache %s is not a private file of this user; ignoring it", path)
            return None
        data = f.read()
    head = len(FORMAT) + 2 * (_SHA_HEX + 1)
    if len(data) < head or not data.startswith(FORMAT):
        log.warning("derived cache %s is not an entry; rebuilding it", path)
        return None
    written_key = data[len(FORMAT) : len(FORMAT) + _SHA_HEX].decode("ascii", "replace")
    digest = data[len(FORMAT) + _SHA_HEX + 1 : head - 1].decode("ascii", "replace")
    payload = data[head:]
    if written_key != key:
        log.info("derived cache %s was written for another key; rebuilding it", path)
        return None
    if hashlib.sha256(payload).hexdigest() != digest:
        log.warning("derived cache %s does not match its checksum (corrupted); rebuilding it", path)
        return None
    return payload


def write(kind: str, key: str, payload: bytes) -> bool:
    """Keep `payload` as the entry `kind` with `key` (replacing any), atomically; False when it cannot.

    A folder that cannot be made, or that is not private to this user, is not written to; the
    failure is logged (the caller keeps its build in memory either way).
    """
    path = entry_path(kind, key)
    if path is None:
        return False
    folder = path.parent
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        log.info("derived cache folder %s not made (%s); keeping the build in memory", folder, exc)
        return False
    if not private_folder(folder):
        log.warning("derived cache folder %s is not private to this user; not writing to it", folder)
        return False
    body = FORMAT + key.encode("ascii") + b"\n" + hashlib.sha256(payload).hexdigest().encode("ascii") + b"\n" + payload
    try:
        write_atomic(path, body, mode=0o600)  # this user's alone, as `read` requires of an entry
    except OSError as exc:
        log.info("derived cache %s not written (%s); keeping the build in memory", path, exc)
        return False
    _prune(kind, keep=path)
    return True


STALE_S = 30 * 86400
"""An entry of the same kind not written for this long is removed when another is written (a rule
change or an upgrade makes a new key; the old entry would never be read again)."""


def _prune(kind: str, keep: Path) -> None:
    """Remove this kind's entries older than `STALE_S` but `keep` (a failure is logged: the next write tries again)."""
    for other in keep.parent.glob(f"{kind}-*.bin"):
        try:
            if other != keep and time.time() - other.lstat().st_mtime > STALE_S:
                other.unlink()
        except OSError as exc:
            log.info("stale derived cache entry %s not removed (%s)", other, exc)
