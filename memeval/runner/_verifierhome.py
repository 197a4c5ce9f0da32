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
`ctime`, which no program can set back) are findings too, outside installed package trees (a test.sh's own
`pip install` writes `.pth` files there).

Only the names in `HOME_CONFIG` are looked at (an `lstat` each, never read or followed), so what the tests left in
`/tmp` costs nothing to scan. test.sh's own writes count too (`git config --global` writes `~/.gitconfig`): memeval
cannot tell which process wrote a file, and under `flag` the score stands.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from memeval.eventlog import TamperFinding
from memeval.runner._diff import printable
from memeval.runner._homeconfig import HOME_CONFIG, passwd_home_config
from memeval.runner._libshadow import library_shadow
from memeval.runner._runnersection import RUNNER_SECTIONS, TOOL_CONFIG, git_detail
from memeval.runner._shadow import COLLECTED_TEST, INSTALLED_TREES
from memeval.runner._tamper import JS_RUNNER_CONFIG, RUNNER_CONFIG_FILES, STARTUP
from memeval.types import TamperKind

HOME_INSIDE = "/tmp"
"""The verifier's `HOME` inside its sandbox (`memeval.runner._guard.verifier_env`)."""

USER_SITE = ".local/lib"
"""Where Python's user site folders are (`python3.X/site-packages`): read by an interpreter started with `-E`, which
ignores `PYTHONNOUSERSITE`; its `.pth` files run at start-up, before memeval's guard."""


def home_written(home: Path) -> tuple[str, ...]:
    """The entries of `HOME_CONFIG` (and Python user site folders) present under `home`, sorted.

    Args:
        home: the host folder that was the verifier's `HOME` (its fresh `/tmp`); nothing there is read or followed.
    """
    found = [rel for rel in HOME_CONFIG if os.path.lexists(home / rel)]
    try:
        versions = os.listdir(home / USER_SITE)
    except OSError:  # no such folder (the usual case), or not one
        versions = []
    found += [
        f"{USER_SITE}/{v}/site-packages" for v in versions if os.path.lexists(home / USER_SITE / v / "site-packages")
    ]
    return tuple(sorted(found))


def home_findings(written: tuple[str, ...]) -> tuple[TamperFinding, ...]:
    """One `runner-config` finding per entry `home_written` found, named as the sandbox saw it (`/tmp/.proverc`)."""
    out = []
    for rel in written:
        what = (
            HOME_CONFIG.get(rel) or "Python's user site folder, which `python3 -E` reads (its `.pth` files run first)"
        )
        out.append(
            TamperFinding(
                path=printable(f"{HOME_INSIDE}/{rel}"),  # a user site folder's name is the program's to choose
                kind="runner-config",
                change="added",
                detail=(
                    f"written in the verifier's fresh home folder while test.sh ran (by test.sh or a program it ran): "
                    f"{what}; a tool test.sh ran after that read it"
                ),
            )
        )
    return tuple(out)


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
"""Test modules looked for among files written while test.sh ran: Python's and Go's, which no test tool writes. The
JavaScript ones the tamper scan names are left out: a test.sh's own build (`tsc`) writes `dist/*.test.js`."""


