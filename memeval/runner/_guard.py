"""The verifier's environment: the task's interpreter and tools, never the agent's.

The agent's turn leaves its world folders (`/app`, ...) holding whatever it wrote. The held-back
tests then run in a new sandbox over the same folders, so anything the verifier looks up in a
search path or a named file could be a file the agent planted. The rule memeval applies, for
runners it knows and ones it has never seen: **an agent-writable folder never comes before a
folder of the image**.

- `PATH` is the Dockerfile's, with agent-writable entries (and relative ones, which mean the
  working directory) moved after the others, order kept within each group.
- Python: `PYTHONSAFEPATH=1` and `PYTHONNOUSERSITE=1`; agent-writable `PYTHONPATH` entries are
  taken out and handed to a start-up guard (`_verifier_python/sitecustomize.py`, bound
  read-only and first on `PYTHONPATH`) that makes them, and the working directory of `-m`/`-c`
  runs, a last resort: a module there is found only when no standard-library or installed
  module has its name, and only for an import the image's own code did not make (its optional imports of
  names absent here, Jython's `org`, would run the agent's `/app/org`: breaker38), and their `*.dist-info`
  entry points (pytest plugins) are never loaded. Plugins installed in the image (`pytest --ctrf`) load as before.
- Compiled modules are read and written only in an empty, read-only cache (`PYTHONPYCACHEPREFIX`,
  `pycache_mount`, so nothing at all: the program under test cannot plant one for a later process), and
  the guard sets `sys.pycache_prefix` for interpreters started with `-E` or `-I`): Python loads
  a `__pycache__/NAME.*.pyc` instead of `NAME.py` when its header matches (or always, for an
  unchecked hash-based one), and the workspace diff leaves out bytecode named after its source.
  An interpreter started with `-I -S` (or `-E -S`) reads neither the variable nor the guard, so
  the world's `__pycache__` bytecode is also deleted before the verifier runs
  (`drop_bytecode_caches`).
- `LD_LIBRARY_PATH` entries in a world folder, or relative or empty (the working directory),
  come after the system's library folders (`libraries_last`).
- Perl, Ruby and Node search `PERL5LIB`/`PERLLIB`, `RUBYLIB` and `NODE_PATH` before their own
  library folders: agent-writable or relative entries come after the interpreter's own folders
  (asked of the host's interpreter, which stands in for the image's; `interpreter_dirs`), and
  `-I` folders of `PERL5OPT`/`RUBYOPT` that are agent-writable move there too. Rubygems takes the
  highest version of a gem found in any of `GEM_HOME` and `GEM_PATH`, so no order helps: an
  agent-writable folder there is dropped. (`NODE_OPTIONS=--require FILE` names one file the task
  chose to run, as test.sh running the agent's program does, and is left alone.)
- git runs no hook, no file monitor and no command the agent's repositories configure (filters,
  diff and merge drivers, signing programs, ssh commands...: `memeval.runner._gitguard`), given
  in the environment, which wins over the repository's configuration; replace refs are ignored.
- uv reads the agent's project, not only its interpreter request: `uv run` in the working folder syncs the
  `pyproject.toml` there (its dependencies, `[tool.uv.sources]` naming a wheel the agent left, an in-tree build
  backend, entry points named `pytest`), reads `uv.toml` / `[tool.uv]` settings (`find-links`, `no-index`) and
  the interpreter a `.python-version` names, runs in a `.venv` it finds there, and `uv venv DIR` keeps a folder
  the agent made at DIR, so a test.sh's `uv run pytest` ran the agent's own `pytest`. The verifier sets
  `UV_NO_PROJECT=1`, `UV_NO_CONFIG=1`, `UV_VENV_CLEAR=1` and, when the world has a virtual environment,
  `VIRTUAL_ENV` to it (uv takes the active environment before a `.venv` it finds), each only when the task set
  none itself (`UV_SETTINGS`). A project's own environment is never synced then (offline it failed on any
  dependency), and the command runs with the image's packages, as `pytest` alone does. With no environment in
  the world, `VIRTUAL_ENV` is the prefix of the image's `python3` (`/usr`): uv found the agent's `.venv` there
  and ran in it (a `.pth` file of its site-packages passed any check: breaker34).
- pip reads no configuration file (`PIP_CONFIG_FILE=/dev/null`, `PIP_SETTINGS`): a task's environment in a world
  folder holds a `pip.conf` the agent could write, which pip in that environment reads.
- `HOME` and `/tmp` are a fresh, empty folder, on disk under the task's storage_mb (so `~/.config`,
  `~/.local`, `~/.pytest_cache`... the agent left do not exist). `TMPDIR`, `BASH_ENV`, `ENV` and
  `LD_PRELOAD` entries that name an agent-writable path are dropped (bash reads `BASH_ENV` before
  `test.sh`'s first line).
- The mount points memeval adds (`/logs/verifier`) are checked on the host: a symlink or file the
  agent put on the way is removed, so no mount follows it (see `clear_mount_path`).

What stays possible is on the record instead: see `memeval.runner._tamper`.
"""

