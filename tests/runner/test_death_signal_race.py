"""A child whose parent died before the parent-death signal was set ends at once, before its exec.

`PR_SET_PDEATHSIG` set after the parent's death reports nothing, so a `kill -9` of memeval landing
between the fork and the child's prctl call left the child running, orphaned: a `kill -9` of
`memeval ab` at load 16 left the verifier's outer bubblewrap sleeping for an hour. The preexec
function now compares the child's parent with the process it was made in. Here a real fork
stands in for "the parent is gone": the function is made in this process and used in a forked
child, so the grandchild's parent is not the process the function knows.
"""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Callable

from memeval.sandbox import death_signal


def _start_from_a_fork(preexec: Callable[[], None]) -> int:
    """In a forked child: run `sleep 30` with `preexec`; the fork exits 200 + the signal that ended it (250: none)."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the forked child, which reports by its exit status
        try:
            proc = subprocess.Popen(["sleep", "30"], preexec_fn=preexec)  # noqa: PLW1509 - the function under test
            code = proc.wait(timeout=20)
            os._exit(200 - code if code < 0 else 250)
        except BaseException:  # noqa: BLE001 - a forked child must end by os._exit whatever happens
            os._exit(99)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def test_a_child_whose_parent_is_not_its_maker_ends_before_its_exec() -> None:
    assert _start_from_a_fork(death_signal(signal.SIGKILL)) == 200 + signal.SIGKILL  # not 250: `sleep` never ran


def test_a_child_of_its_maker_runs() -> None:
    proc = subprocess.Popen(["sh", "-c", "exit 7"], preexec_fn=death_signal(signal.SIGKILL))  # noqa: PLW1509 - the function under test
    assert proc.wait(timeout=30) == 7
