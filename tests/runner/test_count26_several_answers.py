"""A stream asked for several answers ends when the last of them does, not at the first (count26).

Found by reading the reader: with `generationConfig.candidateCount` > 1 each candidate carries its own
`finishReason`, and the others go on generating after the first one's. The reader took the first `finishReason` as
the stream's end, so the `usageMetadata` beside it (the running total so far) was read as the billed one: a stream
cut between the first candidate's end and the last one's was priced from partial counts, a known cost below what
the provider bills, and the trial's cost read as exact. The same held for Chat Completions' `n` > 1 with a running
`usage` on every chunk (vLLM's `continuous_usage_stats`): the chunk finishing one choice was read as final. Real
`memeval ab`, real sandboxes, the real proxy, an upstream on loopback that cuts its streams.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from runner_helpers import RunAb
from wire_rig import LocalUpstream, ab_cut_then_whole

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


@pytest.fixture
def upstream():
    up = LocalUpstream().start()
    yield up
    up.stop()


def test_a_cut_after_the_first_of_two_candidates_is_no_known_cost(
    tmp_path: Path, run_ab: RunAb, upstream: LocalUpstream
) -> None:
    doc = ab_cut_then_whole(tmp_path, run_ab, upstream, FIRST_ENDS, WHOLE, script=AGENT, api="google")
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


CHAT_AGENT = r"""
import json, os, urllib.request
body = json.dumps({"model": "gpt-4o-mini", "max_tokens": 64, "n": 2, "stream": True,
                   "stream_options": {"include_usage": True, "continuous_usage_stats": True},
                   "messages": [{"role": "user", "content": "hi"}]}).encode()
for _ in range(2):
    req = urllib.request.Request(os.environ["OPENAI_BASE_URL"] + "/chat/completions", data=body,
        headers={"authorization": "Bearer " + os.environ["OPENAI_API_KEY"], "content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            r.read()
    except Exception as exc:
        print("cut:", type(exc).__name__)
open("/app/answer.txt", "w").write("42")
"""
"""Two Chat Completions streams asking for two choices and usage on every chunk, then the answer."""


def _chat_chunk(index: int, n: int, finish: str | None = None) -> bytes:
    choice = {"index": index, "delta": {"content": "words "}, "logprobs": None, "finish_reason": finish}
    doc = {
        "id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1765000000, "model": "gpt-4o-mini",
        "choices": [choice], "usage": {"prompt_tokens": 40, "total_tokens": 40 + n, "completion_tokens": n},
    }  # fmt: skip
    return b"data: " + json.dumps(doc, separators=(",", ":")).encode() + b"\n\n"


CHAT_FIRST_ENDS = [_chat_chunk(0, 2), _chat_chunk(1, 4), _chat_chunk(0, 6, "stop")]
"""Both choices generating, then the first one's finishing chunk with the running usage (6 so far)."""
CHAT_WHOLE = [*CHAT_FIRST_ENDS, _chat_chunk(1, 15, "stop"), b"data: [DONE]\n\n"]
"""The same stream to its end: the second choice finishes with the billed count (15), then `[DONE]`."""


def test_a_chat_cut_after_the_first_of_two_choices_is_no_known_cost(
    tmp_path: Path, run_ab: RunAb, upstream: LocalUpstream
) -> None:
    doc = ab_cut_then_whole(
        tmp_path, run_ab, upstream, CHAT_FIRST_ENDS, CHAT_WHOLE, script=CHAT_AGENT, api="openai", path="/v1"
    )
    for t in doc["trials"]:
        phys = t["physics"]  # main: a known cost, output 6 + 15 = 21 as if measured
        assert (phys["cost_usd"], phys["tokens"]["input"], phys["tokens"]["output"]) == (None, 80, 15), phys
        assert phys["missing"]["cost_usd"].startswith("usage_missing"), phys["missing"]
        assert phys["missing"]["output_tokens"] == "at_least: 1 of 2 answered calls unmeasured", phys["missing"]
    row = doc["table"][0]
    assert row["baseline_cost_lower_bound"] and row["pack_cost_lower_bound"], row
