"""Workspace diffs: what the agent changed in its world, as a unified diff."""

from __future__ import annotations

import difflib
import hashlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

IGNORED_DIRS = {"__pycache__", ".pytest_cache"}


def _files(root: Path) -> Iterator[tuple[str, Path]]:
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in IGNORED_DIRS)
        for f in sorted(filenames):
            p = Path(dirpath) / f
            yield p.relative_to(root).as_posix(), p


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
        data = p.read_bytes()
        h.update(f"{rel}\0{hashlib.sha256(data).hexdigest()}\n".encode())
        n += 1
        size += len(data)
    return TreeStats("sha256:" + h.hexdigest(), n, size)


class Diff(NamedTuple):
    """A unified diff between two trees, with the paths added, changed and removed."""

    text: str
    added: tuple[str, ...]
    changed: tuple[str, ...]
    removed: tuple[str, ...]


def _lines(p: Path) -> list[str] | None:
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
    changed = tuple(sorted(r for r in set(a) & set(b) if a[r].read_bytes() != b[r].read_bytes()))
    out: list[str] = []
    for rel in sorted(set(added) | set(removed) | set(changed)):
        la = _lines(a[rel]) if rel in a else []
        lb = _lines(b[rel]) if rel in b else []
        if la is None or lb is None:
            out.append(f"Binary files a/{rel} and b/{rel} differ\n")
            continue
        src = f"a/{rel}" if rel in a else "/dev/null"
        dst = f"b/{rel}" if rel in b else "/dev/null"
        for line in difflib.unified_diff(la, lb, src, dst):
            out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return Diff("".join(out), added, changed, removed)
