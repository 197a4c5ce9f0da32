"""Workspace diffs: what the agent changed in its world, as a unified diff."""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

CACHE_DIRS = frozenset({"__pycache__", ".pytest_cache"})
"""Folders Python and pytest write their caches into. Their files are diffed like any other, except
those that are what the interpreter or pytest writes there (`quiet_cache_file`): an honest run's
bytecode and pytest cache make no noise, and a file the agent hides there is listed (these folders
were skipped whole, so a script, a link or a repository moved into one was seen by no reviewer)."""
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
    root shell. Every folder is walked, `CACHE_DIRS` too: a setuid shell hidden in `__pycache__`
    kept its bit, in the verifier and in the retained world, when the diff skipped those folders.
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


_PYC_TAG = re.compile(r"[a-z][a-z0-9_]*-?[0-9]+[a-z]*(?:\.opt-[12]|-pytest-[0-9][0-9A-Za-z.+_-]*)?")
"""What follows a source's stem in a bytecode file's name, before `.pyc`: the interpreter's cache tag
(`cpython-311`, `pypy39`), with `.opt-1`/`.opt-2` (`python -O`) or pytest's `-pytest-9.2.0` (its
assertion rewriting), as `importlib.util.cache_from_source` and pytest name them."""
_PYC_FLAGS = (b"\0\0\0\0", b"\1\0\0\0", b"\3\0\0\0")
"""A bytecode file's flags word (PEP 552): timestamp-based, unchecked hash-based, checked hash-based."""
PYTEST_CACHE_FILES = {
    "README.md": b"# pytest cache directory #",
    ".gitignore": b"# Created by pytest automatically.",
    "CACHEDIR.TAG": b"Signature: 8a477f597d28d172789f06886806bc55",
}
"""The files pytest writes at the top of `.pytest_cache`, each with its first line (the rest varies by version)."""
MAX_QUIET_SMALL = 4096
"""Largest `PYTEST_CACHE_FILES` file that is quiet."""
MAX_QUIET_JSON = 4 << 20
"""Largest pytest cache value (`.pytest_cache/v/...`) that is quiet (read whole to check it is JSON):
a suite of 50,000 tests lists its node ids in about 3 MB."""


def _head_if_plain(p: Path, limit: int, n: int | None = None) -> bytes | None:
    """The first `n` bytes of `p` (None: all of it) if it is a plain file, else None.

    Plain: a regular file of at most `limit` bytes with no execute, setuid, setgid or sticky bit.
    Never follows a symlink or blocks on a pipe.
    """
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_mode & 0o7111 or st.st_size > limit:
            return None
        return os.read(fd, st.st_size if n is None else n)
    finally:
        os.close(fd)


def _is_bytecode(p: Path) -> bool:
    r"""Whether `p`, in a `__pycache__` folder, is what the interpreter (or pytest) writes there.

    Its name is a source's stem beside the folder, a cache tag and `.pyc` (`_PYC_TAG`; `.pyo` for
    pytest under `-O`), a source of that stem is there (`NAME.py`), and it is a plain file (no execute
    or set-id bit, not a link) beginning with a bytecode header: two magic bytes, `\r\n`, a flags word.
    Its bytecode is not checked: the verifier never reads a cached module from the world
    (`memeval.runner._guard`), so a forged one steers nothing.
    """
    name = p.name
    if not name.endswith((".pyc", ".pyo")):
        return False
    body, source_dir = name[:-4], p.parent.parent
    for i, c in enumerate(body):
        if c != "." or i == 0 or not _PYC_TAG.fullmatch(tag := body[i + 1 :]):
            continue
        if name.endswith(".pyo") and "-pytest-" not in tag:
            continue
        try:
            if stat.S_ISDIR(os.lstat(source_dir / (body[:i] + ".py")).st_mode):
                continue
        except OSError:
            continue
        head = _head_if_plain(p, 1 << 30, 16)  # a compiled module of any size; only its header is read
        return head is not None and len(head) >= 16 and head[2:4] == b"\r\n" and head[4:8] in _PYC_FLAGS
    return False


def quiet_cache_file(parts: tuple[str, ...], p: Path) -> bool:
    """Whether the file `p` (relative path `parts`) is a cache file the interpreter or pytest writes.

    In a `__pycache__` folder: bytecode named after a source beside the folder (`_is_bytecode`). In a
    `.pytest_cache` folder: pytest's three files at its top (`PYTEST_CACHE_FILES`, by their first line),
    and the values under `v/` (pytest's `cache.set`), which are JSON. Any other file there (an
    executable, a link, a special file, a script, a folder of a plugin's `cache.mkdir`) is not quiet.
    """
    if len(parts) >= 2 and parts[-2] == "__pycache__":
        return _is_bytecode(p)
    if ".pytest_cache" not in parts[:-1]:
        return False
    inner = parts[parts.index(".pytest_cache") + 1 :]
    if len(inner) == 1 and inner[0] in PYTEST_CACHE_FILES:
        head = _head_if_plain(p, MAX_QUIET_SMALL, 64)
        return head is not None and head.startswith(PYTEST_CACHE_FILES[inner[0]])
    if len(inner) >= 2 and inner[0] == "v":
        head = _head_if_plain(p, MAX_QUIET_JSON, 8192)
        if head is None or b"\0" in head:  # a NUL: no JSON text, so the rest (a hole, maybe) is never read
            return False
        data = _head_if_plain(p, MAX_QUIET_JSON)
        if data is None:
            return False
        try:
            json.loads(data)
        except (ValueError, RecursionError):  # not JSON (or nested past the parser's depth): not pytest's
            return False
        return True
    return False


