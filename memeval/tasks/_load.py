"""Load and validate Harbor-layout tasks, and pin task sets by content hash."""

from __future__ import annotations

import hashlib
import os
import re
import shlex
from collections.abc import Collection, Sequence
from pathlib import Path

from pydantic import ValidationError

from memeval._tomlfile import NotTomlText, read_toml, read_user_toml
from memeval.errors import TaskError
from memeval.tasks._model import Task, TaskConfig, TaskSet

REQUIRED_FILES = ("task.toml", "instruction.md", "tests/test.sh")
TASK_ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")
"""Task ids (folder names): letters, digits, `.`, `_`, `-`. Trial ids are `task:mode:repeat`."""


def not_a_task_folder(path: Path) -> str:
    """Why `path`, which is not a folder, cannot be a task set: it is a file, or it does not exist, with the fix.

    A file was said not to exist ("task set '.../memeval.toml' does not exist"), though it was right there.
    """
    fix = "pass a folder of Harbor tasks, one task folder or a team folder (the folder holding memeval.toml)"
    if path.exists():
        return f"task set {str(path)!r} is a file, not a folder: {fix}"
    return f"task set {str(path)!r} does not exist: {fix}"


KNOWN_SHOWN = 20
"""How many task ids the `--tasks` refusal lists (a public task set holds hundreds)."""


def unknown_tasks(unknown: Sequence[str], root: Path, known: set[str]) -> str:
    """Why `--tasks` cannot run `unknown` from the task set at `root`, whose task ids are `known`.

    The ids as words, not Python lists (it read "--tasks names ['t99'], not in '...'; known: ['t01', ...]" with
    every id of the set), the first `KNOWN_SHOWN` known ids and how many more, and ids that begin with a given
    one offered as what was meant (`--tasks t01` for `t01-thursday-order-arrival`).
    """
    ids = sorted(known)
    shown = ", ".join(ids[:KNOWN_SHOWN]) + (f" and {len(ids) - KNOWN_SHOWN} more" if len(ids) > KNOWN_SHOWN else "")
    meant = [i for u in unknown for i in ids if i.startswith(u)][:3]
    hint = f" (did you mean {', '.join(meant)}?)" if meant else ""
    plural = "tasks of those ids" if len(unknown) > 1 else "task of that id"
    return (
        f"--tasks {' '.join(unknown)}: no {plural} in {str(root)!r}{hint}; a task's id is its folder's "
        f"name; known: {shown}"
    )


def check_tree(root: Path) -> None:
    """Refuse a task folder holding anything but regular files, folders and inner symlinks.

    A symlink that leads outside the task folder would let a task read (or, at build time, write)
    host files as root, and the content behind it would escape the task set's hash; fifos,
    sockets and devices have no place in a task; names must be valid UTF-8. A symlink in a loop
    (one naming itself, or a chain back to itself) leads nowhere either. `tests/` is copied into
    `/tests` with its links followed, so it is held to `check_copied_tests` as well.

    Raises:
        TaskError: naming the first offending path and why.
    """
    top = root.resolve()
    task_bytes = task_entries = 0
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            rel = p.relative_to(root)
            if any(0xDC80 <= ord(c) <= 0xDCFF for c in name):
                raise TaskError(f"task {root.name!r}: a file name under {rel.parent} is not valid UTF-8; rename it")
            task_entries += 1
            if p.is_symlink():
                target = _link_target(root, p, rel)
                if target != top and top not in target.parents:
                    raise TaskError(
                        f"task {root.name!r}: {rel} is a symlink to {os.readlink(p)!r}, outside the task folder; "
                        "tasks may only link inside themselves"
                    )
            elif p.is_file():
                task_bytes += p.lstat().st_size
            elif not p.is_dir():
                raise TaskError(f"task {root.name!r}: {rel} is not a regular file or folder (a fifo, socket or device)")
    if (root / "tests").is_dir() and not (root / "tests").is_symlink():
        check_copied_tests(root, task_bytes, task_entries)


def _link_target(root: Path, link: Path, rel: Path) -> Path:
    """`link` resolved; a TaskError naming it when it is part of a loop of links.

    `Path.resolve` raises RuntimeError for a loop before Python 3.13 and OSError after: a task set holding
    `x -> x` ended `memeval ab` in a traceback.
    """
    try:
        return link.resolve()
    except (RuntimeError, OSError) as exc:
        raise TaskError(
            f"task {root.name!r}: {rel} is a symlink in a loop ({os.readlink(link)!r} leads back to itself); remove it"
        ) from exc


