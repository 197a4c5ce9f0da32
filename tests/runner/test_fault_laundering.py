"""An agent that turns its own failures into harness faults in one arm cannot launder a verdict.

A/A run (no pack: both arms are the same agent, cold). The agent passes every task's first repeat
and fails its second, in both arms alike; in the pack arm only, instead of failing it leaves its
answer file as a FIFO, so the verifier blocks on it and the trial ends as a verifier `timeout`
fault. On the scored trials alone the pack arm looks better on every task (1/1 against 1/2);
with its faults counted against that, there is no difference, so the verdict is `unresolved`.

The verifier's budget is 2 s on a quiet machine and scaled by `patience` on a busy one: the FIFO
trials block forever, so they still run over it, and the honest verifiers (a `cat` in a sandbox)
keep their headroom.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from patience import patient
from runner_helpers import make_task

AGENT = (
    "bash -c '"
    "rep=${MEMEVAL_TRIAL_ID##*:}; "
    'case "$MEMEVAL_TRIAL_ID" in *:pack:*) arm=pack;; *) arm=baseline;; esac; '
    'if [ "$rep" = 1 ]; then echo 42 > answer.txt; '
    'elif [ "$arm" = pack ]; then mkfifo answer.txt; '
    "else echo 0 > answer.txt; fi'"
)
TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'


@pytest.mark.slow
def test_laundering_faults_in_one_arm_gives_unresolved(tmp_path: Path, run_ab) -> None:
    tasks = tmp_path / "tasks"
    for i in range(10):
        make_task(tasks, f"t{i:02d}", test_sh=TEST_SH)
    code, doc, err = run_ab(
        str(tasks),
        "--agent", "command", "--agent-cmd", AGENT,
        "--network", "none", "--repeats", "2", "--verifier-timeout", f"{patient(2):.1f}",
    )  # fmt: skip
    v = doc["verdict"]
    faults = [t for t in doc["trials"] if t["fault"]]
    assert {(t["mode"], t["repeat"], t["fault"]["code"]) for t in faults} == {("pack", 2, "timeout")}, err
    assert len(faults) == 10
    # the scored trials alone say `better` (p = 2/1024), which the faults could have produced
    assert v["verdict_scored"] == "better" and v["reason_scored"] == "significant"
    assert v["verdict_faults_against"] == "unresolved"
    assert v["verdict"] == "unresolved" and v["reason"].startswith("faults_could_change_it(10 faulted")
    assert code == 0, err  # trials were scored: an honest unresolved, not a run that measured nothing


def test_faults_in_the_arm_that_looks_worse_cannot_overturn_it() -> None:
    from memeval.stats import TaskTrials, TrialObs, paired_verdict

    def arm(*outcomes: str) -> tuple[TrialObs, ...]:
        return tuple(TrialObs(outcome=o) for o in outcomes)  # type: ignore[arg-type]

    # pack passes everywhere, baseline fails everywhere; a baseline fault, counted as a pass
    # against `better`, cannot change a 10-task sweep
    tasks = [
        TaskTrials(task_id=f"t{i}", baseline=arm("fail", "fault" if i == 0 else "fail"), pack=arm("pass", "pass"))
        for i in range(12)
    ]
    v = paired_verdict(tasks, boot_resamples=99)
    assert v.verdict == v.verdict_scored == v.verdict_faults_against == "better"
    assert v.reason == "significant"
