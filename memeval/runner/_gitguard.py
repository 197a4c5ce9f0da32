"""What the verifier's git may run of the agent's repositories: nothing the agent configured.

Tasks graded the SWE-bench way restore or compare the tests with git in the agent's own
repository (`git checkout BASE -- tests/`, `git diff`, `git merge`, `git commit`). Every file of
that repository is the agent's, and git's configuration names commands git runs: filters, diff
and merge drivers, `diff.external`, signing programs, pagers, ssh and proxy commands, credential
helpers, editors, a remote's upload-pack, submodule update commands, file monitors, hooks. So the
verifier's environment overrides each such key that any configuration file of a repository in
the world sets (`GIT_CONFIG_COUNT`/`GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n`, which git reads after
every file), with git's own default or a command that does what git does without it:

| key the agent set | what the verifier's git gets |
|---|---|
| `filter.N.clean/smudge/process` | empty (no filter), `required = false` |
| `diff.N.command`, `diff.external` | a plain `git diff --no-index` of the two files |
| `diff.N.textconv` | `cat` |
| `merge.N.driver` | `git merge-file` (git's own three-way merge, conflict markers included) |
| `gpg.program`, `gpg.*.program` | `gpg`, `gpgsm`, `ssh-keygen`; `*.gpgSign = false` |
| `core.pager`, `pager.CMD` | `cat`, `false` (git pages only on a terminal, which the verifier lacks) |
| `core.sshCommand`, `core.gitProxy`, `core.askPass`, `credential.*helper` | `ssh`, empty, empty, empty |
| `core.editor`, `sequence.editor` | `:` (no editor) |
| `submodule.N.update` | `checkout` |
| `mergetool.N.cmd`, `difftool.N.cmd`, `trailer.N.command/cmd` | `false`, `false`, empty |
| `core.alternateRefsCommand` | empty |

and always `core.hooksPath=/dev/null`, `core.fsmonitor=false`, `protocol.ext.allow=never`,
`core.commitGraph=false`, `core.multiPackIndex=false` and `GIT_NO_REPLACE_OBJECTS=1` (a
`refs/replace/` entry would make `git checkout BASE` read the agent's commit). Keys git reads
only from the system or user configuration (`uploadpack.packObjectsHook`, `safe.directory`) need
nothing; aliases cannot shadow a git command. Two kinds of key cannot be overridden:
`core.worktree` (git reads it from the repository's file alone; it sends a restore elsewhere
while the agent's files stay) and `remote.N.uploadpack` / `receivepack` (git takes the first one
given, so a local `git fetch` runs the agent's command).
The verifier refuses a world that sets them (`GitScan.refused`, a `protocol` fault, test.sh not
run), as it does one whose configuration it cannot read whole.

The configuration files are found as git finds them, for every repository in the world: each
`.git` (folder, symlink or `gitdir:` file) anywhere under a world folder, each folder holding a
`HEAD` and a `config` (bare repositories, `.git/modules/*`), their `commondir`, and every
`include.path` / `includeIf.*.path` whatever its condition, symlinks followed within the world.
Each file is parsed by the host's git (`git config -f FILE --list`, which runs nothing), the same
binary the sandbox runs.

What git reads of the agent's objects and indexes (forged objects, hidden index entries) is
checked in `memeval.runner._gitobjects`; `forged_objects` and `hidden_by_index` are re-exported
here for the runner.
"""

from __future__ import annotations

import os
import posixpath
import subprocess
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from memeval.runner._diff import CACHE_DIRS, printable
from memeval.runner._gitobjects import (
    StoreFile,
    _read,
    check_store_files,
    forged_objects,
    hidden_by_index,
    newly_hidden,
)
from memeval.sandbox import World

MAX_CONFIG_BYTES = 1 << 20
"""Largest configuration file read; a larger one is refused (git would read it all)."""
MAX_CONFIG_FILES = 256
"""Most configuration files read in one world; more are refused."""
MAX_LINK_HOPS = 40

