"""A stream cut before its end is not a known cost when the usage it carried was a running total (count25).

Found by reading the readers: Gemini's `streamGenerateContent` repeats `usageMetadata` in every event, a running
total whose `candidatesTokenCount` grows until the event with the `finishReason`; an OpenAI-compatible server asked
for `stream_options.continuous_usage_stats` (vLLM, SGLang) puts a running `usage` on every Chat Completions chunk. A
stream the provider (or the network, or the proxy's stop) cut after a few events left the call with the total so
far: priced, its cost was a known figure below what the provider bills for the answer it went on generating, and the
trial's cost and tokens read as exact (no "at least"). Anthropic's reader never takes `message_start`'s placeholder
output count for the same reason. Real `memeval ab`, real sandboxes, the real proxy, an upstream on loopback that
cuts its streams.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from runner_helpers import RunAb
from typer.testing import CliRunner
from wire_rig import LocalUpstream, ab_cut_then_whole

from memeval.cli import app

GEMINI_AGENT = r"""
import json, os, urllib.request
body = json.dumps({"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}).encode()
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
"""Two streamed Gemini calls, each read as far as it goes, then the answer."""


def _event(usage: dict[str, int], finish: str | None = None) -> bytes:
    candidate: dict[str, object] = {"content": {"role": "model", "parts": [{"text": "some words "}]}, "index": 0}
    if finish:
        candidate["finishReason"] = finish
    doc = {"candidates": [candidate], "usageMetadata": usage, "modelVersion": "gemini-2.5-flash", "responseId": "r1"}
    return b"data: " + json.dumps(doc, separators=(",", ":")).encode() + b"\r\n\r\n"


RUNNING = [_event({"promptTokenCount": 52, "candidatesTokenCount": n, "totalTokenCount": 52 + n}) for n in (3, 9)]
"""The events before the end, as Gemini streams them: the prompt's count and the answer's count so far."""
WHOLE = [*RUNNING, _event({"promptTokenCount": 52, "candidatesTokenCount": 20, "totalTokenCount": 72}, "STOP")]
"""The same stream to its end: the last event's counts are the billed ones."""


@pytest.fixture
def upstream():
    up = LocalUpstream().start()
    yield up
    up.stop()


def test_a_gemini_stream_cut_after_running_usage_is_no_known_cost(
    tmp_path: Path, run_ab: RunAb, upstream: LocalUpstream
) -> None:
    doc = ab_cut_then_whole(tmp_path, run_ab, upstream, RUNNING, WHOLE, script=GEMINI_AGENT, api="google")
    for t in doc["trials"]:
        phys = t["physics"]
        # main: a known cost (52 + 52 prompt and 9 + 20 answer tokens priced) and output 29, as if measured
        assert phys["cost_usd"] is None, phys
        assert phys["missing"]["cost_usd"].startswith("usage_missing"), phys["missing"]
        assert phys["tokens"]["input"] == 104, phys["tokens"]  # the prompt's count is final from the first event
        assert phys["tokens"]["output"] == 20, phys["tokens"]  # the whole stream's; the cut one's is unknown
        assert phys["missing"]["output_tokens"] == "at_least: 1 of 2 answered calls unmeasured", phys["missing"]
        assert t["harness_measured"]["total_cost_usd"] is None, t["harness_measured"]
        assert [(a["calls"], a["calls_cost_unknown"]) for a in t["spend"]] == [(2, 1)], t["spend"]
    row = doc["table"][0]  # main: both arms' spend exact, the cut call's partial counts priced as known
    assert row["baseline_cost_lower_bound"] and row["pack_cost_lower_bound"], row
    for arm in ("baseline", "pack"):  # no trial of known cost: cost of a pass has none to count
        assert doc["verdict"]["cost_of_pass"][arm]["cost_coverage"] == "0/1", doc["verdict"]["cost_of_pass"]
    replay = CliRunner().invoke(app, ["replay", doc["run_id"], "--runs-dir", str(tmp_path / "runs")])
    again = json.loads(replay.stdout)  # the log read again says the same: no known cost, the same lower bounds
    assert again["table"] == doc["table"] and again["verdict"]["cost_of_pass"] == doc["verdict"]["cost_of_pass"]
    assert {t["trial_id"]: t["physics"] for t in again["trials"]} == {
        t["trial_id"]: t["physics"] for t in doc["trials"]
    }


CHAT_AGENT = r"""
import json, os, urllib.request
body = json.dumps({"model": "gpt-4o-mini", "max_tokens": 64, "stream": True,
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
"""Two Chat Completions streams asking for usage on every chunk (vLLM's and SGLang's option), then the answer."""


def _chat_chunk(n: int, finish: str | None = None, choices: bool = True) -> bytes:
    choice = {"index": 0, "delta": {"content": "some words "}, "logprobs": None, "finish_reason": finish}
    doc = {
        "id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1765000000, "model": "gpt-4o-mini",
        "choices": [choice] if choices else [],
        "usage": {"prompt_tokens": 40, "total_tokens": 40 + n, "completion_tokens": n},
    }  # fmt: skip
    return b"data: " + json.dumps(doc, separators=(",", ":")).encode() + b"\n\n"


CHAT_RUNNING = [_chat_chunk(n) for n in (2, 7)]
"""vLLM's chunks with `continuous_usage_stats`: each carries the usage so far."""
CHAT_WHOLE = [*CHAT_RUNNING, _chat_chunk(10, "stop"), _chat_chunk(10, choices=False), b"data: [DONE]\n\n"]
"""The same stream to its end: the finishing chunk, the usage chunk OpenAI's format ends with, `[DONE]`."""


def test_a_chat_stream_cut_after_running_usage_is_no_known_cost(
    tmp_path: Path, run_ab: RunAb, upstream: LocalUpstream
) -> None:
    doc = ab_cut_then_whole(
        tmp_path, run_ab, upstream, CHAT_RUNNING, CHAT_WHOLE, script=CHAT_AGENT, api="openai", path="/v1"
    )
    for t in doc["trials"]:
        phys = t["physics"]  # main: a known cost of 80 prompt and 7 + 10 answer tokens, output 17 as if measured
        assert (phys["cost_usd"], phys["tokens"]["input"], phys["tokens"]["output"]) == (None, 80, 10), phys
        assert phys["missing"]["cost_usd"].startswith("usage_missing"), phys["missing"]
        assert phys["missing"]["output_tokens"] == "at_least: 1 of 2 answered calls unmeasured", phys["missing"]
    row = doc["table"][0]
    assert row["baseline_cost_lower_bound"] and row["pack_cost_lower_bound"], row