from __future__ import annotations

import os
import posixpath
import shutil
import subprocess
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from memeval.runner._gitguard import ALWAYS
from memeval.sandbox import Mount, World, make_mount_point

GUARD_HOST = Path(__file__).with_name("_verifier_python")
GUARD_INSIDE = "/tmp/.memeval-python"
"""Where the guard is bound: under the sandbox's fresh /tmp, a path no world folder can hold."""
PYCACHE_INSIDE = "/tmp/.memeval-pycache"
"""The verifier's Python bytecode cache (`PYTHONPYCACHEPREFIX`): an empty folder bound read-only
(`pycache_mount`), so a `__pycache__/*.pyc` the agent planted beside a module is never what runs, and no
process of the verifier can leave one there for the next: every module is compiled from its source."""
DROP_IF_WRITABLE = ("TMPDIR", "BASH_ENV", "ENV", "LD_PRELOAD")
UV_SETTINGS = {"UV_NO_PROJECT": "1", "UV_NO_CONFIG": "1", "UV_VENV_CLEAR": "1"}
"""uv's settings in the verifier (a task's own `ENV` or `[verifier.env]` value wins): no project or workspace
discovered (`uv run --no-project`), no `uv.toml` or `[tool.uv]` read from the working folder or a parent
(`--no-config`, which stops `.python-version` discovery too), and `uv venv DIR` replaces a folder already at DIR
(`--clear`) rather than failing, so a test.sh that makes and activates its own environment in `/app` gets a fresh
one, not the agent's."""
PIP_SETTINGS = {"PIP_CONFIG_FILE": os.devnull}
"""pip's setting in the verifier (a task's own value wins): no configuration file read. pip reads the environment
it runs in's own `pip.conf` (`sys.prefix`), a file of the agent's when the task's environment is in a world folder
(`/app/venv`): `no-index` and `find-links = /app/wheels` there made a test.sh's `pip install pytest` install the
agent's wheel named `pytest`, whose command printed a pass (breaker36). `os.devnull` is pip's own word for none at
all (the image's `/etc/pip.conf` too: the verifier has no network to reach an index through)."""
SHELL_INSIDE = "/tmp/.memeval-bash"
"""Where the shell that runs test.sh is bound (`test_sh_shell`)."""


def world_folders(world: World) -> tuple[str, ...]:
    """The agent-writable folders of `world`, as seen inside the sandbox (e.g. `/app`)."""
    return tuple("/" + p.name for p in sorted(world.root.iterdir()) if p.is_dir() and not p.is_symlink())


def one_slash(path: str) -> str:
    """The absolute `path` normalised as Linux reads it: `//app/./bin/` is `/app/bin`.

    `posixpath.normpath` keeps two leading slashes (POSIX lets them mean something of their own; Linux does not):
    compared as written, `ENV PATH=//app/bin:$PATH` was no world folder, and a command the agent left there ran
    before the system's in the verifier.
    """
    return "/" + posixpath.normpath(path).lstrip("/")


