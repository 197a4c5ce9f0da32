"""The program the tests run reaches into test.sh's own process, so test.sh's failing reward is never written.

These tests run the agent's program as a subprocess and write the reward from its output, the design memeval's
README recommends. The program shares test.sh's uid in the verifier; after writing a passing reward it:

- `prlimit-nofile`: capped test.sh's open files (`RLIMIT_NOFILE` 3, allowed on any process of one's uid), so
  test.sh's `echo 0 > reward.txt` failed (EMFILE) and test.sh exited 1 by itself, the planted 1 read as a pass;
- `ptrace-seek`: attached gdb to test.sh and seeked its script (fd 255) to the end, so test.sh exited 0 after the
  line that ran the program;
- `proc-mem`: opened test.sh's memory for writing (`/proc/PID/mem`), from where its parsed lines and variables
  can be rewritten; it answers right only if it could.

Each passed on main with no finding and no fault. The seccomp filter now refuses `prlimit64` setting another
process's limits, and test.sh runs from a bash it cannot read, so the kernel makes it not dumpable.
"""

from __future__ import annotations

import platform
from pathlib import Path

import pytest
from hostile import assert_refused, write_prog
from runner_helpers import make_task
from seccomp_rig import run_filter

from memeval.sandbox._seccomp import PRLIMIT_CALLS, PTRACE_CALLS, RET_ALLOW, RET_EPERM, VM_WRITE_CALLS

X86_64 = 0xC000003E

CHECK_OUTPUT = (
    "out=$(python3 /app/prog.py 2>/dev/null)\n"
    'if [ "$out" = "5" ]; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi\n'
)
PLANT = (
    "import os\n"
    "open('/logs/verifier/reward.txt', 'w').write('1\\n')\n"
    "def ancestors():\n"  # the $(...) subshell, then test.sh itself
    "    pid = os.getppid()\n"
    "    while pid > 1:\n"
    "        if open(f'/proc/{pid}/comm').read().strip() == 'bash':\n"
    "            yield pid\n"
    "        pid = int(open(f'/proc/{pid}/stat').read().rsplit(')', 1)[1].split()[1])\n"
)
REACHES = {
    # lower test.sh's open-file limit: its `echo 0 > reward.txt` fails with EMFILE and the planted 1 stays
    "prlimit-nofile": PLANT
    + (
        "import resource\n"
        "for pid in ancestors():\n"
        "    try:\n"
        "        resource.prlimit(pid, resource.RLIMIT_NOFILE, (3, 3))\n"
        "    except OSError:\n"
        "        pass\n"
        "print(4)\n"
    ),
    # open test.sh's memory for writing (what rewrites its parsed script or its variables): the program answers
    # right only when it could, so a pass shows the way in was open
    "proc-mem": (
        "import os\n"
        "pid = os.getppid()\n"
        "pid = int(open(f'/proc/{pid}/stat').read().rsplit(')', 1)[1].split()[1])\n"  # the $(...) subshell's parent
        "try:\n"
        "    open(f'/proc/{pid}/mem', 'r+b', buffering=0).close()\n"
        "    print(5)\n"
        "except OSError:\n"
        "    print(4)\n"
    ),
    # seek test.sh's script to its end through a debugger: test.sh finishes its current line and exits 0
    "ptrace-seek": PLANT
    + (
        "import subprocess\n"
        "for pid in list(ancestors())[-1:]:\n"
        "    subprocess.run(['gdb', '-p', str(pid), '-batch', '-ex', 'call (long)lseek(255, 0, 2)'],\n"
        "                   stdout=subprocess.DEVNULL, stderr=open('/logs/verifier/gdb.txt', 'w'))\n"
        "print(4)\n"
    ),
}


@pytest.mark.parametrize("reach", sorted(REACHES))
def test_the_tested_program_cannot_reach_into_test_sh(hostile, reach: str):
    run = hostile(write_prog(REACHES[reach]), test_sh=CHECK_OUTPUT, codes=None)
    for trial in run.trials:
        assert trial["verified"] is not True, (trial["reward"], trial["fault"], trial["tamper"])
        assert trial["reward"] in (0.0, None), trial


