"""A virtual environment made while test.sh ran: what in it is not what `venv` makes (breaker44).

breaker43 made every file of an installed package tree written while test.sh ran a finding, except in a virtual
environment whose folder was not there before test.sh started: `python3 -m venv .venv` in test.sh writes pip, its
`.pth` file and its commands, and those are test.sh's own. But the program test.sh runs first can make that folder
too, and a test.sh that makes its environment only if missing (`[ -d .venv ] || python3 -m venv .venv`) then runs
the program's: a `solution.py` that printed a wrong answer, made `/app/.venv` and wrote `zz.pth` (`import atexit, os;
atexit.register(os._exit, 0)`) into its site folder made the `.venv/bin/python -m pytest` test.sh ran next exit 0,
reward 1 with no finding; so did a `.venv/bin/python` that was a script printing `1 passed`.

memeval cannot tell which process made the folder, so in such an environment it looks at what `venv` itself makes and
no honest tool writes otherwise (`made_venv_written`):

- its interpreters (`bin/python`, `python3`, `python3.11`): links that lead, through the environment, to an
  interpreter of the image (`/usr/bin/python3`), never to a file of a world folder or of the sandbox's `/tmp`;
- `pyvenv.cfg`'s `home`: a folder of the image, whose `lib/python3.X` the interpreter takes as its standard library;
- its site folders' start-up hooks (`*.pth`, `sitecustomize`, `usercustomize`), which run before any guard of
  memeval's: only setuptools' `distutils-precedence.pth` and virtualenv's (and uv's) `_virtualenv.pth`, each
  holding what those tools write (`KNOWN_HOOKS`), a `.pth` that only adds folders to the import path, and
  setuptools' editable finder line (a test.sh's `pip install -e .` in the environment it made).

Each is a finding. What the environment's packages hold (a `pytest` the program put there, the modules the known
hooks import: `_distutils_hack`, `_virtualenv`, an editable finder, entry points) is looked at by
`memeval.runner._madesite` (breaker45).
"""

from __future__ import annotations

import os
import posixpath
import re
import stat
import sys

from memeval._files import read_regular
from memeval.runner._madebin import made_bin_written
from memeval.runner._madesite import (
    ALWAYS_LOOKED_AT,
    FINDER,
    entry_points_load,
    finder_is_setuptools,
    image_has,
    made_site_written,
)
from memeval.runner._tamper import STARTUP

KNOWN_HOOKS = {
    "distutils-precedence.pth": (
        b"import os; var = 'SETUPTOOLS_USE_DISTUTILS'; enabled = os.environ.get(var, 'local') == 'local'; "
        b"enabled and __import__('_distutils_hack').add_shim(); \n",
    ),
    "_virtualenv.pth": (b"import _virtualenv", b"import _virtualenv\n"),
}
"""Start-up hooks a tool that makes environments writes, with their contents: setuptools' (which `ensurepip` installs
into every `python3 -m venv` made with pip; read from setuptools 65-80), and virtualenv's and uv's."""

IMAGE_PREFIXES = ("/usr", "/bin", "/opt/memeval/venv")
"""Where the interpreter an environment's `bin/python` leads to, and its `home`, may be: the image's folders."""

INTERPRETER = re.compile(r"^python(?:\d+(?:\.\d+)?)?$")
"""An environment's interpreter entries (`python`, `python3`, `python3.11`)."""

MAX_LINKS = 16
"""Links followed from an environment's interpreter entry before it counts as leading nowhere."""

MAX_PTH_BYTES = 64 << 10
"""Largest `.pth` file of a made environment read; a longer one is a finding unread."""

MAX_CFG_BYTES = 64 << 10
"""Largest `pyvenv.cfg` read for its `home` (`venv` writes a few lines)."""


def _in_image(inside: str, folders: tuple[str, ...]) -> bool:
    """Whether `inside` (a normalised sandbox path) is under an image folder and under no world folder."""
    image = any(inside == p or inside.startswith(p + "/") for p in IMAGE_PREFIXES)
    return image and not any(inside == f or inside.startswith(f + "/") for f in folders)


