"""A Gemini call grounded with Google Search (or Google Maps) has no known cost: grounding is billed beyond the tokens.

The Gemini API bills grounding with Google Search per grounded prompt (Gemini 2.5 and older) or per search query
(Gemini 3), and grounding with Google Maps per grounded prompt, on top of the tokens; genai-prices prices tokens only.
Such an answer says so in its candidate's `groundingMetadata` (`webSearchQueries`, `groundingChunks`,
`searchEntryPoint`, `googleMapsWidgetContextToken`: the Gemini API reference, `GroundingMetadata`), and names no
tool part (`executableCode` is the only hosted part the reader counted). The proxy priced the tokens alone as a
known cost: an agent grounding every call looked a fraction of a cent cheap, inside any spend limit. Now the call
counts its grounded searches as hosted tool uses and its cost is null (`unpriced`, the reason naming them), as
Anthropic's and OpenAI's web searches already were. Real proxy, real upstream on 127.0.0.1. No recorded Gemini
answer is in the fixtures: the shapes follow the reference, the figures are ours.
"""

from __future__ import annotations

import json

import httpx
import pytest
from meter_rig import GoogleRig
from meter_upstream import Reply
from patience import patient

from memeval.meter import ModelCall

PATH = "/v1beta/models/gemini-2.5-flash:generateContent"
STREAM_PATH = "/v1beta/models/gemini-2.5-flash:streamGenerateContent"
REQUEST = {"contents": [{"role": "user", "parts": [{"text": "who won the match?"}]}], "tools": [{"google_search": {}}]}
USAGE = {"promptTokenCount": 40, "candidatesTokenCount": 120, "totalTokenCount": 160}

SEARCHED = {
    "webSearchQueries": ["match result today", "final score"],
    "searchEntryPoint": {"renderedContent": "<div>...</div>"},
    "groundingChunks": [{"web": {"uri": "https://example.org/a", "title": "example.org"}}],
    "groundingSupports": [
        {"segment": {"startIndex": 0, "endIndex": 20, "text": "The home side won."}, "groundingChunkIndices": [0]}
    ],
}
MAPS = {
    "groundingChunks": [{"maps": {"uri": "https://maps.google.com/?cid=1", "title": "Cafe", "placeId": "places/1"}}],
    "googleMapsWidgetContextToken": "widgetcontent/abc",
}


def _response(grounding: dict[str, object] | None, *, finish: bool = True, usage: bool = True) -> dict[str, object]:
    candidate: dict[str, object] = {"content": {"role": "model", "parts": [{"text": "The home side won."}]}, "index": 0}
    if finish:
        candidate["finishReason"] = "STOP"
    if grounding is not None:
        candidate["groundingMetadata"] = grounding
    out: dict[str, object] = {"candidates": [candidate], "modelVersion": "gemini-2.5-flash", "responseId": "r1"}
    if usage:
        out["usageMetadata"] = USAGE
    return out


Rig = GoogleRig


def _call(google: Rig, reply: Reply, path: str = PATH, params: str = "") -> ModelCall:
    upstream, proxy, calls = google
    key = proxy.register_trial(f"t-ground-{len(upstream.seen)}")
    upstream.push(reply)
    url = proxy.base_url + path + (f"?{params}" if params else "")
    with httpx.Client(timeout=10) as client:
        r = client.post(url, json=REQUEST, headers={"x-goog-api-key": key})
    assert r.status_code == 200, r.text
    return calls.get(timeout=patient(10))


@pytest.mark.parametrize("grounding", [SEARCHED, MAPS], ids=["google-search", "google-maps"])
def test_a_grounded_answer_has_no_known_cost_and_says_why(google: Rig, grounding: dict[str, object]) -> None:
    call = _call(google, Reply(chunks=[json.dumps(_response(grounding)).encode()], content_length=True))
    assert (call.input_tokens, call.output_tokens, call.completed) == (40, 120, True)
    uses = 2 if grounding is SEARCHED else 1  # each search query the answer names; one grounded prompt for Maps
    assert call.hosted_tool_calls == uses
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
    assert f"{uses} tool use(s) the provider ran itself" in (call.cost.price_source or "")


def test_a_grounded_stream_counts_its_searches_once(google: Rig) -> None:
    """Gemini repeats a candidate's grounding metadata in later events of a stream: the queries are counted once."""
    events = [
        _response(None, finish=False, usage=False),
        _response(SEARCHED, finish=False, usage=False),
        _response(SEARCHED),
    ]
    body = b"".join(b"data: " + json.dumps(e).encode() + b"\r\n\r\n" for e in events)
    call = _call(google, Reply(headers={"content-type": "text/event-stream"}, chunks=[body]), STREAM_PATH, "alt=sse")
    assert (call.streamed, call.output_tokens, call.hosted_tool_calls) == (True, 120, 2)
    assert call.cost.cost_usd is None and call.cost.reason == "unpriced"


@pytest.mark.parametrize("grounding", [None, {}, {"webSearchQueries": [], "groundingChunks": []}])
def test_an_answer_that_did_not_search_is_priced(google: Rig, grounding: dict[str, object] | None) -> None:
    call = _call(google, Reply(chunks=[json.dumps(_response(grounding)).encode()], content_length=True))
    assert call.hosted_tool_calls == 0
    assert call.cost.cost_usd is not None and call.cost.cost_usd > 0
