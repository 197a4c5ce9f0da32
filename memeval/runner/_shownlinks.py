"""Refuse a run whose agent's folder or program's install holds a task's held-back file under another name.

`memeval.runner._shown` compares folders: one the sandbox shows may not hold a task folder. A folder beside
the tasks passes that, yet a file in it can still be a task's test: a hard link to `tests/test.sh` (one file,
two names, the same inode) is bound at `/opt/agent/...` with the test's bytes, and so is every file of a
`tests/` folder bind-mounted into it. An agent that read its own folder wrote the answer test.sh checks and
passed in both arms (`tests/runner/test_links_to_hidden_tests.py`). A symlink there that resolves into a
task's `tests/` or `solution/` leads nowhere inside the sandbox today (its target is not shown there), but it
is the same plan one bind away from working: it is refused too, as is a symlink to a hard link of one kept
outside the task set (the link's end is read with `stat` too).

So every entry under the agent's folder (`agent.files`) and its program's install (`agent.mounts`) is read
once (`lstat`, symlinks not followed): an entry with the `(device, inode)` of a task's hidden file or folder
(all of a task folder but what its agent is given anyway, `SHOWN_PARTS`: `tests/`, `solution/`, `task.toml`,
any data file `tests/` links to), or a symlink whose resolved target is one of them, is in one, or holds one
(the task's folder, the task set's), refuses the run, naming both. It costs one `lstat` an entry: 0.2 s for
a 35,000-entry virtual environment, 0.7 s for 72,000 entries (load 6 on 2 cores). The system folders
(`/usr` ...) are not walked: only their owner (root) can plant a file there, and walking them would cost
seconds a run.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from memeval.errors import UsageError
from memeval.tasks import TaskSet

log = logging.getLogger(__name__)

SHOWN_PARTS = ("environment", "instruction.md")
"""The entries of a task folder its agent is given anyway: the world is built from `environment/`, and the
instruction is handed over. Everything else (`tests/`, `solution/`, `task.toml`, any file `tests/` links to) is
hidden from it."""


class _Hidden(NamedTuple):
    """What no shown entry may be: each task's hidden files and folders, and the folders that lead to them."""

    inodes: dict[tuple[int, int], tuple[Path, str]]
    """`(st_dev, st_ino)` of every hidden file and folder -> (its path, task id)."""
    paths: dict[str, str]
    """Each hidden entry of a task folder's top (`tests/`, `solution/`, `task.toml`...), resolved -> its task's id."""
    holders: dict[str, str]
    """Each folder from a task's folder up to the task set's, resolved -> a hidden entry it holds."""


def _hidden(task_set: TaskSet) -> _Hidden:
    """Read every hidden entry of every task once (`lstat`).

    Symlinks in a task lead only inside it (`memeval.tasks.check_tree`): what they name is read where it is.
    """
    out = _Hidden({}, {}, {})
    top = str(task_set.path.resolve())
    for t in task_set.tasks:
        task = str(t.path.resolve())
        for name in sorted(os.listdir(task), key=lambda n: (n != "tests", n)):  # a holder names tests/ first
            if name in SHOWN_PARTS:
                continue
            real = os.path.realpath(os.path.join(task, name))
            if real != task and not real.startswith(task + "/"):
                continue  # a link out of the task: check_tree refused it when the task was loaded
            if real.startswith(os.path.join(task, "environment") + "/") or real == os.path.join(task, "environment"):
                continue  # a link to what the agent is shown anyway
            out.paths[real] = t.task_id
            up = os.path.dirname(real)
            while up == top or up.startswith(top + "/") or up == task:
                out.holders.setdefault(up, real)
                if up == top:
                    break
                up = os.path.dirname(up)
            for p, st in _walk(Path(real)):
                if not stat.S_ISLNK(st.st_mode):
                    out.inodes.setdefault((st.st_dev, st.st_ino), (Path(p), t.task_id))
    return out


