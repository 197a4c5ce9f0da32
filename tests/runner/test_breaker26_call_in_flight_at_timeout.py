"""A model call still in flight when the agent's turn times out is a call made, not a `boot` fault (breaker26).

An agent whose one streamed call was still running when its turn timed out (a long generation; the proxy reads a
response to its end after the agent is gone, and the runner waits `CALLS_SETTLE_S` for it) had its trial recorded
as a `boot` fault, "the agent never reached the model: it declares openai but made no call through the metering
proxy", though the call was made (`agent.exited` said `calls_in_flight: 1`, and its `model.called` followed). A
fault is not scored: a trial the agent failed by running out of time left the scored verdict, and a run of such
trials "measured nothing" (exit 3). Now the trial is what it was, `timed_out` and scored (a fail here), and the
call is on its record once the upstream ends. Real `memeval ab`, real sandboxes, the real proxy, an upstream on
loopback that streams past the turn's end and the settle wait. The settle wait is set to `SETTLE_S` for the run
(`MEMEVAL_CALLS_SETTLE_S`; 30 s by default, which the test waited out whole): the call still outlasts it, as the
turn's `agent.exited` says (`calls_in_flight: 1`).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from patience import patient
from runner_helpers import REPO, make_task
from wire_rig import LocalUpstream, make_agent

from memeval.runner._runmeter import SETTLE_ENV

AGENT_TURN_S = 3.0
"""The agent's turn on a quiet machine: time for the sandbox and python3 to start and the call to reach the proxy.
Scaled by the load when the test runs, not when the module is collected (collected at load 1, it ran at load 6 with
2 s in one suite: the agent never reached the model, a `boot` fault)."""

CALLER = r"""
import json, os, urllib.request
body = json.dumps({"model": "gpt-4o-mini", "max_tokens": 4000, "stream": True,
                   "messages": [{"role": "user", "content": "write a long story"}]}).encode()
req = urllib.request.Request(os.environ["OPENAI_BASE_URL"] + "/chat/completions", data=body,
    headers={"authorization": "Bearer " + os.environ["OPENAI_API_KEY"], "content-type": "application/json"})
with urllib.request.urlopen(req, timeout=600) as r:
    r.read()
open("/app/answer.txt", "w").write("42")
"""

SETTLE_S = 5.0
"""The runner's wait for calls in flight after the turn, set for the run (s). Not scaled by the load: the call is
meant to outlast it, and the stream ends 3 s after it as it did after the default 30 s."""

TEST_SH = 'if [ "$(cat /app/answer.txt 2>/dev/null)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'


class LongStream(LocalUpstream):
    """Answers every chat call with a stream of text deltas for `stream_s` seconds, then its usage and `[DONE]`."""

    stream_s = 0.0
    """How long it streams: past the turn's end and the runner's wait for calls in flight (set by the test)."""

    async def app(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        while (await receive()).get("more_body"):
            pass
        head = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o-mini"}
        delta = {**head, "choices": [{"index": 0, "delta": {"content": "once"}, "finish_reason": None}]}
        last = {**head, "choices": [{"index": 0, "delta": {}, "finish_reason": "length"}]}
        usage = {**head, "choices": [], "usage": {"prompt_tokens": 12, "completion_tokens": 4000, "total_tokens": 4012}}
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/event-stream")]})
        loop = asyncio.get_running_loop()
        end = loop.time() + self.stream_s
        while loop.time() < end:
            await send({"type": "http.response.body", "body": b"data: " + json.dumps(delta).encode() + b"\n\n",
                        "more_body": True})  # fmt: skip
            await asyncio.sleep(0.25)
        tail = b"".join(b"data: " + json.dumps(e).encode() + b"\n\n" for e in (last, usage)) + b"data: [DONE]\n\n"
        await send({"type": "http.response.body", "body": tail, "more_body": False})


@pytest.mark.slow
def test_a_call_in_flight_at_the_timeout_leaves_the_trial_timed_out_and_scored(tmp_path: Path) -> None:
    turn = patient(AGENT_TURN_S)
    upstream = LongStream()
    upstream.stream_s = turn + SETTLE_S + 3.0
    up = upstream.start()
    toml = f"[verifier]\ntimeout_sec = 20.0\n[agent]\ntimeout_sec = {turn}\n"
    make_task(tmp_path / "tasks", "slow", test_sh=TEST_SH, task_toml=toml)
    agent = make_agent(tmp_path / "agent", script=CALLER)
    try:
        res = subprocess.run(
            [sys.executable, "-m", "memeval", "ab", str(tmp_path / "tasks"), "--agent", str(agent),
             "--upstream", f"api=openai,url={up.url}/v1", "--runs-dir", str(tmp_path / "runs"), "--json"],
            cwd=REPO, env={**os.environ, SETTLE_ENV: f"{SETTLE_S:g}"}, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
    finally:
        up.stop()
    assert res.returncode == 0, res.stderr[-3000:]  # main: 3, "measured nothing: every trial faulted ... boot"
    doc = json.loads(res.stdout)
    got = [(t["fault"], t["execution"], t["assessment"], t["verified"]) for t in doc["trials"]]
    assert got == [(None, "timed_out", "scored", False)] * 2, got  # main: fault boot, "made no call"
    assert doc["verdict"]["faults"] == {"baseline": 0, "pack": 0}
    assert doc["verdict"]["pass_rate_baseline"] == 0.0 and doc["verdict"]["pass_rate_pack"] == 0.0
    for t in doc["trials"]:
        assert t["physics"]["engine_calls"] == 1 and t["physics"]["tokens"]["output"] == 4000, t["physics"]
    (log,) = (tmp_path / "runs").glob("*/events.jsonl")
    exited = [json.loads(line) for line in log.read_text().splitlines() if '"agent.exited"' in line]
    assert [e["calls_in_flight"] for e in exited] == [1, 1], exited  # the call outlasted the settle wait