ALWAYS = (
    ("core.hooksPath", "/dev/null"),
    ("core.fsmonitor", "false"),
    ("protocol.ext.allow", "never"),
    ("core.commitGraph", "false"),
    ("core.multiPackIndex", "false"),
)
"""Overrides given whatever the repositories set. The commit-graph and multi-pack-index files are
the agent's too and say which tree a commit has and where an object lies; git does not check them
against the objects, so they are not read (defence in depth: no attack through them was tried)."""

EXTERNAL_DIFF = 'sh -c \'git diff --no-index --no-ext-diff -- "$2" "$5"; test $? -le 1\' memeval-plain-diff'
"""Stands in for an external diff command: git calls it with (path, old file, old hex, old mode,
new file, new hex, new mode) and dies when it exits non-zero; `--no-index` exits 1 on a change."""
MERGE_FILE = "git merge-file --marker-size=%L %A %O %B"
"""Stands in for a merge driver: git's own three-way merge of the file, exit code the conflicts."""

_BY_KEY = {
    "diff.external": (("diff.external", EXTERNAL_DIFF),),
    "gpg.program": (("gpg.program", "gpg"),),
    "gpg.openpgp.program": (("gpg.openpgp.program", "gpg"),),
    "gpg.x509.program": (("gpg.x509.program", "gpgsm"),),
    "gpg.ssh.program": (("gpg.ssh.program", "ssh-keygen"),),
    "gpg.ssh.defaultkeycommand": (("gpg.ssh.defaultKeyCommand", ""),),
    "commit.gpgsign": (("commit.gpgSign", "false"),),
    "tag.gpgsign": (("tag.gpgSign", "false"),),
    "tag.forcesignannotated": (("tag.forceSignAnnotated", "false"),),
    "push.gpgsign": (("push.gpgSign", "false"),),
    "rebase.gpgsign": (("rebase.gpgSign", "false"),),
    "core.pager": (("core.pager", "cat"),),
    "core.sshcommand": (("core.sshCommand", "ssh"),),
    "core.gitproxy": (("core.gitProxy", ""),),
    "core.askpass": (("core.askPass", ""),),
    "credential.helper": (("credential.helper", ""),),
    "core.editor": (("core.editor", ":"),),
    "sequence.editor": (("sequence.editor", ":"),),
    "core.alternaterefscommand": (("core.alternateRefsCommand", ""),),
}
"""Keys without a subsection (as `git config --list` prints them) and what overrides them."""

_BY_SUBSECTION: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {
    ("filter", "clean"): (("clean", ""), ("smudge", ""), ("process", ""), ("required", "false")),
    ("filter", "smudge"): (("clean", ""), ("smudge", ""), ("process", ""), ("required", "false")),
    ("filter", "process"): (("clean", ""), ("smudge", ""), ("process", ""), ("required", "false")),
    ("filter", "required"): (("clean", ""), ("smudge", ""), ("process", ""), ("required", "false")),
    ("diff", "command"): (("command", EXTERNAL_DIFF),),
    ("diff", "textconv"): (("textconv", "cat"),),
    ("merge", "driver"): (("driver", MERGE_FILE),),
    ("pager", "*"): (),  # pager.CMD has no subsection: handled below
    ("credential", "helper"): (("helper", ""),),
    ("submodule", "update"): (("update", "checkout"),),
    ("mergetool", "cmd"): (("cmd", "false"),),
    ("difftool", "cmd"): (("cmd", "false"),),
    ("trailer", "command"): (("command", ""),),
    ("trailer", "cmd"): (("cmd", ""),),
}
"""(section, variable) of `section.SUB.variable` keys and the (variable, value) pairs set for SUB."""