def check_copied_tests(root: Path, task_bytes: int, task_entries: int) -> None:
    """Refuse a `tests/` whose copy into `/tests` (links followed) fails or is larger than the whole task.

    `memeval.runner._verify.run_verifier` copies it so.
    The copy reads each symlink's target: one that leads to no file (dangling) failed it, and a folder linked
    inside itself (`tests/data/up -> ..`) was copied 40 levels deep before the kernel's link limit failed it;
    both happened after every agent turn of the run, and ended `memeval ab` in a traceback. Links that repeat
    content (a folder linked twice, each level of a chain linking the next twice) make the copy grow as 2**depth
    while the task's hash, which reads each link's text, stays small: the copy is bounded here by the task's
    own size (`task_bytes` of regular files, `task_entries` names, as `check_tree` counted them without
    following links), which no link used once (to a shared fixture, to `solution/`) reaches. The walk stops as
    soon as the bound is passed, so it costs at most the task's size.

    Raises:
        TaskError: naming the link (dangling, a loop of folders) or the bound passed.
    """
    tests = root / "tests"
    copied_bytes = copied_entries = 0
    stack: list[tuple[Path, tuple[Path, ...]]] = [(tests, (tests.resolve(),))]
    while stack:
        folder, chain = stack.pop()
        for entry in sorted(folder.iterdir()):
            rel = tests.name / entry.relative_to(tests)
            copied_entries += 1
            if entry.is_symlink():
                target = _link_target(root, entry, rel)
                if not target.exists():
                    raise TaskError(
                        f"task {root.name!r}: {rel} is a symlink to {os.readlink(entry)!r}, which does not exist; "
                        "tests/ is copied into /tests with its links followed: remove the link or add its file"
                    )
                if target.is_dir() and target in chain:
                    raise TaskError(
                        f"task {root.name!r}: {rel} links a folder that holds it ({os.readlink(entry)!r}); "
                        "tests/ is copied into /tests with its links followed, so it would never end: remove the link"
                    )
            else:
                target = entry
            if target.is_dir():
                stack.append((entry, (*chain, target.resolve())))
            elif target.is_file():
                copied_bytes += target.stat().st_size
            if copied_bytes > task_bytes or copied_entries > task_entries:
                raise TaskError(
                    f"task {root.name!r}: tests/ copied into /tests with its links followed would be larger than "
                    f"the whole task ({task_bytes} bytes, {task_entries} names), reached at {rel}: its links repeat "
                    "content; link each file or folder once, or copy it"
                )


REQUIRED_DIRS = ("environment",)


EDITOR_FILE = re.compile(r"\..+\.sw[a-p]|\.#.+|#.+#")
"""Names an editor writes beside a file it shows and removes after: vim's swap files (`.test.sh.swp`, made on
opening the file), emacs's lock links (`.#agent.py`) and auto-saves (`#agent.py#`). Left out of `hash_tree`: a
test.sh or agent.py read in an editor during a run changed its folder's hash, and every later trial was a fault."""

AGENT_UNPINNED = (".git",)
"""Left out of an agent folder's hash (`hash_tree(folder, AGENT_UNPINNED)`): a repository's own files, which git
rewrites when nothing the agent runs changed (`git status` refreshes `.git/index` after a file's times changed,
and an editor's git panel runs it every few seconds), so an honest run's every later trial was a fault."""


def hash_tree(root: Path, leave_out: Collection[str] = ()) -> str:
    r"""Hash every regular file under `root` by relative path, mode bit x and bytes.

    The digest is SHA-256 over, for each file in sorted relative-path order,
    `path\\0executable\\0sha256(bytes)\\n`; symlinks hash their target text. Returns `sha256:<hex>`.
    `leave_out`: names at `root`'s top whose files are not read (`AGENT_UNPINNED` for an agent's folder).
    An editor's own files (`EDITOR_FILE`) are left out at any depth. Each file is read in chunks
    (`hashlib.file_digest`, 256 KiB at a time), never whole: a 1 GiB file in a task's world took
    1 GiB of memory to hash (the same digests as reading it whole).

    Raises:
        OSError: a file cannot be read (gone, no permission).
    """
    h = hashlib.sha256()
    for p in sorted(root.rglob("*"), key=lambda q: q.relative_to(root).as_posix()):
        rel = p.relative_to(root).as_posix()
        if (leave_out and rel.split("/", 1)[0] in leave_out) or EDITOR_FILE.fullmatch(p.name):
            continue
        if p.is_symlink():
            h.update(f"{rel}\0link\0{p.readlink()}\n".encode())
        elif p.is_file():
            with p.open("rb") as f:
                digest = hashlib.file_digest(f, "sha256").hexdigest()
            exe = "x" if p.stat().st_mode & 0o111 else "-"
            h.update(f"{rel}\0{exe}\0{digest}\n".encode())
    return "sha256:" + h.hexdigest()


