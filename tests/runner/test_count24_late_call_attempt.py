"""A model call that ends after its attempt counts against that attempt, not the retry that started meanwhile (count24).

Found by reading: `model.called` named its trial but not its attempt, so the projection counted every call in the
trial's latest attempt at that point of the log. A call still in flight when its attempt ended (the upstream silent
past the runner's settle wait, `CALLS_SETTLE_S`) is logged when it ends; if a retry had started by then, the first
attempt's call was counted in the retry's figures: its calls, tokens and cost, so in the cost of a pass too. Now the
call's line names its attempt (`model.called` v3) and counts there.

Real `memeval ab`, real sandboxes, the real proxy, an upstream on loopback replaying a recorded OpenAI chat stream.
The first attempt's turn makes two calls: one the upstream holds after its first event, and one it answers 503
(the OpenAI API's `error` object), so the turn is a retried `provider` fault with a call in flight. The held call is
let go once the log shows the retry's `trial.started`. This test waits out the runner's settle wait, set to
`SETTLE_S` for the run (`MEMEVAL_CALLS_SETTLE_S`; the default 30 s was most of the test's time).
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from patience import patient
from runner_helpers import make_task
from wire_rig import LocalUpstream, make_agent, recorded

from memeval.runner._runmeter import SETTLE_ENV

from meter_upstream import read_body  # isort: skip  (tests/meter, put on the path by wire_rig)

STREAM = recorded("11-sse-parallel-tool-calls-include-usage.sse")
"""A recorded chat stream with its usage chunk (gpt-4o-2024-08-06: priced): every answer that succeeds."""

SETTLE_S = 3.0
"""The runner's wait for calls in flight after a turn, set for the run (s). Not scaled by the load: the held call
outlasts any wait, as it is let go only once the retry started."""

TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'

AGENT = r"""
import json, os, threading, time, urllib.request

def post(label):
    body = json.dumps({"model": "gpt-4o", "stream": True, "stream_options": {"include_usage": True},
                       "messages": [{"role": "user", "content": label}]}).encode()
    req = urllib.request.Request(os.environ["OPENAI_BASE_URL"] + "/chat/completions", data=body,
        headers={"authorization": "Bearer " + os.environ["OPENAI_API_KEY"], "content-type": "application/json"})
    return urllib.request.urlopen(req, timeout=600)

begun = threading.Event()

def held():
    with post("held") as r:
        r.readline()  # its first event: the upstream has it
        begun.set()
        r.read()

threading.Thread(target=held, daemon=True).start()
begun.wait(120)
try:
    with post("main") as r:
        r.read()
except Exception as exc:  # an error answer is the agent's to handle
    print(exc)
time.sleep(1)
open("/app/answer.txt", "w").write("42")
"""
"""Starts the `held` call, waits for its first event, makes the `main` call, answers (the held call may still run)."""


class HoldingUpstream(LocalUpstream):
    """Answers the first `held` call's first event, then waits for the retry's `trial.started` in `runs`; the first
    `main` call with 503; every other call with `STREAM` at once."""

    def __init__(self, runs: Path) -> None:
        super().__init__()
        self.runs = runs
        self.labels: list[str] = []
        self.released_after_retry: bool | None = None

    def _retry_started(self) -> bool:
        deadline = time.monotonic() + patient(240.0)
        while time.monotonic() < deadline:
            for log in self.runs.glob("*/events.jsonl"):
                for line in log.read_text(encoding="utf-8").splitlines():
                    if '"event":"trial.started"' in line and json.loads(line).get("attempt") == 2:
                        return True
            time.sleep(0.1)
        return False

    async def app(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        label = json.loads(await read_body(receive))["messages"][0]["content"]
        first = label not in self.labels
        self.labels.append(label)
        if label == "main" and first:
            error = {"error": {"message": "The server is overloaded.", "type": "server_error", "param": None,
                               "code": None}}  # fmt: skip
            data = json.dumps(error).encode()
            head = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
            await send({"type": "http.response.start", "status": 503, "headers": head})
            await send({"type": "http.response.body", "body": data, "more_body": False})
            return
        chunks = STREAM.chunks()
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/event-stream")]})
        await send({"type": "http.response.body", "body": chunks[0], "more_body": True})
        if label == "held" and first:
            self.released_after_retry = await asyncio.to_thread(self._retry_started)
        for chunk in chunks[1:]:
            await send({"type": "http.response.body", "body": chunk, "more_body": True})
        await send({"type": "http.response.body", "body": b"", "more_body": False})


@pytest.mark.slow
def test_a_call_that_ends_during_the_retry_counts_against_its_own_attempt(
    tmp_path: Path, run_ab, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SETTLE_ENV, f"{SETTLE_S:g}")  # run_ab runs memeval in this process
    up = HoldingUpstream(tmp_path / "runs").start()
    make_task(tmp_path / "tasks", "t", test_sh=TEST_SH)
    try:
        code, doc, err = run_ab(
            str(tmp_path / "tasks"), "--agent", str(make_agent(tmp_path / "agent", script=AGENT)),
            "--upstream", f"api=openai,url={up.url}/v1", "--concurrency", "1", "--retries", "1",
        )  # fmt: skip
    finally:
        up.stop()
    assert up.released_after_retry is True, err  # the held call ended after the retry began
    assert code == 0, err
    by_attempts = {t["attempts"]: t for t in doc["trials"]}
    assert sorted(by_attempts) == [1, 2], [(t["trial_id"], t["attempts"], t["fault"]) for t in doc["trials"]]
    once, retried = by_attempts[1], by_attempts[2]
    assert once["verified"] is True and retried["verified"] is True, doc["trials"]
    one_call_usd = once["physics"]["cost_usd"] / 2  # its two calls: STREAM twice
    assert one_call_usd > 0

    first, second = retried["spend"]
    assert first["attempt"] == 1 and second["attempt"] == 2
    # attempt 1: the 503 and the held call, whose cost is its own; main: 1 call, $0 (the held one went to attempt 2)
    assert (first["calls"], first["cost_usd"]) == (2, pytest.approx(one_call_usd)), retried["spend"]
    # the retry made two calls; main: 3, and the first attempt's call in its tokens and cost
    assert (second["calls"], second["cost_usd"]) == (2, pytest.approx(2 * one_call_usd)), retried["spend"]
    assert retried["physics"]["engine_calls"] == 2, retried["physics"]
    assert retried["physics"]["cost_usd"] == pytest.approx(2 * one_call_usd)
    assert retried["physics"]["tokens"]["output"] == once["physics"]["tokens"]["output"] == 2 * 60

    events = [json.loads(line) for line in next((tmp_path / "runs").glob("*/events.jsonl")).read_text().splitlines()]
    calls = [(e["trial_id"], e.get("attempt")) for e in events if e["event"] == "model.called"]
    assert calls.count((retried["trial_id"], 1)) == 2 and calls.count((retried["trial_id"], 2)) == 2, calls
    # the cost of a pass counts a trial's every attempt (`trial_obs`): the held call once, in attempt 1's spend
    cost = doc["verdict"]["cost_of_pass"][retried["mode"]]
    assert (cost["spend"], cost["passes"], cost["cost_coverage"]) == (pytest.approx(3 * one_call_usd), 1, "1/1"), cost
