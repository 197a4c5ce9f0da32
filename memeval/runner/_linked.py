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

    A regular file with more than one name (a hard link), or a symlink whose target, read with `readlink` and taken
    lexically, lies in a world folder (`folders`) and is not a folder there: a file, nothing yet, or a path through
    another link (nothing here follows one). A test.sh that copies its expected output into the world and compares
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
    inside = os.path.normpath(os.path.join("/" + rel.rsplit("/", 1)[0] if "/" in rel else "/", target))
    if not under(inside, folders):
        return None
    here = world_root
    for part in inside.strip("/").split("/"):
        here = here / part
        try:
            mode = os.lstat(here).st_mode
        except OSError:
            break  # not there yet: the tests may make it
        if stat.S_ISLNK(mode):
            break  # through another link: not followed here
        if not stat.S_ISDIR(mode):
            break
    else:
        return None  # a folder of the world: a test writing a file in it writes a file of its own name
    shown = printable(inside)
    return f"a symlink to {shown}, in the world: whatever the tests write there, this file reads as"
