"""Configuration written into the verifier's fresh `HOME`, or into the world, while test.sh ran (breaker40).

The verifier's `HOME` is its own `/tmp`, fresh and empty, so nothing the agent left in a home folder during its turn
is read. But the program test.sh runs writes there with test.sh's rights, and a tool test.sh starts after it reads
its user configuration from there: the agent's program wrote `~/.proverc` holding `--exec=/tmp/ok.sh`, and the
`prove /tests/t` test.sh ran next ran every held-back test through that script, which printed `ok`: a wrong answer
passed with reward 1 and no finding. Most such files have no switch memeval could set to keep a tool from reading
them (`prove` reads `~/.proverc` unless given `--norc`), so after test.sh ends memeval looks for the files a test
tool reads from a home folder, and each one present is a `runner-config` finding (`--tamper fail` fails the trial).

The world is the same: the tamper scan reads it after the agent's turn, and the program test.sh runs can write a
`.proverc` or `conftest.py` into `/app` after that, for the `prove` or `pytest` test.sh starts next. So the world's
configuration files (named as the tamper scan names them: `CONFIG_KINDS`) whose inode changed while test.sh ran (their
`ctime`, which no program can set back) are findings too, and so is every file of an installed package tree
(`site-packages`, `node_modules`, `vendor`) written then (breaker43: a `.pth` file written into the task's
`/app/venv`, or the task's `node_modules/checklib/index.js` rewritten, passed a wrong answer). A file reached through
a folder that was not at its path before test.sh ran (moved there, or made) counts as written then whatever its own
`ctime` says: renaming a folder leaves its files' times as they were.

Only the names in `HOME_CONFIG` are looked at (an `lstat` each, never read or followed), so what the tests left in
`/tmp` costs nothing to scan. test.sh's own writes count too (`git config --global` writes `~/.gitconfig`): memeval
cannot tell which process wrote a file, and under `flag` the score stands.
"""

from __future__ import annotations

import fnmatch
import os
import posixpath
import re
import stat
import sys
from collections.abc import Iterable
from pathlib import Path

from memeval.eventlog import TamperFinding
from memeval.runner._diff import printable
from memeval.runner._heldfiles import held_copy
from memeval.runner._homeconfig import passwd_home_config
from memeval.runner._libshadow import library_shadow
from memeval.runner._madesite import ALWAYS_LOOKED_AT, image_has
from memeval.runner._madevenv import made_venv_written, pip_install_written
from memeval.runner._removed import world_folders_before
from memeval.runner._runnersection import RUNNER_SECTIONS, TOOL_CONFIG, git_detail
from memeval.runner._shadow import (
    COLLECTED_TEST,
    DOCTEST_FILE,
    DOCTEST_RUN,
    held_node_shadow,
)
from memeval.runner._tamper import JS_RUNNER_CONFIG, RUNNER_CONFIG_FILES, STARTUP, VENV_DETAIL
from memeval.runner._testfiles import (
    INSTALLED_TREES,
    JEST_MOCKS,
    JS_MOCK_RUN,
    PERL_TEST_RUN,
    js_runner_data,
    js_test_file,
    perl_test_file,
)
from memeval.types import TamperKind

WORLD_DETAIL = (
    "written into the world while test.sh ran (by test.sh or a program it ran), after the tamper scan had read it: "
    "{}; a tool test.sh ran after that read it"
)


TOOL_WRITTEN = frozenset({"CMakeCache.txt", ".bundle/config"})
"""Configuration a test.sh's own tools write as they run (`cmake -B build` writes its cache, `bundle install` its
settings): not counted as written by the tested program."""


LATE_TEST = (
    "a test module: a runner collecting its folder (`pytest /app/tests`, `go test`) imports or builds it with the "
    "held-back tests, in their process (`atexit.register(os._exit, 0)` there passes a failing run)"
)
LATE_INIT = "an `__init__.py` beside test modules: pytest and unittest run it in their process when they import one"
LATE_TEST_SUFFIXES = (".py", ".go")
"""Test modules looked for among files written while test.sh ran by name alone: Python's and Go's, which no test tool
writes. JavaScript ones count unless compiled from a TypeScript file that was there before (`late_js_test`)."""
LATE_JS_TEST = (
    "a JavaScript test file: mocha loads every spec file into one process before it runs any (a `process.exit(0)` "
    "there passes a failing run), and jest runs what it collects"
)
TS_SOURCE = (".ts", ".tsx", ".mts", ".cts")
"""TypeScript's endings: a test.sh's own `tsc` writes `dist/x.test.js` from `src/x.test.ts`."""
JS_OUTPUT = (".js", ".jsx", ".mjs", ".cjs")