def _leads_to(target: str, hidden: _Hidden) -> tuple[str, str, str] | None:
    """(how, hidden entry, task id) when the resolved `target` is or is in a hidden entry or holds one, else None."""
    if target in hidden.holders:
        held = hidden.holders[target]
        return "holds", held, hidden.paths[held]
    up = target
    while True:
        if up in hidden.paths:
            return ("is" if up == target else "is in"), up, hidden.paths[up]
        nxt = os.path.dirname(up)
        if nxt == up:
            return None
        up = nxt


def _unreadable(err: OSError) -> UsageError:
    return UsageError(
        f"could not read {err.filename} to check that it holds no task's held-back files: {err.strerror}; "
        "make it readable or keep it out of the agent's folders"
    )


def _walk(top: Path) -> Iterator[tuple[str, os.stat_result]]:
    """`top` and every path under it with its `lstat`, symlinks listed but not followed.

    Raises:
        UsageError: a folder that cannot be listed or an entry that cannot be read (`_unreadable`).
    """
    try:
        first = os.lstat(top)
    except OSError as exc:
        raise _unreadable(exc) from exc
    yield str(top), first
    if not stat.S_ISDIR(first.st_mode):
        return  # a single file (a program bound alone) or a link
    stack = [str(top)]
    while stack:
        d = stack.pop()
        try:
            with os.scandir(d) as it:
                found = [(e.path, e.stat(follow_symlinks=False)) for e in it]
        except OSError as exc:
            raise _unreadable(exc) from exc
        for p, st in found:
            yield p, st
            if stat.S_ISDIR(st.st_mode):
                stack.append(p)


def _end_of_link(p: str) -> os.stat_result | None:
    """The `stat` of what the symlink `p` leads to in the end, None when it leads nowhere (dangling, a loop)."""
    try:
        return os.stat(p)
    except OSError as exc:
        log.debug("%s leads nowhere: %s", p, exc)
        return None


def check_no_links_to_hidden(task_set: TaskSet, shown: list[tuple[Path, str]]) -> None:
    """Refuse a run in which a shown folder holds a task's held-back file or folder under another name.

    Args:
        task_set: the tasks to run (all of each task folder but `SHOWN_PARTS` is hidden from its agent).
        shown: `(resolved host path, why it is shown)` for the agent's folder and its program's install
            (`memeval.runner._shown.shown_folders` without the system folders); paths that do not exist are
            skipped.

    Raises:
        UsageError: naming the shown entry, the task file or folder it is, the task, and why the entry is shown;
            or naming a folder that could not be read.
    """
    hidden = _hidden(task_set)
    if not hidden.paths:
        return
    for root, why in shown:
        if not os.path.lexists(root):
            continue
        for p, st in _walk(root):
            if stat.S_ISLNK(st.st_mode):
                target = os.path.realpath(p)
                led = _leads_to(target, hidden)
                if led is not None:
                    how, held, task_id = led
                    raise UsageError(
                        f"the agent's sandbox would show a link to the held-back files of task {task_id!r}: "
                        f"{p}, in {why}, is a symbolic link to {target}, which {how} {held}. Remove the "
                        "link: nothing the agent is shown may lead to a task's tests/, solution/ or task.toml"
                    )
                end = _end_of_link(p)  # a link outside the task set to a hard link of a hidden file
                hit = None if end is None else hidden.inodes.get((end.st_dev, end.st_ino))
                if end is not None and hit is not None:
                    raise UsageError(
                        f"the agent's sandbox would show a link to the held-back files of task {hit[1]!r}: "
                        f"{p}, in {why}, is a symbolic link to {target}, which is {hit[0]} under another name "
                        f"(device {end.st_dev}, inode {end.st_ino}). Remove the link and {target}"
                    )
                continue
            hit = hidden.inodes.get((st.st_dev, st.st_ino))
            if hit is not None:
                path, task_id = hit
                how = "mounted again" if stat.S_ISDIR(st.st_mode) else "under another name, a hard link"
                raise UsageError(
                    f"the agent's sandbox would show a held-back file of task {task_id!r}: {p}, in {why}, is "
                    f"{path} {how} (device {st.st_dev}, inode {st.st_ino}). Remove {p} (copy what the agent "
                    "needs instead)"
                )
