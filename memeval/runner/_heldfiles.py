"""The held-back tests' files by name and digest, for telling test.sh's copies of them from other writes.

A test.sh may copy its held-back files into the world (`cp /tests/conftest.py /app/tests/`, `cp /tests/expected.txt
/app/`) before it runs the program: such a copy is test.sh's own, and a file of that name holding anything else was
written by someone else. `memeval.runner._verifierhome.world_written` and `memeval.runner._heldwatch.held_rewritten`
ask `held_copy`. Moved out of `memeval.runner._verifierhome` when breaker45 made the comparison a digest.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path

from memeval._files import read_regular
from memeval.runner._madebin import TOOL_BINARIES

HASH_CHUNK_BYTES = 1 << 20
"""Bytes read at a time when a file is hashed to compare it with the held-back tests' files."""


MAX_HELD_FILES = 10_000
"""Files of the held-back tests read for `held_configs` at most (a tests folder holds a few)."""


def _digest(fd: int) -> bytes:
    """The SHA-256 digest (32 bytes) of what is left to read from the open descriptor `fd`, read in chunks."""
    h = hashlib.sha256()
    while chunk := os.read(fd, HASH_CHUNK_BYTES):
        h.update(chunk)
    return h.digest()


def held_configs(tests: Path) -> dict[str, set[bytes]]:
    """The held-back tests' files (at most `MAX_HELD_FILES`), as {name: SHA-256 digests of the files of that name}.

    Every file is hashed whatever its size (breaker45: a held-back `expected.txt` over the 1 MiB memeval used to read
    was never compared, so the program test.sh ran could rewrite test.sh's copy of it unseen). A file memeval cannot
    read has its name with no digest: no file is a copy of it.

    A test.sh that copies its own `conftest.py` or `pytest.ini` into the world (`cp /tests/conftest.py /app/tests/`),
    or a helper of its tests into an installed package tree (`cp /tests/helper.js /app/node_modules/`), writes one
    while it runs; a copy of one of these is no finding.
    """
    held: dict[str, set[bytes]] = {}
    count = 0
    for dirpath, _, filenames in os.walk(tests):
        for name in filenames:
            path = os.path.join(dirpath, name)
            count += 1
            if count > MAX_HELD_FILES:
                return held
            digests = held.setdefault(name, set())  # an unreadable one's name is kept, with nothing to compare
            try:
                fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
            except OSError:
                continue  # a link or unreadable file of the task's tests: nothing to compare a copy with
            try:
                if stat.S_ISREG(os.fstat(fd).st_mode):
                    digests.add(_digest(fd))
            finally:
                os.close(fd)
    return held


def held_copy(path: str, st: os.stat_result, held: dict[str, set[bytes]]) -> bool:
    """Whether the file at host `path` (its `lstat` `st`) holds the content of a held-back file of its name (`held`).

    Compared by SHA-256 digest (`held_configs`), whatever the size. A file memeval cannot read to compare is no copy.
    """
    digests = held.get(os.path.basename(path))
    if not digests or not stat.S_ISREG(st.st_mode):
        return False
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return False  # a file memeval cannot read to compare is not called a copy: it stays a finding
    try:
        return _digest(fd) in digests
    except OSError:
        return False  # unreadable part way: not called a copy
    finally:
        os.close(fd)


MAX_IMPORT_SCAN_BYTES = 1 << 20
"""Bytes of each held-back file read for the module names it imports (`held_imports`)."""

IMPORTED = re.compile(
    rb"(?:^[ \t]*from[ \t]+([A-Za-z_]\w*)|^[ \t]*import[ \t]+([A-Za-z_][\w., \t]*)"
    rb"|-m[ \t]*([A-Za-z_]\w*)|--pyargs[ \t]+([A-Za-z_]\w*)|import_module\([ \t]*[\"']([A-Za-z_]\w*))",
    re.MULTILINE,
)
"""What names a module in a held-back file: `from X`, `import X, Y`, `-m X` (test.sh), `--pyargs X`,
`import_module("X")`. Read as text, so a name in a string or a comment counts too: only ever more names."""


def held_imports(tests: Path) -> frozenset[str]:
    """The top-level module names the held-back tests import or run (`IMPORTED`), read from every file of `tests`.

    breaker46: a test.sh's `pip install .` of the project the agent wrote puts its package into the task's
    environment while test.sh runs, and the tests then import it by name; a package of a name the tests ask for is
    theirs to run (`memeval.runner._madevenv.pip_install_written`). At most `MAX_HELD_FILES` files and
    `MAX_IMPORT_SCAN_BYTES` of each are read, no link followed; a file memeval cannot read names nothing.
    """
    names: set[str] = set()
    for data in _held_texts(tests):
        for groups in IMPORTED.findall(data):
            for group in groups:
                for word in group.replace(b"\t", b" ").split(b","):
                    top = word.strip().split(b" ")[0].split(b".")[0]
                    if top.isascii() and top.decode().isidentifier():
                        names.add(top.decode())
    return frozenset(names)


