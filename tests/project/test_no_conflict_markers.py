"""No file of the repository keeps a merge's conflict markers.

A merge resolved by deleting markers from one file only left `<<<<<<< HEAD` ... `>>>>>>> ingest17`
in docs/performance.md for a whole session; nothing read that file's text. This test reads every
text file of the repository (data files under tests/fixtures aside: corpora may quote anything).
"""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SKIP_DIRS = {".git", ".venv", "node_modules", "__pycache__", ".hypothesis", ".pytest_cache", "fixtures"}
SUFFIXES = {".py", ".md", ".toml", ".txt", ".cfg", ".ini", ".html", ".css", ".j2", ".sh", ".yml", ".yaml", ""}


def _text_files() -> list[Path]:
    """Paths of the repository's text files (by suffix), outside `SKIP_DIRS`."""
    out = []
    for root, dirs, files in os.walk(REPO):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".venv")]
        out.extend(Path(root, f) for f in files if Path(f).suffix in SUFFIXES)
    return out


def test_no_text_file_keeps_a_conflict_marker() -> None:
    found = []
    for path in _text_files():
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (UnicodeDecodeError, OSError):
            continue  # not text (a binary without a suffix): no merge marker to read
        found += [
            f"{path.relative_to(REPO)}:{n}"
            for n, line in enumerate(lines, 1)
            if line.startswith(("<<<<<<< ", ">>>>>>> "))
        ]
    assert not found, f"conflict markers left by a merge: {found}"