def changed_since_loaded(task: Task) -> str | None:
    """Why `task`'s folder no longer holds what was hashed when it was loaded, or None when it still does.

    A run pins each task by content hash when it is planned, but reads the folder again later: the world
    is built from `environment/` when a trial starts and `tests/` are copied in when its verifier starts.
    A task folder edited in between (a `git checkout` in the task set's repository during a long run) ran
    other tests than the run card names; each trial checks the hash again at both moments
    (`memeval.runner._attempt`), which reads every file of the task once more.

    Returns:
        A sentence naming the task and both hashes, or None when `hash_tree(task.path)` is `task.content_hash`.
    """
    try:
        now = hash_tree(task.path)
    except OSError as exc:
        now = f"unreadable ({type(exc).__name__}: {exc.strerror or exc})"
    if now == task.content_hash:
        return None
    return (
        f"task {task.task_id!r} changed since the run was planned: its folder now hashes {now}, the run card "
        f"pins {task.content_hash}; the trial is not run on other tests than the card names"
    )


def load_task(path: Path) -> Task:
    """Load one task folder.

    Raises:
        TaskError: the folder is missing, lacks a required file (`task.toml`, `instruction.md`,
            `environment/`, `tests/test.sh`), or `task.toml` is not valid TOML of the Harbor schema.
            The message names the folder and the file.
    """
    path = path.resolve()
    if not path.is_dir():
        raise TaskError(f"task folder {str(path)!r} does not exist")
    if not TASK_ID_PATTERN.match(path.name):
        raise TaskError(
            f"task folder name {path.name!r} cannot be a task id: use letters, digits, '.', '_' and '-' "
            "(at most 128), starting with a letter or digit"
        )
    check_tree(path)
    for rel in REQUIRED_FILES:
        if not (path / rel).is_file():
            raise TaskError(
                f"task {path.name!r} ({path}) has no {rel}: a Harbor task needs "
                "task.toml, instruction.md, environment/ and tests/test.sh"
            )
    for rel in REQUIRED_DIRS:
        if not (path / rel).is_dir():
            raise TaskError(f"task {path.name!r} ({path}) has no {rel}/ folder")
    raw = read_user_toml(
        path / "task.toml",
        TaskError,
        name=f"task {path.name!r}: task.toml",
        nul_reaches="environment variable or path",
        at=f"task {path.name!r}: task.toml's ",
        fix=f"fix {path / 'task.toml'}",
    )
    try:
        config = TaskConfig.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise TaskError(
            f"task {path.name!r}: task.toml has a bad value at {where}: {first['msg']} (got {first.get('input')!r}); "
            f"fix {where} in {path / 'task.toml'}"
        ) from exc
    try:
        instruction = (path / "instruction.md").read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:  # a traceback ended `memeval ab`; the agent is handed the text as UTF-8
        raise TaskError(
            f"task {path.name!r}: instruction.md is not UTF-8 (byte {exc.start}); save it as UTF-8"
        ) from exc
    if not instruction.strip():
        raise TaskError(f"task {path.name!r}: instruction.md is empty")
    return Task(path.name, path, config, instruction, hash_tree(path))


def _is_task_dir(p: Path) -> bool:
    return p.is_dir() and (p / "task.toml").exists()


TASK_MARKS = ("task.toml", "instruction.md", "tests", "environment", "solution")
"""Names whose presence makes a subfolder of a task set a task: one that lacks `task.toml` (renamed,
misspelt, not yet written) is a broken task to report, not a folder to skip in silence."""


def _looks_like_task(p: Path) -> bool:
    return p.is_dir() and any((p / name).exists() for name in TASK_MARKS)


