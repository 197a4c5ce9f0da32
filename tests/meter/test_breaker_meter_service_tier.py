"""A call served at a processing tier other than the standard one is priced at that tier, or not at all.

The request picks its tier (`"service_tier": "priority"`; OpenAI bills priority processing at about 1.7-2 times
the standard token prices, flex at half) and the response says which tier served the call (`service_tier` on
the completion, each chunk and the Responses object; `usage.service_tier` for Anthropic). The proxy priced every
call at the standard prices: a priority call's known cost was about half what was billed, so an agent asking for
priority in every call spent twice its spend limit. Now a call is priced at genai-prices' variant for its tier
(gpt-4o priority: 4.25/17 USD per million tokens, against 2.5/10), and a tier with no variant (gpt-4o flex,
scale, Anthropic priority) has no known cost (`unpriced`, the reason naming the tier). Real proxy, real upstream
on loopback.
"""

from __future__ import annotations

import json

import httpx
import pytest
from meter_rig import Rig
from meter_upstream import Reply

from memeval.results._spend import unknown_cost_reason


def _chat(tier: str | None) -> bytes:
    doc: dict[str, object] = {
        "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o-2024-08-06",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "4"}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 1000, "completion_tokens": 50, "total_tokens": 1050},
    }  # fmt: skip
    if tier is not None:
        doc["service_tier"] = tier
    return json.dumps(doc).encode()


def _chat_stream(tier: str) -> list[bytes]:
    head = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o-2024-08-06"}
    chunks = [
        {**head, "service_tier": tier, "choices": [{"index": 0, "delta": {"content": "4"}, "finish_reason": None}]},
        {**head, "service_tier": tier, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
        {**head, "service_tier": tier, "choices": [], "usage": {"prompt_tokens": 1000, "completion_tokens": 50}},
    ]
    return [b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks) + b"data: [DONE]\n\n"]


def _message(tier: str) -> bytes:
    doc = {
        "type": "message", "id": "msg_1", "role": "assistant", "model": "claude-haiku-4-5",
        "content": [{"type": "text", "text": "4"}], "stop_reason": "end_turn",
        "usage": {"input_tokens": 1000, "output_tokens": 50, "service_tier": tier},
    }  # fmt: skip
    return json.dumps(doc).encode()


def _openai(rig: Rig, reply: Reply, stream: bool = False) -> int:
    rig.upstream.push(reply)
    key = rig.proxy.register_trial(f"t-tier-{len(rig.upstream.seen)}")
    req = {"model": "gpt-4o", "service_tier": "priority", "messages": [{"role": "user", "content": "2+2"}]}
    if stream:
        req["stream"] = True
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as c:
        return c.post("/v1/chat/completions", json=req, headers={"authorization": f"Bearer {key}"}).status_code


STANDARD_USD = (1000 * 2.5 + 50 * 10) / 1e6
"""gpt-4o's standard price of 1,000 input and 50 output tokens."""


def test_a_priority_call_costs_the_priority_price(rig: Rig) -> None:
    assert _openai(rig, Reply(200, headers={"content-type": "application/json"}, chunks=[_chat("priority")])) == 200
    call = rig.next_call()
    assert (call.input_tokens, call.output_tokens) == (1000, 50)
    assert call.cost.cost_usd == pytest.approx((1000 * 4.25 + 50 * 17) / 1e6), call.cost
    assert call.cost.cost_usd > STANDARD_USD


@pytest.mark.parametrize("tier", ["flex", "scale"])
def test_a_call_served_at_a_tier_with_no_price_has_no_known_cost(rig: Rig, tier: str) -> None:
    assert _openai(rig, Reply(200, headers={"content-type": "application/json"}, chunks=[_chat(tier)])) == 200
    call = rig.next_call()
    assert (call.input_tokens, call.output_tokens) == (1000, 50)
    assert call.cost.cost_usd is None and call.cost.reason == "unpriced", call.cost
    assert f"service tier {tier!r}" in (call.cost.price_source or "")


def test_a_streamed_priority_call_costs_the_priority_price(rig: Rig) -> None:
    sse = Reply(200, headers={"content-type": "text/event-stream"}, chunks=_chat_stream("priority"))
    assert _openai(rig, sse, stream=True) == 200
    call = rig.next_call()
    assert (call.input_tokens, call.output_tokens, call.completed) == (1000, 50, True)
    assert call.cost.cost_usd == pytest.approx((1000 * 4.25 + 50 * 17) / 1e6), call.cost


def test_the_standard_tier_is_priced(rig: Rig) -> None:
    assert _openai(rig, Reply(200, headers={"content-type": "application/json"}, chunks=[_chat("default")])) == 200
    call = rig.next_call()
    assert call.cost.cost_usd == pytest.approx(STANDARD_USD), call.cost


def test_a_priority_request_whose_answer_names_no_tier_is_unpriced(rig: Rig) -> None:
    """Asked for priority, answered with no `service_tier`: billed at priority or at the standard prices, which is
    not known (count30; it was priced at the standard prices, a known cost below a priority bill)."""
    assert _openai(rig, Reply(200, headers={"content-type": "application/json"}, chunks=[_chat(None)])) == 200
    call = rig.next_call()
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced"), call.cost


@pytest.mark.parametrize(("tier", "priced"), [("standard", True), ("priority", False)])
def test_an_anthropic_call_is_priced_at_the_standard_tier_only(rig: Rig, tier: str, priced: bool) -> None:
    rig.upstream.push(Reply(200, headers={"content-type": "application/json"}, chunks=[_message(tier)]))
    key = rig.proxy.register_trial(f"t-tier-a-{tier}")
    req = {"model": "claude-haiku-4-5", "max_tokens": 100, "messages": [{"role": "user", "content": "2+2"}]}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as c:
        assert c.post("/v1/messages", json=req, headers={"x-api-key": key}).status_code == 200
    call = rig.next_call()
    assert (call.cost.cost_usd is not None) is priced, call.cost


def test_results_say_the_tier_not_that_the_model_has_no_price(rig: Rig) -> None:
    assert _openai(rig, Reply(200, headers={"content-type": "application/json"}, chunks=[_chat("flex")])) == 200
    c = rig.next_call()
    why = unknown_cost_reason(c.cost.reason, c.response_model, c.hosted_tool_calls, c.cost.price_source)
    assert (
        why == "unpriced: served at service tier flex, priced apart from the standard tier of model gpt-4o-2024-08-06"
    )


def test_under_a_limit_a_request_for_a_tier_with_no_price_is_refused(rig: Rig) -> None:
    key = rig.proxy.register_trial("t-tier-limit", budget_usd=1.0)
    req = {"model": "gpt-4o", "service_tier": "flex", "messages": [{"role": "user", "content": "2+2"}]}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as c:
        r = c.post("/v1/chat/completions", json=req, headers={"authorization": f"Bearer {key}"})
    call = rig.next_call()
    assert r.status_code == 429 and not call.forwarded and rig.upstream.seen == []
    assert "at service tier 'flex'" in (call.error or ""), call.error
