"""Workspace diffs: what the agent changed in its world, as a unified diff."""

from __future__ import annotations

import difflib
import hashlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

IGNORED_DIRS = {"__pycache__", ".pytest_cache"}
MAX_DIFF_FILE_BYTES = 8 << 20
"""Files larger than this are compared by hash and listed, never read whole or diffed."""


def _digest(p: Path) -> str:
    with p.open("rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def strip_privileges(root: Path) -> list[str]:
    """Clear setuid and setgid bits under `root`; return the paths changed.

    memeval runs as root: a setuid file an agent left in a retained world would hand anyone a
    root shell.
    """
    changed = []
    for rel, p in _files(root):
        if p.is_symlink():
            continue
        mode = p.lstat().st_mode
        if mode & (stat.S_ISUID | stat.S_ISGID):
            os.chmod(p, stat.S_IMODE(mode) & ~(stat.S_ISUID | stat.S_ISGID), follow_symlinks=False)
            changed.append(rel)
    return changed


def printable(name: str) -> str:
    r"""A file name as valid UTF-8 text: undecodable bytes (surrogate-escaped) become `\xNN`."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _files(root: Path) -> Iterator[tuple[str, Path]]:
    """(relative name as printable text, path) for every entry under `root`, in sorted order."""
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in IGNORED_DIRS)
        for f in sorted(filenames):
            p = Path(dirpath) / f
            yield printable(p.relative_to(root).as_posix()), p


class TreeStats(NamedTuple):
    """A folder tree's content hash, file count and total bytes."""

    hash: str
    files: int
    bytes: int


def tree_stats(root: Path) -> TreeStats:
    """Hash (SHA-256 over relative paths and file digests, sorted), count and size of `root`."""
    h = hashlib.sha256()
    n = size = 0
    for rel, p in _files(root):
        if p.is_symlink() or not p.is_file():
            continue
        h.update(f"{rel}\0{_digest(p)}\n".encode("utf-8", "surrogateescape"))
        n += 1
        size += p.stat().st_size
    return TreeStats("sha256:" + h.hexdigest(), n, size)


class Diff(NamedTuple):
    """A unified diff between two trees, with the paths added, changed and removed."""

    text: str
    added: tuple[str, ...]
    changed: tuple[str, ...]
    removed: tuple[str, ...]


def _lines(p: Path) -> list[str] | None:
    if p.stat().st_size > MAX_DIFF_FILE_BYTES:
        return None
    data = p.read_bytes()
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8").splitlines(keepends=True)
    except UnicodeDecodeError:
        return None


def diff_trees(before: Path, after: Path) -> Diff:
    """Diff two folder trees (symlinks and special files are compared by existence only)."""
    a = {rel: p for rel, p in _files(before) if p.is_file() and not p.is_symlink()}
    b = {rel: p for rel, p in _files(after) if p.is_file() and not p.is_symlink()}
    added = tuple(sorted(set(b) - set(a)))
    removed = tuple(sorted(set(a) - set(b)))
    changed = tuple(
        sorted(
            r for r in set(a) & set(b) if a[r].stat().st_size != b[r].stat().st_size or _digest(a[r]) != _digest(b[r])
        )
    )
    out: list[str] = []
    for rel in sorted(set(added) | set(removed) | set(changed)):
        la = _lines(a[rel]) if rel in a else []
        lb = _lines(b[rel]) if rel in b else []
        if la is None or lb is None:
            out.append(f"Binary or large files a/{rel} and b/{rel} differ\n")
            continue
        src = f"a/{rel}" if rel in a else "/dev/null"
        dst = f"b/{rel}" if rel in b else "/dev/null"
        for line in difflib.unified_diff(la, lb, src, dst):
            out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return Diff("".join(out), added, changed, removed)
