"""Find an agent's program on the host and the folders the sandbox must show for it to run.

The sandbox shows the host's `/usr` (and the `/bin`, `/lib` links into it) and nothing else of
the host. A tool installed anywhere else (an nvm or npm prefix, a pipx or other virtual
environment, `~/.local`, `/opt/...`) would be "not found" inside, so the folders it lives in are
bound read-only at the same paths, found like this:

- the program as found on PATH, and its real path (npm and pipx link `bin/x` into their trees);
- the interpreter its `#!` line names (a venv's `python` links to the base interpreter; `env node`
  is looked up the way the sandbox will look it up: the program's own folder first), and the
  interpreter's real path.

Each such path gives one root: the npm prefix for a path inside `.../lib/node_modules/...` (or the
folder holding `node_modules`), the folder above `bin/` for `.../bin/x`, else the file's folder.
A root that is `/`, a home folder itself or a top-level folder is never bound whole (it would show
the agent the user's files); the file alone is bound instead. Roots inside system folders need
nothing. Roots inside other roots are dropped.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
"""The sandbox's own PATH (`memeval.sandbox._world.BASE_PATH`): a program found there runs as is."""

SYSTEM_ROOTS = ("/usr", "/bin", "/lib", "/lib64", "/sbin")
"""Host folders the sandbox always shows (see `memeval.sandbox._bwrap`)."""

FORBIDDEN_ROOTS = ("/etc", "/proc", "/dev", "/run/memeval", "/sys")
"""Host folders never bound for an agent (memeval's or the system's own)."""


@dataclass(frozen=True)
class Located:
    """Where an agent's program is and what the sandbox must show for it.

    Attributes:
        path: the absolute path of the program as found on PATH (bound at the same path).
        mounts: host folders (or single files) to bind read-only at the same paths, sorted.
        path_dirs: folders to put first on the sandbox's PATH (the program's and its
            interpreter's), so `#!/usr/bin/env node` finds the same `node` as on the host.
    """

    path: str
    mounts: tuple[str, ...]
    path_dirs: tuple[str, ...]


def _is_system(p: str) -> bool:
    return any(p == r or p.startswith(r + "/") for r in SYSTEM_ROOTS)


def _too_broad(root: str) -> bool:
    parts = PurePosixPath(root).parts
    homes = {str(Path.home()), "/root"}
    return len(parts) <= 2 or root in homes or (len(parts) == 3 and parts[1] == "home")


def _root(p: str) -> str:
    """The folder to bind so the file at `p` (an absolute real path) works."""
    if "/node_modules/" in p:
        base = p.split("/node_modules/", 1)[0]
        return base[: -len("/lib")] if base.endswith("/lib") else base
    parent = PurePosixPath(p).parent
    return str(parent.parent) if parent.name == "bin" else str(parent)


def _interpreter(program: str, search: str) -> str | None:
    """The interpreter a `#!` line names, as an absolute path, or None (a binary, or not found)."""
    try:
        with open(program, "rb") as f:
            head = f.read(256)
    except OSError:
        return None
    if not head.startswith(b"#!"):
        return None
    words = head[2:].split(b"\n", 1)[0].decode("utf-8", "replace").split()
    if not words:
        return None
    if PurePosixPath(words[0]).name == "env":
        names = [w for w in words[1:] if not w.startswith("-") and "=" not in w]
        return shutil.which(names[0], path=search) if names else None
    return words[0]


