"""A turn whose every stream the provider ended with its error event is a `provider` fault, as a 5xx/529 is (count24).

Found by reading: the provider's error inside a stream that began `200 OK` (Anthropic's `overloaded_error` event,
OpenAI's `server_error` chunk) left the call a success, so an outage that struck mid-stream had the trial scored as
the agent's own pass or fail, where the same outage answered with a 529 before the stream is a retried `provider`
fault (fault23). Now both are the same fault. Real `memeval ab`, real sandboxes, the real proxy, an upstream on
loopback replaying recorded streams with the providers' error shapes in place of their ends (tests/meter/wire_shapes).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_helpers import make_task
from wire_rig import LocalUpstream, Reply, make_agent

from wire_shapes import anthropic_overloaded, chat_error  # isort: skip  (tests/meter, put on the path by wire_rig)

TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'

ANTHROPIC_AGENT = r"""
import json, os, urllib.request
for i in range(int(os.environ.get("CALLS", "1"))):
    body = json.dumps({"model": "claude-3-opus-latest", "max_tokens": 64, "stream": True,
                       "messages": [{"role": "user", "content": "hi %d" % i}]}).encode()
    req = urllib.request.Request(os.environ["ANTHROPIC_BASE_URL"] + "/v1/messages", data=body,
        headers={"x-api-key": os.environ["ANTHROPIC_API_KEY"], "anthropic-version": "2023-06-01",
                 "content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        r.read()
open("/app/answer.txt", "w").write("42")
"""
"""Makes CALLS streamed Messages calls, reads each to its end whatever it holds, then answers 42."""


@pytest.fixture
def upstream():
    up = LocalUpstream().start()
    yield up
    up.stop()


def _check_provider_faults(code: int, doc: dict, err: str, status: int) -> None:
    assert doc, err
    for t in doc["trials"]:  # main: no fault, scored and passed (the agent wrote 42 after the "successful" calls)
        assert t["fault"] is not None and t["fault"]["code"] == "provider", t
        assert f"answered all 2 model call(s) with a server error ({status})" in t["fault"]["message"], t["fault"]
        assert (t["attempts"], t["verified"], t["assessment"]) == (2, None, "unscored"), t
        assert t["physics"]["errors"] == 2, t["physics"]
    assert code == 3, err  # every trial faulted: the run measured nothing


def test_openai_chat_streams_ended_by_a_server_error_chunk_are_a_retried_provider_fault(
    tmp_path: Path, run_ab, upstream: LocalUpstream
) -> None:
    rec, chunks = chat_error("server_error", None)
    upstream.push(*[Reply(200, headers=dict(rec.headers), chunks=chunks) for _ in range(8)])  # 2 trials x 2 x 2
    make_task(tmp_path / "tasks", "t", test_sh=TEST_SH)
    code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--agent", str(make_agent(tmp_path / "agent")),
        "--upstream", f"api=openai,url={upstream.url}/v1", "--env", "CALLS=2", "--env", "STREAM=1",
        "--concurrency", "1", "--retries", "1",
    )  # fmt: skip
    assert len(upstream.seen) == 8, err
    _check_provider_faults(code, doc, err, 500)


def test_anthropic_streams_ended_by_an_overloaded_event_are_a_retried_provider_fault(
    tmp_path: Path, run_ab, upstream: LocalUpstream
) -> None:
    rec, chunks = anthropic_overloaded()
    upstream.push(*[Reply(200, headers=dict(rec.headers), chunks=chunks) for _ in range(8)])
    make_task(tmp_path / "tasks", "t", test_sh=TEST_SH)
    agent = make_agent(tmp_path / "agent", apis='["anthropic"]', script=ANTHROPIC_AGENT)
    code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--agent", str(agent), "--upstream", f"api=anthropic,url={upstream.url}",
        "--env", "CALLS=2", "--concurrency", "1", "--retries", "1",
    )  # fmt: skip
    assert len(upstream.seen) == 8, err
    assert all(s.path == "/v1/messages" for s in upstream.seen)
    _check_provider_faults(code, doc, err, 529)
    for t in doc["trials"]:  # the usage measured before the error: each call's prompt, and no output count
        assert t["physics"]["tokens"]["input"] == 2 * 11 and t["physics"]["tokens"]["output"] is None, t["physics"]
