"""A call in which the provider ran tools itself has no known cost: those tools are billed beyond the tokens.

Anthropic's web search and OpenAI's web search, file search and code interpreter are billed per use
(or per session) on top of the tokens, and the price table (genai-prices) prices tokens only. The
proxy counted such a call (it even counts the uses, `hosted_tool_calls`) at its token price as a
known cost: an agent searching the web in every call looked cents cheap, inside any spend limit.
Now its cost is null (`unpriced`, the reason naming the tool uses and the token price). Real proxy,
real upstream on loopback.
"""

from __future__ import annotations

import json

import httpx
from meter_rig import Rig
from meter_upstream import Reply


def _message(blocks: list[dict[str, object]], searches: int) -> bytes:
    usage: dict[str, object] = {"input_tokens": 1200, "output_tokens": 80}
    if searches:
        usage["server_tool_use"] = {"web_search_requests": searches}
    doc = {
        "type": "message", "id": "msg_1", "role": "assistant", "model": "claude-haiku-4-5",
        "content": [*blocks, {"type": "text", "text": "done"}], "stop_reason": "end_turn", "usage": usage,
    }  # fmt: skip
    return json.dumps(doc).encode()


SEARCH = [
    {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "olive trees"}},
    {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": []},
]


def _call(rig: Rig, body: bytes) -> int:
    rig.upstream.push(Reply(200, headers={"content-type": "application/json"}, chunks=[body]))
    key = rig.proxy.register_trial(f"t-hosted-{len(rig.upstream.seen)}")
    req = {"model": "claude-haiku-4-5", "max_tokens": 100, "messages": [{"role": "user", "content": "hi"}]}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as c:
        return c.post("/v1/messages", json=req, headers={"x-api-key": key}).status_code


def test_a_call_with_a_web_search_has_no_known_cost_and_says_why(rig: Rig) -> None:
    assert _call(rig, _message(SEARCH, 1)) == 200
    call = rig.next_call()
    assert (call.hosted_tool_calls, call.input_tokens, call.output_tokens) == (1, 1200, 80)
    assert call.cost.cost_usd is None and call.cost.reason == "unpriced"
    assert "1 tool use(s) the provider ran itself" in (call.cost.price_source or "")


def test_the_same_call_without_one_is_priced(rig: Rig) -> None:
    assert _call(rig, _message([], 0)) == 200
    call = rig.next_call()
    assert call.hosted_tool_calls == 0 and call.cost.cost_usd is not None and call.cost.cost_usd > 0
