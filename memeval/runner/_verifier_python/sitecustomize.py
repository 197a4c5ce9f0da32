"""memeval's import-path guard for Python processes in a verifier sandbox.

memeval starts every verifier with `PYTHONSAFEPATH=1` (Python 3.11+: the working directory or
the script's folder is not put first on `sys.path`) and this folder first on `PYTHONPATH`, so
Python imports this module at start-up, before the agent's files can be reached. It then:

1. puts a script's folder back first on `sys.path` when a script file is run, as Python does
   without `PYTHONSAFEPATH` (the script and its siblings are the agent's own code, or the
   task's), so multi-file programs keep working;
2. for `-m`, `-c` and standard input, and for the folders named in `MEMEVAL_LAST_PATH` (agent-writable folders
   the task put on `PYTHONPATH`, which memeval took out of it), adds a finder at the END of
   `sys.meta_path`: a module found there is importable only when no standard-library or
   installed module has its name, and only by an import the image's own modules did not make
   (their optional imports, `org` in `copy`, reach no agent's file), and its `*.dist-info`
   entry points (test-runner plugins) are never discovered;
3. points `sys.pycache_prefix` at a folder under the fresh /tmp (as `PYTHONPYCACHEPREFIX` does,
   which `-E` and `-I` ignore), so a `__pycache__/*.pyc` the agent planted beside a module is
   never loaded in its place;
4. makes `python3 -m venv DIR` clear a folder already at DIR, as `--clear` does (`_venv_clears`), so a
   test.sh that makes and activates its own environment in `/app` gets a fresh one, not the agent's;
5. runs the image's own `sitecustomize`, looked up only in the standard library and the site
   folders, never in a folder the agent could write;
6. makes the world folders a `.pth` file put on `sys.path` (an editable install's `/app/src`), and the editable
   finders setuptools' `.pth` lines installed, last resorts the image's own imports never reach (`_world_last`).

memeval also binds this file over the system Python's own `sitecustomize` inside the verifier
sandbox, so the guard still runs when a `test.sh` replaces `PYTHONPATH` (`export
PYTHONPATH=/tests`); the Debian hook it hides only installs apport, which the host stand-in lacks.

It must run on any Python 3 and never stop the interpreter: errors are reported on stderr.
Annotations are strings for that reason (an old Python never evaluates them), and the names
they use are imported only for the type checker, so start-up imports nothing more.
"""

import os
import sys

TYPE_CHECKING = False  # the type checker reads this as True
if TYPE_CHECKING:
    from collections.abc import Iterable
    from importlib.machinery import ModuleSpec
    from types import FrameType, SimpleNamespace


class _LastResortFinder:
    """Finds top-level modules in fixed folders after every other finder failed, for imports not the image's.

    The standard library and installed packages import some names only if they exist, and fall back when
    they do not: `copy` and `pickle` try `from org.python.core import PyStringMap` (Jython's), urllib3 tries
    `brotli`. None of those exists in the image, so an `/app/org/__init__.py` was found here and ran in
    `python3 -m pytest`'s own process (`atexit.register(os._exit, 0)`: a failing run passed, with no tamper
    finding: breaker38). A module here is for the tests' and the agent's code, and for `-m NAME` itself.
    """

    def __init__(self, folders: "Iterable[str]", run: "str | None" = None) -> None:
        self.folders = list(folders)
        self.run = run  # the top-level name of `-m NAME`, which runpy (standard library) imports
        self.image: tuple[str, ...] | None = None  # the image's module folders, found at the first import

    def find_spec(self, name: str, path: "object" = None, target: "object" = None) -> "ModuleSpec | None":
        if path is not None or "." in name:
            return None  # submodules are found through their package's own __path__
        if name != self.run and name not in _asked() and self._image_imports():
            return None
        from importlib.machinery import PathFinder

        return PathFinder.find_spec(name, self.folders)

    def _image_imports(self) -> bool:
        """Whether the code importing is a file of the standard library or of a site folder.

        importlib's own frames (`import_module` and `find_spec` among them) are passed over to their caller.
        """
        if self.image is None:
            self.image = _image_folders()
        importlib_dir = os.path.join(self.image[0], "importlib") + os.sep
        frame: FrameType | None = sys._getframe(2)
        while frame is not None:
            name = frame.f_code.co_filename
            if not (name.startswith("<frozen importlib") or name.startswith(importlib_dir)):
                return any(name.startswith(folder + os.sep) for folder in self.image)
            frame = frame.f_back
        return False

    def invalidate_caches(self) -> None:
        pass


