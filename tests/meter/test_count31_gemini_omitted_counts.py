"""Gemini answers that leave a zero count out, or whose counts do not add up to their total, through the real proxy.

The Gemini API writes `usageMetadata` as proto3 JSON does: a count that is 0 is left out. Recorded answers
(`tests/fixtures/meter/gemini`, from pydantic-ai's cassettes): a prompt the safety filters stopped answers
`{"promptTokenCount": 14, "totalTokenCount": 14}` (no `candidatesTokenCount`), a thinking model cut by
`maxOutputTokens` `{"promptTokenCount": 15, "thoughtsTokenCount": 2, "totalTokenCount": 17}`. The meter took a final
usage with neither answer count for "no final usage": the billed prompt of a blocked call read as unmeasured
(`usage_missing`, no tokens, no cost). Now a count left out is 0 when the counts given add up to `totalTokenCount`
(the documented sum of prompt, tool-use prompt, candidates and thoughts), and a final usage whose counts do not add
up to it is unmeasured (a part of the bill is in no count the meter prices), not a known cost below its bill. The
recorded stream (`23`) carries `serviceTier` in its `usageMetadata`, which the meter now reads when the
`x-gemini-service-tier` header names no tier. Real proxy, real upstream on 127.0.0.1, answers served as recorded
or with the one change each test names.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from meter_rig import GoogleRig
from meter_upstream import Reply
from patience import patient

from memeval.meter import ModelCall

FIXTURES = Path(__file__).parents[1] / "fixtures" / "meter" / "gemini"
BLOCKED = json.loads((FIXTURES / "21-recorded-safety-block.json").read_text())
THINKING_ONLY = json.loads((FIXTURES / "22-recorded-max-tokens-thinking-only.json").read_text())
STREAM = (FIXTURES / "23-recorded-sse-running-usage.sse").read_bytes()

USD_PER_TOKEN = {
    "gemini-1.5-flash": (0.075e-6, 0.30e-6),
    "gemini-2.5-pro": (1.25e-6, 10.0e-6),
    "gemini-2.5-flash": (0.30e-6, 2.50e-6),
}
"""genai-prices (pinned), input and output dollars a token, prompts under the long-context threshold."""


def _usd(model: str, input_tokens: int, output_tokens: int) -> float:
    price_in, price_out = USD_PER_TOKEN[model]
    return input_tokens * price_in + output_tokens * price_out


def _events(raw: bytes) -> list[dict[str, Any]]:
    return [json.loads(block.removeprefix(b"data: ")) for block in raw.split(b"\r\n\r\n") if block.strip()]


def _sse(events: list[dict[str, Any]]) -> bytes:
    """Events framed as the recording frames them (`data: ` + compact JSON + CRLF CRLF)."""
    return b"".join(b"data: " + json.dumps(e, separators=(",", ":")).encode() + b"\r\n\r\n" for e in events)


def _call(
    google: GoogleRig, model: str, reply: Reply, *, stream: bool, ask: dict[str, object] | None = None
) -> ModelCall:
    upstream, proxy, calls = google
    key = proxy.register_trial(f"t-count31-{len(upstream.seen)}")
    upstream.push(reply)
    verb = "streamGenerateContent?alt=sse" if stream else "generateContent"
    request: dict[str, object] = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}], **(ask or {})}
    with httpx.Client(timeout=10) as client:
        r = client.post(f"{proxy.base_url}/v1beta/models/{model}:{verb}", json=request, headers={"x-goog-api-key": key})
    assert r.status_code == 200, r.text
    return calls.get(timeout=patient(10))


def _body(obj: dict[str, Any]) -> Reply:
    return Reply(chunks=[json.dumps(obj).encode()], content_length=True)


def _stream(raw: bytes) -> Reply:
    return Reply(headers={"content-type": "text/event-stream"}, chunks=[raw])


def test_a_recorded_safety_block_without_answer_counts_is_priced_at_its_prompt(google: GoogleRig) -> None:
    call = _call(google, "gemini-1.5-flash", _body(BLOCKED), stream=False)
    # main: output_tokens None, completed False, cost None with reason usage_missing ("no final usage")
    assert (call.input_tokens, call.output_tokens, call.reasoning_tokens) == (14, 0, None)
    assert call.completed and call.error is None
    assert call.cost.cost_usd == pytest.approx(_usd("gemini-1.5-flash", 14, 0))


def test_a_prompt_blocked_in_a_stream_is_priced_at_its_prompt(google: GoogleRig) -> None:
    """The stream's one event says the prompt was blocked (`promptFeedback.blockReason`) and counts only the prompt.

    Derived from recording 21 (its usage, its model) in recording 23's framing, as the API streams a blocked prompt.
    """
    event = {
        "promptFeedback": {"blockReason": "SAFETY"},
        "usageMetadata": BLOCKED["usageMetadata"],
        "modelVersion": BLOCKED["modelVersion"],
        "responseId": BLOCKED["responseId"],
    }
    call = _call(google, "gemini-1.5-flash", _stream(_sse([event])), stream=True)
    # main: unmeasured (usage_missing)
    assert (call.input_tokens, call.output_tokens) == (14, 0)
    assert call.completed
    assert call.cost.cost_usd == pytest.approx(_usd("gemini-1.5-flash", 14, 0))


def test_a_recorded_thinking_only_answer_is_priced_with_its_thoughts(google: GoogleRig) -> None:
    call = _call(google, "gemini-2.5-pro", _body(THINKING_ONLY), stream=False)
    assert (call.input_tokens, call.output_tokens, call.reasoning_tokens) == (15, 2, 2)
    assert call.cost.cost_usd == pytest.approx(_usd("gemini-2.5-pro", 15, 2))


def test_the_recorded_stream_is_priced_at_its_last_event(google: GoogleRig) -> None:
    call = _call(google, "gemini-2.5-flash", _stream(STREAM), stream=True)
    assert (call.input_tokens, call.output_tokens, call.reasoning_tokens) == (18, 80 + 35, 35)
    assert call.completed
    assert call.cost.cost_usd == pytest.approx(_usd("gemini-2.5-flash", 18, 115))


@pytest.mark.parametrize("extra", [40, -40])
def test_a_final_usage_that_does_not_add_up_to_its_total_is_unmeasured(google: GoogleRig, extra: int) -> None:
    """Recording 23 with its last event's `totalTokenCount` moved by `extra`: a part of the bill in no priced count."""
    events = _events(STREAM)
    events[-1]["usageMetadata"]["totalTokenCount"] += extra
    call = _call(google, "gemini-2.5-flash", _stream(_sse(events)), stream=True)
    # main: a known $0.0002929 (18 + 115 tokens), whatever the total said
    assert (call.cost.cost_usd, call.cost.reason) == (None, "usage_missing")
    assert (call.input_tokens, call.output_tokens) == (None, None)
    assert "totalTokenCount (" in (call.error or "")


