"""An agent that leaves folders nested past what the host can walk (found by an outside tester).

Python 3.11's `os.walk` recurses once a level and names folders by whole paths: a tree 2,100
folders deep crashed `memeval ab` with a RecursionError after the agent's turn (no record, the
world left behind), and a folder past PATH_MAX was skipped unseen by the storage watch, so what
it held never counted against `storage_mb`. Each attack runs through `memeval ab` in real
bubblewrap sandboxes, in both arms.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from runner_helpers import make_task

from memeval.sandbox import MAX_TREE_DEPTH, TOO_DEEP_PREFIX

DEEP = """
import os
os.chdir("/app")
for _ in range({levels}):
    os.mkdir({name!r})
    os.chdir({name!r})
with open("bottom.bin", "wb") as f:
    for _ in range({mib}):
        f.write(b"x" * (1 << 20))
        f.flush()
open("/app/answer.txt", "w").write("42")
"""

TOML = "[verifier]\ntimeout_sec = 60.0\n[agent]\ntimeout_sec = 60.0\n"
TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'


def _deepest(root: Path) -> tuple[int, int]:
    """(levels, longest relative path in bytes) under `root`, walked without recursion."""
    levels, longest = 0, 0
    stack = [(os.fsencode(root), b"", 0)]
    while stack:
        d, rel, depth = stack.pop()
        levels, longest = max(levels, depth), max(longest, len(rel))
        with os.scandir(d) as it:
            for e in it:
                if e.is_dir(follow_symlinks=False):
                    stack.append((e.path, rel + b"/" + e.name, depth + 1))
    return levels, longest


@pytest.mark.parametrize(
    ("levels", "name", "storage"),
    [
        (2100, "a", ""),  # past the interpreter's recursion limit, no storage_mb and no default cap (no watch)
        (2100, "a", "[environment]\nstorage_mb = 10\n"),
        (20, "n" * 250, "[environment]\nstorage_mb = 10\n"),  # 20 levels, 5 KB of path: past PATH_MAX
    ],
    ids=["2100-levels", "2100-levels-storage", "long-names-storage"],
)
def test_a_tree_too_deep_to_walk_ends_the_turn_errored_and_is_cut_off(
    tmp_path: Path, run_ab, levels: int, name: str, storage: str
):
    tasks = tmp_path / "tasks"
    mib = 30 if storage else 1
    attack = DEEP.format(levels=levels, name=name, mib=mib)
    make_task(tasks, "deep", files={"attack.py": attack}, task_toml=TOML + storage, test_sh=TEST_SH)
    # without storage_mb, the default cap would start a watch too, which (under load, before the
    # agent's answer) stops the agent mid-tree: that case is the "-storage" one; here no watch at all
    no_watch = [] if storage else ["--default-storage-mb", "0"]
    code, doc, err = run_ab(
        str(tasks), "--agent", "command", "--agent-cmd", "python3 /app/attack.py", "--network", "none",
        "--retain", "always", *no_watch,
    )  # fmt: skip
    assert code == 0, err
    assert len(doc["trials"]) == 2
    for t in doc["trials"]:
        assert t["fault"] is None and t["assessment"] == "scored", t
        assert t["execution"] == "errored", t
        assert (t["execution_reason"] or "").startswith(TOO_DEEP_PREFIX), t
        assert "removed before the verifier ran" in t["execution_reason"], t
        assert t["checks"] and t["checks"][0]["reward"] is not None, t  # the verifier still ran
        if not storage:  # the agent finished (with a watch it is stopped mid-tree, before its answer)
            assert t["verified"] is True, t
        world = tmp_path / "runs" / doc["run_id"] / t["workspace"]["retained"] / "app"
        depth, longest = _deepest(world)
        assert depth <= MAX_TREE_DEPTH + 1 and longest < 4096, (depth, longest)