LATE_MODULE = (
    "module `{}` beside test modules, at the top of a world folder or in a folder the held-back files name: pytest "
    "puts a test's folder first on the import path, and a test.sh or test that puts the world first "
    "(`PYTHONPATH=/app`) does the same, so it is what a later Python imports by that name (`pytest` itself, or a "
    "standard-library module not loaded yet: `hashlib`, `sqlite3`)"
)
MODULE_SUFFIXES = (".py", ".pyc", ".so")


def _late_module(name: str) -> str | None:
    """The top-level module a file named `name` gives a folder on the import path (`x.py`, `x.pyc`, `x.*.so`)."""
    stem = name.split(".")[0]
    return stem if name.endswith(MODULE_SUFFIXES) and stem.isidentifier() else None


def _only_beside_tests(name: str) -> bool:
    """Whether a file named `name` counts only in a folder holding Python test modules (or in a package there)."""
    if name == "__init__.py":
        return True
    test_or_hook = name == "conftest.py" or COLLECTED_TEST.match(name) or name.split(".")[0] in STARTUP
    return _late_module(name) is not None and not test_or_hook


def _python_test_beside(filenames: list[str], patterns: tuple[str, ...] = ()) -> bool:
    """Whether `filenames` hold a Python test module: by the runners' default names, or by one of `patterns`."""
    return any(
        f.endswith(".py") and (COLLECTED_TEST.match(f) or any(fnmatch.fnmatchcase(f, p) for p in patterns))
        for f in filenames
    )


def _tests_beside(dirpath: str, filenames: list[str], name: str, patterns: tuple[str, ...] = ()) -> bool:
    """Whether `dirpath` holds Python test modules, or for an `__init__.py` the folder above it does.

    A package beside the tests (`/app/tests/hashlib/__init__.py`) is imported by its name as a module there is.
    `patterns` are the test-module names the held-back files give (`held_test_patterns`, breaker48: a copy of
    `check_answer.py` under `python_files = check_*.py` is a test module); those holding `/` are the tamper scan's.
    """
    names = tuple(p for p in patterns if "/" not in p and not fnmatch.fnmatchcase("x.py", p))  # not `*.py`
    if _python_test_beside(filenames, names):
        return True
    if name != "__init__.py":
        return False
    try:
        return _python_test_beside(os.listdir(os.path.dirname(dirpath)), names)
    except OSError:
        return False


PACKAGE_JSON_LATE = (
    "package.json: `npm test` runs its `pretest`, `test` and `posttest` scripts, and Node's test runners read their "
    "sections there (jest's `setupFiles`)"
)
TREE_SKIPPED = frozenset({"__pycache__", ".cache"})
"""Folders of an installed package tree not looked at for files written while test.sh ran: bytecode (the verifier's
Python reads and writes none beside its source: `PYTHONPYCACHEPREFIX`) and tools' caches (`node_modules/.cache`),
which no tool loads as a package."""
LATE_INSTALLED = (
    "inside {}: code the task's tools import or run (a test.sh's own `pip install` or `npm install` of a package it "
    "did not have writes here too)"
)


VENV_CONFIG = "pyvenv.cfg"
VENV_BIN = frozenset({"bin", "Scripts"})
"""A virtual environment's command folders (POSIX, Windows layout), beside its `pyvenv.cfg`."""
LATE_VENV_COMMAND = (
    "a command of a virtual environment that was there before test.sh ran, or an interpreter of one made while it "
    "ran that does not lead to the image's: a test.sh that runs it by path (`/app/venv/bin/python -m pytest`) after "
    "the program runs this file"
)


def installed_kind(rel: str, link: bool = False) -> tuple[TamperKind, str] | None:
    """The finding a file at `rel` (from the world's root) inside an installed package tree makes, or None.

    None when it is in none (breaker43); `startup-hook` for a `.pth`, `sitecustomize` or `usercustomize` (a `.pth`
    file of the task's `/app/venv` runs at its python's start, before memeval's guard), else `installed-package`. A
    symbolic link (`link`) named like a tree is one too: what it leads to is the tree the tools read (breaker39's
    rule in the tamper scan).
    """
    parts = rel.split("/")
    tree = next((p for p in parts[: None if link else -1] if p in INSTALLED_TREES), None)
    if tree is None:
        return None
    name = parts[-1]
    if name.endswith(".pth") or name.split(".")[0] in STARTUP and name.endswith((".py", ".pyc")):
        return "startup-hook", f"inside {tree}: run when a Python interpreter starts, if its folder is a site folder"
    return "installed-package", LATE_INSTALLED.format(tree)


