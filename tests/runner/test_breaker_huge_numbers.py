"""Numbers past a float or past Python's int-from-text limit, written by the agent's side, never crash a run.

Found by a breaker: a `reward.json` of `{"reward": 10**400}` (valid JSON) raised OverflowError converting it to a
float, and one of 5,000 digits raised ValueError from `json.loads` (Python's int-from-text limit, 4,300 digits),
neither a `RewardError`: the trial's thread died instead of recording a `protocol` fault. The same numbers in the
agent's claim file (`usage`) or a preset's output crashed the claim step. Now they are a malformed reward (a
fault, never a pass) and an unreadable claim (kept as text, never counted). Real files, read as the runner reads
them; one real `memeval ab` with a verifier that writes such a reward.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from runner_helpers import make_task

from memeval.agents import parse_claim
from memeval.eventlog import Event, RunLog
from memeval.runner._outputs import record_claim
from memeval.runner._verify import RewardError, read_reward

BIG = [str(10**400), "1" + "0" * 5000, "-" + "9" * 5000, "1e999", "-1e999", "NaN", "Infinity"]


@pytest.mark.parametrize("number", BIG, ids=lambda n: n[:6] + f"-{len(n)}")
@pytest.mark.parametrize("key", ["reward", "other"])
def test_a_reward_number_past_a_float_is_a_malformed_reward(tmp_path: Path, number: str, key: str) -> None:
    (tmp_path / "reward.json").write_text(f'{{"reward": {number}}}')
    if key == "other":  # under a key that does not count too: a file holding such a number is malformed whole
        (tmp_path / "reward.json").write_text(f'{{"other": {number}, "reward": 1}}')
    with pytest.raises(RewardError) as exc:
        read_reward(tmp_path)
    assert number[:50] not in str(exc.value) or number in ("NaN", "Infinity")  # the file's content is never echoed


@pytest.mark.parametrize("number", BIG[:3], ids=["400-digits", "5001-digits", "neg-5001-digits"])
def test_reward_txt_with_a_huge_number_is_a_malformed_reward(tmp_path: Path, number: str) -> None:
    (tmp_path / "reward.txt").write_text(number + "\n")
    with pytest.raises(RewardError):
        read_reward(tmp_path)


class _Sink:
    def __init__(self) -> None:
        self.events: list[Event] = []

    def append(self, ev: Event) -> Event:
        self.events.append(ev)
        return ev


@pytest.mark.parametrize("number", BIG, ids=lambda n: n[:6] + f"-{len(n)}")
def test_a_claim_file_with_a_huge_number_is_kept_as_text_and_logs_as_json(tmp_path: Path, number: str) -> None:
    claim = tmp_path / "claim.json"
    claim.write_text(f'{{"message": "done", "usage": {{"input_tokens": {number}, "cost_usd": {number}}}}}')
    stdout = tmp_path / "stdout.txt"
    stdout.write_text("")
    sink = _Sink()
    record_claim("t:pack:1", claim, stdout, None, scrub=lambda b: b, log=sink)  # type: ignore[arg-type]
    (ev,) = sink.events
    dumped = ev.model_dump(mode="json")
    assert dumped["self_reported"] is None  # what the agent says it used is not a number memeval can hold
    log = RunLog(tmp_path)
    log.append(ev)  # the log's own writer: one line of strict JSON
    line = (tmp_path / "events.jsonl").read_text()
    json.loads(line, parse_constant=lambda c: pytest.fail(f"the log holds {c}, which is not JSON"))


@pytest.mark.parametrize("number", BIG, ids=lambda n: n[:6] + f"-{len(n)}")
@pytest.mark.parametrize(
    "fmt,template",
    [
        ("claude-stream-json", '{{"type": "result", "result": "ok", "total_cost_usd": {n}, "num_turns": {n}}}'),
        ("codex-jsonl", '{{"type": "turn.completed", "usage": {{"input_tokens": {n}}}}}'),
        ("opencode-jsonl", '{{"type": "step_finish", "part": {{"cost": {n}, "tokens": {{"input": {n}}}}}}}'),
        ("gemini-json", '{{"response": "ok", "stats": {{"models": {{"m": {{"api": {{"totalRequests": {n}}}}}}}}}}}'),
        ("aider-text", "Tokens: {d} sent, 3 received. Cost: $0.01 message, ${d} session."),
    ],
)
def test_a_preset_output_with_a_huge_number_never_crashes_and_reports_no_such_number(
    fmt: str, template: str, number: str
) -> None:
    digits = number.lstrip("-") if number.lstrip("-").isdigit() else "9" * 400
    out = template.format(n=number, d=digits)
    claim = parse_claim(fmt, out + "\n")  # type: ignore[arg-type]
    text = json.dumps(claim.self_reported, allow_nan=False)  # every number in it is a finite JSON number
    assert len(text) < 2000


def test_a_verifier_writing_a_huge_reward_is_a_protocol_fault_never_a_crash(tmp_path: Path, run_ab) -> None:
    test_sh = "printf '{\"reward\": 1%05000d}' 0 > /logs/verifier/reward.json\n"
    make_task(tmp_path / "tasks", "big", test_sh=test_sh)
    code, doc, err = run_ab(str(tmp_path / "tasks"), "--agent", "command", "--agent-cmd", "true", "--network", "none")
    assert code == 3, err  # every trial faulted: nothing measured, said as such (a crash was exit 1 with a traceback)
    assert "every trial faulted (2 trials: protocol)" in err
    assert len(doc["trials"]) == 2
    for t in doc["trials"]:
        assert t["verified"] is None and t["fault"]["code"] == "protocol", t  # a fault: never scored
        assert "reward.json holds an integer of 5001 digits" in t["fault"]["message"], t["fault"]
