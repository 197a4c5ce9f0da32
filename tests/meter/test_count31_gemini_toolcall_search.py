"""A Gemini 3 answer that ran Google Search, named only in a `toolCall` part, has no known cost.

Gemini 3 bills Google Search per search query beside the tokens, and names the searches it ran in the answer's
parts: `{"toolCall": {"toolType": "GOOGLE_SEARCH_WEB", "args": {"queries": [...]}, "id"}}`, then the
`toolResponse`. The meter counted a Gemini search from the candidate's `groundingMetadata` only, which an answer
ending in a function call may not carry: recording 25 (`tests/fixtures/meter/gemini/25-...`, a real
gemini-3-flash-preview answer from pydantic-ai's cassettes: one search, then a call of the client's `final_result`)
was priced as a known $0.0002325 (279 + 31 tokens), its search left out. Now each query of a `toolCall` is a tool use
the provider ran itself (keyed as `groundingMetadata`'s queries are, so a search both name counts once) and the call
`unpriced`. Real proxy, real upstream on 127.0.0.1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from meter_rig import GoogleRig, post_gemini
from meter_upstream import Reply

from memeval.meter import ModelCall

RECORDED = json.loads(
    (
        Path(__file__).parents[1] / "fixtures" / "meter" / "gemini" / "25-recorded-search-toolcall-no-grounding.json"
    ).read_text()
)
QUERY = "largest city in Mexico by population"


def _post(google: GoogleRig, reply: Reply, *, stream: bool) -> ModelCall:
    return post_gemini(
        google, reply, "gemini-3-flash-preview", stream=stream, prompt="What is the largest city in Mexico?"
    )


def _events(body: dict[str, Any]) -> bytes:
    """The answer as two SSE events: the search's parts with the prompt's running count, then the function call
    with the finish and the whole usage (the API streams a candidate's parts across events, usage a running total)."""
    candidate = body["candidates"][0]
    parts = candidate["content"]["parts"]
    first = {
        "candidates": [{"content": {"role": "model", "parts": parts[:2]}, "index": 0}],
        "usageMetadata": {"promptTokenCount": 279, "totalTokenCount": 279},
        "modelVersion": body["modelVersion"],
        "responseId": body["responseId"],
    }
    last = {**body, "candidates": [{**candidate, "content": {"role": "model", "parts": parts[2:]}}]}
    return b"".join(b"data: " + json.dumps(e, separators=(",", ":")).encode() + b"\r\n\r\n" for e in (first, last))


@pytest.mark.parametrize("stream", [False, True])
def test_a_search_named_only_in_a_tool_call_part_has_no_known_cost(google: GoogleRig, stream: bool) -> None:
    if stream:
        reply = Reply(headers={"content-type": "text/event-stream"}, chunks=[_events(RECORDED)])
    else:
        reply = Reply(chunks=[json.dumps(RECORDED).encode()], content_length=True)
    call = _post(google, reply, stream=stream)
    assert (call.input_tokens, call.output_tokens, call.tool_calls) == (279, 31, 1)
    # main: hosted_tool_calls 0 and a known $0.0002325, the search left out
    assert call.hosted_tool_calls == 1
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
    assert "1 tool use(s) the provider ran itself" in (call.cost.price_source or "")


def test_a_search_named_in_a_tool_call_and_the_grounding_counts_once(google: GoogleRig) -> None:
    body = json.loads(json.dumps(RECORDED))
    body["candidates"][0]["groundingMetadata"] = {"webSearchQueries": [QUERY]}
    call = _post(google, Reply(chunks=[json.dumps(body).encode()], content_length=True), stream=False)
    assert call.hosted_tool_calls == 1


def test_the_answer_without_its_search_parts_is_priced(google: GoogleRig) -> None:
    body = json.loads(json.dumps(RECORDED))
    body["candidates"][0]["content"]["parts"] = body["candidates"][0]["content"]["parts"][2:]
    call = _post(google, Reply(chunks=[json.dumps(body).encode()], content_length=True), stream=False)
    assert call.hosted_tool_calls == 0
    assert call.cost.cost_usd == pytest.approx((279 * 0.50 + 31 * 3.00) / 1e6)