@pytest.mark.skipif(platform.machine() != "x86_64", reason="the x86_64 numbers are asked")
@pytest.mark.parametrize(
    ("args", "want"),
    [
        ((0, 7, 0x7FFD0000, 0), RET_ALLOW),  # the caller's own limit (setrlimit, ulimit)
        ((4242, 7, 0, 0x7FFD0000), RET_ALLOW),  # reading another process's limit
        ((4242, 7, 0x7FFD0000, 0), RET_EPERM),  # setting another process's limit
        ((4242, 7, 1 << 40, 0), RET_EPERM),  # a pointer whose low word is 0 is still a new limit
        ((1 << 32, 7, 0x7FFD0000, 0), RET_ALLOW),  # pid_t is 32 bits: the kernel reads pid 0
    ],
)
def test_the_filter_lets_prlimit_set_only_the_callers_own_limits(args: tuple[int, ...], want: int):
    assert run_filter(X86_64, PRLIMIT_CALLS[X86_64], args) == want
    assert run_filter(X86_64, PRLIMIT_CALLS[X86_64] | 0x40000000, args) == want  # the x32 spelling


CHECK_PY = """\
import subprocess, sys
out = subprocess.run([sys.executable, "/app/prog.py"], capture_output=True, text=True).stdout.strip()
sys.exit(0 if out == "5" else 1)
"""
RUNNER_SH = "if python3 /tests/check.py; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"
PARENT = "import os, subprocess, sys\nppid = os.getppid()\n"
RUNNER_REACHES = {
    # the tests' own runner (a Python checker here, pytest alike) is attached by gdb and made to exit 0
    "gdb-exit-0": PARENT
    + (
        "subprocess.run(['gdb', '-p', str(ppid), '-batch', '-ex', 'call (void)_exit(0)'],"
        " stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\nprint(4)\n"
    ),
    # its memory opened for writing (code at its instruction pointer can be overwritten from there)
    "proc-mem": PARENT
    + (
        "try:\n    open(f'/proc/{ppid}/mem', 'r+b', buffering=0).close()\n    print(5)\nexcept OSError:\n    print(4)\n"
    ),
}


@pytest.mark.parametrize("reach", sorted(RUNNER_REACHES))
def test_the_tested_program_cannot_reach_into_the_test_runner(hostile, reach: str):
    run = hostile(write_prog(RUNNER_REACHES[reach]), test_sh=RUNNER_SH, held={"check.py": CHECK_PY})
    for trial in run.trials:
        assert_refused(trial)


def test_a_debugger_still_runs_a_program_in_the_verifier(tmp_path: Path, run_ab):
    tasks = tmp_path / "tasks"
    test_sh = (
        "out=$(gdb -batch -ex run -ex bt --args /bin/sh -c 'echo traced' 2>/dev/null | grep -c traced)\n"
        'if [ "$out" -ge 1 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
    )
    make_task(tasks, "t", test_sh=test_sh)
    code, doc, err = run_ab(str(tasks), "--agent", "nop", "--network", "none")
    assert code == 0, err
    assert all(t["verified"] is True for t in doc["trials"]), [t["reward"] for t in doc["trials"]]


@pytest.mark.skipif(platform.machine() != "x86_64", reason="the x86_64 numbers are asked")
def test_the_verifiers_filter_refuses_attaching_and_the_agents_does_not():
    ptrace, x32_ptrace = PTRACE_CALLS[X86_64]
    for nr in (ptrace, x32_ptrace):
        for request in (16, 0x4206):  # PTRACE_ATTACH, PTRACE_SEIZE
            assert run_filter(X86_64, nr, (request, 1234), no_attach=True) == RET_EPERM
            assert run_filter(X86_64, nr, (request, 1234)) == RET_ALLOW
        assert run_filter(X86_64, nr, (0,), no_attach=True) == RET_ALLOW  # PTRACE_TRACEME: gdb CMD
        assert run_filter(X86_64, nr, (24, 1234), no_attach=True) == RET_ALLOW  # PTRACE_SYSCALL on a tracee
    for nr in VM_WRITE_CALLS[X86_64]:
        assert run_filter(X86_64, nr, no_attach=True) == RET_EPERM
        assert run_filter(X86_64, nr) == RET_ALLOW
