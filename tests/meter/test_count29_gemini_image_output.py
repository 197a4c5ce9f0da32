"""A Gemini answer that generated images has no known cost: image output tokens are billed apart from text ones.

Gemini's image models (`gemini-2.5-flash-image`, ...) count the images they generate in `candidatesTokenCount`,
with the `IMAGE` part listed in `usageMetadata.candidatesTokensDetails` (`{modality, tokenCount}`: the Gemini API
reference, `UsageMetadata` and `ModalityTokenCount`), and bill them at their own rate: $30 per million tokens for
`gemini-2.5-flash-image` against $2.50 for its text output (genai-prices' table says the same). The proxy priced
the whole output as text: one image of 1,290 tokens came to $0.0033 of a $0.039 bill, a known cost twelve times too
low, inside any spend limit. Now such a call is `unpriced`, its reason naming the image tokens, as audio tokens
already were; `memeval results` says so. Real proxy, real upstream on 127.0.0.1; the shapes follow the reference,
the figures are ours.
"""

from __future__ import annotations

import json

import httpx
import pytest
from meter_rig import GoogleRig
from meter_upstream import Reply
from patience import patient

from memeval.meter import ModelCall
from memeval.results._spend import unknown_cost_reason

IMAGE_NOTE = "image output token(s), which providers bill apart from text tokens"  # `memeval.types.IMAGE_NOTE`
PATH = "/v1beta/models/gemini-2.5-flash-image:generateContent"
REQUEST = {"contents": [{"role": "user", "parts": [{"text": "draw an olive tree"}]}]}


def _body(details: list[dict[str, object]]) -> bytes:
    parts = [{"text": "Here it is."}, {"inlineData": {"mimeType": "image/png", "data": "iVBORw0KGgo="}}]
    doc = {
        "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {
            "promptTokenCount": 100,
            "candidatesTokenCount": sum(int(str(d["tokenCount"])) for d in details),
            "totalTokenCount": 100 + sum(int(str(d["tokenCount"])) for d in details),
            "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 100}],
            "candidatesTokensDetails": details,
        },
        "modelVersion": "gemini-2.5-flash-image",
        "responseId": "img-1",
    }
    return json.dumps(doc).encode()


def _call(google: GoogleRig, body: bytes) -> ModelCall:
    upstream, proxy, calls = google
    key = proxy.register_trial(f"t-image-{len(upstream.seen)}")
    upstream.push(Reply(chunks=[body], content_length=True))
    with httpx.Client(timeout=10) as client:
        r = client.post(proxy.base_url + PATH, json=REQUEST, headers={"x-goog-api-key": key})
    assert r.status_code == 200, r.text
    return calls.get(timeout=patient(10))


def test_an_answer_with_image_output_has_no_known_cost_and_says_why(google) -> None:  # type: ignore[no-untyped-def]
    call = _call(google, _body([{"modality": "TEXT", "tokenCount": 10}, {"modality": "IMAGE", "tokenCount": 1290}]))
    assert (call.input_tokens, call.output_tokens, call.completed) == (100, 1300, True)
    # main: a known $0.00328 (1,300 output tokens at the text rate), where the bill is $0.038755
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
    assert f"1290 {IMAGE_NOTE}" in (call.cost.price_source or "")
    why = unknown_cost_reason(call.cost.reason, call.response_model, call.hosted_tool_calls, call.cost.price_source)
    assert why == f"unpriced: 1290 {IMAGE_NOTE}, beyond the text tokens of model gemini-2.5-flash-image"


def test_the_same_model_answering_text_alone_is_priced(google) -> None:  # type: ignore[no-untyped-def]
    call = _call(google, _body([{"modality": "TEXT", "tokenCount": 40}]))
    # genai-prices (pinned) gemini-2.5-flash-image: $0.30 per million input tokens, $2.50 per million text output
    assert call.cost.cost_usd == pytest.approx((100 * 0.30 + 40 * 2.50) / 1e6)
