"""`snapshot_world`: the copy of the agent's world memeval keeps, on real files (no sandbox).

The copy moves unchanged files out of the pristine copy; memeval runs as root, so a link the image had in
the pristine copy (`app/lib -> a host folder`) must never lead that move to a host file the agent copied, byte
for byte, into a real folder of the same name in its world.
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

from memeval.runner._snapshot import snapshot_world


def test_a_link_in_the_pristine_copy_never_leads_the_move_to_a_host_file(tmp_path: Path):
    host = tmp_path / "host-lib"
    host.mkdir()
    (host / "libx.so").write_bytes(b"host library\n")
    os.chmod(host / "libx.so", 0o644)
    pristine, world = tmp_path / "pristine", tmp_path / "world"
    (pristine / "app").mkdir(parents=True)
    os.symlink(host, pristine / "app" / "lib")  # the image's link
    (world / "app" / "lib").mkdir(parents=True)  # the agent replaced it with a folder holding the same file
    shutil.copy2(host / "libx.so", world / "app" / "lib" / "libx.so")
    snap = snapshot_world(world, pristine, tmp_path / "left")
    assert (host / "libx.so").read_bytes() == b"host library\n"
    assert (tmp_path / "left" / "app" / "lib" / "libx.so").read_bytes() == b"host library\n"
    assert (snap.moved, snap.copied) == (0, 1), snap


def test_the_copy_is_the_world_and_unchanged_files_come_from_the_pristine_copy(tmp_path: Path):
    pristine, world, left = tmp_path / "pristine", tmp_path / "world", tmp_path / "left"
    for root in (pristine, world):
        (root / "app" / "sub").mkdir(parents=True)
        (root / "app" / "same.txt").write_text("image\n")
        (root / "app" / "sub" / "edited.txt").write_text("image\n")
    (world / "app" / "sub" / "edited.txt").write_text("agent\n")
    os.chmod(world / "app" / "same.txt", 0o640)
    os.chmod(pristine / "app" / "same.txt", 0o640)
    os.symlink("/tests/secret", world / "app" / "link")
    os.mkfifo(world / "app" / "pipe")
    with open(world / "app" / "sparse", "wb") as f:
        f.truncate(1 << 30)
        f.seek(1 << 29)
        f.write(b"data")
    os.utime(world / "app" / "sub", ns=(1_000_000_000, 2_000_000_000))
    snap = snapshot_world(world, pristine, left)
    assert (snap.moved, snap.copied, snap.left_out) == (1, 2, ()), snap
    assert not (pristine / "app" / "same.txt").exists()  # moved, not copied
    assert (left / "app" / "same.txt").read_text() == "image\n"
    assert stat.S_IMODE((left / "app" / "same.txt").stat().st_mode) == 0o640
    assert (left / "app" / "sub" / "edited.txt").read_text() == "agent\n"
    assert os.readlink(left / "app" / "link") == "/tests/secret"
    assert stat.S_ISFIFO((left / "app" / "pipe").lstat().st_mode)
    big = (left / "app" / "sparse").stat()
    assert big.st_size == 1 << 30 and big.st_blocks * 512 < 1 << 20, big
    with open(left / "app" / "sparse", "rb") as f:
        f.seek(1 << 29)
        assert f.read(4) == b"data"
    assert (left / "app" / "sub").stat().st_mtime_ns == 2_000_000_000


def test_hard_links_stay_one_file(tmp_path: Path):
    """The disk watch charges an inode once: 200 names of one 1 MiB file must not cost the host 200 MiB."""
    pristine, world, left = tmp_path / "pristine", tmp_path / "world", tmp_path / "left"
    (pristine / "app").mkdir(parents=True)
    (world / "app").mkdir(parents=True)
    (world / "app" / "big").write_bytes(os.urandom(1 << 20))
    for i in range(200):
        os.link(world / "app" / "big", world / "app" / f"name{i}")
    snap = snapshot_world(world, pristine, left)
    assert snap.copied == 1, snap
    assert (left / "app" / "big").stat().st_nlink == 201
    assert (left / "app" / "name7").read_bytes() == (world / "app" / "big").read_bytes()
