"""A verifier ended for a resource limit is a fault, never the reward it left behind.

Found by the breaker: the program under test wrote a passing `reward.txt`, then ran into the
verifier sandbox's process limit (a fork bomb) or memory limit. memeval ended the sandbox the moment
the cgroup reported the limit, before test.sh reached the line that writes the real (failing)
reward, and then read `/logs/verifier` as if test.sh had finished: the agent's `1` counted and a
task never solved passed. memeval already refused the reward of a test.sh killed by a signal the
tested code sent; a kill memeval itself makes for a limit is the same ending. Real `memeval ab`,
real bubblewrap sandboxes and cgroups (skipped where limits are held by rlimits, which end no
sandbox).
"""

from __future__ import annotations

import pytest

from memeval.sandbox import limits_mechanism

pytestmark = pytest.mark.skipif(
    limits_mechanism() == "rlimits", reason="only a cgroup reports a limit hit, and only then is a sandbox ended"
)

ATTACK = (
    # the program under test writes a passing reward, then runs into the verifier's limit, so test.sh
    # never reaches the line that writes the real (failing) reward
    "cat > /app/prog.py <<'PY'\nimport os, time\n"
    "open('/logs/verifier/reward.txt', 'w').write('1\\n')\n"
    "if os.fork() == 0:\n"
    "    {hit}\n"
    "time.sleep(60)\nPY\n"
)
FORK_BOMB = "[os.fork() for _ in range(400)]"
MEMORY_HOG = "hog = [bytearray(1 << 20) for _ in range(2048)]"
TASK_TOML = (
    "[verifier]\ntimeout_sec = 30.0\n[agent]\ntimeout_sec = 20.0\n[environment]\nmax_processes = 64\nmemory_mb = 256\n"
)


@pytest.mark.parametrize("hit", [FORK_BOMB, MEMORY_HOG], ids=["processes", "memory"])
def test_a_verifier_ended_for_a_limit_is_a_fault_not_the_reward_left_behind(hostile, hit: str):
    test_sh = "python3 /app/prog.py\necho 0 > /logs/verifier/reward.txt\n"
    run = hostile(ATTACK.format(hit=hit), test_sh=test_sh, task_toml=TASK_TOML, codes=None)
    for trial in run.trials:
        assert trial["verified"] is not True and trial["reward"] is None, trial
        fault = trial["fault"]
        assert fault is not None and fault["code"] == "protocol" and fault["phase"] == "verify", trial
        assert "limit" in fault["message"] and "not read" in fault["message"], fault
    assert run.code == 3, run.err  # every trial faulted: the run measured nothing, and says so


def test_the_same_task_solved_honestly_still_passes(hostile):
    """The control: the limits are not hit by a program that does its work."""
    test_sh = "python3 /app/prog.py && echo 1 > /logs/verifier/reward.txt\n"
    run = hostile("echo 'print(42)' > /app/prog.py\n", test_sh=test_sh, task_toml=TASK_TOML, codes=(0,))
    assert [t["verified"] for t in run.trials] == [True] * run.per_task
