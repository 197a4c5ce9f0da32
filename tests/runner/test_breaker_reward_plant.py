"""The program the tests run plants a reward of its own that test.sh's own write never replaces.

The tests in these tasks follow the design memeval's README recommends: they run the agent's program as a
subprocess and write the reward themselves from its output. The program under test shares test.sh's rights in
the verifier, so it can write into `/logs/verifier` too. None of these agents solves the task; none may pass.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile import write_prog
from runner_helpers import make_task

from memeval.runner._verify import RewardError, read_reward

CHECK_OUTPUT = (
    "out=$(python3 /app/prog.py 2>/dev/null)\n"
    'if [ "$out" = "5" ]; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi\n'
)
CHECK_OUTPUT_JSON = (
    "out=$(python3 /app/prog.py 2>/dev/null)\n"
    'if [ "$out" = "5" ]; then r=1; else r=0; fi\n'
    'echo "{\\"correctness\\": $r}" > /logs/verifier/reward.json\n'
)

PLANTS = {
    # Harbor's reward.json wins over reward.txt: a plant of it outranks test.sh's failing reward.txt
    "json-over-txt": (
        CHECK_OUTPUT,
        "import json\njson.dump({'reward': 1}, open('/logs/verifier/reward.json', 'w'))\nprint(4)\n",
    ),
    # test.sh writes one named reward without `reward`: a reward.txt fills `reward` in and is the one counted
    "txt-fills-reward": (CHECK_OUTPUT_JSON, "open('/logs/verifier/reward.txt', 'w').write('1\\n')\nprint(4)\n"),
}


@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_a_reward_the_tested_program_plants_is_never_a_pass(hostile, plant: str):
    test_sh, prog = PLANTS[plant]
    run = hostile(write_prog(prog), test_sh=test_sh, codes=(3,))  # every trial's verifier contradicted itself
    for trial in run.trials:
        assert trial["verified"] is not True, trial
        assert trial["reward"] is None, trial
        assert trial["fault"]["code"] == "protocol", trial["fault"]
        assert "can write either file" in trial["fault"]["message"], trial["fault"]


def test_a_task_that_writes_both_files_alike_still_passes(tmp_path: Path, run_ab):
    tasks = tmp_path / "tasks"
    both = 'echo 1 > /logs/verifier/reward.txt\necho \'{"reward": 1.0, "passed": 3}\' > /logs/verifier/reward.json\n'
    make_task(tasks, "t", test_sh=both)
    code, doc, err = run_ab(str(tasks), "--agent", "nop", "--network", "none")
    assert code == 0, err
    assert all(t["verified"] is True and t["fault"] is None for t in doc["trials"]), doc["trials"]


@pytest.mark.parametrize(
    ("doc", "txt", "key", "want"),
    [
        ('{"reward": 1}', "1\n", None, 1.0),  # both alike
        ('{"reward": 0.5, "style": 1}', "0.5", None, 0.5),
        ('{"passed": 3, "total": 4}', "0", None, 0.0),  # details beside the reward.txt that counts
        ('{"correctness": 1, "reward": 0.25}', "0.25", "correctness", 1.0),
        ('{"correctness": 1}', "0", "correctness", 1.0),  # the named key counts whatever reward.txt says
        ('{"reward": 1}', "PASSED\n", None, 1.0),  # a reward.txt that is not a number: ignored, as Harbor does
    ],
)
def test_files_that_agree_are_read_as_harbor_reads_them(tmp_path: Path, doc: str, txt: str, key, want: float):
    (tmp_path / "reward.json").write_text(doc)
    (tmp_path / "reward.txt").write_text(txt)
    assert read_reward(tmp_path, key).value == want


@pytest.mark.parametrize(
    ("doc", "txt", "key"),
    [
        ('{"reward": 1}', "0\n", None),
        ('{"reward": 0}', "1", None),
        ('{"reward": 0, "correctness": 1}', "1", "correctness"),
        ('{"correctness": 0}', "1", None),  # reward.txt would fill `reward` in over the one named reward
    ],
)
def test_files_that_disagree_are_a_protocol_fault(tmp_path: Path, doc: str, txt: str, key):
    (tmp_path / "reward.json").write_text(doc)
    (tmp_path / "reward.txt").write_text(txt)
    with pytest.raises(RewardError, match="can write either file"):
        read_reward(tmp_path, key)