def under(path: str, folders: Iterable[str]) -> bool:
    """Whether `path` (inside the sandbox) is one of `folders` or below one; relative paths are."""
    if not path.startswith("/"):
        return True  # relative: the working directory, which is the agent's
    norm = one_slash(path)
    return any(norm == f or norm.startswith(f + "/") for f in folders)


def writable_last(value: str, folders: Iterable[str], read_only: Iterable[str] = ()) -> str:
    """A colon-separated search path with agent-writable entries moved to the end.

    `read_only` names mounts inside the world's folders that the agent cannot write (the world's venv at
    `/opt/memeval/venv` when the world has `/opt`): absolute entries under them keep their place.
    """
    entries = value.split(":")
    fs, ro = tuple(folders), tuple(read_only)

    def agents(e: str) -> bool:
        return not e or (under(e, fs) and not (e.startswith("/") and under(e, ro)))

    return ":".join([e for e in entries if not agents(e)] + [e for e in entries if agents(e)])


def verifier_env(
    base: Mapping[str, str],
    folders: Iterable[str],
    git_settings: Iterable[tuple[str, str]] = ALWAYS,
    *,
    venv: str | None = None,
) -> dict[str, str]:
    """The verifier's environment, from `base` and the world's agent-writable `folders`.

    `base` holds the defaults, the Dockerfile's ENV, the task's `[verifier.env]`, in that order;
    `git_settings` the git (key, value) pairs that switch off what the world's repositories
    configure (`memeval.runner._gitguard.git_overrides`); `venv` the world's virtual environment as seen
    inside (`memeval.sandbox.VENV_INSIDE`), None when it has none.

    Returns a new dict; see the module docstring for every change made.
    """
    fs = tuple(folders)
    env = dict(base)
    env["PATH"] = writable_last(env.get("PATH", ""), fs, () if venv is None else (venv,))
    env["HOME"] = "/tmp"
    for name in DROP_IF_WRITABLE:
        if name in env:
            kept = [e for e in env[name].replace(" ", ":").split(":") if e and not under(e, fs)]
            if kept:
                env[name] = ":".join(kept) if name == "LD_PRELOAD" else kept[0]
            else:
                del env[name]
    py = [e for e in env.get("PYTHONPATH", "").split(":") if e]
    last = [e for e in py if under(e, fs)]
    env["PYTHONPATH"] = ":".join([GUARD_INSIDE] + [e for e in py if not under(e, fs)])
    if last:
        env["MEMEVAL_LAST_PATH"] = ":".join(last)
    env["MEMEVAL_WORLD_FOLDERS"] = ":".join(fs)  # the guard makes `.pth` folders there last resorts (breaker45)
    if "LD_LIBRARY_PATH" in env:
        env["LD_LIBRARY_PATH"] = libraries_last(env["LD_LIBRARY_PATH"], fs)
    _interpreter_paths(env, fs)
    _git_runs_nothing_of_the_agent(env, git_settings)
    _uv_reads_nothing_of_the_agent(env, venv)
    env["PYTHONSAFEPATH"] = "1"
    env["PYTHONNOUSERSITE"] = "1"
    env["PYTHONPYCACHEPREFIX"] = PYCACHE_INSIDE
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # the cache is read-only: no write attempted there, none beside sources
    return env


def _uv_reads_nothing_of_the_agent(env: dict[str, str], venv: str | None) -> None:
    """Add `UV_SETTINGS`, `PIP_SETTINGS` and `VIRTUAL_ENV` to `env` where the task set none (see the module docstring).

    `VIRTUAL_ENV` is `venv`, or for a world with none the prefix of the image's `python3` (`image_python_prefix`):
    uv takes the active environment before a `.venv` it finds in the working folder or a parent, and a system
    prefix (`/usr`) is one it runs in, as it would with no `.venv` there.
    """
    for name, value in (UV_SETTINGS | PIP_SETTINGS).items():
        env.setdefault(name, value)
    active = venv if venv is not None else image_python_prefix(env.get("PATH", ""))
    if active is not None:
        env.setdefault("VIRTUAL_ENV", active)


