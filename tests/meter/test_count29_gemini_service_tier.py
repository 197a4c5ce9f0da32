"""A Gemini call served at the Priority or Flex tier has no known cost: the tier is in a response header, not the body.

The Gemini API serves a call at the tier its request asks for (`service_tier`: `priority`, 75 to 100% above the
standard prices; `flex`, half), unless it downgrades a priority call to standard, and says which tier served it in
the `x-gemini-service-tier` response header alone (the Gemini API's Priority and Flex inference pages); the body's
`usageMetadata` names no tier. The meter read bodies only, so a priority call was priced at the standard prices: a
known cost about half of the bill. Now the header is read as the call's tier (`WireApi.tier_header`), and a tier no
price table has is `unpriced` as OpenAI's are; `standard` is priced as before. A call whose request asked for a tier
and whose response has no such header is `unpriced` too (which tier billed it is not known). Real proxy,
real upstream on 127.0.0.1; the answer's shape follows the reference, the figures are ours.
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
BODY = json.dumps(
    {
        "candidates": [
            {"content": {"role": "model", "parts": [{"text": "Done."}]}, "finishReason": "STOP", "index": 0}
        ],
        "usageMetadata": {"promptTokenCount": 1000, "candidatesTokenCount": 200, "totalTokenCount": 1200},
        "modelVersion": "gemini-2.5-flash",
        "responseId": "tier-1",
    }
).encode()
STANDARD_USD = (1000 * 0.30 + 200 * 2.50) / 1e6
"""genai-prices (pinned) gemini-2.5-flash: $0.30 per million input tokens, $2.50 per million output tokens."""


Rig = GoogleRig


def _call(google: Rig, served: str | None, asked: str | None) -> ModelCall:
    upstream, proxy, calls = google
    key = proxy.register_trial(f"t-tier-{len(upstream.seen)}")
    headers = {"content-type": "application/json"}
    if served is not None:
        headers["x-gemini-service-tier"] = served
    upstream.push(Reply(headers=headers, chunks=[BODY], content_length=True))
    request: dict[str, object] = {"contents": [{"role": "user", "parts": [{"text": "triage this"}]}]}
    if asked is not None:
        request["service_tier"] = asked
    with httpx.Client(timeout=10) as client:
        r = client.post(proxy.base_url + PATH, json=request, headers={"x-goog-api-key": key})
    assert r.status_code == 200, r.text
    return calls.get(timeout=patient(10))


@pytest.mark.parametrize(("served", "asked"), [("priority", "priority"), ("flex", "flex"), ("priority", None)])
def test_a_call_the_header_says_another_tier_served_has_no_known_cost(
    google: Rig, served: str, asked: str | None
) -> None:
    call = _call(google, served, asked)
    assert (call.input_tokens, call.output_tokens) == (1000, 200)
    # main: a known cost at the standard prices, $0.00080, for a bill of $0.0014-0.0016 (priority) or $0.0004 (flex)
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
    assert f"service tier '{served}'" in (call.cost.price_source or "")


def test_a_call_asking_for_a_tier_whose_response_names_none_has_no_known_cost(google: Rig) -> None:
    call = _call(google, None, "priority")
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
    assert "service tier 'priority'" in (call.cost.price_source or "")


@pytest.mark.parametrize(("served", "asked"), [(None, None), ("standard", None), ("standard", "priority")])
def test_a_call_served_at_the_standard_tier_is_priced(google: Rig, served: str | None, asked: str | None) -> None:
    """A priority call downgraded to standard (the header says `standard`) is billed, and priced, as standard."""
    call = _call(google, served, asked)
    assert call.cost.cost_usd == pytest.approx(STANDARD_USD)
