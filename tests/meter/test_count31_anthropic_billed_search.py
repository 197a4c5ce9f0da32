"""An Anthropic call whose usage bills a web search its answer shows no block for has no known cost.

Anthropic bills each web search ($10 per 1,000) beside the tokens and counts the searches a call billed in
`usage.server_tool_use.web_search_requests`. The meter counted the provider's own tool uses from the answer's
`server_tool_use` blocks only. A search left in flight when a turn pauses (`pause_turn`) shows its block in one
answer and is run, and billed, in the next call, whose answer opens with the search's result and no
`server_tool_use` block: recording 24 (`tests/fixtures/meter/anthropic/24-recorded-search-billed-after-pause.json`,
a real answer of claude-sonnet-4-5 from pydantic-ai's cassettes) bills one search with none shown, and was priced
as a known $0.027798 (8,606 + 132 tokens), below its bill. Now the usage's request counts are read beside the blocks
(the larger count is the call's `hosted_tool_calls`), and such a call is `unpriced` as any call with a search is.
Real proxy, real upstream on 127.0.0.1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from meter_rig import Rig, post_anthropic
from meter_upstream import Reply

from memeval.meter import ModelCall

RECORDED = json.loads(
    (
        Path(__file__).parents[1] / "fixtures" / "meter" / "anthropic" / "24-recorded-search-billed-after-pause.json"
    ).read_text()
)
TOKENS_USD = (8606 * 3.0 + 132 * 15.0) / 1e6
"""genai-prices (pinned) claude-sonnet-4-5: $3 per million input tokens, $15 per million output tokens."""


def _post(rig: Rig, reply: Reply, trial: str, *, stream: bool = False) -> ModelCall:
    return post_anthropic(rig, reply, trial, "claude-sonnet-4-5", stream=stream)


def _with_searches(n: int) -> dict[str, Any]:
    body = json.loads(json.dumps(RECORDED))
    body["usage"]["server_tool_use"]["web_search_requests"] = n
    return body


def _stream(body: dict[str, Any]) -> bytes:
    """The answer as the Messages stream carries it: `message_start` (its prompt count, the placeholder output of 1),
    the content blocks, `message_delta` with the whole usage (the search count with it), `message_stop`."""
    start_usage = {k: v for k, v in body["usage"].items() if k not in ("output_tokens", "server_tool_use")}
    message = {**{k: v for k, v in body.items() if k not in ("content", "usage", "stop_reason")}, "content": []}
    events: list[tuple[str, dict[str, Any]]] = [
        (
            "message_start",
            {
                "type": "message_start",
                "message": {**message, "stop_reason": None, "usage": {**start_usage, "output_tokens": 1}},
            },
        )
    ]
    for index, block in enumerate(body["content"]):
        events.append(("content_block_start", {"type": "content_block_start", "index": index, "content_block": block}))
        events.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
    delta = {"stop_reason": body["stop_reason"], "stop_sequence": None}
    events.append(("message_delta", {"type": "message_delta", "delta": delta, "usage": body["usage"]}))
    events.append(("message_stop", {"type": "message_stop"}))
    return b"".join(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode() for name, data in events)


@pytest.mark.parametrize("stream", [False, True])
def test_a_search_the_usage_bills_without_a_block_has_no_known_cost(rig: Rig, stream: bool) -> None:
    if stream:
        reply = Reply(headers={"content-type": "text/event-stream"}, chunks=[_stream(RECORDED)])
    else:
        reply = Reply(chunks=[json.dumps(RECORDED).encode()], content_length=True)
    call = _post(rig, reply, f"t-c31-search-{stream}", stream=stream)
    assert (call.input_tokens, call.output_tokens, call.completed) == (8606, 132, True)
    # main: hosted_tool_calls 0 and a known $0.027798, the search's $0.01 left out
    assert call.hosted_tool_calls == 1
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
    assert "1 tool use(s) the provider ran itself" in (call.cost.price_source or "")
    assert f"{TOKENS_USD:.6f} USD" in (call.cost.price_source or "")


def test_the_same_answer_billing_no_search_is_priced(rig: Rig) -> None:
    reply = Reply(chunks=[json.dumps(_with_searches(0)).encode()], content_length=True)
    call = _post(rig, reply, "t-c31-no-search")
    assert call.hosted_tool_calls == 0
    assert call.cost.cost_usd == pytest.approx(TOKENS_USD)
