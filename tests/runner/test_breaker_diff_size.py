"""The workspace diff had no total size: each text file up to 8 MiB was diffed in full and the diff
held in memory, then stored. A file of a few bytes of text followed by a hole (`truncate -s 8M`)
reads as 8 MiB of text while using no disk, so a thousand of them made an 8 GiB diff in memeval's
memory and in the run folder. The diff now stops showing file contents past `MAX_DIFF_TEXT_BYTES`,
and every file is still listed."""

from __future__ import annotations

import os
from pathlib import Path

from memeval.runner._diff import MAX_DIFF_FILE_BYTES, MAX_DIFF_TEXT_BYTES, diff_trees


def test_the_diff_has_a_total_size(tmp_path: Path):
    before, after = tmp_path / "before", tmp_path / "after"
    before.mkdir()
    after.mkdir()
    n = MAX_DIFF_TEXT_BYTES // MAX_DIFF_FILE_BYTES + 3
    for i in range(n):
        with open(after / f"f{i:03}.txt", "wb") as f:
            f.write(b"hello\n" * 1500)  # text past the first 8 KiB, which is what is checked for a zero byte
            f.truncate(MAX_DIFF_FILE_BYTES)  # a hole: reads as zero bytes, costs no disk
    d = diff_trees(before, after)
    assert len(d.added) == n
    assert len(d.text) <= MAX_DIFF_TEXT_BYTES + MAX_DIFF_FILE_BYTES * 2 + 64 * n, len(d.text)
    shown = [r for r in d.added if f"+++ b/{r}\n" in d.text]
    assert 0 < len(shown) < n
    assert f"Diff of f{n - 1:03}.txt not shown: the workspace diff is over {MAX_DIFF_TEXT_BYTES} bytes\n" in d.text


def test_small_diffs_are_whole(tmp_path: Path):
    before, after = tmp_path / "before", tmp_path / "after"
    for root in (before, after):
        root.mkdir()
    (after / "a.txt").write_text("one\n")
    os.mkdir(after / "sub")
    (after / "sub" / "b.txt").write_text("two\n")
    d = diff_trees(before, after)
    assert "+one\n" in d.text and "+two\n" in d.text and "not shown" not in d.text
