"""Provider tools billed as tokens only (Anthropic web fetch, Gemini File Search) leave the call priced.

count31 marked every call in which the provider ran a tool itself `unpriced`, since no price table has web search or
code execution. But Anthropic's web fetch has "no additional charges beyond standard token costs" (Claude API docs,
"Web fetch tool", Usage and pricing), and Gemini's File Search bills only the indexing, on the upload, and "the
normal Gemini model input / output tokens cost" at query time (Gemini API docs, "File search"): such a call's token
price is its cost. Recorded real answers from pydantic-ai's cassettes (`tests/fixtures/meter/README.md`, count32):
a claude-sonnet-4 web fetch, body (26) and stream (27); a gemini-3-flash-preview File Search (`toolCall` with
`toolType: FILE_SEARCH` and a grounding of the store's chunks, 28); a gemini-2.5-pro one (grounding only, 29). The
guards: the same answers with a web search beside the fetch, or a web grounding beside the file chunks, stay
`unpriced`, counting only the uses billed apart. Real proxy, real upstream on 127.0.0.1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from meter_rig import GoogleRig, Rig, post_anthropic
from meter_upstream import Reply
from patience import patient

from memeval.meter import ModelCall
from memeval.results._spend import unknown_cost_reason

FIXTURES = Path(__file__).parents[1] / "fixtures" / "meter"
FETCH = json.loads((FIXTURES / "anthropic" / "26-recorded-web-fetch.json").read_text())
FETCH_STREAM = (FIXTURES / "anthropic" / "27-recorded-web-fetch-stream.sse").read_bytes()
FILES_3 = json.loads((FIXTURES / "gemini" / "28-recorded-file-search-gemini-3.json").read_text())
FILES_25 = json.loads((FIXTURES / "gemini" / "29-recorded-file-search-gemini-2-5.json").read_text())

FETCH_USD = (7262 * 3.0 + 171 * 15.0) / 1e6
"""genai-prices (pinned) claude-sonnet-4: $3 per million input tokens, $15 per million output tokens."""
FETCH_STREAM_USD = (7244 * 3.0 + 153 * 15.0) / 1e6
FILES_3_USD = ((95 + 439) * 0.5 + (66 + 132) * 3.0) / 1e6
"""gemini-3-flash-preview: $0.50 in, $3 out per million; prompt + tool-use prompt in, candidates + thoughts out."""
FILES_25_USD = ((15 + 288) * 1.25 + (40 + 257) * 10.0) / 1e6
"""gemini-2.5-pro (prompts up to 200k): $1.25 in, $10 out per million."""


def _anthropic(rig: Rig, reply: Reply, trial: str, *, stream: bool = False) -> ModelCall:
    return post_anthropic(rig, reply, trial, "claude-sonnet-4-0", stream=stream)


def _gemini(google: GoogleRig, body: dict[str, Any], model: str) -> ModelCall:
    upstream, proxy, calls = google
    key = proxy.register_trial(f"t-c32-files-{len(upstream.seen)}")
    upstream.push(Reply(chunks=[json.dumps(body).encode()], content_length=True))
    request = {"contents": [{"role": "user", "parts": [{"text": "What is the capital of France?"}]}]}
    with httpx.Client(timeout=10) as client:
        url = f"{proxy.base_url}/v1beta/models/{model}:generateContent"
        assert client.post(url, json=request, headers={"x-goog-api-key": key}).status_code == 200
    return calls.get(timeout=patient(10))


def test_a_recorded_web_fetch_is_priced_at_its_tokens(rig: Rig) -> None:
    call = _anthropic(rig, Reply(chunks=[json.dumps(FETCH).encode()], content_length=True), "t-c32-fetch")
    assert (call.input_tokens, call.output_tokens, call.completed) == (7262, 171, True)
    assert call.hosted_tool_calls == 1
    # main: cost None, `unpriced`, "no price is known for the 1 tool use(s) the provider ran itself"
    assert call.cost.reason is None
    assert call.cost.cost_usd == pytest.approx(FETCH_USD)
    assert "1 provider tool use(s) billed as tokens only" in (call.cost.price_source or "")


def test_a_recorded_web_fetch_stream_is_priced_at_its_tokens(rig: Rig) -> None:
    reply = Reply(headers={"content-type": "text/event-stream"}, chunks=[FETCH_STREAM])
    call = _anthropic(rig, reply, "t-c32-fetch-stream", stream=True)
    assert (call.input_tokens, call.output_tokens, call.completed) == (7244, 153, True)
    assert call.hosted_tool_calls == 1
    assert call.cost.cost_usd == pytest.approx(FETCH_STREAM_USD)  # main: None, `unpriced`


def test_a_web_search_beside_a_web_fetch_keeps_the_call_unpriced_and_counts_the_search_alone(rig: Rig) -> None:
    body = json.loads(json.dumps(FETCH))
    body["usage"]["server_tool_use"]["web_search_requests"] = 2
    call = _anthropic(rig, Reply(chunks=[json.dumps(body).encode()], content_length=True), "t-c32-fetch-search")
    assert call.hosted_tool_calls == 3
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
    source = call.cost.price_source or ""
    assert "the 2 tool use(s) the provider ran itself" in source
    reason = unknown_cost_reason(call.cost.reason, call.response_model, call.hosted_tool_calls, source)
    assert reason.startswith("unpriced: 2 tool use(s) the provider ran itself")  # main: 3, the fetch with them


@pytest.mark.parametrize(
    ("body", "model", "tokens", "usd"),
    [
        (FILES_3, "gemini-3-flash-preview", (534, 198), FILES_3_USD),
        (FILES_25, "gemini-2.5-pro", (303, 297), FILES_25_USD),
    ],
    ids=["gemini-3-toolcall-and-grounding", "gemini-2.5-grounding"],
)
def test_a_recorded_file_search_is_priced_at_its_tokens(
    google: GoogleRig, body: dict[str, Any], model: str, tokens: tuple[int, int], usd: float
) -> None:
    call = _gemini(google, body, model)
    assert (call.input_tokens, call.output_tokens, call.completed) == (*tokens, True)
    assert call.hosted_tool_calls == 1  # the toolCall and the grounding of one candidate: one use
    # main: cost None, `unpriced`
    assert (call.cost.reason, call.cost.cost_usd) == (None, pytest.approx(usd))


def test_a_web_grounding_beside_file_chunks_keeps_the_call_unpriced(google: GoogleRig) -> None:
    body = json.loads(json.dumps(FILES_25))
    grounding = body["candidates"][0]["groundingMetadata"]
    grounding["webSearchQueries"] = ["capital of France"]
    grounding["groundingChunks"].append({"web": {"uri": "https://example.com/paris", "title": "example.com"}})
    call = _gemini(google, body, "gemini-2.5-pro")
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
    assert call.hosted_tool_calls == 1


def test_a_retrieved_context_naming_no_file_search_store_stays_unpriced(google: GoogleRig) -> None:
    body = json.loads(json.dumps(FILES_25))
    for chunk in body["candidates"][0]["groundingMetadata"]["groundingChunks"]:
        chunk["retrievedContext"].pop("fileSearchStore")
        chunk["retrievedContext"]["uri"] = "gs://bucket/paris.txt"  # a RAG corpus or Vertex AI Search, billed apart
    call = _gemini(google, body, "gemini-2.5-pro")
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")


CODE = json.loads((FIXTURES / "gemini" / "32-recorded-code-execution.json").read_text())
CODE_USD = ((257 + 1732) * 0.5 + (170 + 773) * 3.0) / 1e6
"""gemini-3-flash-preview: prompt + tool-use prompt (the code and its results) in, candidates + thoughts out."""


def test_a_recorded_gemini_code_execution_is_priced_at_its_tokens(google: GoogleRig) -> None:
    """Gemini bills code execution as tokens only ("no additional charge", Gemini API docs, "Code execution")."""
    call = _gemini(google, CODE, "gemini-3-flash-preview")
    assert (call.input_tokens, call.output_tokens, call.completed) == (1989, 943, True)
    assert call.hosted_tool_calls == 2  # two `executableCode` parts
    # main: cost None, `unpriced`
    assert (call.cost.reason, call.cost.cost_usd) == (None, pytest.approx(CODE_USD))