def _held_texts(tests: Path) -> Iterator[bytes]:
    """The first `MAX_IMPORT_SCAN_BYTES` of each of at most `MAX_HELD_FILES` files below `tests`, no link followed.

    A file memeval cannot read (gone or changed part way, a FIFO, a link) gives nothing; past `MAX_HELD_FILES`
    the walk stops (`held_imports`, `held_paths`).
    """
    count = 0
    for dirpath, _, filenames in os.walk(tests):
        for name in filenames:
            count += 1
            if count > MAX_HELD_FILES:
                return
            try:
                data = read_regular(os.path.join(dirpath, name), MAX_IMPORT_SCAN_BYTES)
            except OSError:
                continue  # unreadable part way: it names nothing
            yield data or b""


PATH_WORD = re.compile(rb"(?<![\w./-])(/[\w.-]+(?:/[\w.-]+)*)")
"""An absolute path written in a held-back file (`/app/src` in `export PYTHONPATH=/app/src` or `sys.path.insert`)."""


def held_paths(tests: Path) -> frozenset[str]:
    """The absolute paths the held-back files write (`PATH_WORD`), normalised without a trailing slash (breaker46).

    A folder named there may be on a later Python's import path (`export PYTHONPATH=/app/src`, a test's
    `sys.path.insert(0, "/app")`); read as `held_imports` reads the files.
    """
    out: set[str] = set()
    for data in _held_texts(tests):
        for word in PATH_WORD.findall(data):
            out.add(os.path.normpath(word.decode("utf-8", "replace")))
    return frozenset(out)


PYTHON_FILES = re.compile(rb"python_files[\"' \t]*[=:][ \t]*([^\n]*(?:\n[ \t]+[^\n]*)*)")
"""pytest's `python_files` setting in a held-back file and its value (an ini file's continuation lines too): the
names of the modules pytest collects as tests (`pytest.ini`, `[tool.pytest.ini_options]`, `-o python_files=...`)."""
DOCTEST_GLOB = re.compile(rb"--doctest-glob(?:[ \t]*=[ \t]*|[ \t]+)([^\s]+)")
"""pytest's `--doctest-glob PATTERN` (an `addopts` of a held-back configuration, or test.sh's command line): text files
run through `doctest` in pytest's process."""
DISCOVER = re.compile(rb"\bdiscover\b([^\n;&|]*)")
"""unittest's `discover` and what follows it on its line (`-p '*_checks.py'`, `--pattern=...`, a positional pattern)."""
GLOB_WORD = re.compile(rb"[^\s\"',=\[\]]+")
"""A word of a setting's value: quotes, commas, brackets (TOML lists) and `=` separate words."""


def held_test_patterns(tests: Path) -> tuple[str, ...]:
    """The file-name patterns of test modules the held-back files give their runner (breaker48), sorted.

    pytest collects `test_*.py` and `*_test.py`, and unittest `test*.py` (`memeval.runner._shadow.COLLECTED_TEST`),
    unless told otherwise: a `pytest.ini` shipped with the tests (`python_files = check_*.py`) or test.sh's
    `python3 -m unittest discover -p '*_checks.py'`, and the text files pytest runs through `doctest` in its process
    (`--doctest-glob '*.rst'`; `--doctest-modules` imports every module, `*.py`). A file the agent leaves in a
    folder the tests are collected from, named by such a pattern, runs in their process as a `test_*.py` does. The
    words of a `python_files` value, of a `discover` line and of a `--doctest-glob` that hold `*` or `?` or end in
    `.py`, `.txt`, `.rst` or `.md` count; read as `held_imports` reads the files (text, so only ever more patterns).
    """
    out: set[str] = set()
    for data in _held_texts(tests):
        values = [m.group(1) for p in (PYTHON_FILES, DISCOVER, DOCTEST_GLOB) for m in p.finditer(data)]
        if b"--doctest-modules" in data:  # every module of a folder pytest collects is imported for its doctests
            out.add("*.py")
        for value in values:
            for word in GLOB_WORD.findall(value):
                text = word.decode("utf-8", "replace")
                if any(c in text for c in "*?") or text.endswith((".py", ".txt", ".rst", ".md")):
                    out.add(text)
    return tuple(sorted(out))


def vouchers(
    tests: Path, venv: Path | None
) -> tuple[frozenset[str], tuple[str, ...], tuple[str, ...], frozenset[str], tuple[str, ...]]:
    """What the task and the image vouch for among the files test.sh's run leaves (breaker46), and what they name.

    As `memeval.runner._verifierhome.world_written` takes them: the modules the held-back tests import (`held_imports`),
    the host paths of the image's uv binaries (`TOOL_BINARIES`, and the one in the world's environment `venv` a
    Dockerfile's `RUN pip install uv` made), whose activation templates a made environment's scripts may be, and the
    held-back tests' wheels, as trusted as the image's, the folders the held-back files name (`held_paths`), and the
    names of test modules they give their runner (`held_test_patterns`, breaker48).

    Args:
        tests: the host folder of the verifier's copy of the held-back tests.
        venv: the host folder of the world's environment (`/opt/memeval/venv` inside), or None.
    """
    tools = (*TOOL_BINARIES, *([str(venv / "bin" / "uv")] if venv else []))
    wheels = tuple(sorted(str(p) for p in tests.rglob("*.whl") if p.is_file()))
    return held_imports(tests), tools, wheels, held_paths(tests), held_test_patterns(tests)