LATE_MODULE = (
    "module `{}` beside test modules: pytest puts their folder first on the import path, so it is what the tests "
    "import by that name, in their process (a standard-library module pytest had not loaded: `hashlib`, `sqlite3`)"
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


def _python_test_beside(filenames: list[str]) -> bool:
    return any(COLLECTED_TEST.match(f) and f.endswith(".py") for f in filenames)


def _tests_beside(dirpath: str, filenames: list[str], name: str) -> bool:
    """Whether `dirpath` holds Python test modules, or for an `__init__.py` the folder above it does.

    A package beside the tests (`/app/tests/hashlib/__init__.py`) is imported by its name as a module there is.
    """
    if _python_test_beside(filenames):
        return True
    if name != "__init__.py":
        return False
    try:
        return _python_test_beside(os.listdir(os.path.dirname(dirpath)))
    except OSError:
        return False


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
    git = git_detail(rel)
    if git is not None and "/hooks/" not in f"/{rel}":
        return "runner-config", git
    return None


MAX_COMPARED_BYTES = 1 << 20
"""Largest file compared with the held-back tests' files of its name (a configuration file is small)."""


def held_configs(tests: Path) -> dict[str, set[bytes]]:
    """The held-back tests' configuration files (`config_kind` of their names), as {name: the contents it has}.

    A test.sh that copies its own `conftest.py` or `pytest.ini` into the world (`cp /tests/conftest.py /app/tests/`)
    writes one while it runs; a copy of one of these is no finding.
    """
    held: dict[str, set[bytes]] = {}
    for dirpath, _, filenames in os.walk(tests):
        for name in filenames:
            path = os.path.join(dirpath, name)
            if config_kind(name) is not None and os.path.getsize(path) <= MAX_COMPARED_BYTES:
                held.setdefault(name, set()).add(Path(path).read_bytes())
    return held


def _held_copy(path: str, st: os.stat_result, held: dict[str, set[bytes]]) -> bool:
    contents = held.get(os.path.basename(path))
    if not contents or not stat.S_ISREG(st.st_mode) or st.st_size > MAX_COMPARED_BYTES:
        return False
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        with os.fdopen(fd, "rb") as f:
            return f.read(MAX_COMPARED_BYTES + 1) in contents
    except OSError:
        return False  # a file memeval cannot read to compare is not called a copy: it stays a finding


def world_written(root: Path, since_ns: int, held: dict[str, set[bytes]] | None = None) -> tuple[str, ...]:
    """The configuration files (`config_kind`) under the world `root` whose inode changed at or after `since_ns`.

    Walks the world once, but not its installed package trees (a 35,000-entry `site-packages` cost 0.29 CPU s walked),
    following no link; an entry is `lstat`ed only when its name is configuration, and read only to compare it with
    the held-back tests' file of its name (`held`, from `held_configs`): a copy of one is test.sh's own and left out.
    Returns paths relative to `root`, sorted.
    """
    found = []
    copies: dict[tuple[str, int, int], bool] = {}  # by name and inode: hard links of one file are read once a name
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in INSTALLED_TREES]  # none counted there: not walked
        beside: dict[bool, bool] = {}  # whether tests are beside, asked once a folder (for a module, an `__init__.py`)
        for name in filenames + [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            if config_kind(rel) is None:
                continue
            try:
                st = os.lstat(path)
            except OSError:
                continue  # gone meanwhile (no process of the verifier runs now: a name os.walk listed that vanished)
            if st.st_ctime_ns < since_ns:
                continue
            if _only_beside_tests(name):
                init = name == "__init__.py"
                if init not in beside:
                    beside[init] = _tests_beside(dirpath, filenames, name)
                if not beside[init]:
                    continue
            inode = (name, st.st_dev, st.st_ino)
            if inode not in copies:
                copies[inode] = _held_copy(path, st, held or {})
            if not copies[inode]:
                found.append(rel)
    return tuple(sorted(found))


def world_findings(written: tuple[str, ...]) -> tuple[TamperFinding, ...]:
    """One finding per file `world_written` found, named as the sandbox saw it (`/app/.proverc`)."""
    out = []
    for rel in written:
        kind_what = config_kind(rel)
        if kind_what is None and (what := passwd_home_config(rel)) is not None:
            kind_what = "runner-config", what  # `/root/.sqliterc` (breaker41)
        if kind_what is not None:
            kind, what = kind_what
            path = printable(f"/{rel}")  # a folder name may hold bytes that are not UTF-8, as the scan's may
            out.append(TamperFinding(path=path, kind=kind, change="added", detail=WORLD_DETAIL.format(what)))
    return tuple(out)
