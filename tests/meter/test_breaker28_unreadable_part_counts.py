"""A token count the response carries but that is not a count leaves the call unmeasured (breaker28, 2026-12-05).

Each reader took a count through `as_int`, which reads a string (`"5000"`), a fraction (`100.5`), a negative or a
bool as absent. For a whole (`prompt_tokens`) that made the call unmeasured, but a **part** read as absent was
dropped from its whole while the call still read as measured and priced: an Anthropic answer with
`"cache_read_input_tokens": "5000"` beside `"input_tokens": 10` was recorded as a 10-token prompt (the 5,000 cached
tokens it billed left out), a Gemini answer's unreadable `thoughtsTokenCount` left the thinking out of the output,
`toolUsePromptTokenCount` out of the prompt, and an OpenAI answer's unreadable `audio_tokens` priced the audio as
text: known costs that undercount what was billed. Now a count carried (not null) but unreadable makes the call's
counts unknown (`UsageState.unsummed`: no token count, cost `usage_missing`, the reason naming the field), as an
unreadable count of a compaction iteration already did. A null or absent part is still no part.

The real proxy between a real httpx client and a real local upstream over loopback; the bodies are recorded replies
(Anthropic, OpenAI) or the Gemini reference's shape with one count changed, and the upstream records what it served.
"""

from __future__ import annotations

import json
import queue
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from meter_fixtures import RECORDED
from meter_rig import Rig, post_recorded
from meter_upstream import LocalUpstream, Reply
from patience import patient
from pydantic import SecretStr

from memeval.meter import MeterProxy, ModelCall, Upstream
from memeval.results._calls import tally_calls

RECORDED_BY_NAME = {r.name: r for r in RECORDED}
CHAT = RECORDED_BY_NAME["openai-chat/12-recorded-prompt-cache-write-then-read/1-200.json"]
RESPONSES = RECORDED_BY_NAME["openai-responses/14-recorded-prompt-cache-write-then-read/1-200.json"]
MESSAGES = RECORDED_BY_NAME["anthropic/09-recorded-prompt-cache-read-write/2-200.json"]
GEMINI_PATH = "/v1beta/models/gemini-2.5-flash:generateContent"
GEMINI_KEY = "AIza-real-google-" + "5eed28" * 5
GEMINI = {
    "candidates": [{"content": {"role": "model", "parts": [{"text": "done"}]}, "finishReason": "STOP", "index": 0}],
    "usageMetadata": {
        "promptTokenCount": 1200,
        "cachedContentTokenCount": 800,
        "toolUsePromptTokenCount": 300,
        "candidatesTokenCount": 85,
        "thoughtsTokenCount": 4000,
    },
    "modelVersion": "gemini-2.5-flash",
}


def _recorded(rec: Any, change: Callable[[dict[str, Any]], None]) -> tuple[Any, dict[str, Any]]:
    body = json.loads(rec.body)
    if rec.api != "anthropic-messages":
        body["model"] = "gpt-4o-mini"  # a model genai-prices prices: the counts would be priced
    change(body["usage"])
    return rec, body


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(usage: dict[str, Any]) -> None:
        *parents, key = path.split(".")
        for name in parents:
            usage = usage.setdefault(name, {})
        usage[key] = value

    return change


CASES: dict[str, tuple[Any, str, object]] = {
    # name: (recorded reply, field of `usage`, value); each a part of a whole the call was priced on
    "anthropic-cache-read-string": (MESSAGES, "cache_read_input_tokens", "50000"),
    "anthropic-cache-write-fraction": (MESSAGES, "cache_creation_input_tokens", 20000.5),
    "anthropic-1h-write-negative": (MESSAGES, "cache_creation.ephemeral_1h_input_tokens", -7),
    "chat-audio-string": (CHAT, "prompt_tokens_details.audio_tokens", "900"),
    "chat-cached-bool": (CHAT, "prompt_tokens_details.cached_tokens", True),
    "responses-reasoning-fraction": (RESPONSES, "output_tokens_details.reasoning_tokens", 12.5),
}


def _post_recorded(rig: Rig, rec: Any, body: dict[str, Any], trial: str) -> ModelCall:
    call = post_recorded(rig, rec, body, trial)
    served = json.loads(rig.upstream.seen[-1].body)  # what the provider side was asked: one call, this one
    assert served["model"] == body["model"]
    return call


