"""A model call still in flight when the agent's turn ends belongs to that turn.

The proxy records a call only once its response is over; the runner read the trial's call count the
moment the sandbox was gone. An agent whose turn timed out while its only call was still streaming
was then read as "never reached the model", a `boot` fault that drops the trial from scoring, when it
did reach the model (the upstream billed the call) and ran out of its own time, an outcome that
counts. The same race left a streamed call's bodies out of the transcript and a spend limit unseen.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

from runner_helpers import REPO, make_task
from wire_rig import LocalUpstream, make_agent, recorded, reply_of

TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
SSE = "11-sse-parallel-tool-calls-include-usage.sse"


def test_a_turn_that_times_out_mid_call_is_timed_out_not_a_boot_fault(tmp_path: Path) -> None:
    up = LocalUpstream().start()
    for _ in ("pack", "baseline"):
        held = reply_of(recorded(SSE))
        held.gate = threading.Event()  # never set: first chunk, then the stream stalls 10 s
        up.push(held)
    try:
        tasks = tmp_path / "tasks"
        make_task(tasks, "a", test_sh=TEST_SH)
        agent = make_agent(tmp_path / "agent")
        res = subprocess.run(
            [sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", str(agent), "--tasks", "a",
             "--upstream", f"api=openai,url={up.url}/v1", "--env", "STREAM=1", "--agent-timeout", "3",
             "--runs-dir", str(tmp_path / "runs"), "--json"],
            cwd=REPO, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
    finally:
        up.stop()
    assert res.returncode in (0, 3), res.stderr
    doc = json.loads(res.stdout)
    (log,) = (tmp_path / "runs").glob("*/events.jsonl")
    events = [json.loads(line) for line in log.read_text().splitlines()]
    for t in doc["trials"]:
        assert t["fault"] is None, t["fault"]
        assert (t["execution"], t["assessment"], t["verified"]) == ("timed_out", "scored", False)
        mine = [e["event"] for e in events if e.get("trial_id") == t["trial_id"]]
        # the cut call is logged within the attempt, before the turn's end is
        assert mine.index("model.called") < mine.index("agent.exited"), mine
        calls = [e["call"] for e in events if e["event"] == "model.called" and e["trial_id"] == t["trial_id"]]
        # the proxy reads a response to its end after its client is gone, so the call is measured whole
        # (tests/meter/test_breaker_meter_cut_stream.py)
        assert [c["completed"] for c in calls] == [True]
        # its usage may come with the upstream's last bytes, read after the agent was gone, or never:
        # either it is counted as measured, or the trial's cost is unknown, never 0
        assert t["physics"]["cost_usd"] == calls[0]["cost"]["cost_usd"], (t["physics"], calls[0]["cost"])