_ASKED: "list[frozenset[str]]" = []


def _asked() -> "frozenset[str]":
    """Top-level modules this interpreter's command line names, which the image's own code may import from the world.

    A runner of the image imports what its command line asks for: `python3 -m unittest test_outputs` (from `/tests`,
    the working directory, which the guard makes a last resort) had unittest's loader import `test_outputs`, and
    `pytest --pyargs answer` or `-p answer.plugin` the project a test.sh's `pip install -e .` made importable; both
    were refused as optional imports of the image (breaker46). A word of the command line after the interpreter's
    own options that is a dotted name (`answer.tests`), or a relative `.py` path (`tests/test_x.py`, which unittest
    turns into `tests.test_x`), names its first part. test.sh wrote the command line; the agent did not.
    """
    if not _ASKED:
        names = set()
        for word in list(getattr(sys, "orig_argv", sys.argv))[1:]:
            for part in str(word).split("="):
                if part.endswith(".py") and not part.startswith(("/", ".")):
                    part = part[: -len(".py")].replace("/", ".")
                first = part.split(".")[0]
                if first.isidentifier() and all(p.isidentifier() for p in part.split(".")):
                    names.add(first)
        _ASKED.append(frozenset(names))
    return _ASKED[0]


def _image_folders() -> "tuple[str, ...]":
    """The standard library's folders (first) and the site folders of this interpreter."""
    import sysconfig

    paths = sysconfig.get_paths()
    folders = [paths["stdlib"], paths["platstdlib"]]
    try:
        import site

        folders += site.getsitepackages()
    except AttributeError:
        pass
    return tuple(os.path.normpath(f) for f in dict.fromkeys(folders))


def _script_folder() -> "str | None":
    """The folder Python would put first for `python3 FILE` (None for -m, -c, stdin, zip, dir)."""
    arg0 = sys.argv[0] if sys.argv else ""
    if arg0 in ("", "-", "-c", "-m") or not os.path.isfile(arg0):
        return None
    with open(arg0, "rb") as f:
        if f.read(4) == b"PK\x03\x04":
            return None  # a zip application: Python puts it on the path itself
    return os.path.dirname(os.path.realpath(arg0))


class _WorkingDirLater:
    """Takes the working directory off the front of `sys.path` at the first import after Python put it there.

    `python3 -E` reads no `PYTHONSAFEPATH` (nor does a Python older than 3.11), so for `-m`, `-c` and standard input
    Python puts the working directory (`/app`) first on `sys.path`, and does so after `site` (and this guard) ran:
    `cd /app && python3 -E -m pytest /tests` ran the agent's `/app/pytest.py` (breaker40). This finder, first on
    `sys.meta_path`, finds nothing itself: at the first import that sees the working directory first, it removes it
    and adds the `_LastResortFinder` for it at the end, as `_guard` does for a `PYTHONSAFEPATH` run.
    """

    def __init__(self, cwd: str, last: "list[str]", run: "str | None") -> None:
        self.cwd, self.last, self.run = cwd, last, run
        self.done = False

    def find_spec(self, name: str, path: "object" = None, target: "object" = None) -> "ModuleSpec | None":
        if not self.done and sys.path and sys.path[0] in ("", self.cwd):
            self.done = True  # stays in sys.meta_path (importlib is iterating it), inert from now on
            del sys.path[0]
            sys.meta_path.append(_LastResortFinder([self.cwd, *self.last], self.run))
        return None

    def invalidate_caches(self) -> None:
        pass