def image_python_prefix(path: str) -> str | None:
    """The prefix of the first `python3` on `path` that the image (the host's `/usr`, bound read-only) holds.

    Entries outside `/usr` once their links are followed (`/bin` is `/usr/bin` on a merged-/usr host) are passed
    over: world folders are the agent's, and no other host folder is in the sandbox. Returns e.g. `/usr` for
    `/usr/bin/python3`, `/usr/local` for `/usr/local/bin/python3`, or None when no entry holds one.
    """
    for entry in path.split(":"):
        if not entry.startswith("/"):
            continue
        real = os.path.realpath(entry)
        exe = os.path.join(real, "python3")
        if real.startswith("/usr/") and os.path.isfile(exe) and os.access(exe, os.X_OK):
            return os.path.dirname(real)
    return None


def _git_runs_nothing_of_the_agent(env: dict[str, str], settings: Iterable[tuple[str, str]]) -> None:
    """Give git in the verifier `settings` (`memeval.runner._gitguard.git_overrides`) over every file.

    Settings given in the environment (`GIT_CONFIG_COUNT`, `GIT_CONFIG_KEY_n`,
    `GIT_CONFIG_VALUE_n`; git 2.31+) win over every configuration file; any the task set are
    kept (and come first). `GIT_NO_REPLACE_OBJECTS=1`: a `refs/replace/` entry the agent made
    would make `git checkout BASE -- tests` read the agent's commit instead of BASE.
    """
    try:
        n = int(env.get("GIT_CONFIG_COUNT", "0"))
    except ValueError:
        n = 0
    for key, value in settings:
        env[f"GIT_CONFIG_KEY_{n}"] = key
        env[f"GIT_CONFIG_VALUE_{n}"] = value
        n += 1
    env["GIT_CONFIG_COUNT"] = str(n)
    env["GIT_NO_REPLACE_OBJECTS"] = "1"


def system_library_dirs() -> tuple[str, ...]:
    """The dynamic loader's own folders on this host, which stands in for the image.

    The folders in `/etc/ld.so.conf.d/*.conf`, then the multiarch and plain `/lib` and `/usr/lib`.
    """
    import sysconfig

    dirs: list[str] = []
    for conf in sorted(Path("/etc/ld.so.conf.d").glob("*.conf")):
        try:
            dirs += [ln.strip() for ln in conf.read_text().splitlines() if ln.strip().startswith("/")]
        except OSError:
            continue
    arch = sysconfig.get_config_var("MULTIARCH")
    if arch:
        dirs += [f"/lib/{arch}", f"/usr/lib/{arch}"]
    dirs += ["/lib", "/usr/lib"]
    return tuple(dict.fromkeys(dirs))


def libraries_last(value: str, folders: Iterable[str]) -> str:
    """`LD_LIBRARY_PATH` with agent-writable and relative entries after the system's library folders.

    The loader searches `LD_LIBRARY_PATH` before its own folders, and an empty entry there means
    the working directory (`ENV LD_LIBRARY_PATH=/usr/local/lib:$LD_LIBRARY_PATH` with the variable
    unset leaves one), so a `libc.so.6` or `libtinfo.so.6` the agent left in `/app` would be
    loaded by the verifier's bash and Python. When such entries exist, the system's folders are
    put between the image's entries and them; a library found nowhere else is still found there.
    """
    fs = tuple(folders)
    entries = value.split(":")
    image = [e for e in entries if e and not under(e, fs)]
    agents = [e for e in entries if not e or under(e, fs)]
    if not agents:
        return value
    return ":".join(image + [d for d in system_library_dirs() if d not in image] + agents)


INTERPRETER_PATHS = {"PERL5LIB": "perl", "PERLLIB": "perl", "RUBYLIB": "ruby", "NODE_PATH": "node"}
"""Search-path variables an interpreter reads before its own folders, and that interpreter."""
INCLUDE_SWITCHES = {"PERL5OPT": "PERL5LIB", "RUBYOPT": "RUBYLIB"}
"""Switch variables whose `-I DIR` prepends to the search path, and the variable it then joins."""
DROP_WRITABLE_ENTRIES = ("GEM_PATH", "GEM_HOME")
_ASK_DIRS = {
    "perl": ("perl", "-e", 'print "$_\\n" for grep { !ref } @INC'),
    "ruby": ("ruby", "-e", "puts $LOAD_PATH"),
    "node": ("node", "-e", 'console.log(require("module").globalPaths.join("\\n"))'),
}


