"""A link into `/tmp` is removed like a link into `/tests` (breaker, round of 2026-12-03).

The verifier's `/tmp` (and `HOME`, which is `/tmp`) is a fresh folder of its own sandbox, where test.sh and the tests
write what they work with: a copy of the expected output, pytest's `tmp_path`, a file generated to compare against.
A link the agent leaves to a path there dangles during its turn and resolves, in the verifier, to what the tests
wrote. `answer.txt -> /tmp/want.txt`, for a test.sh that copies the held-back answer to `/tmp/want.txt` and compares,
passed with no finding. An honest link into `/tmp` dangles in the verifier anyway (its files are not the agent's
`/tmp`'s), so removing it takes nothing from an honest agent. `/dev/shm`, fresh in every sandbox too, is treated the
same.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_helpers import check_planted_link_removed

from memeval.runner._verifierlinks import verifier_only_target

COPY_FIRST = """\
cp /tests/expected.txt /tmp/want.txt
if cmp -s /app/answer.txt /tmp/want.txt; then echo 1; else echo 0; fi > /logs/verifier/reward.txt
"""


@pytest.mark.parametrize("target", ["/tmp/want.txt", "../tmp/./want.txt"])
def test_a_link_into_the_verifiers_tmp_is_removed(tmp_path: Path, run_ab, target: str):
    check_planted_link_removed(tmp_path, run_ab, f"ln -s {target} /app/answer.txt", COPY_FIRST)


def test_fresh_folders_are_found_through_the_worlds_links(tmp_path: Path):
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "t").symlink_to("/tmp")
    assert verifier_only_target(tmp_path, "/app/t/pytest-of-root/x/expected.txt") == "/tmp"
    assert verifier_only_target(tmp_path, "/dev/shm/x") == "/dev/shm"
    assert verifier_only_target(tmp_path, "/tmpfile") is None
