"""OpenAI's hosted tool search is a provider-run tool use with no known price, not a free one.

A Responses call with `{"type": "tool_search"}` answers with a `tool_search_call` item (`execution: "server"`: OpenAI
searched the deferred tools itself) and its `tool_search_output`. The meter read neither, so the call was priced at
its tokens alone, with no tool use counted. OpenAI bills its other hosted tools per call beside the tokens (web
search, file search: its pricing page); for tool search no price statement was found (the tool search guide speaks of
tokens saved, the pricing pages we could read name no line for it), so the call is now `unpriced`, the use counted in
`hosted_tool_calls` like web and file search, rather than a token cost that may sit below the bill. A client-executed
search (`execution: "client"`) is the agent's own tool call: counted in `tool_calls`, the tokens priced. An output
item `*_call` of a kind the meter does not know is treated as a provider-run use too: never priced as tokens only.

Recorded answers of gpt-5.4 from pydantic-ai's cassettes (`tests/fixtures/meter/openai-responses/35-...`, `36-...`,
`37-...`), through the real proxy on 127.0.0.1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
from meter_rig import Rig
from meter_upstream import Reply

from memeval.meter import ModelCall, parse_body
from memeval.results._spend import unknown_cost_reason

FIXTURES = Path(__file__).parents[1] / "fixtures" / "meter" / "openai-responses"
HOSTED = json.loads((FIXTURES / "35-recorded-hosted-tool-search.json").read_text())
"""gpt-5.4-2026-03-05: `tool_search_call` (server), `tool_search_output`, a `function_call`; 652 in, 44 out."""
HOSTED_STREAM = (FIXTURES / "36-recorded-hosted-tool-search-stream.sse").read_bytes()
"""The same kind of call streamed: 600 in, 47 out in its `response.completed`."""
CLIENT = json.loads((FIXTURES / "37-recorded-client-tool-search.json").read_text())
"""gpt-5.4: one `tool_search_call` with `execution: "client"`; 234 in, 36 out."""


def _post(rig: Rig, reply: Reply, trial: str, *, stream: bool = False) -> ModelCall:
    rig.upstream.push(reply)
    key = rig.proxy.register_trial(trial)
    request = {"model": "gpt-5.4", "input": "hi", "stream": stream, "tools": [{"type": "tool_search"}]}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        r = client.post("/v1/responses", json=request, headers={"authorization": f"Bearer {key}"})
    assert r.status_code == 200, r.text
    return rig.next_call()


def _body(body: dict[str, Any]) -> Reply:
    return Reply(chunks=[json.dumps(body).encode()], content_length=True)


def test_a_hosted_tool_search_is_a_provider_tool_use_with_no_known_price(rig: Rig) -> None:
    call = _post(rig, _body(HOSTED), "t-c34-ts")
    assert (call.input_tokens, call.output_tokens, call.completed) == (652, 44, True)
    assert call.tool_calls == 1  # the function call it found, for the agent to run
    assert call.hosted_tool_calls == 1  # main: 0, and a known cost of its tokens alone
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
    source = call.cost.price_source or ""
    reason = unknown_cost_reason(call.cost.reason, call.response_model, call.hosted_tool_calls, source)
    assert reason.startswith("unpriced: 1 tool use(s) the provider ran itself"), reason


def test_a_hosted_tool_search_stream_likewise(rig: Rig) -> None:
    reply = Reply(headers={"content-type": "text/event-stream"}, chunks=[HOSTED_STREAM])
    call = _post(rig, reply, "t-c34-ts-stream", stream=True)
    assert (call.input_tokens, call.output_tokens, call.completed) == (600, 47, True)
    assert (call.hosted_tool_calls, call.cost.cost_usd, call.cost.reason) == (1, None, "unpriced")  # main: 0, priced


def test_a_client_executed_tool_search_is_the_agents_tool_call_and_its_tokens_are_priced(rig: Rig) -> None:
    call = _post(rig, _body(CLIENT), "t-c34-ts-client")
    assert (call.tool_calls, call.tool_names, call.hosted_tool_calls) == (1, ("tool_search_call",), 0)  # main: 0
    assert call.cost.cost_usd is not None and call.cost.cost_usd > 0


def test_an_unknown_call_item_is_never_priced_as_tokens_only() -> None:
    body = json.loads(json.dumps(HOSTED))
    body["output"][0]["type"] = "future_lookup_call"  # a hosted tool the meter has never seen
    body["output"][1]["type"] = "future_lookup_output"
    usage = parse_body("openai-responses", json.dumps(body).encode())
    assert (usage.hosted_tool_calls, usage.hosted_billed_apart, usage.tool_calls) == (1, 1, 1)
    body["output"][0]["execution"] = "client"
    usage = parse_body("openai-responses", json.dumps(body).encode())
    assert (usage.hosted_tool_calls, usage.tool_calls) == (0, 2)


def test_an_answer_without_a_tool_search_is_read_as_before() -> None:
    body = json.loads(json.dumps(HOSTED))
    body["output"] = body["output"][2:]  # the function call alone
    usage = parse_body("openai-responses", json.dumps(body).encode())
    assert (usage.hosted_tool_calls, usage.tool_calls, usage.completed) == (0, 1, True)
