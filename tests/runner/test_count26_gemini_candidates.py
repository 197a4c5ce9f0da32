"""A Gemini stream asked for several candidates ends when the last of them does, not at the first (count26).

Found by reading the reader: with `generationConfig.candidateCount` > 1 each candidate carries its own
`finishReason`, and the others go on generating after the first one's. The reader took the first `finishReason` as
the stream's end, so the `usageMetadata` beside it (the running total so far) was read as the billed one: a stream
cut between the first candidate's end and the last one's was priced from partial counts, a known cost below what
the provider bills, and the trial's cost read as exact. Real `memeval ab`, real sandboxes, the real proxy, an
upstream on loopback that cuts its streams.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from runner_helpers import make_task
from wire_rig import LocalUpstream, Reply, make_agent

TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'

AGENT = r"""
import json, os, urllib.request
body = json.dumps({"contents": [{"role": "user", "parts": [{"text": "hi"}]}],
                   "generationConfig": {"candidateCount": 2, "maxOutputTokens": 64}}).encode()
url = os.environ["GOOGLE_GEMINI_BASE_URL"] + "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
for _ in range(2):
    req = urllib.request.Request(url, data=body,
        headers={"x-goog-api-key": os.environ["GEMINI_API_KEY"], "content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            r.read()
    except Exception as exc:  # the cut stream: the agent carries on, as an SDK's caller would
        print("cut:", type(exc).__name__)
open("/app/answer.txt", "w").write("42")
"""
"""Two streamed Gemini calls asking for two candidates each, read as far as they go, then the answer."""


def _event(answer: int, *finished: int) -> bytes:
    candidates = []
    for index in (0, 1):
        c: dict[str, object] = {"content": {"role": "model", "parts": [{"text": "words "}]}, "index": index}
        if index in finished:
            c["finishReason"] = "STOP"
        candidates.append(c)
    usage = {"promptTokenCount": 52, "candidatesTokenCount": answer, "totalTokenCount": 52 + answer}
    doc = {"candidates": candidates, "usageMetadata": usage, "modelVersion": "gemini-2.5-flash", "responseId": "r1"}
    return b"data: " + json.dumps(doc, separators=(",", ":")).encode() + b"\r\n\r\n"


FIRST_ENDS = [_event(6), _event(11, 0)]
"""Both candidates generating, then the first one's `finishReason` beside the running total (11 so far)."""
WHOLE = [*FIRST_ENDS, _event(30, 1)]
"""The same stream to its end: the second candidate's `finishReason` comes with the billed count (30)."""
SSE = {"content-type": "text/event-stream"}


@pytest.fixture
def upstream():
    up = LocalUpstream().start()
    yield up
    up.stop()


def test_a_cut_after_the_first_of_two_candidates_is_no_known_cost(
    tmp_path: Path, run_ab, upstream: LocalUpstream
) -> None:
    upstream.push(*[Reply(200, headers=SSE, chunks=FIRST_ENDS, cut=True), Reply(200, headers=SSE, chunks=WHOLE)] * 2)
    make_task(tmp_path / "tasks", "t", test_sh=TEST_SH)
    agent = make_agent(tmp_path / "agent", apis='["google"]', script=AGENT)
    code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--agent", str(agent), "--upstream", f"api=google,url={upstream.url}",
        "--concurrency", "1",
    )  # fmt: skip
    assert doc, err
    assert len(upstream.seen) == 4, err
    for t in doc["trials"]:
        phys = t["physics"]
        # main: a known cost, output 11 + 30 = 41 as if measured (the cut call's 11 is what the first candidate
        # and the second so far had when the stream was cut, not what the provider bills)
        assert phys["cost_usd"] is None, phys
        assert phys["missing"]["cost_usd"].startswith("usage_missing"), phys["missing"]
        assert (phys["tokens"]["input"], phys["tokens"]["output"]) == (104, 30), phys["tokens"]
        assert phys["missing"]["output_tokens"] == "at_least: 1 of 2 answered calls unmeasured", phys["missing"]
        assert [(a["calls"], a["calls_cost_unknown"]) for a in t["spend"]] == [(2, 1)], t["spend"]
    row = doc["table"][0]
    assert row["baseline_cost_lower_bound"] and row["pack_cost_lower_bound"], row
