"""Files that are another name of a file the tests may write (the `linked-file` tamper finding).

Nothing here opens a path in the world or follows a symlink: links are read with `readlink`, entries with `lstat`.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from memeval.runner._diff import printable
from memeval.runner._guard import under


def linked_file(rel: str, st: os.stat_result, world_root: Path, folders: tuple[str, ...]) -> str | None:
    """Why the entry `rel` (`st`: its `lstat`) is another name of a file the tests may write, or None.

    A regular file with more than one name (a hard link), or a symlink that leads, following the world's links
    (read with `readlink`, never opened), to a file in a world folder (`folders`) or to a path there that does not
    exist yet. A link that leads out of the world folders (a venv's `python3 -> /usr/bin/python3`) or to a folder of
    the world (`lib64 -> lib`) is none. A test.sh that copies its expected output into the world and compares
    writes through such a name the agent's answer too (`ln /app/expected.txt /app/answer.txt` passed a task whose
    test.sh ran `cp /tests/expected.txt /app/expected.txt`, unflagged: `tests/runner/test_breaker_linked_files.py`).
    """
    if stat.S_ISREG(st.st_mode) and st.st_nlink > 1:
        return (
            f"a hard link, one of {st.st_nlink} names of one file: whatever the tests write to another name, "
            "this file holds too"
        )
    if not stat.S_ISLNK(st.st_mode):
        return None
    try:
        target = os.readlink(world_root / rel)
    except OSError:
        return None
    folder = rel.split("/")[:-1]
    start = target.split("/") if target.startswith("/") else [*folder, *target.split("/")]
    if not _lands_on_a_file(world_root, start, folders):
        return None
    inside = os.path.normpath(os.path.join("/" + "/".join(folder), target))
    return f"a symlink to {printable(inside)}, in the world: whatever the tests write there, this file reads as"


MAX_HOPS = 40
"""Links followed for one symlink's target, as the kernel's limit (`ELOOP`)."""


def _lands_on_a_file(world_root: Path, parts: list[str], folders: tuple[str, ...]) -> bool:
    """Whether the path `parts` (from `/`) leads, through the world's links, to a file of a world folder.

    Also True for a path there that does not exist yet; False when it leads to a folder, out of the world folders,
    or loops.
    """
    todo, hops = [p for p in parts if p], 0
    done: list[str] = []
    while todo:
        part = todo.pop(0)
        if part in (".", ".."):
            if part == ".." and done:
                done.pop()
            continue
        if not under("/" + "/".join([*done, part]), folders):
            return False
        try:
            mode = os.lstat(world_root.joinpath(*done, part)).st_mode
        except OSError:
            return True  # not there yet: the tests may make it
        if stat.S_ISLNK(mode):
            hops += 1
            try:
                target = os.readlink(world_root.joinpath(*done, part))
            except OSError:
                return False
            if hops > MAX_HOPS:
                return False
            if target.startswith("/"):
                done = []
            todo = [p for p in target.split("/") if p] + todo
            continue
        if not stat.S_ISDIR(mode):
            return not todo  # a file; one in mid-path names nothing
        done.append(part)
    return False