def locate(program: str, search_path: str | None = None) -> Located | None:
    """Find `program` on the host and what to bind for it.

    Args:
        program: a name looked up on PATH, or a path.
        search_path: PATH to search (default: the host's).

    Returns:
        Where it is and what to mount (nothing when the sandbox's own PATH finds it in the system
        folders: that copy is the one that runs), or None when it is not found.
    """
    if "/" not in program:
        system = shutil.which(program, path=SYSTEM_PATH)
        if system is not None:
            return Located(system, (), ())
    host_path = search_path if search_path is not None else os.environ.get("PATH", "")
    found = shutil.which(program, path=host_path)
    if found is None:
        return None
    found = os.path.abspath(found)
    files = [found, os.path.realpath(found)]
    dirs = [str(PurePosixPath(found).parent)]
    interp = _interpreter(files[1], os.pathsep.join([dirs[0], host_path]))
    if interp:
        files += [os.path.abspath(interp), os.path.realpath(interp)]
        dirs.append(str(PurePosixPath(interp).parent))
    roots: set[str] = set()
    for f in files:
        if _is_system(f):
            continue
        root = _root(f)
        roots.add(f if _too_broad(root) else root)
    kept = sorted(r for r in roots if not any(r != o and r.startswith(o.rstrip("/") + "/") for o in roots))
    path_dirs = tuple(dict.fromkeys(d for d in dirs if not _is_system(d)))
    return Located(found, tuple(kept), path_dirs)


def host_files_named(command: Sequence[str], mounts: Sequence[str]) -> tuple[str, ...]:
    """The host files a command names as arguments that the sandbox shows as they are on the host.

    A change to one changes what runs (an interpreter's script, a config file).

    A word after the first (the program, pinned by itself), or the value of an `--option=value`
    word, counts when it is an absolute path to a regular file inside the system folders
    (`SYSTEM_ROOTS`) or inside one of `mounts` (the tool's own install, bound read-only at the same
    path). Paths under `/opt/agent` (the agent's folder, pinned as a whole) and relative paths (the
    task's world, pinned by the task set's hash) are not host files and are left out; so is a
    module named by `-m` (not a path).

    Returns:
        The absolute paths as written, sorted, each once.
    """
    out: set[str] = set()
    for word in command[1:]:
        for cand in (word, word.split("=", 1)[1] if word.startswith("-") and "=" in word else ""):
            if not cand.startswith("/") or cand.startswith("/opt/agent/"):
                continue
            norm = os.path.normpath(cand)
            shown = _is_system(norm) or any(norm == m or norm.startswith(m.rstrip("/") + "/") for m in mounts)
            if shown and os.path.isfile(norm):
                out.add(norm)
    return tuple(sorted(out))


def forbidden_mount(root: str) -> bool:
    """Whether `root` lies in a folder never bound for an agent."""
    return any(root == r or root.startswith(r + "/") for r in FORBIDDEN_ROOTS)


def package_version(program: str) -> str | None:
    """The version of the package that installed `program`, read from its metadata (no process run).

    An npm package's `package.json` (the program's real path lies inside `node_modules/<pkg>/`),
    or the Python distribution whose `console_scripts` entry point has the program's name, in the
    `site-packages` of the environment the program's `bin/` belongs to.

    Returns:
        `<package> <version>`, or None when neither is found.
    """
    real = os.path.realpath(program)
    if "/node_modules/" in real:
        head, _, tail = real.rpartition("/node_modules/")
        parts = tail.split("/")
        name = "/".join(parts[:2]) if parts[0].startswith("@") else parts[0]
        try:
            meta = json.loads(Path(head, "node_modules", name, "package.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        version = meta.get("version") if isinstance(meta, dict) else None
        return f"{name} {version}" if isinstance(version, str) else None
    bin_dir = PurePosixPath(program).parent
    if bin_dir.name != "bin":
        return None
    script = PurePosixPath(program).name
    for dist in sorted(Path(bin_dir.parent, "lib").glob("python3*/site-packages/*.dist-info")):
        try:
            entries = (dist / "entry_points.txt").read_text(encoding="utf-8")
        except OSError:
            continue
        section = ""
        for line in entries.splitlines():
            line = line.strip()
            if line.startswith("["):
                section = line
            elif section == "[console_scripts]" and line.split("=", 1)[0].strip() == script:
                name, _, version = dist.name.removesuffix(".dist-info").rpartition("-")
                return f"{name} {version}"
    return None