def test_a_left_out_answer_count_with_a_larger_total_is_not_read_as_zero(google: GoogleRig) -> None:
    """Recording 21 with a total above its prompt: the answer count left out was not 0, so the call is unmeasured."""
    body = json.loads(json.dumps(BLOCKED))
    body["usageMetadata"]["totalTokenCount"] = 14 + 9
    call = _call(google, "gemini-1.5-flash", _body(body), stream=False)
    assert (call.cost.cost_usd, call.cost.reason) == (None, "usage_missing")
    assert call.output_tokens is None


def test_the_body_s_service_tier_names_the_tier_when_no_header_does(google: GoogleRig) -> None:
    """Recording 23 says `serviceTier: standard` in its usage; a request that asked for priority is priced standard.

    Before, with no `x-gemini-service-tier` header, which tier billed the call was taken as unknown (`unpriced`).
    """
    call = _call(google, "gemini-2.5-flash", _stream(STREAM), stream=True, ask={"service_tier": "priority"})
    # main: cost None, reason unpriced ("names no tier, and the request asked for service tier 'priority'")
    assert call.cost.cost_usd == pytest.approx(_usd("gemini-2.5-flash", 18, 115))


def test_a_body_naming_the_priority_tier_has_no_known_cost(google: GoogleRig) -> None:
    """Recording 23 with `serviceTier: priority` in every event and no header: not priced at the standard prices."""
    events = _events(STREAM)
    for event in events:
        event["usageMetadata"]["serviceTier"] = "priority"
    call = _call(google, "gemini-2.5-flash", _stream(_sse(events)), stream=True)
    # main: a known $0.0002929 at the standard prices
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
    assert "service tier 'priority'" in (call.cost.price_source or "")
