"""A kept world's archive read in pieces as they come (fault28), without a Ray cluster.

`send_world` cuts the packed world into pieces; `unpack_world` writes it from a `ChunkReader` over those pieces.
A stream cut off part way (the node lost, the run stopped) raises and keeps no half world in the run folder; a
whole stream keeps hard links, symlinks, sparse files, and folders' times (which breaker34's unpack set before it
wrote the sparse files into them, so a folder holding one had the unpack's time).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memeval.runner._ray_world import SEND_CHUNK, ChunkReader, pack_world, send_world, unpack_world

STAMP = 1614834367  # 2021-03-04 05:06:07 UTC


def _world(root: Path) -> Path:
    app = root / "app"
    (app / "sub").mkdir(parents=True)
    (app / "dense").write_bytes(os.urandom(SEND_CHUNK + 12345))  # more than one piece
    (app / "sub" / "second").hardlink_to(app / "dense")
    (app / "sub" / "link").symlink_to("../dense")
    with (app / "sub" / "sparse").open("wb") as f:
        f.truncate(32 << 20)
        f.seek(1 << 20)
        f.write(b"hello")
    os.utime(app / "sub", (STAMP, STAMP))
    return root


def _items(tmp: Path) -> list[tuple[str, object]]:
    pack_world(_world(tmp / "w"), tmp / "packed" / "w.tar")
    items = list(send_world("worlds/w", tmp / "packed" / "w.tar"))
    assert not (tmp / "packed" / "w.tar").exists()  # sent, then removed from the node
    return items


def test_a_world_read_in_pieces_arrives_whole_with_its_folders_times(tmp_path: Path) -> None:
    items = _items(tmp_path)
    (_, (rel, size)), rest = items[0], iter([*items[1:], ("event", {"after": 1})])
    assert len(items) - 1 >= 2, len(items)
    pieces = ChunkReader(rest, size)  # type: ignore[arg-type]
    unpack_world(tmp_path / "run", str(rel), pieces)  # type: ignore[arg-type]
    pieces.drain()
    assert next(rest) == ("event", {"after": 1})  # the item after the world is the caller's
    app = tmp_path / "run" / "worlds" / "w" / "app"
    assert (app / "dense").read_bytes() == (tmp_path / "w" / "app" / "dense").read_bytes()
    assert (app / "sub" / "second").stat().st_ino == (app / "dense").stat().st_ino
    assert os.readlink(app / "sub" / "link") == "../dense"
    sparse = (app / "sub" / "sparse").stat()
    assert sparse.st_size == 32 << 20 and sparse.st_blocks * 512 <= 1 << 20, sparse
    assert (app / "sub").stat().st_mtime == STAMP  # before: the time the sparse file was written


def test_a_world_cut_off_part_way_is_not_kept_in_part(tmp_path: Path) -> None:
    items = _items(tmp_path)
    (_, (rel, size)) = items[0]
    cut = iter([items[1], ("event", {})])  # one piece, then the node's next item
    with pytest.raises(RuntimeError, match=rf"ended after {SEND_CHUNK} of {size} bytes"):
        unpack_world(tmp_path / "run", str(rel), ChunkReader(cut, size))  # type: ignore[arg-type]
    assert not (tmp_path / "run" / "worlds" / "w").exists()