def _guard() -> None:
    # `-E` ignores PYTHONPATH, so the folders memeval took out of it are not for that interpreter either
    env = not sys.flags.ignore_environment
    last = [p for p in os.environ.get("MEMEVAL_LAST_PATH", "").split(os.pathsep) if p and env]
    run = _module_run()
    top = run.split(".")[0] if run else None
    folder = _script_folder()
    if not getattr(sys.flags, "safe_path", False):  # `-E`, or a Python older than 3.11: no PYTHONSAFEPATH read
        if folder is None and (not sys.argv or sys.argv[0] in ("-m", "-c", "", "-")):
            sys.meta_path.insert(0, _WorkingDirLater(os.getcwd(), last, top))
        elif last:
            sys.meta_path.append(_LastResortFinder(last, top))
        return
    if folder is not None:
        sys.path.insert(0, folder)
    elif not sys.argv or sys.argv[0] in ("-m", "-c", "", "-"):
        last.insert(0, os.getcwd())
    if last:
        sys.meta_path.append(_LastResortFinder(last, top))


def _no_user_site() -> None:
    """Keep the user's site folder off `sys.path` and its `usercustomize` unrun when `-E` ignored PYTHONNOUSERSITE.

    `HOME` is the verifier's fresh `/tmp`, which the program the tests run can write: it left
    `~/.local/lib/python3.11/site-packages/usercustomize.py` holding `atexit.register(os._exit, 0)`, and the checker
    test.sh ran next with `python3 -E` exited 0 (breaker40). `site` runs this guard (as `sitecustomize`) before
    `usercustomize`, so turning the user site off here stops that module and any module there named like an
    installed one; a `.pth` file there has already run (`site` reads them before `sitecustomize`).
    """
    if not sys.flags.ignore_environment or sys.flags.no_user_site:
        return
    import site

    site.ENABLE_USER_SITE = False
    user = site.USER_SITE
    if user:
        sys.path[:] = [p for p in sys.path if os.path.normpath(p) != os.path.normpath(user)]


class _ImageBlind:
    """A meta path finder that answers no top-level import the image's own code makes, and asks `finder` otherwise.

    setuptools' editable install appends its finder (`__editable___NAME_finder._EditableFinder`) to `sys.meta_path`
    from a `.pth` line: it maps the project's top-level names to their folders, which the agent wrote. The standard
    library imports some names only if they exist (`copy` tries Jython's `org.python.core`), so a project holding an
    `org` package had its `__init__.py` run in `python3 -m pytest`'s own process (breaker45), as `_LastResortFinder`
    tells for the working directory.
    """

    def __init__(self, finder: "object", run: "str | None") -> None:
        self.finder = finder
        self.blind = _LastResortFinder([], run)  # its `_image_imports`, for the same question

    def find_spec(self, name: str, path: "object" = None, target: "object" = None) -> "ModuleSpec | None":
        if path is None and "." not in name and name != self.blind.run and name not in _asked():
            if self.blind._image_imports():
                return None
        spec: ModuleSpec | None = getattr(self.finder, "find_spec")(name, path, target)  # noqa: B009  (any finder)
        return spec

    def invalidate_caches(self) -> None:
        pass


IMAGE_FOLDERS = ("/usr", "/lib", "/lib64", "/bin", "/sbin", "/etc", "/opt/memeval/venv")
"""Folders of the image (bound read-only, as is the environment a Dockerfile's `RUN pip install` made:
`memeval.sandbox.VENV_INSIDE`): a `.pth` file's folder there is the image's own."""


