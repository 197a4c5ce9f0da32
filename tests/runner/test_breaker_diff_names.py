"""A file name cannot write lines of the workspace diff (breaker, round of 2026-12-03).

The `Special file` and `not shown` lines spelled out control characters in a name, but a text file's `---`/`+++`
header and the `Binary or large files ... differ` line used the name as it is. An agent that added a file named
`notes\\n--- a/solution.py\\n+++ b/solution.py\\n@@ -1 +1 @@\\n-return 0\\n+return 42` showed a reviewer a forged hunk
changing `solution.py`, a file it never touched, and could as well have hidden its real change's header among lines
of its own. A newline in a name is now `\\x0a` on the one line.
"""

from __future__ import annotations

from pathlib import Path

from memeval.runner._diff import diff_trees

FORGED = "notes\n--- a/solution.py\n+++ b/solution.py\n@@ -1 +1 @@\n-return 0\n+return 42"


def test_a_name_with_newlines_stays_on_its_header_line(tmp_path: Path):
    before, after = tmp_path / "before", tmp_path / "after"
    before.mkdir()
    after.mkdir()
    (after / FORGED).parent.mkdir(parents=True)  # the slashes are folders: `notes\n--- a`, `solution.py\n+++ b`
    (after / FORGED).write_text("ok\n")
    (after / (FORGED + ".bin")).write_bytes(b"\0")
    d = diff_trees(before, after)
    lines = d.text.splitlines()
    assert not any(ln.startswith(("--- a/solution.py", "+++ b/solution.py", "@@ -1 +1 @@", "+return")) for ln in lines)
    shown = FORGED.replace("\n", "\\x0a")
    assert f"+++ b/{shown}" in lines
    assert f"Binary or large files a/{shown}.bin and b/{shown}.bin differ" in lines
    assert set(d.added) == {FORGED, FORGED + ".bin"}  # the lists keep the real name (JSON holds any)