def config_kind(rel: str) -> tuple[TamperKind, str] | None:
    """The finding a configuration file at `rel` (from the world's root) makes, as (kind, what it does), or None.

    Names only, as the tamper scan names them (`memeval.runner._tamper.classify`): pytest's `conftest.py` and
    configuration, other tools' (`TOOL_CONFIG`, Node's `JS_RUNNER_CONFIG`), files that may hold a test runner's
    section (`pyproject.toml`, `setup.cfg`, `tox.ini`), Python's start-up hooks and git's configuration and
    attributes (hooks are off in the verifier), and Python's and Go's test modules, `__init__.py` files and other Python
    modules, which a runner collecting their folder imports with the held-back tests (breaker41: the program test.sh ran
    first wrote `/app/tests/test_zz.py`, or `hashlib.py` there, holding `atexit.register(os._exit, 0)`, and the
    `pytest /app/tests` after it exited 0; `world_written` counts `__init__.py` files and modules beside tests only),
    and Perl modules, C headers and Java classes named like the image's (`memeval.runner._libshadow`: a
    `lib/Test/More.pm` written for the `prove -l` test.sh ran next).
    """
    parts = rel.split("/")
    name = parts[-1]
    if any(p in INSTALLED_TREES for p in parts[:-1]):
        return None
    if name == "conftest.py":
        return "conftest", "pytest runs it when it collects this folder"
    if name == "__init__.py":  # breaker41: looked for only beside a test module (`world_written`)
        return "conftest", LATE_INIT
    if COLLECTED_TEST.match(name) and name.endswith(LATE_TEST_SUFFIXES):  # breaker41
        return "conftest", LATE_TEST
    if name.endswith((*TS_SOURCE, *JS_OUTPUT)) and (COLLECTED_TEST.match(name) or js_test_file(parts)):  # breaker43
        return "conftest", LATE_JS_TEST
    if js_runner_data(parts) == JEST_MOCKS:  # breaker49 (a `.snap` is no finding here: jest writes missing ones)
        return "conftest", JS_MOCK_RUN
    if perl_test_file(parts):  # breaker49
        return "conftest", PERL_TEST_RUN
    if DOCTEST_FILE.match(name):  # breaker48: pytest's default `--doctest-glob`, run in its process
        return "conftest", f"a doctest file: {DOCTEST_RUN}"
    if name.endswith(".pth") or name.split(".")[0] in STARTUP and name.endswith((".py", ".pyc")):
        return "startup-hook", "run when a Python interpreter starts, if its folder is a site folder"
    if (lib := library_shadow(rel)) is not None:  # breaker41: `lib/Test/More.pm` for the `prove -l` test.sh ran next
        return lib
    if (mod := _late_module(name)) is not None:  # breaker41: looked for only beside a test module (`world_written`)
        return ("shadows-stdlib" if mod in sys.stdlib_module_names else "conftest"), LATE_MODULE.format(mod)
    if name in RUNNER_CONFIG_FILES:
        return "runner-config", "pytest configuration"
    last_two = "/".join(parts[-2:])
    if (tool := TOOL_CONFIG.get(name) or TOOL_CONFIG.get(last_two)) is not None:
        return None if name in TOOL_WRITTEN or last_two in TOOL_WRITTEN else ("runner-config", tool)
    if JS_RUNNER_CONFIG.match(name):
        return "runner-config", "configuration a Node test runner or package manager reads from its working directory"
    if name in RUNNER_SECTIONS:
        return "runner-config", f"{name}, which may hold a test runner's section"
    if name == VENV_CONFIG:  # `world_written` counts one only in a folder there before test.sh ran (breaker43)
        return "runner-config", VENV_DETAIL
    if name == "package.json":  # breaker43: its `test` script rewritten for the `npm test` test.sh ran next
        return "runner-config", PACKAGE_JSON_LATE
    git = git_detail(rel)
    if git is not None and "/hooks/" not in f"/{rel}":
        return "runner-config", git
    return None


