"""Mount points memeval adds inside a world's folders, made as real folders before a sandbox starts."""

from __future__ import annotations

import os
from pathlib import Path


def make_mount_point(root: Path, inside: str) -> list[str]:
    """Make every component of `inside` that lies in a folder of the world at `root` a real 0755 folder, on the host.

    A mount point memeval adds inside a world folder (`/logs/verifier` when the world has `/logs`, the venv at
    `/opt/memeval/venv` when it has `/opt`) is otherwise made by bubblewrap on the host's file system: 0700, which the
    sandbox's users cannot enter, and through any symlink the agent put on the way. Symlinks and non-folders on
    the way are removed (never followed) and replaced by empty folders.

    Returns:
        The inside paths that were replaced (for the tamper findings); nothing when no world folder holds `inside`.
    """
    parts = [p for p in inside.split("/") if p]
    if not parts or not (root / parts[0]).is_dir() or (root / parts[0]).is_symlink():
        return []
    replaced = []
    cur = root / parts[0]
    for i, name in enumerate(parts[1:], start=2):
        cur = cur / name
        if cur.is_symlink() or (cur.exists() and not cur.is_dir()):
            cur.unlink()
            replaced.append("/" + "/".join(parts[:i]))
        if not cur.exists():
            os.mkdir(cur, 0o755)
    return replaced
