"""A file option's path (`--out`, `--pdf`, `--html`) checked before anything is written, and the folders it needs.

The project's rule (`report-ab`, then `pack build` and `audit anchor`): a missing folder on the way to
the file is made, and said (`made folder X (it did not exist)`), so a typo in a path is seen at once;
a path that is a folder, or that runs through a file, is refused (exit 2) naming the path and the fix.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import typer

from memeval.errors import UsageError


def folders_to_make(opt: str, path: Path, example: str) -> list[Path]:
    """The folder `path` needs made (`[path.parent]`, or `[]` when it exists), after checking `path` can be a file.

    Args:
        opt: the option, as the user typed it (`--out`, `--pdf`).
        path: the file the option names.
        example: a file name to suggest inside `path` when `path` is a folder (`pack.json`).

    Raises:
        UsageError: `path` is a folder (the fix: a file name in it), or a part of its folder is a file.
    """
    if path.is_dir():
        raise UsageError(f"{opt} {str(path)!r} is a folder; give a file name, e.g. {str(path / example)!r}")
    blocking = next((a for a in (path.parent, *path.parent.parents) if a.exists() and not a.is_dir()), None)
    if blocking is not None:
        raise UsageError(f"{opt} {str(path)!r}: {str(blocking)!r} is a file, not a folder; pick another path")
    return [] if path.parent.exists() else [path.parent]


def make_folders(folders: Iterable[Path]) -> None:
    """Make each folder (and the ones above it) that `folders_to_make` returned."""
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)


def say_made(folders: Iterable[Path]) -> None:
    """`made folder X (it did not exist)` on stdout for each folder made, so a typo in a path is seen."""
    for folder in folders:
        typer.echo(f"made folder {folder} (it did not exist)")