@dataclass(frozen=True)
class GitScan:
    """What the world's git configuration files set, as far as the verifier cares.

    `keys` are the keys as `git config --list` prints them (section and variable lower-case,
    subsection as written), from every file read; `files` the inside paths read; `refused` why
    the verifier must not run on this world (None when it may).
    """

    keys: frozenset[str] = frozenset()
    files: tuple[str, ...] = ()
    refused: str | None = None
    unoverridable: tuple[str, ...] = field(default=())
    """`key in file` for each key set that no environment setting overrides (see `refused`)."""


def git_overrides(keys: frozenset[str]) -> list[tuple[str, str]]:
    """The (key, value) settings that switch off every command `keys` configure (module table).

    Always starts with `ALWAYS`; order is stable (sorted keys), duplicates removed.
    """
    out: dict[str, str] = dict(ALWAYS)
    for key in sorted(keys):
        section, _, rest = key.partition(".")
        if key in _BY_KEY:
            out.update(_BY_KEY[key])
            continue
        if section == "pager" and rest:
            out[key] = "false"
            continue
        sub, _, var = rest.rpartition(".")
        if not sub:
            continue
        for name, value in _BY_SUBSECTION.get((section, var), ()):
            out[f"{section}.{sub}.{name}"] = value
    return list(out.items())


def _resolve(world: World, inside: str) -> tuple[str, Path] | None:
    """`inside` (absolute, in the sandbox) with symlinks followed within the world folders.

    Returns the final inside path and its host path, or None when it leaves the world folders
    (the image's files, which the agent could not write), loops, or does not exist.
    """
    hops = 0
    parts = [p for p in inside.split("/") if p not in ("", ".")]
    done: list[str] = []
    while parts:
        name = parts.pop(0)
        if name == "..":
            if done:
                done.pop()
            continue
        if not done and not (world.root / name).is_dir():
            return None
        done.append(name)
        host = world.root.joinpath(*done)
        if host.is_symlink():
            hops += 1
            if hops > MAX_LINK_HOPS:
                return None
            target = os.readlink(host)
            done.pop()
            base = "/" + "/".join(done)
            parts = [p for p in posixpath.join(base, target).split("/") if p not in ("", ".")] + parts
            done = []
    if not done:
        return None
    host = world.root.joinpath(*done)
    if not host.exists() or (len(done) == 1 and (world.root / done[0]).is_symlink()):
        return None
    return "/" + "/".join(done), host


def _git_dirs(world: World) -> Iterator[str]:
    """Inside paths that may be a repository's git folder, anywhere in the world.

    Every `.git` entry, and every folder with a `HEAD` and a `config` (bare repositories,
    submodules' `.git/modules/*`).
    """
    for top in sorted(p for p in world.root.iterdir() if p.is_dir() and not p.is_symlink()):
        stack = [top]
        while stack:
            d = stack.pop()
            try:
                entries = list(os.scandir(d))
            except OSError:
                continue
            names = {e.name for e in entries}
            inside = "/" + d.relative_to(world.root).as_posix()
            if "HEAD" in names and "config" in names:
                yield inside
            for e in entries:
                if e.name == ".git":
                    yield posixpath.join(inside, ".git")
                if e.is_dir(follow_symlinks=False):
                    stack.append(Path(e.path))


