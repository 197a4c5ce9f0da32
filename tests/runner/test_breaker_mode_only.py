"""A file whose permission bits alone changed is in the workspace diff and the tamper scan (breaker, round of
2026-12-03).

The diff compared regular files by size and content only. `chmod +x run.sh` (the whole answer to a task that
asks for an executable script), `chmod -x` or `chmod 0777` left no line and no entry in `workspace.changed`, and
the tamper scan, which reads what the diff lists, never saw a task file named like one of the image's commands
(`ls`) that the agent made executable.
"""

from __future__ import annotations

import os
from pathlib import Path

from hostile import findings

from memeval.runner._diff import diff_trees


def _tree(root: Path) -> Path:
    root.mkdir()
    for name in ("run.sh", "tool.sh", "data.bin", "same.txt"):
        (root / name).write_bytes(b"\0\1" if name.endswith(".bin") else b"#!/bin/sh\necho hi\n")
        os.chmod(root / name, 0o755 if name == "tool.sh" else 0o644)
    return root


def test_a_mode_change_is_a_changed_file_with_a_line_saying_so(tmp_path: Path):
    before, after = _tree(tmp_path / "before"), _tree(tmp_path / "after")
    os.chmod(after / "run.sh", 0o755)
    os.chmod(after / "tool.sh", 0o644)
    os.chmod(after / "data.bin", 0o666)
    d = diff_trees(before, after)
    assert d.changed == ("data.bin", "run.sh", "tool.sh")
    assert d.added == d.removed == ()
    assert d.text == (
        "Mode of data.bin: was 0644, now 0666\n"  # a binary file whose bytes are the same: no "differ" line
        "Mode of run.sh: was 0644, now 0755\n"
        "Mode of tool.sh: was 0755, now 0644\n"
    )


def test_a_mode_and_content_change_shows_both(tmp_path: Path):
    before, after = _tree(tmp_path / "before"), _tree(tmp_path / "after")
    (after / "run.sh").write_text("#!/bin/sh\necho bye\n")
    os.chmod(after / "run.sh", 0o755)
    d = diff_trees(before, after)
    assert d.changed == ("run.sh",)
    assert d.text.startswith("Mode of run.sh: was 0644, now 0755\n--- a/run.sh\n+++ b/run.sh\n")
    assert "+echo bye\n" in d.text


def test_same_modes_give_an_empty_diff(tmp_path: Path):
    before, after = _tree(tmp_path / "before"), _tree(tmp_path / "after")
    os.chmod(before / "tool.sh", 0o4755)  # the image's setuid file, whose bit memeval cleared in the world
    assert diff_trees(before, after) == ("", (), (), ())


def test_an_agent_that_only_makes_a_file_executable_is_on_the_record(hostile):
    files = {"ls": "#!/bin/sh\necho planted\n", "run.sh": "echo ok\n"}
    run = hostile(name="chmod", files=files, agent_cmd="chmod +x ls run.sh", codes=(0,))
    for tr in run.trials:
        assert tr["workspace"]["changed"] == ["app/ls", "app/run.sh"], tr["workspace"]
        assert ("/app/ls", "path-command") in findings(tr), tr["tamper"]
