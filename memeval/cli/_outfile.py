"""A file option's path (`--out`, `--pdf`, `--html`) checked before anything is written, and the folders it needs.

The project's rule (`report-ab`, then `pack build` and `audit anchor`): a missing folder on the way to
the file is made, and said (`made folder X (it did not exist)`), so a typo in a path is seen at once;
a path that is a folder, or that runs through a file, is refused (exit 2) naming the path and the fix. So is a
path written as a folder, ending in `/`, that does not exist (`file_path`): `Path` drops the slash, and the file
was written under the folder's name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import typer

from memeval.errors import UsageError


def file_path(example: str) -> Callable[[str], Path]:
    """The parser of a file option's value: its `Path`, refusing a value written as a folder that does not exist.

    `--pdf out/` was read as the file `out` (a `Path` keeps no trailing slash) and the report written there,
    where the user named a folder. A value ending in `/` that names an existing folder goes on to
    `folders_to_make`, which refuses it with a file name to use.

    Args:
        example: a file name to suggest inside the folder (`report.pdf`).

    Returns:
        The parser typer calls with the option's text.
    """

    def parse(raw: str) -> Path:
        if raw.endswith("/") and not Path(raw).is_dir():
            raise typer.BadParameter(
                f"{raw!r} ends with '/', so it names a folder, and there is none: give a file name in it, "
                f"e.g. {raw + example!r} (the folder is made)"
            )
        return Path(raw)

    return parse


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
