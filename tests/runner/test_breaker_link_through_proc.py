"""A link into the held-back tests through `/proc` is removed like any other.

Found by the breaker: the check that removes an agent's symlinks into `/tests` (`verifier_only_target`) followed
the world's own links, and took any other path as it is. `/proc/self/root` is a link the kernel makes for every
process, to its own root: in the verifier's sandbox `/proc/self/root/tests/expected.txt` is `/tests/expected.txt`.
An agent that left `answer.txt -> /proc/self/root/tests/expected.txt` (or `/proc/self/cwd/../tests/...`, or the
same through `thread-self`) had the verifier compare the expected file with itself: a pass, with no finding. So
did `answer.txt -> /dev/fd/3` for a test that opens the expected file first (`cmp /tests/expected.txt
/app/answer.txt`: the expected file is the test's descriptor 3). Links through `/proc`, `/dev/fd` and `/dev/stdin`
are now removed and named.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_helpers import LINK_TEST_SH, check_planted_link_removed

EXPECTED_FIRST = LINK_TEST_SH.replace("/app/answer.txt /tests/expected.txt", "/tests/expected.txt /app/answer.txt")

LINKS = {
    "proc-self-root": "ln -s /proc/self/root/tests/expected.txt /app/answer.txt",
    "proc-thread-self-root": "ln -s /proc/thread-self/root/tests/expected.txt /app/answer.txt",
    "proc-self-cwd": "ln -s /proc/self/cwd/../tests/expected.txt /app/answer.txt",
    "through-a-link-to-proc": "sh -c 'ln -s /proc/self /app/me && ln -s me/root/tests/expected.txt /app/answer.txt'",
    "dev-fd": "ln -s /dev/fd/3 /app/answer.txt",
}


@pytest.mark.parametrize("how", sorted(LINKS))
def test_a_link_into_the_held_back_tests_through_proc_is_removed(tmp_path: Path, run_ab, how: str):
    check_planted_link_removed(tmp_path, run_ab, LINKS[how], EXPECTED_FIRST if how == "dev-fd" else LINK_TEST_SH)
