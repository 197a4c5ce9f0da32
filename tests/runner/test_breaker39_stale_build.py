"""A build product the agent left is never taken as newer than the held-back tests (breaker39).

A task whose Makefile builds its checker from the held-back test (`check: /tests/check.c solution.c`) and whose
test.sh runs `make check && ./check`: make rebuilds `check` only if a prerequisite is newer. The copy of `/tests`
kept the task's file times, older than anything the agent wrote, so an agent that left a wrong `solution.c` and its
own `/app/check` (`exit 0`) passed, reward 1, no finding; so did one that dated its `check` in 2100, past any copy
made later. Now the copy of `/tests` is dated when the verifier starts and every entry of the world dated at or after
that is dated back to just before (`memeval.runner._mtimes`): make rebuilds `check` from the held-back test.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hostile import HostileRig, assert_refused

from memeval.runner._mtimes import MARGIN_NS, date_tests, settle_world

MAKEFILE = "check: /tests/check.c solution.c\n\tcc -o check /tests/check.c solution.c\n"
CHECK_C = "#include <assert.h>\nint answer(void);\nint main(void) { assert(answer() == 42); return 0; }\n"
TEST_SH = "cd /app\nif make check >&2 && ./check; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"
SOLUTION = "echo 'int answer(void) { return ANSWER; }' > /app/solution.c\n"
PLANTED = "printf '#!/bin/sh\\nexit 0\\n' > /app/check && chmod +x /app/check\n"


@pytest.mark.skipif(shutil.which("make") is None or shutil.which("cc") is None, reason="needs make and cc")
def test_a_checker_the_agent_left_is_rebuilt_from_the_held_back_test(hostile: HostileRig) -> None:
    files, held = {"Makefile": MAKEFILE}, {"check.c": CHECK_C}
    wrong = SOLUTION.replace("ANSWER", "7")
    hostile.task("stale", wrong + PLANTED, test_sh=TEST_SH, held=held, files=files)
    hostile.task(
        "future", wrong + PLANTED + "touch -d 2100-01-01 /app/check\n", test_sh=TEST_SH, held=held, files=files
    )
    hostile.task("honest", SOLUTION.replace("ANSWER", "42"), test_sh=TEST_SH, held=held, files=files)
    run = hostile.run()
    by_task = run.by_task(("stale", "future", "honest"))
    for trial in by_task["stale"] + by_task["future"]:  # on main: reward 1 with the agent's `check`
        assert_refused(trial)
    for trial in by_task["honest"]:
        assert trial["fault"] is None, trial["fault"]
        assert (trial["verified"], trial["reward"]) == (True, 1), trial


def test_the_world_is_dated_back_and_the_tests_forward(tmp_path: Path) -> None:
    now = 1_900_000_000 * 10**9
    world, tests = tmp_path / "world", tmp_path / "tests"
    (world / "app" / "sub").mkdir(parents=True)
    (tests / "t").mkdir(parents=True)
    old, late, ahead = world / "app" / "old.c", world / "app" / "sub" / "late", world / "app" / "ahead"
    for p in (old, late, ahead, tests / "t" / "check.c"):
        p.write_text("x")
    os.utime(old, ns=(5, 1_000 * 10**9))
    os.utime(late, ns=(7, now))  # dated the tests' own moment: dated back too
    recent = world / "app" / "recent.c"
    recent.write_text("x")
    os.utime(recent, ns=(3, now - 5))  # just before: kept, so an edit after its object file stays the newer
    os.utime(ahead, ns=(9, 4_102_444_800 * 10**9))  # 2100
    os.symlink("/nowhere", world / "app" / "link")
    os.utime(world / "app" / "link", ns=(1, 1), follow_symlinks=False)
    date_tests(tests, now)
    changed = settle_world(world, now)
    assert "app/sub/late" in changed and "app/ahead" in changed and "app/old.c" not in changed
    assert "app/recent.c" not in changed and os.stat(recent).st_mtime_ns == now - 5
    assert "app/link" not in changed
    assert os.stat(old).st_mtime_ns == 1_000 * 10**9
    for p in (late, ahead):
        assert os.stat(p).st_mtime_ns == now - MARGIN_NS
    assert (os.stat(late).st_atime_ns, os.stat(ahead).st_atime_ns) == (7, 9)  # access times kept
    assert os.stat(tests / "t" / "check.c").st_mtime_ns == now
    assert os.stat(tests / "t").st_mtime_ns == now
    newest = max(os.lstat(os.path.join(d, n)).st_mtime_ns for d, ds, fs in os.walk(world) for n in ds + fs)
    assert newest < now