def _unmeasured(call: ModelCall, field: str, spend: int) -> None:
    counts = (call.input_tokens, call.output_tokens, call.cache_read_tokens, call.cache_write_tokens)
    assert counts == (None, None, None, None), call  # main: the whole without the dropped part, as measured
    assert call.cost.cost_usd is None and call.cost.reason == "usage_missing", call.cost  # main: a known cost
    assert call.error is not None and f"{field} is not a token count" in call.error, call.error
    assert spend == 1
    tally = tally_calls([call])
    assert tally.errors == 0 and tally.unmeasured == {call.error: 1}, tally  # unmeasured, not an error


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_unreadable_part_count_leaves_the_call_unmeasured(rig: Rig, case: str) -> None:
    rec, field, value = CASES[case]
    rec, body = _recorded(rec, _set(field, value))
    call = _post_recorded(rig, rec, body, f"t-{case}")
    _unmeasured(call, field.rsplit(".", 1)[-1], rig.proxy.trial_spend(f"t-{case}").usage_missing_calls)


def test_an_unreadable_cache_read_in_a_stream_leaves_the_call_unmeasured(rig: Rig) -> None:
    def event(kind: str, data: dict[str, Any]) -> bytes:
        return f"event: {kind}\ndata: {json.dumps({'type': kind, **data})}\n\n".encode()

    message = {"id": "msg_b28", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": []}
    message["usage"] = {"input_tokens": 12, "output_tokens": 1}
    stream = [
        event("message_start", {"message": message}),
        event("content_block_start", {"index": 0, "content_block": {"type": "text", "text": ""}}),
        event("content_block_delta", {"index": 0, "delta": {"type": "text_delta", "text": "ok"}}),
        event("content_block_stop", {"index": 0}),
        # the final usage: the uncached prompt, the output, and 90,000 cached tokens as a string
        event(
            "message_delta",
            {
                "delta": {"stop_reason": "end_turn"},
                "usage": {"input_tokens": 12, "output_tokens": 40, "cache_read_input_tokens": "90000"},
            },
        ),
        event("message_stop", {}),
    ]
    rig.upstream.push(Reply(200, headers={"content-type": "text/event-stream"}, chunks=stream))
    key = rig.proxy.register_trial("t-stream")
    request = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 64,
        "stream": True,
        "messages": [{"role": "user", "content": "hi"}],
    }
    headers = {"x-api-key": key, "anthropic-version": "2023-06-01"}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        r = client.post("/v1/messages", json=request, headers=headers)
    assert r.status_code == 200 and "message_stop" in r.text
    call = rig.next_call()
    _unmeasured(call, "cache_read_input_tokens", rig.proxy.trial_spend("t-stream").usage_missing_calls)


@pytest.fixture
def google() -> Iterator[tuple[LocalUpstream, MeterProxy, queue.Queue[ModelCall]]]:
    upstream = LocalUpstream().start()
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = MeterProxy({"google": Upstream(base_url=upstream.url, api_key=SecretStr(GEMINI_KEY))}, on_call=calls.put)
    proxy.start()
    yield upstream, proxy, calls
    proxy.stop()
    upstream.stop()


@pytest.mark.parametrize(
    ("field", "value"),
    [("thoughtsTokenCount", "4000"), ("toolUsePromptTokenCount", 300.5), ("cachedContentTokenCount", -800)],
)
def test_an_unreadable_gemini_part_leaves_the_call_unmeasured(
    google: tuple[LocalUpstream, MeterProxy, queue.Queue[ModelCall]], field: str, value: object
) -> None:
    upstream, proxy, calls = google
    body = json.loads(json.dumps(GEMINI))
    body["usageMetadata"][field] = value
    upstream.push(Reply(chunks=[json.dumps(body).encode()], content_length=True))
    key = proxy.register_trial("t-gemini")
    with httpx.Client(timeout=10) as client:
        request = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}
        r = client.post(proxy.base_url + GEMINI_PATH, json=request, headers={"x-goog-api-key": key})
    assert r.status_code == 200 and len(upstream.seen) == 1
    call = calls.get(timeout=patient(10))
    _unmeasured(call, field, proxy.trial_spend("t-gemini").usage_missing_calls)


def test_null_parts_are_no_parts_and_the_call_is_priced(rig: Rig) -> None:
    rec, body = _recorded(MESSAGES, _set("cache_read_input_tokens", None))
    call = _post_recorded(rig, rec, body, "t-null")
    whole = body["usage"]["input_tokens"] + body["usage"]["cache_creation_input_tokens"]
    assert call.input_tokens == whole and call.cache_read_tokens is None, call
    assert call.cost.cost_usd is not None and call.error is None and call.completed, call
