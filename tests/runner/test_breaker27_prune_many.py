"""Every folder an agent nests too deep is cut off, however many there are (breaker27).

After an agent's turn memeval removes each folder nested past `MAX_TREE_DEPTH` levels (or `MAX_TREE_PATH` bytes)
before its own walks (diff, tamper scan, copies) see the world. It walked the world once per such folder, ran one
`rm` for it, and gave up after 10,000 folders without a word: an agent that left 10,001 at the bottom of one
200-level chain (about 10,200 folders, 40 MB against its storage) cost the host a walk of the world and an `rm`
10,000 times after its turn, bounded by no timeout (about 1 s each at load 13: this test had not finished on main
after 25 minutes), and the last folder stayed, as deep as the agent made it, for walks that recurse once a level.
Now one walk names them all and `rm` removes them in batches.
"""

from __future__ import annotations

import os
from pathlib import Path

from hostile import runs_on_tmpfs

from memeval.sandbox import MAX_TREE_DEPTH, TOO_DEEP_PREFIX, prune_too_deep
from memeval.sandbox._limits import too_deep

DECOYS = 10_001


def test_ten_thousand_and_one_folders_too_deep_are_all_removed(tmp_path: Path) -> None:
    with runs_on_tmpfs(tmp_path, "size=256m,nr_inodes=100k") as fs:
        world = fs / "world"
        bottom = world / "app" / "/".join(["a"] * MAX_TREE_DEPTH)
        bottom.mkdir(parents=True)
        for i in range(DECOYS):
            os.mkdir(bottom / f"d{i}")  # one level past the limit
        (bottom / "keep.txt").write_text("kept\n")
        reason = prune_too_deep([world / "app"])
        assert reason is not None and reason.startswith(TOO_DEEP_PREFIX), reason
        assert too_deep(world / "app") is None
        assert sorted(os.listdir(bottom)) == ["keep.txt"]
