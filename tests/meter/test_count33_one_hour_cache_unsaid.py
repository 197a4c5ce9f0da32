"""Cache writes of a call that asked for 1-hour entries, in an answer that does not break them down, are unpriced.

Anthropic bills a 1-hour cache write at twice the input price and a 5-minute one at 1.25 times (Claude API docs,
"Prompt caching", Pricing); the answer says how many writes were 1-hour ones in `usage.cache_creation`. An answer
without that breakdown (the recorded stream 02 of anthropic-sdk-python's fixtures has `cache_creation_input_tokens`
alone: an older API version; a relay or a compatible server may leave it out too) had all its writes priced as
5-minute ones, whatever the request asked: a request marking its prompt `cache_control: {"type": "ephemeral", "ttl":
"1h"}` was a known cost below its bill (here $0.009606 for up to $0.014106). Now, when the request asked for a 1-hour
entry and the answer counts writes without the breakdown, the call is `unpriced`, saying why. Guards: the same
answer for a request asking for none is priced at the 5-minute price; an answer with the breakdown is priced at it.
Recorded answers (`tests/fixtures/meter/anthropic/02-sse-tool-use.sse`, `09-.../1-200.json`) with their cache
writes set, through the real proxy on 127.0.0.1.
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
STREAM = (
    (FIXTURES / "02-sse-tool-use.sse")
    .read_bytes()
    .replace(b'"cache_creation_input_tokens":0', b'"cache_creation_input_tokens":2000')
)
"""claude-sonnet-4-20250514, 377 in (uncached), 65 out; 2,000 cache writes set, no `cache_creation` breakdown."""
BODY = json.loads((FIXTURES / "09-recorded-prompt-cache-read-write" / "1-200.json").read_text())
"""claude-sonnet-4-5-20250929, 3 in, 1,111 cache reads, 406 out, with a `cache_creation` breakdown (all 0)."""

ONE_HOUR = {"type": "ephemeral", "ttl": "1h"}
PROMPT = [{"type": "text", "text": "You are a careful assistant. " * 200}]


def _request(where: str, model: str, stream: bool) -> dict[str, Any]:
    """A Messages request whose `cache_control` (1 hour) sits at `where` (`none`: a 5-minute one, the default)."""
    system = [dict(PROMPT[0])]
    tools: list[dict[str, Any]] = [{"name": "get_weather", "description": "d", "input_schema": {"type": "object"}}]
    messages: list[dict[str, Any]] = [{"role": "user", "content": [{"type": "text", "text": "hi"}]}]
    request: dict[str, Any] = {"model": model, "max_tokens": 1024, "stream": stream}
    if where == "system":
        system[0]["cache_control"] = ONE_HOUR
    elif where == "tools":
        tools[0]["cache_control"] = ONE_HOUR
    elif where == "message":
        messages[0]["content"][0]["cache_control"] = ONE_HOUR
    elif where == "top":
        request["cache_control"] = ONE_HOUR
    else:
        system[0]["cache_control"] = {"type": "ephemeral"}
    return {**request, "system": system, "tools": tools, "messages": messages}


def _post(rig: Rig, reply: Reply, request: dict[str, Any] | bytes, trial: str) -> ModelCall:
    rig.upstream.push(reply)
    key = rig.proxy.register_trial(trial)
    content = request if isinstance(request, bytes) else json.dumps(request).encode()
    headers = {"x-api-key": key, "anthropic-version": "2023-06-01", "content-type": "application/json"}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        r = client.post("/v1/messages", content=content, headers=headers)
    assert r.status_code == 200, r.text
    return rig.next_call()


def _stream() -> Reply:
    return Reply(headers={"content-type": "text/event-stream"}, chunks=[STREAM])


@pytest.mark.parametrize("where", ["system", "tools", "message", "top"])
def test_writes_not_broken_down_for_a_request_asking_for_1_hour_entries_are_unpriced(rig: Rig, where: str) -> None:
    call = _post(rig, _stream(), _request(where, "claude-sonnet-4-0", True), f"t-c33-ttl-{where}")
    assert (call.input_tokens, call.cache_write_tokens, call.output_tokens) == (2377, 2000, 65)
    # main: a known $0.009606, all 2,000 writes at the 5-minute price; 1-hour ones bill up to $0.014106
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
    source = call.cost.price_source or ""
    assert "counts 2000 cache writes, not how many are 1-hour entries" in source
    reason = unknown_cost_reason(call.cost.reason, call.response_model, call.hosted_tool_calls, source)
    assert reason.startswith("unpriced: 2000 cache writes, not saying how many are 1-hour entries")


def test_a_1_hour_entry_asked_with_json_escapes_is_seen(rig: Rig) -> None:
    """`"ttl": "\\u0031\\u0068"` is `1h` to the provider's JSON reader; the bytes never spell it."""
    raw = json.dumps(_request("system", "claude-sonnet-4-0", True)).encode()
    escaped = raw.replace(b'"ttl": "1h"', b'"ttl": "\\u0031\\u0068"')
    assert escaped != raw and b"1h" not in escaped
    call = _post(rig, _stream(), escaped, "t-c33-ttl-escaped")
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")


def test_the_same_writes_for_a_request_asking_for_5_minute_entries_are_priced_so(rig: Rig) -> None:
    call = _post(rig, _stream(), _request("none", "claude-sonnet-4-0", True), "t-c33-ttl-5m")
    assert call.cost.cost_usd == pytest.approx((377 * 3.0 + 2000 * 3.75 + 65 * 15.0) / 1e6)


def test_writes_broken_down_are_priced_at_their_lifetimes(rig: Rig) -> None:
    body = json.loads(json.dumps(BODY))
    body["usage"]["cache_creation_input_tokens"] = 2000
    body["usage"]["cache_creation"] = {"ephemeral_5m_input_tokens": 500, "ephemeral_1h_input_tokens": 1500}
    reply = Reply(chunks=[json.dumps(body).encode()], content_length=True)
    call = _post(rig, reply, _request("system", "claude-sonnet-4-5", False), "t-c33-ttl-said")
    # genai-prices claude-sonnet-4-5: $3 in, $0.30 cache reads, $3.75 5-minute and $6 1-hour writes, $15 out
    usd = (3 * 3.0 + 1111 * 0.30 + 500 * 3.75 + 1500 * 6.0 + 406 * 15.0) / 1e6
    assert (call.cost.reason, call.cost.cost_usd) == (None, pytest.approx(usd))
