"""Cutting off folders an agent nested too deep for the host's walks (`prune_too_deep`).

memeval walks a world after its agent's turn (the workspace diff, the tamper scan, copies); those walks recurse once a
level and name files by whole paths, so a folder past `MAX_TREE_DEPTH` levels or `MAX_TREE_PATH` bytes is removed
first. Nothing of the agent runs any more when this does.
"""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Iterable
from pathlib import Path

from memeval.sandbox._limits import MAX_TREE_DEPTH, MAX_TREE_PATH, TreeTooDeep


def too_deep_folders(root: Path) -> list[bytes]:
    """Every folder under `root` nested past `MAX_TREE_DEPTH` / `MAX_TREE_PATH`, relative to it, in one walk.

    The walk is iterative, follows no symlink and does not enter a folder it names (what lies below it goes with
    it). A folder whose path the kernel refuses as too long (`ENAMETOOLONG`) is named too.
    """
    found: list[bytes] = []
    stack: list[tuple[bytes, bytes, int]] = [(os.fsencode(root), b"", 0)]
    while stack:
        d, rel, depth = stack.pop()
        if depth > MAX_TREE_DEPTH or len(rel) > MAX_TREE_PATH:
            found.append(rel)
            continue
        try:
            it = os.scandir(d)
        except OSError as exc:
            if exc.errno == errno.ENAMETOOLONG:
                found.append(rel)
            continue
        with it:
            for e in it:
                try:
                    if e.is_dir(follow_symlinks=False):
                        stack.append((e.path, rel + b"/" + e.name if rel else e.name, depth + 1))
                except OSError:
                    continue
    return found


RM_ARGS_BYTES = 64 << 10
"""Bytes of names handed to one `rm` (far under Linux's argument space, 2 MiB by default)."""


def _remove_all(root: bytes, rels: list[bytes]) -> None:
    """Remove the folders `rels` under `root`, by `rm -rf --one-file-system` run in each one's parent folder.

    Names are given relative to the parent (`rm` resolving 200 levels of path for each of 150 folders took 0.13 s,
    by name 0.01 s), at most `RM_ARGS_BYTES` of them a run. Nothing runs in the world meanwhile, and the parents
    were reached by a walk that follows no symlink.

    Raises:
        OSError: `rm` failed, or left one of them.
    """
    by_parent: dict[bytes, list[bytes]] = {}
    for rel in rels:
        parent, name = os.path.split(os.path.join(root, rel))
        by_parent.setdefault(parent, []).append(name)
    for parent, names in by_parent.items():
        step = max(1, RM_ARGS_BYTES // (max(map(len, names)) + 1))
        for start in range(0, len(names), step):
            batch = names[start : start + step]
            done = subprocess.run(
                ["rm", "-rf", "--one-file-system", "--", *batch],
                cwd=parent,
                capture_output=True,
                check=False,
                timeout=600,
            )
            left = next((b for b in batch if os.path.lexists(os.path.join(parent, b))), None)
            if done.returncode != 0 or left is not None:
                shown = os.path.join(parent, left or batch[0]).decode("utf-8", "backslashreplace")
                raise OSError(f"could not remove {shown!r} from a world: {done.stderr.decode(errors='replace')[:300]}")


def prune_too_deep(roots: Iterable[Path]) -> str | None:
    """Remove every folder nested past the limits under `roots`; the reason to record, or None.

    Run on a world after its agent's turn (every process of it gone), before any host walk: each folder at the
    first level past the limit goes whole, by `rm -rf --one-file-system` (coreutils walks by file descriptor, at
    any depth, and follows no symlink), so the diff, the tamper scan, the verifier and the retained copy see the rest
    of the world. One walk names them all (`too_deep_folders`) and `rm` takes them in batches: a walk and an `rm`
    per folder held the trial's thread for hours after an agent left 10,001 of them at the bottom of one chain
    (about 1 s each at load 13, bounded by no timeout), and the 10,001st stayed in the world.

    Raises:
        OSError: `rm` could not remove a folder, or a walk after it still finds one (the world is then not safe to
            walk).
    """
    first: str | None = None
    for root in roots:
        found = too_deep_folders(root)
        if not found:
            continue
        first = first or TreeTooDeep(found[0]).reason()
        _remove_all(os.fsencode(root), found)
        if left := too_deep_folders(root):
            raise OSError(
                f"a world still holds a folder nested too deep after removing them: {TreeTooDeep(left[0]).path!r}"
            )
    return None if first is None else first + "; removed before the verifier ran"
