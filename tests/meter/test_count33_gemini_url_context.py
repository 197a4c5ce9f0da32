"""Gemini's URL context is billed as tokens only: a call that used it is priced at its tokens, not `unpriced`.

"The content retrieved from the URLs you specify in your prompt is counted as part of the input tokens", at the
model's price per token (Gemini API docs, "URL context", Token count); the pricing page has no line for it beside
the tokens. count32 left such calls `unpriced`: the answer's grounding cites the fetched page (`web` chunks, no
search query), which the meter took for a grounding with Google Search, billed per prompt or query. Recorded real
answers from pydantic-ai's cassettes (`tests/fixtures/meter/README.md`, count33): a gemini-2.5-flash body (33) and
stream (34, the URL context's metadata in the first event, the citation in the last). The guards: a search query
beside the URL context, a citation of a page it did not fetch, and a grounding citing pages with no URL context,
all stay `unpriced`. Real proxy, real upstream on 127.0.0.1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from meter_rig import GoogleRig, post_gemini
from meter_upstream import Reply

from memeval.meter import ModelCall

FIXTURES = Path(__file__).parents[1] / "fixtures" / "meter" / "gemini"
BODY = json.loads((FIXTURES / "33-recorded-url-context.json").read_text())
STREAM = (FIXTURES / "34-recorded-url-context-stream.sse").read_bytes()
MODEL = "gemini-2.5-flash"

BODY_USD = ((32 + 2395) * 0.30 + (41 + 47) * 2.50) / 1e6
"""genai-prices (pinned) gemini-2.5-flash: $0.30 in, $2.50 out per million; prompt + tool-use prompt (the fetched
page) in, candidates + thoughts out."""
STREAM_USD = ((32 + 4610) * 0.30 + (25 + 37) * 2.50) / 1e6


def _body(google: GoogleRig, body: dict[str, Any]) -> ModelCall:
    return post_gemini(google, Reply(chunks=[json.dumps(body).encode()], content_length=True), MODEL)


def test_a_recorded_url_context_answer_is_priced_at_its_tokens(google: GoogleRig) -> None:
    call = post_gemini(google, Reply(chunks=[json.dumps(BODY).encode()], content_length=True), MODEL)
    assert (call.input_tokens, call.output_tokens, call.completed) == (2427, 88, True)
    assert call.hosted_tool_calls == 1
    # main: cost None, `unpriced`, "no price is known for the 1 tool use(s) the provider ran itself"
    assert (call.cost.reason, call.cost.cost_usd) == (None, pytest.approx(BODY_USD))
    assert "1 provider tool use(s) billed as tokens only" in (call.cost.price_source or "")


def test_a_recorded_url_context_stream_is_priced_at_its_tokens(google: GoogleRig) -> None:
    reply = Reply(headers={"content-type": "text/event-stream"}, chunks=[STREAM])
    call = post_gemini(google, reply, MODEL, stream=True)
    assert (call.input_tokens, call.output_tokens, call.completed) == (4642, 62, True)
    assert call.hosted_tool_calls == 1  # the metadata (first event) and the citation (last event): one use
    assert (call.cost.reason, call.cost.cost_usd) == (None, pytest.approx(STREAM_USD))  # main: None, `unpriced`


def test_a_url_context_named_in_a_gemini_3_tool_call_is_priced_at_its_tokens(google: GoogleRig) -> None:
    """Gemini 3 may name its built-in tools' runs in parts (`toolCall`, `toolType: URL_CONTEXT`) instead."""
    body = json.loads(json.dumps(BODY))
    candidate = body["candidates"][0]
    candidate.pop("urlContextMetadata")
    call_part = {"toolCall": {"toolType": "URL_CONTEXT", "args": {"urls": ["https://ai.pydantic.dev"]}, "id": "u1"}}
    candidate["content"]["parts"].insert(0, call_part)
    call = _body(google, body)
    assert call.hosted_tool_calls == 1
    assert (call.cost.reason, call.cost.cost_usd) == (None, pytest.approx(BODY_USD))


def test_a_search_beside_the_url_context_keeps_the_call_unpriced(google: GoogleRig) -> None:
    body = json.loads(json.dumps(BODY))
    body["candidates"][0]["groundingMetadata"]["webSearchQueries"] = ["pydantic ai first sentence"]
    call = _body(google, body)
    assert call.hosted_tool_calls == 2  # the search and the URL context
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
    assert "the 1 tool use(s) the provider ran itself" in (call.cost.price_source or "")


def test_a_citation_of_a_page_the_url_context_did_not_fetch_keeps_the_call_unpriced(google: GoogleRig) -> None:
    body = json.loads(json.dumps(BODY))
    chunks = body["candidates"][0]["groundingMetadata"]["groundingChunks"]
    chunks.append({"web": {"uri": "https://example.com/found-by-a-search", "title": "example.com"}})
    call = _body(google, body)
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")


def test_a_grounding_citing_pages_without_url_context_keeps_the_call_unpriced(google: GoogleRig) -> None:
    body = json.loads(json.dumps(BODY))
    body["candidates"][0].pop("urlContextMetadata")
    call = _body(google, body)
    assert call.hosted_tool_calls == 1
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
