"""An agent cannot re-roll its trial by never calling the model it declares.

Found by the breaker: an agent whose `agent.toml` declares model APIs and that made no call through the
metering proxy had its trial recorded as a `boot` fault ("the agent never reached the model"), and `boot`
faults are retried: whether to call is the agent's choice, so an agent unsure of its answer could turn
any trial into a retried fault at will, while README said an agent cannot fake a `boot` fault. That
fault is still a fault (never scored, counted against the verdict, a run of nothing else measured
nothing), but it is no longer retried: only a `boot` fault raised before the agent ran (on what the
sandbox reports on a pipe the agent never holds) is. Real `memeval ab`, real sandboxes, real proxy.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_helpers import make_task
from wire_rig import LocalUpstream, make_agent

from memeval.eventlog import AgentExited, FaultRaised, TrialEnded, TrialStarted
from memeval.runner._history import History

TEST_SH = 'if [ "$(cat /app/answer.txt 2>/dev/null)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'


@pytest.mark.slow
def test_an_agent_that_never_calls_the_model_gets_no_retry(tmp_path: Path, run_ab) -> None:
    up = LocalUpstream().start()
    make_task(tmp_path / "tasks", "t", test_sh=TEST_SH)
    try:
        code, doc, err = run_ab(
            str(tmp_path / "tasks"), "--agent", str(make_agent(tmp_path / "agent")),
            "--upstream", f"api=openai,url={up.url}/v1", "--env", "CALLS=0", "--retries", "2",
        )  # fmt: skip
    finally:
        up.stop()
    assert code == 3, err  # still a fault: the run measured nothing
    assert up.seen == []
    assert len(doc["trials"]) == 2
    for t in doc["trials"]:
        assert t["fault"]["code"] == "boot" and t["fault"]["message"].startswith("the agent never reached the model")
        assert t["attempts"] == 1, t  # it was given 3 (the first and two retries)


def _attempt(tid: str, n: int, execution: str | None) -> list:
    evs: list = [TrialStarted(trial_id=tid, attempt=n)]
    if execution is not None:
        evs.append(AgentExited(trial_id=tid, execution=execution, exit_code=0, duration_ms=1))
    evs.append(FaultRaised(trial_id=tid, code="boot", phase="agent" if execution else "build", message="m"))
    evs.append(TrialEnded(trial_id=tid, attempt=n, assessment="unscored"))
    return evs


def test_only_a_boot_fault_raised_before_the_agent_ran_is_retried() -> None:
    h = History(
        [*_attempt("build", 1, None), *_attempt("sandbox", 1, "not_started"), *_attempt("agent", 1, "completed")]
    )
    assert h.needs_attempt("build", retries=1)  # the world was never built
    assert h.needs_attempt("sandbox", retries=1)  # the sandbox never started the agent
    assert not h.needs_attempt("agent", retries=1)  # the agent ran and chose not to call
    # the rule is per attempt: a later attempt that never started is retried again
    for ev in _attempt("agent", 2, "not_started"):
        h.fold(ev)
    assert h.needs_attempt("agent", retries=2) and not h.needs_attempt("agent", retries=1)