def _world_last(run: "str | None") -> None:
    """Make folders that `.pth` files put on `sys.path`, and editable finders, last resorts (see `_ImageBlind`).

    The world folders are in `MEMEVAL_WORLD_FOLDERS` (memeval sets it; `-E` leaves `os.environ` as it is). A site
    folder in a world folder (the task's `/app/venv`'s) stays: its packages are installed ones. Entries of
    `PYTHONPATH` stay as test.sh gave them, and so does the script's own folder. Any other entry in a world folder
    (a `.pth` file's `/app/src`, or `/app/plant` holding an `org` package, breaker45), or outside the image's folders
    (`IMAGE_FOLDERS`: the sandbox's own `/tmp`, which the tested program writes too), is taken off `sys.path` (so
    neither its modules nor its `*.dist-info` entry points are found by the image's code) and searched last by a
    `_LastResortFinder`, as the working directory of a `-m` run is.
    """
    world = [f for f in os.environ.get("MEMEVAL_WORLD_FOLDERS", "").split(os.pathsep) if f.startswith("/")]
    import site

    def within(entry: str) -> bool:
        entry = os.path.normpath(os.path.abspath(entry))
        if any(entry == f or entry.startswith(f.rstrip("/") + "/") for f in world):
            return True
        return not any(entry == f or entry.startswith(f + "/") for f in IMAGE_FOLDERS)

    keep = {os.path.normpath(p) for p in site.getsitepackages()}
    if not sys.flags.ignore_environment:
        keep |= {os.path.normpath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p}
    folder = _script_folder()
    if folder is not None:
        keep.add(os.path.normpath(folder))
    moved = [p for p in sys.path if p and within(p) and os.path.normpath(p) not in keep]
    if moved:
        sys.path[:] = [p for p in sys.path if p not in moved]
        sys.meta_path.append(_LastResortFinder(moved, run))
    for i, finder in enumerate(sys.meta_path):
        if str(getattr(finder, "__module__", "")).startswith("__editable__"):
            sys.meta_path[i] = _ImageBlind(finder, run)


VALUE_OPTIONS = ("-W", "-X", "-Q")
"""Interpreter options that take the next word as their value (`-W error -m venv`)."""


def _module_run() -> "str | None":
    """The module this interpreter runs with `-m NAME` (`sys.orig_argv`, Python 3.10+), or None."""
    argv = list(getattr(sys, "orig_argv", []))[1:]
    i = 0
    while i < len(argv) and argv[i].startswith("-") and argv[i] not in ("-", "-c"):
        if argv[i] == "-m":
            return str(argv[i + 1]) if i + 1 < len(argv) else None
        if argv[i].startswith("-m"):
            return str(argv[i][2:])
        i += 2 if argv[i] in VALUE_OPTIONS else 1
    return None


def _venv_clears() -> None:
    """Make `python3 -m venv DIR` replace a folder already at DIR, as its `--clear` does (unless `--upgrade`).

    terminal-bench's test.sh runs `python3 -m venv .venv`, `source .venv/bin/activate`, `pip install pytest`
    (offline here: it fails) and `pytest` in `/app`. Without `--clear` venv keeps what the agent left in its
    `.venv`, so a `.venv/bin/pytest` printing a pass ran as the tests (breaker36), as `uv venv` did before memeval
    set `UV_VENV_CLEAR` (`memeval.runner._guard.UV_SETTINGS`). The module is imported here only for that run.
    """
    if _module_run() != "venv" or "--upgrade" in getattr(sys, "orig_argv", []):
        return
    import venv

    class Cleared(venv.EnvBuilder):
        def ensure_directories(
            self, env_dir: "str | bytes | os.PathLike[str] | os.PathLike[bytes]"
        ) -> "SimpleNamespace":
            self.clear = True
            return super().ensure_directories(env_dir)

    setattr(venv, "EnvBuilder", Cleared)  # noqa: B010  (venv's main() builds its EnvBuilder by this name)


PYCACHE = "/tmp/.memeval-pycache"
"""memeval.runner._guard.PYCACHE_INSIDE (this file imports nothing of memeval)."""


def _image_sitecustomize() -> None:
    import sysconfig
    from importlib.machinery import PathFinder

    here = os.path.dirname(os.path.abspath(__file__))
    folders = [sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["platstdlib"]]
    try:
        import site

        folders += site.getsitepackages()
    except AttributeError:
        pass
    folders = [f for f in dict.fromkeys(folders) if os.path.abspath(f) != here]
    spec = PathFinder.find_spec("sitecustomize", folders)
    if spec is not None and spec.loader is not None:
        import importlib.util

        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)


if not getattr(sys, "_memeval_guard", False):  # bound twice (see below): run once
    setattr(sys, "_memeval_guard", True)  # noqa: B010  (sys declares no such attribute)
    try:
        sys.pycache_prefix = PYCACHE
        _guard()
        _world_last((_module_run() or "").split(".")[0] or None)
        _no_user_site()
        _venv_clears()
        _image_sitecustomize()
    except Exception as exc:  # noqa: BLE001  (never stop the interpreter; say what went wrong)
        sys.stderr.write(f"memeval verifier guard: {type(exc).__name__}: {exc}\n")
