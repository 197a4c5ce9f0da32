"""A link to `/dev/stdout` or `/dev/stderr` is removed like one through `/proc` (breaker, round of 2026-12-03).

`/dev/stdout` and `/dev/stderr` are the sandbox's links to `/proc/self/fd/1` and `/2`: opened, they open again
whatever file the reading process writes its output to, from its first byte. A test.sh that logs its steps to a
file, showing the held-back answer first, then compares (`{ cat /tests/expected.txt; cmp ...; } > /tmp/log.txt 2>&1`),
read `answer.txt -> /dev/stdout` as that log, the expected answer itself: a pass, with no finding. The check
removed links through `/proc`, `/dev/fd` and `/dev/stdin` (`memeval.runner._verifierlinks.REOPENERS`), not these two.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_helpers import check_planted_link_removed

from memeval.runner._verifierlinks import verifier_only_target

LOGGED_TEST_SH = """\
{
  cat /tests/expected.txt
  cmp -s /app/answer.txt /tests/expected.txt
  echo $? > /tmp/cmp-status
} > /tmp/check-log.txt 2>&1
if [ "$(cat /tmp/cmp-status)" = 0 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt
"""
"""A verifier that logs the held-back answer, then compares the agent's, all with its output in a file."""


@pytest.mark.parametrize("target", ["/dev/stdout", "/dev/stderr", "../dev/stdout"])
def test_a_link_to_the_output_the_verifier_writes_is_removed(tmp_path: Path, run_ab, target: str):
    check_planted_link_removed(tmp_path, run_ab, f"ln -s {target} /app/answer.txt", LOGGED_TEST_SH)


def test_the_output_links_lead_wherever_the_reader_writes(tmp_path: Path):
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "out").symlink_to("/dev")
    assert verifier_only_target(tmp_path, "/app/out/stdout") == "/dev/stdout"
    assert verifier_only_target(tmp_path, "/dev/stderr") == "/dev/stderr"
    assert verifier_only_target(tmp_path, "/dev/null") is None  # reads nothing of anyone's
    assert verifier_only_target(tmp_path, "/dev/stdoutput") is None