@cache
def interpreter_dirs(name: str) -> tuple[str, ...]:
    """The folders `name` (`perl`, `ruby` or `node`) searches for libraries on its own, on this host.

    Asked of the interpreter with an empty environment (HOME=/tmp as in the verifier); () when it
    is not installed or fails, as the sandbox, which runs the host's binaries, then has none either.
    """
    try:
        out = subprocess.run(
            _ASK_DIRS[name],
            env={"PATH": os.defpath, "HOME": "/tmp", "LANG": "C.UTF-8"},
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return ()
    return tuple(dict.fromkeys(ln for ln in out.splitlines() if ln.startswith("/")))


def _include_switches(value: str, fs: tuple[str, ...]) -> tuple[str, list[str]]:
    """`value` (e.g. `PERL5OPT`) without its `-I DIR` switches naming agent-writable folders, and those."""
    words = value.split()
    kept: list[str] = []
    moved: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w.startswith("-I"):
            d = w[2:] if len(w) > 2 else (words[i + 1] if i + 1 < len(words) else "")
            step = 1 if len(w) > 2 else 2
            if d and under(d, fs):
                moved.append(d)
                i += step
                continue
        kept.append(w)
        i += 1
    return " ".join(kept), moved


def _interpreter_paths(env: dict[str, str], fs: tuple[str, ...]) -> None:
    """Put agent-writable entries of Perl's, Ruby's and Node's search paths after their own folders."""
    for switches, joins in INCLUDE_SWITCHES.items():
        if switches in env:
            kept, moved = _include_switches(env[switches], fs)
            if moved:
                env[joins] = ":".join([*filter(None, env.get(joins, "").split(":")), *moved])
                if kept:
                    env[switches] = kept
                else:
                    del env[switches]
    for name, interpreter in INTERPRETER_PATHS.items():
        if name not in env:
            continue
        entries = env[name].split(":")
        image = [e for e in entries if e and not under(e, fs)]
        agents = [e for e in entries if e and under(e, fs)]
        if agents:
            own = [d for d in interpreter_dirs(interpreter) if d not in image]
            env[name] = ":".join(image + own + agents)
    for name in DROP_WRITABLE_ENTRIES:
        if name in env:
            kept_entries = [e for e in env[name].split(":") if e and not under(e, fs)]
            if kept_entries:
                env[name] = ":".join(kept_entries)
            else:
                del env[name]


SYSTEM_SITECUSTOMIZE = Path("/etc/python3.11/sitecustomize.py")
"""Debian's system-wide `sitecustomize` (what /usr/lib/python3.11/sitecustomize.py links to)."""


def guard_mounts() -> tuple[Mount, ...]:
    """Read-only binds of the Python start-up guard.

    Its folder (first on `PYTHONPATH`) and, when the host Python has one, over the system
    `sitecustomize`, for a `test.sh` that replaces `PYTHONPATH`.
    """
    ms = [Mount(GUARD_HOST, GUARD_INSIDE)]
    if SYSTEM_SITECUSTOMIZE.is_file():
        ms.append(Mount(GUARD_HOST / "sitecustomize.py", str(SYSTEM_SITECUSTOMIZE)))
    return tuple(ms)


def pycache_mount(folder: Path) -> Mount:
    """`folder` (made empty here) bound read-only at `PYCACHE_INSIDE`, the verifier's bytecode cache.

    Python reads a module's compiled form from the cache when its header (the source's mtime and size) matches,
    and the cache was a folder under `/tmp` any process of the verifier could write: the program the tests ran
    wrote `.../usr/lib/python3.11/json/__init__.cpython-311.pyc` with the standard library's header and its own
    code, and the checker test.sh ran next imported it as `json` and exited 0. Empty and read-only, the cache
    holds nothing and takes nothing; Python compiles each module from source in every process (measured: about
    1 s more CPU for `python3 -m pytest --version` at load 27 on 2 cores, 1.2 s against 0.2 s).

    Args:
        folder: a fresh path of the verifier's on the host (never one a sandbox could write).
    """
    folder.mkdir()
    return Mount(folder, PYCACHE_INSIDE)


def test_sh_shell(folder: Path) -> Mount:
    """A copy of the host's bash in `folder` that no process in the sandbox may read, bound at `SHELL_INSIDE`.

    test.sh runs the program under test as its child, with its own uid: the kernel lets such a process attach a
    debugger to test.sh (`gdb -p`, ptrace), or write its memory through `/proc/PID/mem`, unless test.sh is not
    *dumpable*. A program the tests ran seeked test.sh's script to its end that way (`lseek(255, 0, SEEK_END)`
    through gdb) after writing a passing reward: test.sh exited 0 by itself, before its own failing write. A
    process that executes a file it cannot read is made not dumpable (execve(2), `would_dump`), and no process
    of the sandbox can read this copy: it is owned by the host's root, which the sandbox's user namespace does
    not map (so its `CAP_DAC_OVERRIDE` does not apply), with mode 0711. test.sh and the subshells it forks are
    then out of reach of what they run; the programs it starts are dumpable as usual (`strace CMD` and `gdb CMD`
    in tests work). Refusing `prlimit` on another process is the sandbox's seccomp filter's part.

    Args:
        folder: a fresh path of the verifier's on the host (never one a sandbox could write), made here as
            `pycache_mount` makes its own.

    Raises:
        OSError: the host has no bash, or `folder` exists or cannot be made.
    """
    host = shutil.which("bash", path=os.defpath) or "/bin/bash"
    folder.mkdir()
    copy = folder / "bash"
    shutil.copyfile(host, copy)
    os.chmod(copy, 0o711)
    return Mount(copy, SHELL_INSIDE)


def drop_bytecode_caches(root: Path) -> list[str]:
    """Delete every compiled module Python could read from a `__pycache__` folder under `root`, on the host.

    The verifier's Python never reads them when memeval's guard runs (`PYTHONPYCACHEPREFIX`,
    `sys.pycache_prefix`), but `python3 -I -S` (or `-E -S`) ignores the variable and imports no
    `sitecustomize`: it then loaded a `__pycache__/NAME.cpython-3X.pyc` the agent compiled from
    other code, with the header of the task's `NAME.py` (its size and time), in place of
    `NAME.py`, while the workspace diff showed that cache file as the interpreter's own. A cache is
    never needed: Python compiles the source again. Removed: `*.pyc` and `*.pyo` entries in a
    folder named `__pycache__` (files, symlinks, anything but a folder), and a `__pycache__` that
    is a symlink (it could lead to bytecode in a folder of another name). Nothing is followed.

    Args:
        root: the world's root on the host (the verifier has not started; no agent process runs).

    Returns:
        The removed paths, relative to `root`, sorted.
    """
    removed: list[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        for d in [d for d in dirnames if d == "__pycache__" and (here / d).is_symlink()]:
            (here / d).unlink()
            dirnames.remove(d)
            removed.append((here / d).relative_to(root).as_posix())
        if here.name != "__pycache__":
            continue
        for name in filenames + [d for d in dirnames if (here / d).is_symlink()]:
            if name.endswith((".pyc", ".pyo")):
                (here / name).unlink()
                removed.append((here / name).relative_to(root).as_posix())
    return sorted(removed)


def clear_mount_path(world: World, inside: str) -> list[str]:
    """Make every component of `inside` that lies in a world folder a real folder, on the host.

    A mount point memeval adds (such as `/logs/verifier` when the world has `/logs`) is created by
    the sandbox tool on the host's file system; a symlink the agent put there would send that
    creation, or the mount, somewhere else. Symlinks and non-folders on the way are removed
    (never followed) and replaced by empty folders (`memeval.sandbox.make_mount_point`).

    Returns:
        The inside paths that were replaced (for the tamper findings).
    """
    return make_mount_point(world.root, inside)
