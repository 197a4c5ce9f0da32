"""Where `memeval report weekly --preview` puts its files: one folder per team and week, replaced each time.

A preview used to land in a new `memeval-preview-<team>-<week>-*` folder in the system's temporary
directory on every run, and nothing ever removed one (a user's `/tmp` held a folder per preview). Now
it is `previews/<team>-<week>/` in memeval's cache folder (`$XDG_CACHE_HOME/memeval`, else
`~/.cache/memeval`): the next preview of that week replaces it, and a preview folder not written for
`KEEP_DAYS` days is removed when another preview is written. It stays outside the store's report
folder, so no scheduler or `report send` can ever find or mail it. Without a usable cache folder (no
home directory, or one another user can write) a preview goes to a new temporary folder, as before,
and the caller is told so.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from memeval._diskcache import memeval_cache, private_folder

KEEP_DAYS = 30
"""A preview folder untouched this many days is removed when another preview is written."""


class PreviewFolder(NamedTuple):
    """Where a preview was written, and whether that is the cache's folder (replaced next time)."""

    folder: Path
    """Holds `report.pdf`, `report.html` and `body.txt`."""
    kept_in_cache: bool
    """True: `previews/<team>-<week>/` of the cache, replaced by the next preview of the week;
    False: a new temporary folder (no usable cache folder), left for the user to remove."""


def previews_root() -> Path | None:
    """`$XDG_CACHE_HOME/memeval/previews`, else `~/.cache/memeval/previews` (not created here); None: no home."""
    base = memeval_cache()
    return base / "previews" if base is not None else None


def write_preview(team: str, week: str, files: dict[str, bytes]) -> PreviewFolder:
    """Write a preview's files into `previews/<team>-<week>/`, replacing the last preview of that week.

    The files are written into a new folder beside it first, then that folder takes the old one's
    place, so a reader never sees half of one preview and half of another.

    Args:
        team: a team name (1-63 lower-case letters, digits, `_`, `-`: safe in a file name).
        week: `YYYY-Www`.
        files: file name -> content (`report.pdf`, `report.html`, `body.txt`).

    Returns:
        The folder, and whether it is the cache's (False: a new temporary folder, as when memeval has
        no usable cache folder).
    """
    root = previews_root()
    if root is not None:
        try:
            root.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError:
            root = None
    if root is None or not private_folder(root):
        folder = Path(tempfile.mkdtemp(prefix=f"memeval-preview-{team}-{week}-"))
        _fill(folder, files)
        return PreviewFolder(folder, kept_in_cache=False)
    staging = Path(tempfile.mkdtemp(prefix=f".{team}-{week}-", dir=root))
    _fill(staging, files)
    final = root / f"{team}-{week}"
    for _ in range(3):  # another preview of the same week may take the name between the removal and the rename
        shutil.rmtree(final, ignore_errors=True)
        try:
            staging.rename(final)
            break
        except OSError:
            continue
    else:
        return PreviewFolder(staging, kept_in_cache=True)
    _prune(root, keep=final)
    return PreviewFolder(final, kept_in_cache=True)


def _fill(folder: Path, files: dict[str, bytes]) -> None:
    for name, content in files.items():
        (folder / name).write_bytes(content)


def _prune(root: Path, keep: Path) -> None:
    """Remove preview folders (and staging folders left by a killed preview) untouched for `KEEP_DAYS` days."""
    cutoff = time.time() - KEEP_DAYS * 86400
    for entry in root.iterdir():
        if entry == keep or not entry.is_dir() or entry.is_symlink():
            continue
        try:
            old = entry.stat().st_mtime < cutoff
        except FileNotFoundError:  # removed by another preview meanwhile
            continue
        if old:
            shutil.rmtree(entry, ignore_errors=True)
