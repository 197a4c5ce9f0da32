"""A hostile task's links inside `tests/` (and an instruction not in UTF-8) are refused before the run (breaker29).

`check_tree` refused links leading out of a task, but let any link inside it through, and `run_verifier` copies
`tests/` into `/tests` following links. A link in a loop (`tests/x -> x`) ended `memeval ab` in a RuntimeError
traceback at load; a dangling one (`tests/x -> nowhere`) and a folder linked inside itself (`tests/data/up -> ..`,
copied 40 levels deep before the kernel's link limit) passed the load and crashed the run in its first verifier,
after every agent turn had been spent; a chain of folders each linking the next twice doubled the copy at each
level (2**depth copies of the task's files per verifier) while the task's hash, reading each link's text, stayed
that of a small task. Each is now a usage error naming the link (exit 2); a link used once still runs. An
`instruction.md` that is not UTF-8 ended `memeval ab` in a UnicodeDecodeError traceback; it is a usage error too.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from runner_helpers import RunAb, make_task


def _loop_folder(tests: Path) -> None:
    (tests / "data").mkdir()
    os.symlink("..", tests / "data" / "up")


def _loop_self(tests: Path) -> None:
    os.symlink("x", tests / "x")


def _dangling(tests: Path) -> None:
    os.symlink("nowhere.txt", tests / "expected.txt")


def _doubling(tests: Path) -> None:
    (tests / "l0").mkdir()
    (tests / "l0" / "blob").write_bytes(b"x" * 1024)
    for i in range(1, 11):  # 2**10 copies of the blob in /tests; a task of ~12 KiB
        (tests / f"l{i}").mkdir()
        for name in ("a", "b"):
            os.symlink(f"../l{i - 1}", tests / f"l{i}" / name)


CASES = {
    "loop-folder": (_loop_folder, "links a folder that holds it"),
    "loop-self": (_loop_self, "a symlink in a loop"),
    "dangling": (_dangling, "which does not exist"),
    "doubling": (_doubling, "larger than the whole task"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_tests_folder_link_the_copy_cannot_follow_is_refused_before_the_run(
    tmp_path: Path, run_ab: RunAb, case: str
) -> None:
    plant, words = CASES[case]
    t = make_task(tmp_path / "tasks", "t1")
    plant(t / "tests")
    code, _, err = run_ab(str(tmp_path / "tasks"), "--agent", "nop", "--network", "none")
    assert code == 2, err
    assert words in err and "Traceback" not in err, err
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir()), "nothing is run or stored"


def test_links_used_once_still_run(tmp_path: Path, run_ab: RunAb) -> None:
    t = make_task(
        tmp_path / "tasks",
        "t1",
        test_sh="cmp -s /tests/expected.txt /tests/fixtures/f && echo 1 > /logs/verifier/reward.txt\n",
    )
    (t / "solution").mkdir()
    (t / "solution" / "expected.txt").write_text("same\n")
    (t / "environment" / "fixtures").mkdir()
    (t / "environment" / "fixtures" / "f").write_text("same\n")
    os.symlink("../solution/expected.txt", t / "tests" / "expected.txt")
    os.symlink("../environment/fixtures", t / "tests" / "fixtures")
    code, doc, err = run_ab(str(tmp_path / "tasks"), "--agent", "nop", "--network", "none")
    assert code in (0, 1), err
    assert [(tr["verified"], tr["fault"]) for tr in doc["trials"]] == [(True, None), (True, None)], doc["trials"]


def test_an_instruction_that_is_not_utf8_is_a_usage_error(tmp_path: Path, run_ab: RunAb) -> None:
    t = make_task(tmp_path / "tasks", "t1")
    (t / "instruction.md").write_bytes("Write the caf\xe9's menu to menu.txt.\n".encode("latin-1"))
    code, _, err = run_ab(str(tmp_path / "tasks"), "--agent", "nop", "--network", "none")
    assert code == 2, err
    assert "instruction.md is not UTF-8" in err and "Traceback" not in err, err
