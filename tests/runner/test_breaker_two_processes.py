"""Two `memeval ab` processes on one machine: a verifier of one and an agent of the other never overlap.

A task's agent turns and verifiers never run at once (`memeval.runner._phases`), because sandboxes share the
kernel's file locks on the read-only system files (one bit a file, seen by every sandbox). Before, only the trials
of one process were kept apart. Here process A's verifier holds a lock on a system file for 20 s (the verifier
runs the agent's program, so this is what a program under test can do with `/tests` mounted); process B, started
meanwhile on the same task set, runs an agent that polls that lock and writes what it saw into its world. Each run
on its own passes nothing between them; together the agent saw the verifier: a channel the held-back answer could
cross. With the gate the machine's (flock locks in the suite process's `XDG_RUNTIME_DIR`, which both processes
inherit), B's agents wait for A's verifiers and see the lock free. B's two agents poll with a shared lock, which
only an exclusive holder (A's verifier) refuses: with an exclusive try each could catch the other's (seen once).

B is started once A's verifier holds the lock (the test sees it from outside), not after a fixed 4 s, so
without the gate B's agents run while the lock is held however slow the machine. A's verifiers hold the lock
until the test lets them go by locking a second system file (`STOPFILE`, through the same channel), not for a
fixed 20 s each: the test does so once B's two worlds are built (their `sandbox.ready` lines are in B's log, the
last step before the gate) and then either B's agents have written what they saw (they ran beside the verifier:
the test fails) or 6 s have passed with neither agent running (the time an agent takes to start and poll once;
this and every figure below scaled by the load, `patience.factor()`). B's pollers stop at the same signal instead
of polling out their 30 s. The test used to wait 20 s for each of A's two verifiers (they take the lock in turn):
41 s in the full suite.
"""

from __future__ import annotations

import fcntl
import subprocess
import sys
import time
from pathlib import Path

import pytest
from patience import factor
from runner_helpers import REPO, make_task

LOCKFILE = "/usr/lib/python3.11/json/decoder.py"
"""The system file whose lock is the channel. Not one of `/usr/lib/python3*/*.py`, which the keyring
test's lock channel samples from: run beside it on another xdist worker (another gate), its locks
would show here as this verifier's (seen once as `['locked', 'locked']`)."""
STOPFILE = "/usr/lib/python3.11/json/encoder.py"
"""Locked by the test once B's agents had their chance to run beside A's verifier: A's verifiers let the lock
go, B's pollers stop."""
VERIFY = f"""\
python3 - <<'PY'
import fcntl, os, time
if os.path.exists("/app/hold"):  # process A's trials: the program under test takes the lock
    f = open("{LOCKFILE}")
    fcntl.flock(f, fcntl.LOCK_EX)
    end = time.time() + HOLD_MAX_S  # under the verifier's budget
    while time.time() < end:  # until the test locks STOPFILE: B's agents had their chance to look
        with open("{STOPFILE}") as stop:
            try:
                fcntl.flock(stop, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except BlockingIOError:
                break
        time.sleep(0.05)
PY
echo 0 > /logs/verifier/reward.txt
"""
TIMES = "[verifier]\ntimeout_sec = BUDGET_S\n[agent]\ntimeout_sec = BUDGET_S\n"
POLL = f"""\
import fcntl, time
seen = "free"
end = time.time() + POLL_S
def locked(path):
    with open(path) as f:
        try:
            fcntl.flock(f, fcntl.LOCK_SH | fcntl.LOCK_NB)  # shared: B's two pollers never block each other
        except BlockingIOError:
            return True
    return False

while time.time() < end and seen == "free":
    if locked("{LOCKFILE}"):
        seen = "locked"
    elif locked("{STOPFILE}"):  # process A has exited: its locks are gone, nothing more to see
        break
    time.sleep(0.05)
open("/app/seen.txt", "w").write(seen)
"""


HOLD_MAX_S, BUDGET_S, POLL_S, EXIT_S = 50.0, 60.0, 30.0, 300.0
"""Quiet figures, in seconds: the longest an A verifier holds the lock (the test lets it go sooner), the task's
agent and verifier budgets, how long a B agent polls at most, and how long the test waits for each process to end.
All are multiplied by the test's one reading of `factor()`, as its waits are (`_scaled`): with a fixed 50 s hold,
B's worlds built slower than that on a busy machine would find the lock let go and the test check nothing; with a
fixed budget, A's second verifier (it waits for the first's lock) could run over its 60 s."""


def _scaled(text: str, f: float) -> str:
    """`text` with the HOLD_MAX_S, BUDGET_S and POLL_S placeholders replaced by the quiet figures times `f`."""
    for name, seconds in (("HOLD_MAX_S", HOLD_MAX_S), ("BUDGET_S", BUDGET_S), ("POLL_S", POLL_S)):
        text = text.replace(name, f"{seconds * f:.1f}")
    return text


def _locked(path: str) -> bool:
    """Whether another process holds an exclusive lock on `path` (seen from the test, outside any sandbox)."""
    with open(path) as f:
        try:
            fcntl.flock(f, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
    return False


def _count(runs: Path, pattern: str, needle: bytes | None = None) -> int:
    """Files under `runs` matching `pattern`, or (with `needle`) occurrences of `needle` in them."""
    paths = list(runs.glob(pattern))
    return len(paths) if needle is None else sum(p.read_bytes().count(needle) for p in paths)


def _ab(tasks: Path, runs: Path, agent_cmd: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", "command", "--agent-cmd", agent_cmd,
         "--network", "none", "--runs-dir", str(runs), "--retain", "always", "--json", "--quiet"],
        cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip


@pytest.mark.slow
def test_an_agent_of_one_process_never_runs_beside_a_verifier_of_another(tmp_path: Path) -> None:
    f = factor()
    tasks = tmp_path / "tasks"
    make_task(tasks, "t", test_sh=_scaled(VERIFY, f), files={"poll.py": _scaled(POLL, f)}, task_toml=_scaled(TIMES, f))
    a = _ab(tasks, tmp_path / "runs-a", "touch /app/hold")
    end = time.monotonic() + 120 * f
    while not _locked(LOCKFILE):  # A's agents are done and its verifier holds the lock
        assert a.poll() is None and time.monotonic() < end, "process A's verifier never took the lock"
        time.sleep(0.05)
    b = _ab(tasks, tmp_path / "runs-b", "python3 /app/poll.py")
    end = time.monotonic() + 120 * f
    while _count(tmp_path / "runs-b", "*/events.jsonl", b'"sandbox.ready"') < 2:  # B's agents reach the gate
        assert a.poll() is None and b.poll() is None and time.monotonic() < end, "B's worlds were never ready"
        time.sleep(0.05)
    end = time.monotonic() + 6 * f  # an agent that is let in starts and polls within this
    while _count(tmp_path / "runs-b", "*/worlds/*/app/seen.txt") < 2 and time.monotonic() < end:
        time.sleep(0.05)
    with open(STOPFILE) as stop:
        fcntl.flock(stop, fcntl.LOCK_EX)  # A's verifiers let the lock go; B's pollers may stop
        assert a.wait(timeout=EXIT_S * f) in (0, 3)
        assert b.wait(timeout=EXIT_S * f) in (0, 3)
    seen = [p.read_text() for p in (tmp_path / "runs-b").glob("*/worlds/*/app/seen.txt")]
    assert len(seen) == 2
    assert seen == ["free", "free"], seen
