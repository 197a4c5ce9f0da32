"""Harbor's reward rules: multi-key reward.json read as Harbor's verifier and metric read it, and
`--reward-key` to name the key that counts (recorded on the run card)."""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_helpers import make_task

from memeval.runner import RewardError, interpret_rewards


@pytest.mark.parametrize(
    ("doc", "txt", "key", "want"),
    [
        ({"reward": 1.0, "f2p_passed": 3, "f2p_total": 3}, None, None, (1.0, "reward.json:reward")),
        ({"score": 0.5, "details": "3 of 6", "resolved": True}, None, None, (0.5, "reward.json:score")),
        ({"tests_passed": 4, "tests_total": 5}, "1\n", None, (1.0, "reward.txt")),  # txt fills `reward`
        ({"reward": 0.0}, "1", None, (0.0, "reward.json:reward")),  # reward.json wins over reward.txt
        ({"correctness": 1, "style": 0.25}, None, "correctness", (1.0, "reward.json:correctness")),
        ({"correctness": 1, "reward": 0.25}, None, "correctness", (1.0, "reward.json:correctness")),
        (None, "0.75", "anything", (0.75, "reward.txt")),  # reward.txt alone is its one reward
    ],
)
def test_which_reward_counts(doc: object, txt: str | None, key: str | None, want: tuple[float, str]) -> None:
    r = interpret_rewards(doc, txt, key)
    assert (r.value, r.source) == want


@pytest.mark.parametrize(
    ("doc", "txt", "key", "match"),
    [
        (
            {"correctness": 1, "style": 0.25},
            None,
            None,
            r"none is `reward`: name the one that counts with --reward-key",
        ),
        ({"correctness": 1}, None, "style", r"no number under 'style' .* under \['correctness'\]"),
        ({"reward": True}, None, None, r"numbers under no key"),
        ([1, 2], None, None, "must be an object"),
        ({"reward": 3}, None, None, r"outside \[0, 1\]"),
        ({"f2p": 2}, "high", None, "not a number"),
        ({"reward": "1"}, "1", None, r"JSON string under 'reward', not a number"),  # reward.txt no stand-in
        ({"score": [1]}, None, "score", r"JSON array under 'score', not a number"),
    ],
)
def test_a_reward_that_cannot_count_is_refused_naming_the_fix(doc: object, txt: str | None, key: str | None,
                                                             match: str) -> None:  # fmt: skip
    with pytest.raises(RewardError, match=match):
        interpret_rewards(doc, txt, key)


MULTI = """echo '{"correctness": 1, "style": 0.5, "notes": "ok"}' > /logs/verifier/reward.json\n"""


def test_a_multi_key_reward_json_is_scored_under_the_named_key_and_pinned_on_the_card(tmp_path: Path,
                                                                                      run_ab) -> None:  # fmt: skip
    make_task(tmp_path / "tasks", "t", test_sh=MULTI)
    args = (str(tmp_path / "tasks"), "--agent", "nop", "--network", "none")
    code, doc, err = run_ab(*args)
    assert code == 3, err  # without a key Harbor's rule has no reward that counts: protocol faults
    assert {t["fault"]["code"] for t in doc["trials"]} == {"protocol"}
    assert "--reward-key" in doc["trials"][0]["fault"]["message"]
    code, doc, err = run_ab(*args, "--reward-key", "correctness")
    assert code == 0, err
    assert doc["run_card"]["reward_key"] == "correctness"
    for t in doc["trials"]:
        assert t["verified"] is True and t["reward"] == 1.0
        assert t["checks"][0]["reward_source"] == "reward.json:correctness"
    code, doc, err = run_ab(*args, "--reward-key", "style")
    assert all(t["verified"] is False and t["reward"] == 0.5 for t in doc["trials"]), err
