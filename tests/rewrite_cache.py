"""Compile the suite's modules once, in the controlling process, before pytest-xdist starts its workers.

pytest imports each test module through its assertion rewriter (parse, rewrite every `assert`,
compile) and keeps the result in `__pycache__/<name>.cpython-311-pytest-<version>.pyc`, which it
reads back only when the source's hash matches. It writes that cache only when Python may write
bytecode: on a machine where `PYTHONDONTWRITEBYTECODE` is set (the build machine), no process ever
wrote it, so each of the workers rewrote all of the suite's modules at collection, every run:
about 11 of the 19-20 CPU s a worker spent collecting (740 test modules and conftests), three times
a run. The helper modules beside the tests (`cli_process.py`, `pg_fixture.py`, ...) were likewise
compiled from source by every worker and by every child process that imports them.

`compile_suite` does that work once, before the workers start: it rewrites each test module and
`conftest.py` under the paths the run was given whose cache is missing or stale (exactly as pytest's
own rewriter would, with its own functions, so a worker reads the same code it would have made),
and byte-compiles the other modules there as `python -m compileall` does. Folders the suite does not
collect (`norecursedirs`: the task fixtures, whose `test_*.py` run inside sandboxes) are skipped, so
nothing is written into `tests/fixtures`. A cache entry is keyed on the source's hash (pytest's) or
on its size and modification time (Python's), so an edited module is compiled again, never read
stale. The run's checks are unchanged: each module runs the same rewritten code, only made once.
"""

from __future__ import annotations

import fnmatch
import importlib.util
import os
import py_compile
from pathlib import Path

import pytest


def suite_modules(config: pytest.Config) -> tuple[list[Path], list[Path]]:
    """The (test modules pytest rewrites, other modules) under the run's paths, `norecursedirs` pruned.

    Test modules: files matching `python_files` and every `conftest.py` (pytest rewrites both), plus
    any file named on the command line; other modules: the remaining `*.py` files. Both sorted.
    """
    from _pytest.pathlib import fnmatch_ex  # pytest's matcher of `norecursedirs` and `python_files`

    skip = config.getini("norecursedirs")
    patterns = config.getini("python_files")
    named: set[Path] = set()
    roots: list[Path] = []
    for arg in config.args:
        path = Path(config.invocation_params.dir, arg.split("::", 1)[0]).resolve()
        if path.is_file() and path.suffix == ".py":
            named.add(path)
        elif path.is_dir():
            roots.append(path)
    tests: set[Path] = set(named)
    others: set[Path] = set()
    for root in roots:
        for folder, dirs, files in os.walk(root):
            here = Path(folder)
            dirs[:] = sorted(d for d in dirs if not any(fnmatch_ex(p, here / d) for p in skip))
            for name in files:
                if not name.endswith(".py"):
                    continue
                path = here / name
                if name == "conftest.py" or any(fnmatch.fnmatch(name, p) for p in patterns):
                    tests.add(path)
                else:
                    others.add(path)
    for path in [*named, *roots]:  # the conftest files above the paths given (pytest loads them too)
        for parent in path.parents:
            if (parent / "conftest.py").is_file():
                tests.add(parent / "conftest.py")
            if parent == config.rootpath:
                break
    return sorted(tests), sorted(others - tests)


def compile_suite(config: pytest.Config) -> tuple[int, int]:
    """Write pytest's rewritten cache for each test module and a `.pyc` for each other module that lacks a current one.

    Returns (test modules rewritten, other modules compiled); (0, 0) when everything was current or
    when assertion rewriting is off (`--assert=plain`). A module that does not compile is left to
    the worker's import, which reports it as a collection error as before; so is a module whose
    cache cannot be written (a read-only checkout), which is then compiled at import as before.
    """
    if config.getoption("assertmode") != "rewrite":
        return 0, 0
    from _pytest.assertion import rewrite  # the rewriter's own functions: the cache it reads back
    from _pytest.assertion.rewrite import assertstate_key

    state = config.stash[assertstate_key]
    tests, others = suite_modules(config)
    rewritten = 0
    for path in tests:
        cache = rewrite.get_cache_dir(path)
        pyc = cache / (path.name[:-3] + rewrite.PYC_TAIL)
        if rewrite._read_pyc(path, pyc) is not None:
            continue
        try:
            source_hash, code = rewrite._rewrite_test(path, config)
        except SyntaxError:
            continue  # the worker's import reports it
        if rewrite.try_makedirs(cache) and rewrite._write_pyc(state, code, source_hash, pyc):
            rewritten += 1
    compiled = 0
    for path in others:
        pyc = Path(importlib.util.cache_from_source(str(path)))
        st = path.stat()
        if _current(pyc, st):
            continue
        try:
            py_compile.compile(str(path), cfile=str(pyc), doraise=True)
        except py_compile.PyCompileError:
            continue  # the importing test reports it
        except OSError:
            continue  # a folder it may not write (a read-only checkout): imported from source, as before
        compiled += 1
    return rewritten, compiled


def _current(pyc: Path, source: os.stat_result) -> bool:
    """Whether `pyc` is a timestamp `.pyc` of this Python for a source of this size and mtime (what import checks)."""
    try:
        head = pyc.read_bytes()[:16]
    except OSError:
        return False
    return (
        len(head) == 16
        and head[:4] == importlib.util.MAGIC_NUMBER
        and head[4:8] == b"\x00\x00\x00\x00"
        and int.from_bytes(head[8:12], "little") == int(source.st_mtime) & 0xFFFFFFFF
        and int.from_bytes(head[12:16], "little") == source.st_size & 0xFFFFFFFF
    )
