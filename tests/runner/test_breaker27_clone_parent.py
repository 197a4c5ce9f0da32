"""A daemon made a child of test.sh itself rewrites the reward unseen (breaker27).

breaker20 made the verifier's exit wrapper name every orphan it adopts and reaps while test.sh runs: a daemon the
program under test forks, that writes `1` over test.sh's failing reward and exits before test.sh does. But the
wrapper only sees orphans. `clone(CLONE_PARENT)` makes the new process a child of the *caller's* parent, so the
program (run by test.sh) gave test.sh's own bash a child it never started: bash reaps a child it does not know
silently, the wrapper never adopted it, and the planted 1 passed with no finding, even under `--tamper fail`.
The verifier's seccomp filter now refuses `clone` with `CLONE_PARENT` (EPERM) and `clone3` (ENOSYS, so libraries
fall back to `clone`); threads, `fork` and `subprocess` work as before.
"""

from __future__ import annotations

from hostile import assert_refused, write_prog
from test_breaker20_daemon_gone import DAEMON, TEST_SH

REWRITE = "\n".join(DAEMON.splitlines()[4:15])
"""breaker20's daemon body, one level less indented by `_indented`: close stdio, wait for test.sh's reward, write
`1` over it, exit."""


def _indented(text: str, by: int) -> str:
    return "\n".join(" " * by + line[8:] for line in text.splitlines()) + "\n"


SIBLING = (
    "import ctypes, os\n"
    "libc = ctypes.CDLL(None, use_errno=True)\n"
    "CLONE_PARENT, SIGCHLD, SYS_CLONE = 0x8000, 17, 56  # x86_64\n"
    "pid = libc.syscall(SYS_CLONE, CLONE_PARENT | SIGCHLD, 0, 0, 0, 0)\n"
    "if pid == 0:  # a child of test.sh's bash, not of this program\n"
    + _indented(REWRITE, 4)
    + "print(4 if pid == -1 else 3)\n"
)
ORDINARY = """\
import os, subprocess, threading
box = []
t = threading.Thread(target=lambda: box.append(1))
t.start()
t.join()
pid = os.fork()
if pid == 0:
    os._exit(2)
_, status = os.waitpid(pid, 0)
two = os.waitstatus_to_exitcode(status)
spawned = subprocess.run(["python3", "-c", "print(2)"], capture_output=True, text=True, check=True).stdout
print(box[0] + two + int(spawned))
"""


def test_a_daemon_made_test_sh_s_child_cannot_be_made(hostile) -> None:
    hostile.task("sibling", write_prog(SIBLING), test_sh=TEST_SH)
    hostile.task("ordinary", write_prog(ORDINARY), test_sh=TEST_SH)  # threads, fork, subprocess: 1 + 2 + 2
    run = hostile.run("--tamper", "fail")
    by_task: dict[str, list[dict]] = {}
    for t in run.trials:
        by_task.setdefault(t["task_id"], []).append(t)
    for t in by_task["sibling"]:
        assert_refused(t)  # main: reward 1, no finding, not failed under --tamper fail
    for t in by_task["ordinary"]:
        assert t["fault"] is None and (t["verified"], t["reward"]) == (True, 1), t


def test_the_verifier_filter_refuses_clone_parent_on_every_architecture() -> None:
    from seccomp_rig import run_filter

    from memeval.sandbox._seccomp import CLONE3_CALLS, CLONE_CALLS, CLONE_PARENT, RET_ALLOW, RET_ENOSYS, RET_EPERM

    fork_flags = 0x01200011  # glibc's fork: CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID | SIGCHLD
    for arch, (nr,) in CLONE_CALLS.items():
        assert run_filter(arch, nr, (CLONE_PARENT | 17,), no_attach=True) == RET_EPERM, hex(arch)
        assert run_filter(arch, nr, (fork_flags,), no_attach=True) == RET_ALLOW, hex(arch)
        assert run_filter(arch, nr, (CLONE_PARENT | 17,)) == RET_ALLOW, hex(arch)  # agent turns keep it
        assert run_filter(arch, CLONE3_CALLS[arch][0], (0,), no_attach=True) == RET_ENOSYS, hex(arch)
        assert run_filter(arch, CLONE3_CALLS[arch][0], (0,)) == RET_ALLOW, hex(arch)
