"""The repository tracks no link that leaves it (a worktree's `.venv` link was once committed:
a checkout of main turned main's own venv into a link to itself, and a clone got a dangling one)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def links_leaving(root: Path) -> list[str]:
    """Tracked symbolic links (git mode 120000) whose target resolves outside `root`, as 'path -> target'."""
    out = subprocess.run(["git", "ls-files", "-s", "-z"], cwd=root, capture_output=True, check=True).stdout
    bad = []
    for entry in filter(None, out.split(b"\0")):
        meta, path = entry.split(b"\t", 1)
        if meta.split()[0] != b"120000":
            continue
        name = path.decode()
        target = os.readlink(root / name) if (root / name).is_symlink() else "(not checked out)"
        if not (root / name).resolve().is_relative_to(root.resolve()):
            bad.append(f"{name} -> {target}")
    return bad


def test_no_tracked_link_leaves_the_repository() -> None:
    assert links_leaving(ROOT) == []


def test_a_link_out_of_the_repository_is_found(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".venv").symlink_to("/usr")
    (tmp_path / "inside").symlink_to("README")
    (tmp_path / "README").write_text("x")
    subprocess.run(["git", "add", "-f", ".venv", "inside", "README"], cwd=tmp_path, check=True)
    assert links_leaving(tmp_path) == [".venv -> /usr"]


def test_a_venv_link_is_ignored() -> None:
    res = subprocess.run(["git", "check-ignore", "-q", "--no-index", ".venv"], cwd=ROOT)
    assert res.returncode == 0, ".gitignore must ignore .venv whether it is a folder or a link"
