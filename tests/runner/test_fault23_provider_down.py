"""A turn whose every model call the provider answered with a 5xx is a retried `provider` fault, not the agent's fail.

Found by the breaker: only calls the proxy could not deliver counted as the harness's; a provider that was up but
answered 503 / 529 overloaded to every call had the trial scored as the agent's failure, so an outage hitting one
arm moved the verdict. Now such a turn is a `provider` fault: never scored, retried by `--retries`. A turn with one
successful call, or answered 429 (an agent can provoke rate limits by flooding), stays scored. Real `memeval ab`,
real sandboxes, the real proxy, a scripted upstream on loopback.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from runner_helpers import make_task
from wire_rig import LocalUpstream, Reply, make_agent, recorded, reply_of

TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
OK = "12-recorded-prompt-cache-write-then-read/1-200.json"


def _error(status: int, kind: str) -> Reply:
    """An error answer of the provider, in the shape of the OpenAI API's `error` objects."""
    body = json.dumps({"error": {"message": kind, "type": kind, "param": None, "code": kind}})
    return Reply(status, chunks=[body.encode()], content_length=True)


@pytest.fixture
def upstream():
    up = LocalUpstream().start()
    yield up
    up.stop()


def _run(tmp_path: Path, run_ab, upstream: LocalUpstream, calls: int) -> tuple[int, dict, str]:
    make_task(tmp_path / "tasks", "t", test_sh=TEST_SH)
    return run_ab(
        str(tmp_path / "tasks"), "--agent", str(make_agent(tmp_path / "agent")),
        "--upstream", f"api=openai,url={upstream.url}/v1", "--env", f"CALLS={calls}",
        "--concurrency", "1", "--retries", "1",  # one queue of replies: each attempt takes its own in turn
    )  # fmt: skip


def test_a_turn_the_provider_answered_only_with_5xx_is_a_retried_provider_fault(
    tmp_path: Path, run_ab, upstream
) -> None:
    # 2 trials x 2 attempts, each attempt's two calls answered 503 then 529 (overloaded)
    upstream.push(*[_error(503, "service_unavailable"), _error(529, "overloaded_error")] * 4)
    code, doc, err = _run(tmp_path, run_ab, upstream, calls=2)
    assert len(upstream.seen) == 8, err  # every call reached the provider: delivered, answered down
    for t in doc["trials"]:
        assert t["fault"]["code"] == "provider", t
        assert "answered all 2 model call(s) with a server error (503, 529)" in t["fault"]["message"]
        assert t["attempts"] == 2 and t["verified"] is None, t  # retried, never scored
    assert code == 3, err  # every trial faulted: the run measured nothing


def test_a_turn_with_one_success_or_only_429s_stays_scored(tmp_path: Path, run_ab, upstream) -> None:
    upstream.push(*[_error(503, "service_unavailable"), reply_of(recorded(OK))] * 2)
    code, doc, err = _run(tmp_path / "some-ok", run_ab, upstream, calls=2)
    assert code == 0 and len(upstream.seen) == 4, err
    for t in doc["trials"]:
        assert t["fault"] is None and t["attempts"] == 1 and t["verified"] is True, t
    upstream.push(*[_error(429, "rate_limit_exceeded")] * 2)
    code, doc, err = _run(tmp_path / "limited", run_ab, upstream, calls=1)
    assert code == 0 and len(upstream.seen) == 6, err
    for t in doc["trials"]:
        assert t["fault"] is None and t["attempts"] == 1 and t["verified"] is True, t