def _leads_to_image(root: str, inside: str, folders: tuple[str, ...]) -> bool:
    """Whether the entry at `inside` (a sandbox path under a world folder) is a link leading to the image's files.

    Links are followed in the world (`root` is its host folder) while they stay in world folders, at most
    `MAX_LINKS`; a regular file, a missing one, or a path in the sandbox's own `/tmp` is not the image's.
    """
    for _ in range(MAX_LINKS):
        if _in_image(inside, folders):
            return True
        if not any(inside.startswith(f + "/") for f in folders):
            return False  # `/tmp/fake`, `/dev/shm/x`, `/proc/...`: nothing of the image
        try:
            target = os.readlink(os.path.join(root, inside.lstrip("/")))
        except OSError:
            return False  # a regular file (the program's script), or nothing
        inside = posixpath.normpath(posixpath.join(posixpath.dirname(inside), target))
        inside = "/" + inside.lstrip("/")
    return False


def _home(cfg: str) -> str | None:
    """`pyvenv.cfg`'s `home` value at the host path `cfg`, or None when it has none or cannot be read as text."""
    try:
        fd = os.open(cfg, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                return ""
            text = f.read(MAX_CFG_BYTES).decode("utf-8", "replace")
    except OSError:
        return ""  # a link or unreadable file: no home memeval can vouch for
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip().lower() == "home":
            return value.strip()
    return None


EDITABLE_FINDER = re.compile(rb"^import (__editable___\w+_finder); \1\.install\(\)\s*$")
"""The line setuptools' editable install (`pip install -e .`) writes in its `__editable__.NAME.pth`."""


def _runs_nothing(data: bytes) -> bool:
    """Whether `.pth` content `data` only adds folders to the import path, or is setuptools' editable finder's line.

    Python runs a `.pth` line that starts with `import`; any other line is a folder appended to `sys.path` (after the
    standard library and the site folders, so it shadows nothing installed): what uv's and pip's editable installs
    of a project write. The finder setuptools writes for `pip install -e .` is a module of that environment, as
    `_distutils_hack` is.
    """
    lines = [line for line in data.splitlines() if line.strip() and not line.startswith(b"#")]
    if len(lines) == 1 and EDITABLE_FINDER.match(lines[0]):
        return True
    return all(not line.startswith((b"import ", b"import\t")) for line in lines)


def _known_hook(path: str, name: str) -> bool:
    """Whether the file at host `path` is a start-up hook a tool that makes environments or installs writes.

    `KNOWN_HOOKS` by name and content, or a `.pth` file that runs nothing (`_runs_nothing`); a `sitecustomize` never.
    """
    if not name.endswith(".pth"):
        return False
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                return False
            data = f.read(MAX_PTH_BYTES + 1)
    except OSError:
        return False
    return len(data) <= MAX_PTH_BYTES and (data in KNOWN_HOOKS.get(name, ()) or _runs_nothing(data))


def _hook_name(name: str) -> bool:
    """Whether a site folder's entry `name` runs at start-up: a `.pth` file, or a `sitecustomize`/`usercustomize`."""
    return name.endswith(".pth") or name.split(".")[0] in STARTUP


VERSION_FOLDER = re.compile(r"^python\d+\.\d+$")
"""An environment's `lib/pythonX.Y` folder (not Debian's `lib/python3`)."""

OTHER_SITES = ("local/lib/python{v}/dist-packages", "lib/python3/dist-packages", "lib/python{v}/dist-packages")
"""Site folders Debian's Python adds for an environment when they exist (`site.getsitepackages()`), beside
`lib/pythonX.Y/site-packages`: `venv` and pip write none of them, so everything in one is a finding. A `pytest`
package in `lib/python3/dist-packages`, or a `.pth` file in `local/lib/python3.11/dist-packages`, passed a wrong
answer with no finding (breaker45)."""


def _version(base: str) -> str:
    """The Python version (`3.11`) of the environment at host folder `base`: its `lib/pythonX.Y`, else memeval's own."""
    try:
        found = sorted(v[len("python") :] for v in os.listdir(os.path.join(base, "lib")) if VERSION_FOLDER.match(v))
    except OSError:
        found = []
    return found[0] if found else f"{sys.version_info.major}.{sys.version_info.minor}"


def made_venv_written(
    root: str, venv_rel: str, folders: tuple[str, ...], tools: tuple[str, ...] = (), wheels: tuple[str, ...] = ()
) -> list[str]:
    """What in the environment made at `venv_rel` (relative to the world's host folder `root`) `venv` does not make.

    Args:
        root: the world's host folder.
        venv_rel: the environment's folder (holding `pyvenv.cfg`), relative to `root`.
        folders: the world's folders as the sandbox names them (`/app`).
        tools: host paths of the image's binaries whose templates an activation script may be (`made_bin_written`).
        wheels: host paths of the held-back tests' wheels, as trusted as the image's (`made_site_written`).

    Returns:
        Paths relative to `root`: interpreter entries not leading to the image's, then what `made_bin_written` finds
        in the command folder, `pyvenv.cfg` when its `home` is not an image folder, start-up hooks of its site folders
        not in `KNOWN_HOOKS`, then what `made_site_written` finds in each site folder, then every entry of the
        `OTHER_SITES` folders; in that order.
    """
    out = []
    base = os.path.join(root, venv_rel)
    for bin_name in ("bin", "Scripts"):
        try:
            names = sorted(os.listdir(os.path.join(base, bin_name)))
        except OSError:
            continue
        for name in names:
            if INTERPRETER.match(name) and not _leads_to_image(root, f"/{venv_rel}/{bin_name}/{name}", folders):
                out.append(f"{venv_rel}/{bin_name}/{name}")
        # its activation scripts and commands named like the image's (breaker45)
        out += made_bin_written(root, f"{venv_rel}/{bin_name}", f"/{venv_rel}", _version(base), tools)
    home = _home(os.path.join(base, "pyvenv.cfg"))
    if home is not None and not _in_image("/" + posixpath.normpath(home).lstrip("/"), folders):
        out.append(f"{venv_rel}/pyvenv.cfg")
    for lib in ("lib", "lib64"):
        try:
            versions = sorted(os.listdir(os.path.join(base, lib)))
        except OSError:
            continue
        if os.path.islink(os.path.join(base, lib)):
            continue  # `lib64 -> lib`: the same folder, looked at once
        for version in versions:
            site = os.path.join(base, lib, version, "site-packages")
            try:
                entries = sorted(os.listdir(site))
            except OSError:
                continue
            out += [
                f"{venv_rel}/{lib}/{version}/site-packages/{e}"
                for e in entries
                if _hook_name(e) and not _known_hook(os.path.join(site, e), e)
            ]
            if VERSION_FOLDER.match(version):  # its packages: what shadows the image's, or loads at start (breaker45)
                out += made_site_written(
                    root, f"{venv_rel}/{lib}/{version}/site-packages", version[len("python") :], wheels
                )
    for other in OTHER_SITES:  # site folders no tool writes in an environment, which Debian's Python reads there
        rel = f"{venv_rel}/{other.format(v=_version(base))}"
        try:
            out += [f"{rel}/{e}" for e in sorted(os.listdir(os.path.join(root, rel)))]
        except OSError:
            continue
    return out


def _asked_module(name: str, wanted: frozenset[str], version: str) -> bool:
    """Whether a new top-level module `name` of a site folder is one the held-back tests ask for (`wanted`).

    And one no image code would import instead: not a known hook's, the standard library's optional imports or a
    test runner's (`ALWAYS_LOOKED_AT`), nor a name the image's interpreter of `version` already has (`image_has`).
    """
    return name.isidentifier() and name in wanted and name not in ALWAYS_LOOKED_AT and not image_has(name, version)


DIST_METADATA = frozenset({"METADATA", "WHEEL", "RECORD", "INSTALLER", "REQUESTED", "direct_url.json", "top_level.txt"})
"""A distribution's files pip writes into its new `*.dist-info` folder, none of which a tool loads as code."""

SITE_FOLDER = re.compile(r"^(?:.*/)?lib/python(\d+\.\d+)/(?:site|dist)-packages/(.+)$")
"""A path inside a site folder: the Python version and the path from the site folder."""


def pip_install_written(
    rel: str, host: str, fresh_folder: bool, wanted: frozenset[str] = frozenset(), new_top: bool = False
) -> bool:
    """Whether the file at `rel` (host path `host`), written while test.sh ran, is what `pip install [-e] .` writes.

    breaker44 left every file written then into a virtual environment that was there before test.sh ran a finding, so
    a test.sh's own `pip install -e .` of the project the agent wrote (into the task's `/app/venv`) made nine: its
    `.pth` file, its finder module and its distribution's metadata. Each is test.sh's when it is what setuptools and
    pip write, and runs nothing memeval has not looked at:

    - `__editable__.NAME.pth` holding folders only, or setuptools' finder line (`_runs_nothing`);
    - `__editable___NAME_finder.py` that is setuptools' template filled with literals (`finder_is_setuptools`);
    - in a `*.dist-info` folder not there before test.sh ran (`fresh_folder`), pip's metadata (`DIST_METADATA`) and an
      `entry_points.txt` naming commands only;
    - breaker46, for `pip install .` (no `-e`), which copies the project's packages in: any file of a top-level package
      folder that was not in the site folder before test.sh ran (`new_top`), named like a module the held-back tests
      import (`wanted`, `memeval.runner._heldfiles.held_imports`) and like nothing the image has, a known hook imports,
      the standard library tries or a test runner is (`ALWAYS_LOOKED_AT`). The tests run that package by asking for
      it; no image code asks for a name the image lacks except those. A package the tests do not import (a
      `simplejson` that `requests` tries), or one that replaced the task's own, stays a finding;
    - breaker48, for `pip install .` of a single-module project (`py-modules = ["answer"]`): a regular file `NAME.py`
      at the site folder's top whose name the folder did not hold before test.sh ran (`new_top`), `NAME` as a
      package's folder above. A module the task shipped there (`checklib.py`), rewritten by the install of a project
      that declares a module of that name, stays a finding.

    What these make importable is a last resort for the image's own imports (the verifier's start-up guard,
    `_world_last`), so a project's `org` package reaches no `copy` module. Anything else stays a finding.
    """
    m = SITE_FOLDER.match(rel)
    if m is None:
        return False
    version, inside = m.groups()
    parts = inside.split("/")
    if len(parts) == 1:
        name = parts[0]
        if name.startswith("__editable__.") and name.endswith(".pth"):
            data = read_regular(host, MAX_PTH_BYTES)
            return data is not None and _runs_nothing(data)
        if new_top and name.endswith(".py") and _asked_module(name[:-3], wanted, version):
            try:  # the project's module, copied in (breaker48); a link is no copy
                return stat.S_ISREG(os.lstat(host).st_mode)
            except OSError:
                return False  # gone meanwhile: not vouched for, so it stays a finding
        return bool(FINDER.match(name)) and finder_is_setuptools(host, version)
    if new_top and _asked_module(parts[0], wanted, version):
        return True  # the project's package, copied in by `pip install .` (breaker46)
    if len(parts) != 2 or not parts[0].endswith(".dist-info") or not fresh_folder:
        return False
    if parts[1] in DIST_METADATA:
        return True
    if parts[1] == "entry_points.txt":
        data = read_regular(host, MAX_PTH_BYTES)
        return data is not None and not entry_points_load(data)
    return False