def _walk(root: Path, check: bool = True) -> Iterator[tuple[str, Path, bool]]:
    """(relative name as printable text, path, quiet) for every entry under `root` but folders, sorted.

    Regular files, special files and symlinks (a symlink to a folder too, never followed); `quiet`
    says a file under one of `CACHE_DIRS` is what the interpreter or pytest writes (`quiet_cache_file`),
    always False when not `check`.
    """
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        reldir = os.path.relpath(dirpath, root)
        dparts = () if reldir == "." else tuple(reldir.split(os.sep))
        in_cache = check and any(d in CACHE_DIRS for d in dparts)
        links = [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]
        here = Path(dirpath)
        for f in sorted(filenames + links):
            p, parts = here / f, (*dparts, f)
            yield printable("/".join(parts)), p, in_cache and quiet_cache_file(parts, p)


def _files(root: Path) -> Iterator[tuple[str, Path]]:
    """(relative name as printable text, path) for every entry under `root` but folders and quiet cache files, sorted.

    Regular files, special files and symlinks (a symlink to a folder too, never followed).
    """
    for rel, p, quiet in _walk(root):
        if not quiet:
            yield rel, p


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
    for rel, p, _quiet in _walk(root, check=False):  # a quiet file is a regular one: nothing to check here
        try:
            mode = p.lstat().st_mode
            if stat.S_ISLNK(mode):
                out[rel] = "a symbolic link to " + _shown(printable(os.readlink(p)))
            elif not stat.S_ISREG(mode):
                out[rel] = next((name for test, name in _SPECIAL if test(mode)), "a special file")
        except OSError:
            continue
    return out


def _mode(p: Path) -> int:
    """The permission bits of the regular file `p` (read, write, execute, sticky), set-id bits aside.

    memeval clears set-id bits in the world itself (`strip_privileges`) before it is diffed: a
    setuid file the image shipped would otherwise read as the agent's change.
    """
    return stat.S_IMODE(p.lstat().st_mode) & ~(stat.S_ISUID | stat.S_ISGID)


def diff_trees(before: Path, after: Path) -> Diff:
    """Diff two folder trees.

    Regular files are diffed by content and by permission bits (`Mode of x: was 0644, now 0755`,
    as git shows a mode change; a file whose mode alone changed is listed as changed); a symlink
    (by its target) or a special file (by its kind) added, removed or changed is listed too, with a
    line saying what it was and what it is (`Special file x: was nothing, now a symbolic link to
    /tests/y`). A cache file the interpreter
    or pytest writes (`quiet_cache_file`) is left out, unless it is not one in the other tree.
    """
    wa, wb = list(_walk(before)), list(_walk(after))
    shown = {rel for rel, _p, quiet in wa + wb if not quiet}  # a cache file quiet in one tree only is compared
    a = {rel: p for rel, p, _q in wa if rel in shown and p.is_file() and not p.is_symlink()}
    b = {rel: p for rel, p, _q in wb if rel in shown and p.is_file() and not p.is_symlink()}
    sa, sb = _special(before), _special(after)
    old, new = set(a) | set(sa), set(b) | set(sb)
    added = tuple(sorted(new - old))
    removed = tuple(sorted(old - new))
    both = [r for r in old & new if r in a and r in b]
    content = {r for r in both if a[r].stat().st_size != b[r].stat().st_size or _digest(a[r]) != _digest(b[r])}
    modes = {r: (ma, mb) for r in both if (ma := _mode(a[r])) != (mb := _mode(b[r]))}
    changed = tuple(
        sorted(r for r in old & new if (r in a) != (r in b) or sa.get(r) != sb.get(r) or r in content or r in modes)
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
        if rel in modes:
            mode_was, mode_now = modes[rel]
            out.append(f"Mode of {_shown(rel)}: was {mode_was:04o}, now {mode_now:04o}\n")
            if rel not in content:
                continue
        la = _lines(a[rel]) if rel in a else []
        lb = _lines(b[rel]) if rel in b else []
        if la is None or lb is None:
            out.append(f"Binary or large files a/{_shown(rel)} and b/{_shown(rel)} differ\n")
            continue
        # the name on one line: a newline in it started lines of the diff's own (a forged `+++`/`@@` hunk)
        src = f"a/{_shown(rel)}" if rel in a else "/dev/null"
        dst = f"b/{_shown(rel)}" if rel in b else "/dev/null"
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
