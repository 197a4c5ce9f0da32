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
MAX_DIFF_TEXT_BYTES = 16 << 20
"""Past this many bytes of diff text, files are listed but their contents not shown (a file of a
few bytes of text then a hole reads as 8 MiB of text and costs the agent no disk)."""
MAX_NOT_SHOWN_NAMED = 100
"""Files past `MAX_DIFF_TEXT_BYTES` named in the diff one a line; the rest are counted in one line."""
MAX_LISTED_PATHS = 1000
"""Paths of each kind (added, changed, removed) listed in the log's `workspace.diffed`."""
MAX_LISTED_BYTES = 32 << 10
"""Characters of paths of each kind listed there (an agent's 230,000 empty files made a 3.4 MB
line per trial); the paths past either cap are counted in the event's `omitted`."""


def _digest(p: Path) -> str:
    with p.open("rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def strip_privileges(root: Path) -> list[str]:
    """Clear setuid and setgid bits under `root`; return the paths changed.

    memeval runs as root: a setuid file an agent left in a retained world would hand anyone a
    root shell. Every folder is walked, the ones the diff ignores (`IGNORED_DIRS`) too: a setuid
    shell hidden in `__pycache__` kept its bit, in the verifier and in the retained world.
    """
    changed = []
    for dirpath, _dirnames, filenames in os.walk(root):
        for name in filenames:  # a folder's setgid bit only sets new files' group
            p = Path(dirpath) / name
            mode = p.lstat().st_mode
            if stat.S_ISLNK(mode) or not mode & (stat.S_ISUID | stat.S_ISGID):
                continue
            os.chmod(p, stat.S_IMODE(mode) & ~(stat.S_ISUID | stat.S_ISGID), follow_symlinks=False)
            changed.append(printable(p.relative_to(root).as_posix()))
    return changed


def printable(name: str) -> str:
    r"""A file name as valid UTF-8 text: undecodable bytes (surrogate-escaped) become `\xNN`."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _files(root: Path) -> Iterator[tuple[str, Path]]:
    """(relative name as printable text, path) for every entry under `root` but folders, sorted.

    Regular files, special files and symlinks (a symlink to a folder too, never followed).
    """
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in IGNORED_DIRS)
        links = [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]
        for f in sorted(filenames + links):
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
    """A text file's lines, or None for a binary one (a NUL in its first 8 KiB) or one past `MAX_DIFF_FILE_BYTES`.

    A binary file's first 8 KiB are all that is read: the agent's 8 MiB files of zeros, sparse and so nearly free of
    storage, were read whole to find their first byte a NUL, 100,000 of them 800 GB of reads on the host.
    """
    if p.stat().st_size > MAX_DIFF_FILE_BYTES:
        return None
    with p.open("rb") as f:
        data = f.read(8192)
        if b"\0" in data:
            return None
        data += f.read(MAX_DIFF_FILE_BYTES + 1 - len(data))
    try:
        return data.decode("utf-8").splitlines(keepends=True)
    except UnicodeDecodeError:
        return None


_SPECIAL = (
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def _shown(text: str) -> str:
    r"""`text` on one line: control characters (a newline in a name or a link's target) as `\xNN`."""
    return "".join(c if c.isprintable() or c == " " else f"\\x{ord(c):02x}" for c in text)


def _special(root: Path) -> dict[str, str]:
    """Every symlink and special file under `root`, by relative path, with what it is.

    `a symbolic link to TARGET`, `a named pipe`...; nothing is followed or opened.
    """
    out = {}
    for rel, p in _files(root):
        try:
            mode = p.lstat().st_mode
            if stat.S_ISLNK(mode):
                out[rel] = "a symbolic link to " + _shown(printable(os.readlink(p)))
            elif not stat.S_ISREG(mode):
                out[rel] = next((name for test, name in _SPECIAL if test(mode)), "a special file")
        except OSError:
            continue
    return out


def diff_trees(before: Path, after: Path) -> Diff:
    """Diff two folder trees.

    Regular files are diffed by content; a symlink (by its target) or a special file (by its
    kind) added, removed or changed is listed too, with a line saying what it was and what it is
    (`Special file x: was nothing, now a symbolic link to /tests/y`).
    """
    a = {rel: p for rel, p in _files(before) if p.is_file() and not p.is_symlink()}
    b = {rel: p for rel, p in _files(after) if p.is_file() and not p.is_symlink()}
    sa, sb = _special(before), _special(after)
    old, new = set(a) | set(sa), set(b) | set(sb)
    added = tuple(sorted(new - old))
    removed = tuple(sorted(old - new))
    changed = tuple(
        sorted(
            r
            for r in old & new
            if (r in a) != (r in b)
            or sa.get(r) != sb.get(r)
            or (r in a and (a[r].stat().st_size != b[r].stat().st_size or _digest(a[r]) != _digest(b[r])))
        )
    )
    out: list[str] = []
    size = counted = not_shown = 0
    for rel in sorted(set(added) | set(removed) | set(changed)):
        size += sum(map(len, out[counted:]))
        counted = len(out)
        if size > MAX_DIFF_TEXT_BYTES:
            not_shown += 1
            if not_shown <= MAX_NOT_SHOWN_NAMED:
                out.append(f"Diff of {_shown(rel)} not shown: the workspace diff is over {MAX_DIFF_TEXT_BYTES} bytes\n")
            continue
        if rel in sa or rel in sb:
            was = sa.get(rel, "a regular file" if rel in a else "nothing")
            now = sb.get(rel, "a regular file" if rel in b else "nothing")
            out.append(f"Special file {_shown(rel)}: was {was}, now {now}\n")
            if rel not in a and rel not in b:
                continue
        la = _lines(a[rel]) if rel in a else []
        lb = _lines(b[rel]) if rel in b else []
        if la is None or lb is None:
            out.append(f"Binary or large files a/{rel} and b/{rel} differ\n")
            continue
        src = f"a/{rel}" if rel in a else "/dev/null"
        dst = f"b/{rel}" if rel in b else "/dev/null"
        for line in difflib.unified_diff(la, lb, src, dst):
            out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    if not_shown > MAX_NOT_SHOWN_NAMED:
        more = not_shown - MAX_NOT_SHOWN_NAMED
        out.append(f"Diff of {more:,} more files not shown: the workspace diff is over {MAX_DIFF_TEXT_BYTES} bytes\n")
    return Diff("".join(out), added, changed, removed)


class Listed(NamedTuple):
    """The paths of a `Diff` recorded in the log, and how many were left out (`omitted`).

    At most `MAX_LISTED_PATHS` paths and `MAX_LISTED_BYTES` characters of each kind, the first in
    the diff's (sorted) order.
    """

    added: tuple[str, ...]
    changed: tuple[str, ...]
    removed: tuple[str, ...]
    omitted: int


def _first(paths: tuple[str, ...]) -> tuple[str, ...]:
    size = 0
    for n, p in enumerate(paths[:MAX_LISTED_PATHS]):
        size += len(p)
        if size > MAX_LISTED_BYTES:
            return paths[:n]
    return paths[:MAX_LISTED_PATHS]


def listed(d: Diff) -> Listed:
    """The paths of `d` to record in the log, each kind capped on its own (see `Listed`)."""
    added, changed, removed = _first(d.added), _first(d.changed), _first(d.removed)
    omitted = len(d.added) + len(d.changed) + len(d.removed) - len(added) - len(changed) - len(removed)
    return Listed(added, changed, removed, omitted)
