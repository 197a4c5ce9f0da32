"""JSON the agent controls, nested deeper than Python's parser recurses, read on the host: a
`claim.json` written by the agent, or a `reward.json` written by the agent's program while the
tests run it. The RecursionError crashed the whole `memeval ab` run with a traceback. A claim is
then kept as text; a reward file the host cannot read is a verifier error, never a pass."""

from __future__ import annotations

from pathlib import Path

from runner_helpers import MINI, make_task, trials_by_id

DEEP = "'['*5000+']'*5000"


def test_a_deeply_nested_claim_is_kept_as_text_and_the_run_goes_on(tmp_path: Path, run_ab) -> None:
    agent = f"python3 -c \"open('/run/memeval/out/claim.json','w').write({DEEP})\""
    code, doc, err = run_ab(
        str(MINI), "--tasks", "greet", "--network", "none", "--agent", "command", "--agent-cmd", agent
    )
    assert code in (0, 1), err
    for t in trials_by_id(doc).values():
        assert t["fault"] is None and t["claim"] is not None, t


def test_a_deeply_nested_reward_json_is_not_a_pass(tmp_path: Path, run_ab) -> None:
    make_task(tmp_path / "tasks", "t", test_sh=f"python3 -c \"open('/logs/verifier/reward.json','w').write({DEEP})\"\n")
    code, doc, err = run_ab(str(tmp_path / "tasks"), "--network", "none", "--agent", "nop")
    assert code in (0, 1, 3), err
    for t in trials_by_id(doc).values():
        assert t["verified"] is not True and t["assessment"] != "scored", t
