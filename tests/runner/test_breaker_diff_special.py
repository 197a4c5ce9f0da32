"""The workspace diff listed regular files only: a symlink the agent added (to a file or a folder),
re-pointed or put in place of a file, and a named pipe or socket it left, were missing from the
diff and from its added/changed/removed lists, so the record hid them from a reviewer."""

from __future__ import annotations

import os
import socket
from pathlib import Path

from memeval.runner._diff import diff_trees


def _tree(root: Path) -> Path:
    (root / "sub").mkdir(parents=True)
    (root / "notes.txt").write_text("a\n")
    (root / "kept.txt").write_text("same\n")
    (root / "old-link").symlink_to("kept.txt")
    (root / "was-a-file").write_text("x\n")
    return root


def test_links_pipes_and_sockets_are_in_the_diff(tmp_path: Path):
    before = _tree(tmp_path / "before")
    after = _tree(tmp_path / "after")
    (after / "answer.txt").symlink_to("/tests/expected.txt")
    (after / "t").symlink_to("/tests")  # a link to a folder: os.walk lists it among folders
    (after / "old-link").unlink()
    (after / "old-link").symlink_to("/etc/shadow")
    (after / "was-a-file").unlink()
    (after / "was-a-file").symlink_to("evil\nname")
    os.mkfifo(after / "sub" / "pipe")
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(after / "sub" / "sock"))
    s.close()
    d = diff_trees(before, after)
    assert set(d.added) == {"answer.txt", "t", "sub/pipe", "sub/sock"}
    assert set(d.changed) == {"old-link", "was-a-file"}
    assert d.removed == ()
    assert "Special file answer.txt: was nothing, now a symbolic link to /tests/expected.txt\n" in d.text
    assert "Special file t: was nothing, now a symbolic link to /tests\n" in d.text
    assert "Special file old-link: was a symbolic link to kept.txt, now a symbolic link to /etc/shadow\n" in d.text
    assert "Special file sub/pipe: was nothing, now a named pipe\n" in d.text
    assert "Special file sub/sock: was nothing, now a socket\n" in d.text
    # the file that became a link: the line says so, its text is shown removed, and the target's
    # newline cannot start a line of its own in the diff
    assert "Special file was-a-file: was a regular file, now a symbolic link to evil\\x0aname\n" in d.text
    assert "-x\n" in d.text and "\nname" not in d.text
    d2 = diff_trees(after, before)
    assert set(d2.removed) == {"answer.txt", "t", "sub/pipe", "sub/sock"}


def test_unchanged_links_and_files_give_an_empty_diff(tmp_path: Path):
    d = diff_trees(_tree(tmp_path / "before"), _tree(tmp_path / "after"))
    assert d == ("", (), (), ())
