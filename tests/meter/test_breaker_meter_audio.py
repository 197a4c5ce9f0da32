"""A call whose response counts audio tokens has no known cost: audio is billed at its own rates.

Found by the breaker: the proxy priced every prompt token at the model's text rate. Gemini 2.0 Flash bills audio
input at seven times its text input (0.70 against 0.10 USD a million tokens in genai-prices), and genai-prices
gives OpenAI's audio models their text rates alone, so an agent that sent audio had a known cost a fraction of
what it was billed, inside any spend limit. Now such a call is `unpriced`, the reason naming the audio tokens and
the text price; a response counting none (`"audio_tokens": 0`) is priced as before. Real proxy, real upstream on
loopback.
"""

from __future__ import annotations

import json
import queue
from collections.abc import Iterator

import httpx
import pytest
from meter_rig import Rig
from meter_upstream import LocalUpstream, Reply
from patience import patient
from pydantic import SecretStr

from memeval.meter import MeterProxy, ModelCall, Upstream
from memeval.results._spend import unknown_cost_reason

REAL_GOOGLE_KEY = "AIza-real-google-" + "5eed" * 8


def _chat(audio_in: int) -> bytes:
    usage = {
        "prompt_tokens": 6000,
        "completion_tokens": 40,
        "total_tokens": 6040,
        "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": audio_in},
        "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0},
    }
    doc = {
        "id": "c1", "object": "chat.completion", "model": "gpt-4o-audio-preview-2024-12-17", "usage": usage,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "heard"}, "finish_reason": "stop"}],
    }  # fmt: skip
    return json.dumps(doc).encode()


def _openai_call(rig: Rig, body: bytes) -> ModelCall:
    rig.upstream.push(Reply(200, chunks=[body], content_length=True))
    key = rig.proxy.register_trial(f"t-audio-{len(rig.upstream.seen)}")
    req = {"model": "gpt-4o-audio-preview", "messages": [{"role": "user", "content": "listen"}]}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as c:
        assert c.post("/v1/chat/completions", json=req, headers={"authorization": f"Bearer {key}"}).status_code == 200
    return rig.next_call()


def test_a_chat_call_with_audio_input_has_no_known_cost_and_says_why(rig: Rig) -> None:
    call = _openai_call(rig, _chat(5000))
    assert (call.input_tokens, call.output_tokens) == (6000, 40)
    assert call.cost.cost_usd is None and call.cost.reason == "unpriced"  # main: priced as 6,000 text tokens
    why = unknown_cost_reason(call.cost.reason, call.response_model, call.hosted_tool_calls, call.cost.price_source)
    assert why.startswith("unpriced: 5000 audio token(s)") and "gpt-4o-audio-preview" in why, why
    assert _openai_call(rig, _chat(0)).cost.cost_usd is not None  # no audio counted: priced


@pytest.fixture
def google() -> Iterator[tuple[LocalUpstream, queue.Queue[ModelCall], str]]:
    upstream = LocalUpstream().start()
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = MeterProxy(
        {"google": Upstream(base_url=upstream.url, api_key=SecretStr(REAL_GOOGLE_KEY))}, on_call=calls.put
    )
    proxy.start()
    yield (
        upstream,
        calls,
        proxy.base_url + "/v1beta/models/gemini-2.0-flash:generateContent?key=" + proxy.register_trial("g"),
    )
    proxy.stop()
    upstream.stop()


def test_a_gemini_call_with_audio_in_the_prompt_has_no_known_cost(google) -> None:
    upstream, calls, url = google
    usage = {
        "promptTokenCount": 1000, "candidatesTokenCount": 20, "totalTokenCount": 1020,
        "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 100}, {"modality": "AUDIO", "tokenCount": 900}],
    }  # fmt: skip
    body = {
        "candidates": [{"content": {"role": "model", "parts": [{"text": "heard"}]}, "finishReason": "STOP"}],
        "usageMetadata": usage, "modelVersion": "gemini-2.0-flash",
    }  # fmt: skip
    upstream.push(Reply(200, chunks=[json.dumps(body).encode()], content_length=True))
    req = {"contents": [{"role": "user", "parts": [{"text": "listen"}]}]}
    assert httpx.post(url, json=req, timeout=10).status_code == 200
    call = calls.get(timeout=patient(10))
    assert call.input_tokens == 1000
    assert call.cost.cost_usd is None and call.cost.reason == "unpriced"  # main: 1,000 tokens at the text rate
    assert "900 audio token(s)" in (call.cost.price_source or "")
