"""Every tool call of a Chat Completions stream is counted, also where its deltas carry no `index` or reuse one.

The meter counted a streamed tool call once per (choice, `tool_calls[].index`). Gemini's OpenAI-compatible endpoint
sends its tool-call deltas without `index` (reported in openai/openai-python#2806, AstrBotDevs/AstrBot#6661,
anomalyco/opencode#17902: "google does not send index"), and relays that turn Gemini streams into Chat Completions
gave every call index 0 (QuantumNous/new-api#2701): each call has its own `id`, and every call after the first was
left out of `tool_calls` and `tool_names` (two calls read as one), in the fast skip path too. A call is now told by
its `id`; a delta without one is a piece of the call at its index (or, without an index, of the last call). Recorded
gpt-4o stream 11 (two parallel calls) with its tool-call indexes removed or all set to 0, through the real proxy.
"""

from __future__ import annotations

import json
import re

import httpx
import pytest
from meter_fixtures import RECORDED
from meter_rig import Rig
from meter_upstream import Reply

from memeval.meter import parse_stream

STREAM = next(r for r in RECORDED if "11-sse-parallel-tool-calls" in r.name)
"""gpt-4o-2024-08-06, two tool calls (`GetWeatherArgs`, `get_stock_price`: indexes 0 and 1, ids on first deltas)."""


def _no_index(data: bytes) -> bytes:
    out = re.sub(rb'("tool_calls":\[\{)"index":\d+,', rb"\1", data)
    assert out != data and b'"tool_calls":[{"index"' not in out
    return out


def _all_index_0(data: bytes) -> bytes:
    out = data.replace(b'"tool_calls":[{"index":1,', b'"tool_calls":[{"index":0,')
    assert out != data
    return out


def _post(rig: Rig, body: bytes, trial: str) -> tuple[int | None, tuple[str, ...]]:
    chunks = [p + b"\n\n" for p in body.split(b"\n\n") if p]
    rig.upstream.push(Reply(headers={"content-type": "text/event-stream"}, chunks=chunks))
    key = rig.proxy.register_trial(trial)
    request = {"model": "gpt-4o", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        r = client.post("/v1/chat/completions", json=request, headers={"authorization": f"Bearer {key}"})
    assert r.status_code == 200, r.text
    call = rig.next_call()
    assert (call.input_tokens, call.output_tokens, call.completed) == (149, 60, True)
    return call.tool_calls, call.tool_names


@pytest.mark.parametrize("shape", [_no_index, _all_index_0], ids=["no-index", "all-index-0"])
def test_every_streamed_tool_call_is_counted(rig: Rig, shape) -> None:  # type: ignore[no-untyped-def]
    tools = _post(rig, shape(STREAM.body), f"t-c34-tools-{shape.__name__}")
    assert tools == (2, ("GetWeatherArgs", "get_stock_price"))  # main: 1 call, the first


def test_the_recorded_stream_is_read_as_before(rig: Rig) -> None:
    assert _post(rig, STREAM.body, "t-c34-tools-recorded") == (2, ("GetWeatherArgs", "get_stock_price"))


@pytest.mark.parametrize("shape", [_no_index, _all_index_0], ids=["no-index", "all-index-0"])
def test_argument_pieces_are_not_counted_as_calls(shape) -> None:  # type: ignore[no-untyped-def]
    """Each piece read one event at a time (no fast path): still two calls, however the deltas are keyed."""
    usage = parse_stream("openai-chat", [p + b"\n\n" for p in shape(STREAM.body).split(b"\n\n") if p])
    assert (usage.tool_calls, usage.tool_names) == (2, ("GetWeatherArgs", "get_stock_price"))


def test_an_id_repeated_on_every_delta_is_one_call() -> None:
    """Some servers send the call's `id` on each of its deltas: one call, not one per delta."""
    data = STREAM.body
    for n, call_id in enumerate(re.findall(rb'"id":"(call_[A-Za-z0-9]+)"', data)):
        piece = b'"tool_calls":[{"index":%d,' % n
        data = data.replace(piece + b'"function"', piece + b'"id":"%s","function"' % call_id)
    assert data.count(b'"id":"call_') > 2
    usage = parse_stream("openai-chat", [data])
    assert usage.tool_calls == 2
    assert json.loads(json.dumps(usage.tool_names)) == ["GetWeatherArgs", "get_stock_price"]