def _config_entries(host: Path) -> list[tuple[str, str | None]] | None:
    """(key, value) pairs of one configuration file, parsed by the host's git; None if git cannot."""
    env = {"PATH": os.defpath, "HOME": "/nonexistent", "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null"}
    env["LANG"] = "C"
    try:
        out = subprocess.run(
            ["git", "config", "--file", str(host), "--list", "-z", "--no-includes"],
            env=env,
            cwd="/",
            capture_output=True,
            timeout=30,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    pairs: list[tuple[str, str | None]] = []
    for item in out.split(b"\0"):
        if not item:
            continue
        k, nl, v = item.decode("utf-8", "replace").partition("\n")
        pairs.append((k, v if nl else None))
    return pairs


def _repository_folders(world: World) -> tuple[list[tuple[str, Path]], bool]:
    """Every folder git may take as a repository's git folder, found as git finds them.

    Each `.git` (folder, symlink or `gitdir:` file) and each folder holding `HEAD` and `config`
    (`_git_dirs`), with `gitdir:` files and symlinks followed within the world.

    Returns:
        (inside path, host path) of each, resolved (no symlink on the way), in the order found;
        and whether the search stopped at `MAX_CONFIG_FILES * 4` candidates.
    """
    gitdirs = list(dict.fromkeys(_git_dirs(world)))
    found: dict[str, Path] = {}
    i = 0
    while i < len(gitdirs) and i < MAX_CONFIG_FILES * 4:
        gd = gitdirs[i]
        i += 1
        r = _resolve(world, gd)
        if r is None:
            continue
        inside, host = r
        if host.is_file():
            text = (_read(host, 4096) or b"").decode("utf-8", "replace")
            if not text.startswith("gitdir:"):
                continue
            target = text[len("gitdir:") :].strip()
            for base in dict.fromkeys([posixpath.dirname(gd), posixpath.dirname(inside)]):
                if (r2 := _resolve(world, posixpath.join(base, target))) is not None and r2[0] not in gitdirs:
                    gitdirs.append(r2[0])
            continue
        if host.is_dir():
            found.setdefault(inside, host)
    return list(found.items()), len(gitdirs) > MAX_CONFIG_FILES * 4


def store_files(world: World, touched: Iterable[str]) -> tuple[list[StoreFile], list[tuple[StoreFile, Path]]]:
    """The object-store files and indexes git would read in the world that the agent may have written.

    Found as git finds them (`_repository_folders`, each one's `commondir`), through every symlink
    within the world: a `.git/objects` or `.git/objects/ab` linked elsewhere, or a repository moved under
    a `__pycache__` folder (which the workspace diff skipped) and named by a `gitdir:` file. A file is
    returned when its resolved path is in `touched` (what the diff found added or changed, relative
    to the world's root, as printable text: a path holding a byte that is not UTF-8 is compared in that
    spelling, else a repository moved into a folder so named went unchecked), lies under a cache
    folder (`CACHE_DIRS`, which the diff skipped whole), or differs from the path git opens (reached
    through a symlink); every other file the diff compared equal to the world as built.

    Returns:
        (object-store files, for `check_store_files`; (index, where the world as built held it), for
        `newly_hidden`). Bounded as `_repository_folders` is; a folder's entries are read, never opened.
    """
    touched_set = set(touched)
    folders, _ = _repository_folders(world)
    homes: dict[str, None] = {}
    for inside, host in folders:
        homes[inside] = None
        common = _read(host / "commondir", 4096) if (host / "commondir").exists() else None
        if common and (rc := _resolve(world, posixpath.join(inside, common.decode("utf-8", "replace").strip()))):
            if rc[1].is_dir():
                homes[rc[0]] = None

    def suspect(named: str, real: str) -> bool:
        rel = real.lstrip("/")  # the file system's spelling; `touched` is the diff's, printable (breaker27)
        return named != rel or printable(rel) in touched_set or any(part in CACHE_DIRS for part in rel.split("/"))

    objects: list[StoreFile] = []
    indexes: list[tuple[StoreFile, Path]] = []
    for home in homes:
        if (ri := _resolve(world, posixpath.join(home, "index"))) is not None and ri[1].is_file():
            named = posixpath.join(home, "index").lstrip("/")
            if suspect(named, ri[0]):
                indexes.append((StoreFile(named, ri[1]), Path(ri[0].lstrip("/"))))
        store = posixpath.join(home, "objects")
        if (ro := _resolve(world, store)) is None or not ro[1].is_dir():
            continue
        for sub in _entry_names(ro[1]):
            if not (len(sub) == 2 and set(sub) <= _HEX_DIGITS or sub in ("pack", "info")):
                continue
            if (rs := _resolve(world, posixpath.join(ro[0], sub))) is None or not rs[1].is_dir():
                continue
            for name in _entry_names(rs[1]):
                named = posixpath.join(store, sub, name).lstrip("/")
                if suspect(named, posixpath.join(rs[0], name)):
                    objects.append(StoreFile(named, rs[1] / name))
    return objects, indexes


_HEX_DIGITS = frozenset("0123456789abcdef")


def _entry_names(folder: Path) -> list[str]:
    """The names in `folder`, sorted; [] when it cannot be read."""
    try:
        return sorted(os.listdir(folder))
    except OSError:
        return []


def scan_git_config(world: World) -> GitScan:
    """Every git configuration key the world's repositories set (see the module docstring).

    Raises nothing: a file git could not parse adds no key (git fails on it too); a world with
    more than `MAX_CONFIG_FILES` files or a file over `MAX_CONFIG_BYTES` comes back `refused`.
    """
    folders, capped = _repository_folders(world)
    if capped:
        return GitScan(refused=f"more than {MAX_CONFIG_FILES * 4} git folders in the world")
    queue: list[str] = []
    for inside, host in folders:
        queue += [posixpath.join(inside, "config"), posixpath.join(inside, "config.worktree")]
        common = _read(host / "commondir", 4096) if (host / "commondir").exists() else None
        if common:
            cd = posixpath.join(inside, common.decode("utf-8", "replace").strip())
            queue += [posixpath.join(cd, "config"), posixpath.join(cd, "config.worktree")]
    seen: set[str] = set()
    keys: set[str] = set()
    unoverridable: list[str] = []
    while queue:
        named = queue.pop(0)
        r = _resolve(world, named)
        if r is None or r[0] in seen:
            continue
        inside, host = r
        seen.add(inside)
        if len(seen) > MAX_CONFIG_FILES:
            return GitScan(
                frozenset(keys), tuple(sorted(seen)), f"more than {MAX_CONFIG_FILES} git configuration files"
            )
        data = _read(host, MAX_CONFIG_BYTES)
        if data is None:
            continue
        if len(data) > MAX_CONFIG_BYTES:
            return GitScan(
                frozenset(keys), tuple(sorted(seen)), f"git configuration {inside} over {MAX_CONFIG_BYTES} bytes"
            )
        for key, value in _config_entries(host) or []:
            keys.add(key)
            if _unoverridable(key, value):
                unoverridable.append(f"{key} in {inside}")
            section = key.partition(".")[0]
            if section in ("include", "includeif") and key.endswith(".path") and value:
                path = value.strip()
                if path.startswith("~"):
                    continue  # HOME is a fresh, empty /tmp in the verifier
                if path.startswith("/"):
                    queue.append(path)
                else:  # relative to the including file, as named and as resolved
                    queue += [posixpath.join(posixpath.dirname(f), path) for f in dict.fromkeys([named, inside])]
    refused = None
    if unoverridable:
        refused = (
            f"the world's git configuration sets {', '.join(unoverridable)}, which no environment setting"
            " overrides (core.worktree moves where git restores files; remote.*.uploadpack and"
            " receivepack are commands git runs)"
        )
    return GitScan(frozenset(keys), tuple(sorted(seen)), refused, tuple(unoverridable))


def _unoverridable(key: str, value: str | None) -> bool:
    """Whether `key` = `value` is set to something no `GIT_CONFIG_*` setting takes back."""
    if key == "core.worktree":
        return True
    section, _, rest = key.partition(".")
    var = rest.rpartition(".")[2]
    defaults = {"uploadpack": "git-upload-pack", "receivepack": "git-receive-pack"}
    return section == "remote" and var in defaults and (value or "").strip() != defaults[var]


__all__ = [
    "ALWAYS",
    "EXTERNAL_DIFF",
    "GitScan",
    "MAX_CONFIG_BYTES",
    "MAX_CONFIG_FILES",
    "MAX_LINK_HOPS",
    "MERGE_FILE",
    "StoreFile",
    "check_store_files",
    "forged_objects",
    "git_overrides",
    "hidden_by_index",
    "newly_hidden",
    "scan_git_config",
    "store_files",
]