def folder_inodes(root: Path) -> dict[str, int]:
    """The inode of every folder under the world `root` (not `root` itself), by path relative to it; no link followed.

    Taken before test.sh runs, for `world_written`: a folder whose inode at a path differs afterwards (or that was not
    there) was moved or made there while test.sh ran, and its files count as written then (a rename keeps their
    `ctime`). One `lstat` a folder, none a file (`memeval.runner._removed.world_folders_before`, which the verifier
    takes once for this and for the files removed while test.sh ran).
    """
    return world_folders_before(os.fspath(root)).inodes


def world_written(
    root: Path,
    since_ns: int,
    held: dict[str, set[bytes]] | None = None,
    before: dict[str, int] | None = None,
    before_names: dict[str, tuple[str, ...]] | None = None,
    wanted: frozenset[str] = frozenset(),
    tools: tuple[str, ...] = (),
    wheels: tuple[str, ...] = (),
    paths: frozenset[str] = frozenset(),
    patterns: tuple[str, ...] = (),
) -> tuple[str, ...]:
    """The configuration files (`config_kind`) and installed packages' files (`installed_kind`) written lately.

    `root` is the world's host folder, `since_ns` when test.sh started.
    Written then: the file's inode changed then (its `ctime`), or a folder above it (below `root`) is not the folder
    `before` (`folder_inodes`, taken before test.sh ran; None: not asked) had at its path. Walks the world once,
    following no link; an entry is `lstat`ed only when its name is configuration or it is in an installed package tree
    (not its `__pycache__` or `.cache`: `TREE_SKIPPED`), and read only to compare it with the held-back tests' file
    of its name (`held`, from `held_configs`): a copy of one is test.sh's own and left out. `wanted` are the modules
    the held-back tests import (`held_imports`): a new package of such a name in an environment's site folder is what
    test.sh's `pip install .` wrote (`pip_install_written`, breaker46). `tools` are host paths of the image's binaries
    that make environments (uv), whose templates a made environment's activation scripts may be (`made_bin_written`),
    and `wheels` the held-back tests' wheels, whose files a made environment's packages may be (`made_site_written`).
    `paths` are the folders the held-back files name (`held_paths`): a module named like the image's written into one,
    or at the top of a world folder, is a finding whether or not tests are beside it (`_on_import_path`).
    `before_names` are the names of the files each installed-tree folder held before test.sh ran
    (`memeval.runner._removed.WorldFolders.watched`; None: not asked): a module file at a site folder's top whose name
    was not there is a new one, which `pip install .` of a single-module project writes (breaker48). `patterns` are
    the names of test modules the held-back files give (`held_test_patterns`): a file one names is a test module, and
    a module beside one counts as beside `test_*.py` (breaker48).
    Returns paths relative to `root`, sorted.
    """
    found = []
    folders = tuple("/" + e for e in os.listdir(root) if os.path.isdir(os.path.join(root, e)))
    ts_before: set[str] = set()  # stems of TypeScript files there before test.sh ran: what its `tsc` compiles
    copies: dict[tuple[str, int, int], bool] = {}  # by name and inode: hard links of one file are read once a name
    moved: dict[str, bool] = {}  # by folder: it, or a folder above it, was not at its path before test.sh ran
    made_venv: set[str] = set()  # virtual environments whose folder was not there before test.sh ran: test.sh's own
    top = os.fspath(root)

    def new_top(rel: str) -> bool:  # the top entry of a site folder that `rel` is (in) was not there before test.sh
        if before is None:
            return False
        if (m := SITE_TOP.match(rel)) is not None:
            return m.group(1) not in before
        site, _, name = rel.rpartition("/")  # a module file at the site folder's top (breaker48)
        return before_names is not None and SITE_DIR.match(site) is not None and name not in before_names.get(site, ())

    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        parent = os.path.dirname(dirpath)
        fresh_dir = moved.get(parent, False)
        if before is not None and dirpath != top and not fresh_dir:
            try:
                fresh_dir = before.get(rel_dir) != os.lstat(dirpath).st_ino
            except OSError:
                fresh_dir = True
        moved[dirpath] = fresh_dir
        venv = VENV_CONFIG in filenames
        if parent in made_venv or (venv and before is not None and rel_dir not in before):
            if parent not in made_venv:  # its interpreters, `home` and start-up hooks are looked at (breaker44)
                found += made_venv_written(top, rel_dir, folders, tools, wheels)
            made_venv.add(dirpath)  # `python3 -m venv .venv` in test.sh: its pip and packages are not counted
        in_tree = any(p in INSTALLED_TREES for p in rel_dir.split("/"))
        if in_tree:
            dirnames[:] = [] if dirpath in made_venv else [d for d in dirnames if d not in TREE_SKIPPED]
            if dirpath in made_venv:
                continue
        # the commands of an environment that was there before (`/app/venv/bin/python`): what test.sh runs by path
        venv_bin = os.path.basename(dirpath) in VENV_BIN and os.path.lexists(os.path.join(parent, VENV_CONFIG))
        if venv_bin and parent in made_venv:
            continue  # the commands of the environment test.sh made
        beside: dict[bool, bool] = {}  # whether tests are beside, asked once a folder (for a module, an `__init__.py`)
        for name in filenames + [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            if not in_tree and name.endswith(TS_SOURCE) and not name.endswith(".d.ts") and not fresh_dir:
                try:
                    if os.lstat(path).st_ctime_ns < since_ns:
                        ts_before.add(name.rsplit(".", 1)[0])
                except OSError:
                    pass  # gone meanwhile: compiles nothing
            # a link named like a tree, whether or not it leads anywhere here (`/tmp/nm` is the sandbox's own)
            link = name in INSTALLED_TREES and os.path.islink(path)
            if name == VENV_CONFIG and (dirpath in made_venv or before is None):
                continue  # a virtual environment test.sh made
            node_shadow = not in_tree and held_node_shadow("/" + rel, held or ()) is not None  # breaker49
            if (
                not (in_tree or venv_bin or node_shadow)
                and config_kind(rel) is None
                and installed_kind(rel, link) is None
            ):
                # a link, not walked through (one to nothing the host has is listed as a file: asked of dotless names,
                # and of any name when it leads nowhere on the host: `/app/.venv -> /tmp/v`, the sandbox's, breaker45)
                made_lib = venv and dirpath in made_venv and name == "lib64"  # `venv` links `lib64 -> lib`
                dangling = name not in dirnames and os.path.islink(path) and not os.path.exists(path)
                if not made_lib and (name in dirnames or dangling or ("." not in name and os.path.islink(path))):
                    if _late_link(root, rel, since_ns, fresh_dir, folders):
                        found.append(rel)
                continue
            try:
                st = os.lstat(path)
            except OSError:
                continue  # gone meanwhile (no process of the verifier runs now: a name os.walk listed that vanished)
            if st.st_ctime_ns < since_ns and not fresh_dir:
                continue
            if not (in_tree or venv_bin) and _only_beside_tests(name):
                init = name == "__init__.py"
                if init not in beside:
                    beside[init] = _tests_beside(dirpath, filenames, name, patterns)
                if not beside[init] and not (not init and _on_import_path(name, rel_dir, paths)):
                    continue
            inode = (name, st.st_dev, st.st_ino)
            if inode not in copies:
                copies[inode] = held_copy(path, st, held or {})
            if not copies[inode] and not (in_tree and pip_install_written(rel, path, fresh_dir, wanted, new_top(rel))):
                found.append(rel)  # (a test.sh's `pip install -e .` into the task's environment: breaker45)
    return tuple(sorted(rel for rel in found if not _compiled(rel, ts_before)))


SITE_TOP = re.compile(r"^(.*/lib/python\d+\.\d+/(?:site|dist)-packages/[^/]+)/")
"""A file in a folder of a site folder: that folder (from the world's root), for `world_written`'s `new_top`."""
SITE_DIR = re.compile(r"^(?:.*/)?lib/python\d+\.\d+/(?:site|dist)-packages$")
"""A site folder (from the world's root), whose top-level module files `world_written`'s `new_top` asks about."""


LATE_LINK = (
    "a symbolic link to a folder the tests' programs could write, or to nothing memeval can see: a tool reads what it "
    "leads to under this name (a test folder's `__init__.py`, a package), which memeval's walk does not follow"
)
SAFE_TARGETS = ("/tests", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/etc", "/opt/memeval/venv")
"""Where a link made while test.sh ran may lead with no finding: the held-back tests' read-only copy and the image."""


def _late_link(root: Path, rel: str, since_ns: int, fresh_dir: bool, folders: tuple[str, ...]) -> bool:
    """Whether the link at `rel` (from the world's root), made while test.sh ran, leads where programs could write.

    That is, to a folder the programs could write or to nothing memeval can see (breaker43).

    The walk follows no link, so a file reached through one is looked at under its own path only: `/app/tests ->
    /tmp/t` (the sandbox's own `/tmp`, gone with it) made `pytest /app/tests` run `/tmp/t/__init__.py`, and
    `/app/tests -> /app/prep` the `__init__.py` the agent left there, with nothing written under `/app/tests`. A link
    to a regular file of the world is looked at by its name, as a file is (`config_kind`); one into `SAFE_TARGETS`
    is none.
    """
    path = os.path.join(root, rel)
    try:
        st, target = os.lstat(path), os.readlink(path)
    except OSError:
        return False  # no link (any more): nothing to follow
    if st.st_ctime_ns < since_ns and not fresh_dir:
        return False
    inside = posixpath.normpath(posixpath.join("/" + posixpath.dirname(rel), target))
    if any(inside == t or inside.startswith(t + "/") for t in SAFE_TARGETS) and not any(
        inside == f or inside.startswith(f + "/") for f in folders
    ):
        return False
    return not _plain_file(root, inside, folders)


def _plain_file(root: Path, inside: str, folders: tuple[str, ...]) -> bool:
    """Whether `inside` (a path in the sandbox) is a regular file of a world folder reached through no link."""
    if not any(inside.startswith(f + "/") for f in folders):
        return False
    cur = os.fspath(root)
    parts = inside.strip("/").split("/")
    for i, part in enumerate(parts):
        cur = os.path.join(cur, part)
        try:
            mode = os.lstat(cur).st_mode
        except OSError:
            return False
        if stat.S_ISLNK(mode) or (i < len(parts) - 1 and not stat.S_ISDIR(mode)):
            return False
    return stat.S_ISREG(mode)


def _on_import_path(name: str, rel_dir: str, paths: frozenset[str]) -> bool:
    """Whether a module file `name` in the world's folder `rel_dir` may be what a later Python of test.sh imports.

    breaker46: a test.sh that puts the world first itself (`export PYTHONPATH=/app`, or a held-back test's
    `sys.path.insert(0, "/app/src")`) imports from there before the standard library and the image's packages, and
    memeval's guard keeps such entries as test.sh gave them: the program test.sh ran first wrote `/app/pytest.py`
    printing `1 passed`, and the `python3 -m pytest` after it passed a wrong answer with no finding. So a module named
    like one of the image's, a test runner's or one the standard library tries (`ALWAYS_LOOKED_AT`) is looked at at the
    top of a world folder and in a folder the held-back files name (`paths`), not only beside tests.
    """
    module = _late_module(name)
    if module is None or not ("/" not in rel_dir or "/" + rel_dir in paths):
        return False
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    return module in ALWAYS_LOOKED_AT or image_has(module, version)


def _compiled(rel: str, ts_before: set[str]) -> bool:
    """Whether `rel` is a JavaScript test file a test.sh's `tsc` writes from a TypeScript file there before.

    `ts_before` holds the stems of TypeScript files in the world before test.sh ran (`dist/x.test.js` from
    `src/x.test.ts`). A TypeScript file written while test.sh ran excuses nothing: the program could write both.
    """
    name = rel.rsplit("/", 1)[-1]
    if (
        not name.endswith(JS_OUTPUT)
        or installed_kind(rel) is not None
        or config_kind(rel) != ("conftest", LATE_JS_TEST)
    ):
        return False  # only a test file: a `jest.config.js` or a package's file is never excused
    return name.rsplit(".", 1)[0] in ts_before


def world_findings(written: tuple[str, ...], held: Iterable[str] = ()) -> tuple[TamperFinding, ...]:
    """One finding per file `world_written` found, named as the sandbox saw it (`/app/.proverc`).

    `held` are the held-back tests' file names, for a file Node's `require` takes before one (`held_node_shadow`).
    """
    out = []
    for rel in written:
        kind_what = installed_kind(rel, rel.rsplit("/", 1)[-1] in INSTALLED_TREES) or config_kind(rel)
        if kind_what is None and (node := held_node_shadow("/" + rel, held)) is not None:  # breaker49
            kind_what = "shadows-task-file", node
        if kind_what is None:  # `/root/.sqliterc` (breaker41), a venv's command or a link made then (breaker43)
            home = passwd_home_config(rel)
            parts = rel.split("/")
            if home is not None:
                kind_what = "runner-config", home
            elif len(parts) >= 3 and parts[-2] in VENV_BIN:
                kind_what = "path-command", LATE_VENV_COMMAND
            else:
                kind_what = "linked-file", LATE_LINK
        if kind_what is not None:
            kind, what = kind_what
            path = printable(f"/{rel}")  # a folder name may hold bytes that are not UTF-8, as the scan's may
            out.append(TamperFinding(path=path, kind=kind, change="added", detail=WORLD_DETAIL.format(what)))
    return tuple(out)
