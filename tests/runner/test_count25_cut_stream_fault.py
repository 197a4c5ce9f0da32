"""A turn whose every stream the provider's connection cut mid-response is a `provider` fault (count25).

Found by reading `CallStats.note`: a call whose upstream connection failed after its `200 OK` began (the provider's
server or its network dropping the stream) counted as a success, so a turn in which the provider cut every stream
was scored as the agent's own fail (a zero in the paired table) where the same outage answered with a 502 before the
stream, or ended by an `overloaded_error` event inside it (count24), is a retried `provider` fault. Now a cut
connection is the provider's failure too. Real `memeval ab`, real sandboxes, the real proxy, and an upstream on
loopback replaying a recorded Chat Completions stream and dropping the connection halfway.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_helpers import make_task
from wire_rig import LocalUpstream, Reply, make_agent, recorded

TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'


@pytest.fixture
def upstream():
    up = LocalUpstream().start()
    yield up
    up.stop()


def test_a_turn_whose_every_stream_was_cut_mid_response_is_a_retried_provider_fault(
    tmp_path: Path, run_ab, upstream: LocalUpstream
) -> None:
    rec = recorded("11-sse-parallel-tool-calls-include-usage.sse")
    half = rec.chunks()[: len(rec.chunks()) // 2]
    upstream.push(*[Reply(200, headers=dict(rec.headers), chunks=half, cut=True) for _ in range(8)])  # 2 x 2 x 2
    make_task(tmp_path / "tasks", "t", test_sh=TEST_SH)
    code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--agent", str(make_agent(tmp_path / "agent")),
        "--upstream", f"api=openai,url={upstream.url}/v1", "--env", "CALLS=2", "--env", "STREAM=1",
        "--concurrency", "1", "--retries", "1",
    )  # fmt: skip
    assert doc, err
    for t in doc["trials"]:  # main: no fault, scored and passed (the agent wrote 42 after its "successful" calls)
        assert t["fault"] is not None and t["fault"]["code"] == "provider", t
        assert "all 2 model call(s)" in t["fault"]["message"] and "cut mid-response" in t["fault"]["message"], t
        assert (t["attempts"], t["verified"], t["assessment"]) == (2, None, "unscored"), t
        assert t["physics"]["cost_usd"] is None, t["physics"]  # and no known cost: no usage came
    assert len(upstream.seen) == 8, err  # each trial's turn tried again once (main: 4, no retry)
    assert code == 3, err  # every trial faulted: the run measured nothing