def load_task_set(path: Path, only: Sequence[str] | None = None) -> TaskSet:
    """Load a folder of tasks (or a single task folder) as a frozen task set.

    Args:
        path: a folder whose subfolders are tasks, or one task folder. A subfolder with task.toml,
            instruction.md or tests/test.sh is a task (one lacking a file of the three is invalid);
            other subfolders are not read.
        only: task ids to keep (the content hash still covers the whole set, so a subset run is
            pinned to the set it came from).

    Raises:
        TaskError: the folder does not exist, holds no task, a task is invalid (the first one's
            reason, then how many more are and their names; a subfolder with task files but no
            `task.toml` is an invalid task), or `only` names a task that is not there.
    """
    path = path.resolve()
    if not path.is_dir():
        raise TaskError(not_a_task_folder(path))
    if _is_task_dir(path):
        dirs = [path]
        root = path.parent
    else:
        dirs = sorted(p for p in path.iterdir() if p.is_dir() and not p.name.startswith("."))
        root = path
        if not any(_looks_like_task(d) for d in dirs):
            raise TaskError(
                f"{str(path)!r} holds no task: each task is a folder with task.toml, "
                "instruction.md, environment/ and tests/test.sh"
            )
    loaded: list[Task] = []
    broken: list[tuple[str, TaskError]] = []
    for d in dirs:
        if not (_looks_like_task(d) or d == path):
            continue
        try:
            loaded.append(load_task(d))
        except TaskError as exc:
            broken.append((d.name, exc))
    if broken:
        name, first = broken[0]
        if len(broken) == 1:
            raise first
        others = ", ".join(n for n, _ in broken[1:])
        raise TaskError(
            f"{first}; {len(broken) - 1} more task(s) cannot be loaded either ({others}): "
            f"`memeval check-tasks {shlex.quote(str(path))}` lists each with its reason"
        ) from first
    return _task_set(root, tuple(loaded), only)


def _task_set(root: Path, tasks: tuple[Task, ...], only: Sequence[str] | None) -> TaskSet:
    set_hash = hashlib.sha256("".join(f"{t.task_id}\0{t.content_hash}\n" for t in tasks).encode()).hexdigest()
    version = "unversioned"
    meta = root / "taskset.toml"
    if meta.is_file():
        try:
            version = str(read_toml(meta).get("version", version))
        except NotTomlText as exc:
            raise TaskError(f"{meta}: {exc}") from exc
    name = root.parent.name if root.name == "tasks" else root.name
    if only:
        known = {t.task_id for t in tasks}
        unknown = [t for t in only if t not in known]
        if unknown:
            raise TaskError(unknown_tasks(unknown, root, known))
        tasks = tuple(t for t in tasks if t.task_id in set(only))
    return TaskSet(name, version, root, tasks, "sha256:" + set_hash)


def load_task_set_listing_invalid(
    path: Path, only: Sequence[str] | None = None
) -> tuple[TaskSet | None, tuple[tuple[str, str], ...]]:
    """Load a task set like `load_task_set`, but set aside each invalid task instead of stopping.

    For `memeval check-tasks`, which lists every broken task: a malformed task is one of them.

    Args:
        path: a folder whose subfolders are tasks, or one task folder.
        only: task ids (folder names) to keep.

    Returns:
        (the task set of the valid tasks, or None when none is valid; (folder name, the
        `TaskError` message) for each invalid task, in folder order). The set's content hash
        covers the valid tasks only.

    Raises:
        TaskError: the folder does not exist or holds no task, `only` names a folder that is not
            there, or `taskset.toml` is not valid TOML.
    """
    path = path.resolve()
    if not path.is_dir():
        raise TaskError(not_a_task_folder(path))
    dirs = (
        [path]
        if _is_task_dir(path)
        else sorted(p for p in path.iterdir() if _looks_like_task(p) and not p.name.startswith("."))
    )
    if not any(_is_task_dir(d) for d in dirs):
        raise TaskError(
            f"{str(path)!r} holds no task: each task is a folder with task.toml, "
            "instruction.md, environment/ and tests/test.sh"
        )
    if only:
        known = {d.name for d in dirs}  # a task's id is its folder's name
        unknown = [t for t in only if t not in known]
        if unknown:
            raise TaskError(unknown_tasks(unknown, path, known))
        dirs = [d for d in dirs if d.name in set(only)]
    invalid: list[tuple[str, str]] = []
    good: list[Task] = []
    for d in dirs:
        try:
            good.append(load_task(d))
        except TaskError as exc:
            invalid.append((d.name, str(exc)))
    if not good:
        return None, tuple(invalid)
    return _task_set(path.parent if _is_task_dir(path) else path, tuple(good), None), tuple(invalid)
