"""An agent could bloat the run's log through the workspace diff's file lists.

Found by the breaker: 230,000 empty files an agent made gave a 3.4 MB `workspace.diffed` line in
the event log per trial (and the diff artifact one "not shown" line per file past its size). The
lists in the log are now capped, with a count of the paths left out; the diff artifact says how
many files it does not show in one line.
"""

from __future__ import annotations

import json
from pathlib import Path

from memeval.runner._diff import MAX_LISTED_BYTES, MAX_LISTED_PATHS, MAX_NOT_SHOWN_NAMED, diff_trees, listed


def _tree(root: Path, names: list[str]) -> None:
    root.mkdir()
    for n in names:
        (root / n).write_bytes(b"")


def test_the_listed_paths_are_capped_and_the_rest_counted(tmp_path: Path):
    before, after = tmp_path / "before", tmp_path / "after"
    _tree(before, [f"old{i:05}" for i in range(3)] + ["same"])
    _tree(after, [f"new{i:05}" for i in range(3 * MAX_LISTED_PATHS)] + ["same"])
    d = diff_trees(before, after)
    assert len(d.added) == 3 * MAX_LISTED_PATHS and len(d.removed) == 3  # the harness still sees all
    lst = listed(d)
    assert len(lst.added) == MAX_LISTED_PATHS and lst.added == d.added[:MAX_LISTED_PATHS]
    assert lst.removed == d.removed  # a flood of one kind does not hide the others
    assert lst.omitted == 2 * MAX_LISTED_PATHS


def test_long_names_are_capped_by_bytes(tmp_path: Path):
    before, after = tmp_path / "before", tmp_path / "after"
    before.mkdir()
    deep = after / ("d" * 200) / ("e" * 200) / ("f" * 200)
    deep.mkdir(parents=True)
    for i in range(600):
        (deep / (f"{i:03}" + "g" * 200)).write_bytes(b"")
    lst = listed(diff_trees(before, after))
    assert sum(map(len, lst.added)) <= MAX_LISTED_BYTES
    assert lst.omitted == 600 - len(lst.added) > 0


def test_files_past_the_diff_size_get_one_line_not_one_each(tmp_path: Path, monkeypatch):
    import memeval.runner._diff as diff_mod

    monkeypatch.setattr(diff_mod, "MAX_DIFF_TEXT_BYTES", 0)
    before, after = tmp_path / "before", tmp_path / "after"
    _tree(before, [])
    _tree(after, [f"n{i:04}" for i in range(2000)])
    (after / "n0000").write_text("x\n")
    d = diff_trees(before, after)
    # the first file is shown, the next ones named, the rest counted in one line
    assert d.text.count("\n") < MAX_NOT_SHOWN_NAMED + 10, d.text[:2000]
    assert "Diff of n0001 not shown" in d.text
    assert f"Diff of {1999 - MAX_NOT_SHOWN_NAMED:,} more files not shown: the workspace diff is over 0 bytes" in d.text


def test_a_flood_of_empty_files_does_not_bloat_the_log(hostile):
    agent = "python3 -c \"import os; os.mkdir('/app/m'); [open('/app/m/%06d' % i, 'w').close() for i in range(3000)]\""
    run = hostile(name="flood", agent_cmd=agent, codes=(0,))
    log = run.run_dir / "events.jsonl"
    diffed = [line for line in log.read_text().splitlines() if '"workspace.diffed"' in line]
    assert len(diffed) == run.per_task
    for line in diffed:
        assert len(line) < 2 * MAX_LISTED_BYTES, len(line)
        ev = json.loads(line)
        assert len(ev["added"]) + ev["omitted"] == 3000, ev["omitted"]
        assert ev["added"][0] == "app/m/000000"
