"""A web search left in flight by a paused turn is counted once, in the call that bills it.

Anthropic pauses a long turn (`stop_reason: pause_turn`); the client sends the answer back and the API goes on. A
search in flight at the pause shows its `server_tool_use` block in the paused answer, which does not bill it, and is
run and billed in the continuation, whose answer opens with its result and no block. count31 took the larger of the
blocks and `usage.server_tool_use.web_search_requests`, so that search counted in both calls. Recorded (pydantic-ai's
cassette, `tests/fixtures/meter/anthropic/30-...` and `31-...`): 11 blocks billed 10, then 4 blocks billed 5; the meter
said 11 and 5, 16 searches where 15 were billed. Now a tool's count in the usage is its count, and blocks count
only for a tool the usage names no count for. Real proxy, real upstream on 127.0.0.1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from meter_rig import Rig
from meter_upstream import Reply

from memeval.meter import ModelCall
from memeval.results._spend import unknown_cost_reason

FIXTURES = Path(__file__).parents[1] / "fixtures" / "meter" / "anthropic"
PAUSED = json.loads((FIXTURES / "30-recorded-pause-turn-searches.json").read_text())
CONTINUED = json.loads((FIXTURES / "31-recorded-pause-turn-continued.json").read_text())


def _stream(body: dict[str, Any]) -> bytes:
    """The answer as the Messages stream carries it: `message_start` (prompt count, placeholder output), each block's
    `content_block_start` and `content_block_stop`, `message_delta` with the whole usage, `message_stop`."""
    start_usage = {k: v for k, v in body["usage"].items() if k not in ("output_tokens", "server_tool_use")}
    message = {k: v for k, v in body.items() if k not in ("content", "usage", "stop_reason")}
    start = {**message, "content": [], "stop_reason": None, "usage": {**start_usage, "output_tokens": 1}}
    events: list[dict[str, Any]] = [{"type": "message_start", "message": start}]
    for index, block in enumerate(body["content"]):
        events.append({"type": "content_block_start", "index": index, "content_block": block})
        events.append({"type": "content_block_stop", "index": index})
    delta = {"stop_reason": body["stop_reason"], "stop_sequence": None}
    events.append({"type": "message_delta", "delta": delta, "usage": body["usage"]})
    events.append({"type": "message_stop"})
    return b"".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode() for e in events)


def _turn(rig: Rig, key: str, messages: list[dict[str, Any]], body: dict[str, Any], *, stream: bool) -> ModelCall:
    if stream:
        rig.upstream.push(Reply(headers={"content-type": "text/event-stream"}, chunks=[_stream(body)]))
    else:
        rig.upstream.push(Reply(chunks=[json.dumps(body).encode()], content_length=True))
    request = {"model": "claude-sonnet-4-5", "max_tokens": 4096, "stream": stream, "messages": messages}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        r = client.post("/v1/messages", json=request, headers={"x-api-key": key, "anthropic-version": "2023-06-01"})
    assert r.status_code == 200, r.text
    return rig.next_call()


@pytest.mark.parametrize("stream", [False, True])
def test_a_search_in_flight_at_a_pause_is_counted_once_across_the_turn(rig: Rig, stream: bool) -> None:
    key = rig.proxy.register_trial(f"t-c32-pause-{stream}")
    asked = [{"role": "user", "content": "Search the web for recent news, several times."}]
    paused = _turn(rig, key, asked, PAUSED, stream=stream)
    assert PAUSED["stop_reason"] == "pause_turn"
    assert sum(b["type"] == "server_tool_use" for b in PAUSED["content"]) == 11
    resent = [*asked, {"role": "assistant", "content": PAUSED["content"]}]
    continued = _turn(rig, key, resent, CONTINUED, stream=stream)
    # main: 11 then 5, the search in flight at the pause counted in both calls
    assert (paused.hosted_tool_calls, continued.hosted_tool_calls) == (10, 5)
    for call, billed in ((paused, 10), (continued, 5)):
        assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
        reason = unknown_cost_reason(
            call.cost.reason, call.response_model, call.hosted_tool_calls, call.cost.price_source
        )
        assert reason.startswith(f"unpriced: {billed} tool use(s) the provider ran itself")


def test_a_paused_answer_whose_usage_names_no_search_count_counts_its_blocks(rig: Rig) -> None:
    """No count lost: an answer without `server_tool_use` in its usage is counted by its blocks, in flight or not."""
    key = rig.proxy.register_trial("t-c32-pause-no-count")
    body = json.loads(json.dumps(PAUSED))
    del body["usage"]["server_tool_use"]
    call = _turn(rig, key, [{"role": "user", "content": "hi"}], body, stream=False)
    assert call.hosted_tool_calls == 11
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")


def test_a_stream_cut_before_its_final_usage_counts_its_search_blocks(rig: Rig) -> None:
    """`message_start`'s usage is no final count: a search count there (0, before any search ran) does not hide the
    blocks of a stream cut before `message_delta`."""
    key = rig.proxy.register_trial("t-c32-pause-cut")
    body = json.loads(json.dumps(PAUSED))
    events = _stream(body).split(b"\n\n")
    start = json.loads(events[0].split(b"data: ", 1)[1])
    start["message"]["usage"]["server_tool_use"] = {"web_search_requests": 0}
    events[0] = b"event: message_start\ndata: " + json.dumps(start).encode()
    cut = b"\n\n".join(events[:-3]) + b"\n\n"  # no `message_delta`, no `message_stop`
    rig.upstream.push(Reply(headers={"content-type": "text/event-stream"}, chunks=[cut], cut=True))
    request = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 4096,
        "stream": True,
        "messages": [{"role": "user", "content": "hi"}],
    }
    with pytest.raises(httpx.RemoteProtocolError), httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        client.post("/v1/messages", json=request, headers={"x-api-key": key, "anthropic-version": "2023-06-01"})
    call = rig.next_call()
    assert not call.completed
    assert call.hosted_tool_calls == 11
    assert (call.cost.cost_usd, call.cost.reason) == (None, "usage_missing")
