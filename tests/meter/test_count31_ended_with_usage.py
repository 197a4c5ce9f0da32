"""A stream the provider ends short, or with an error, after saying what it used: its billed tokens are counted.

Guards for count31's leftover (2), all right on main: the tokens a provider bills for an answer that did not complete
are counted when its final usage came, and unknown (never 0) when it did not. Each stream is a recording of
tests/fixtures/meter/ with its end replaced by the documented shape: a Responses stream ended by
`response.incomplete` (max_output_tokens, "Streaming events") or `response.failed`, each with the recording's own
`usage`; an Anthropic stream whose `message_delta` (the final usage) is followed by `event: error` in place of its
`message_stop`; a Gemini stream cut by an `{"error": {...}}` event after two running totals. Real proxy, real
upstream on 127.0.0.1.
"""

from __future__ import annotations

import json
from pathlib import Path

import httpx
from meter_fixtures import RECORDED, Recorded
from meter_rig import GoogleRig, Rig
from meter_upstream import Reply
from patience import patient

from memeval.meter import ModelCall

PATHS = {"openai-responses": "/v1/responses", "anthropic-messages": "/v1/messages"}


def _recorded(suffix: str) -> Recorded:
    return next(r for r in RECORDED if r.name.endswith(suffix))


def _send(rig: Rig, rec: Recorded, chunks: list[bytes], trial: str) -> ModelCall:
    rig.upstream.push(Reply(200, headers=dict(rec.headers), chunks=chunks))
    key = rig.proxy.register_trial(trial)
    body = {"model": rec.expected["model"], "stream": True, "max_tokens": 64}
    body["input" if rec.api == "openai-responses" else "messages"] = [{"role": "user", "content": "hi"}]
    auth = {"x-api-key": key} if rec.api == "anthropic-messages" else {"authorization": f"Bearer {key}"}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        assert client.post(PATHS[rec.api], content=json.dumps(body), headers=auth).status_code == 200
    return rig.next_call()


def _responses_ended(kind: str, status: str, extra: dict[str, object]) -> tuple[Recorded, list[bytes]]:
    """Recorded Responses stream 13 with its `response.completed` event turned into `kind` (status `status`)."""
    rec = _recorded("13-recorded-sse-function-call.sse")
    *head, last = rec.chunks()
    data = json.loads(last.split(b"data: ", 1)[1])
    data = {**data, "type": kind, "response": {**data["response"], "status": status, **extra}}
    return rec, [*head, f"event: {kind}\ndata: {json.dumps(data)}\n\n".encode()]


def test_a_responses_stream_ended_incomplete_is_priced_as_the_whole_one(rig: Rig) -> None:
    rec = _recorded("13-recorded-sse-function-call.sse")
    whole = _send(rig, rec, rec.chunks(), "t-c31-whole")
    _, chunks = _responses_ended(
        "response.incomplete", "incomplete", {"incomplete_details": {"reason": "max_output_tokens"}}
    )
    call = _send(rig, rec, chunks, "t-c31-incomplete")
    assert (call.input_tokens, call.output_tokens, call.reasoning_tokens) == (53, 469, 448)
    assert call.completed and call.error_status is None
    assert whole.cost.cost_usd is not None and call.cost == whole.cost


def test_a_responses_stream_that_failed_with_its_usage_is_billed_as_it_says(rig: Rig) -> None:
    rec = _recorded("13-recorded-sse-function-call.sse")
    whole = _send(rig, rec, rec.chunks(), "t-c31-whole2")
    _, chunks = _responses_ended("response.failed", "failed", {"error": {"code": "server_error", "message": "x"}})
    call = _send(rig, rec, chunks, "t-c31-failed")
    assert (call.input_tokens, call.output_tokens, call.error_status, call.completed) == (53, 469, 500, False)
    assert call.cost == whole.cost


def test_an_anthropic_error_after_the_final_usage_is_priced_from_it(rig: Rig) -> None:
    rec = _recorded("01-sse-basic-text.sse")
    whole = _send(rig, rec, rec.chunks(), "t-c31-a-whole")
    error = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    chunks = [c for c in rec.chunks() if b"message_stop" not in c]
    chunks.append(b"event: error\ndata: " + json.dumps(error).encode() + b"\n\n")
    call = _send(rig, rec, chunks, "t-c31-a-error")
    assert (call.input_tokens, call.output_tokens, call.error_status) == (11, 6, 529)
    assert whole.cost.cost_usd is not None and call.cost == whole.cost


def test_a_gemini_stream_cut_by_an_error_has_no_known_cost_and_keeps_its_prompt(google: GoogleRig) -> None:
    upstream, proxy, calls = google
    raw = (
        Path(__file__).parents[1] / "fixtures" / "meter" / "gemini" / "23-recorded-sse-running-usage.sse"
    ).read_bytes()
    events = [e + b"\r\n\r\n" for e in raw.split(b"\r\n\r\n") if e.strip()]
    error = {"error": {"code": 503, "message": "The model is overloaded.", "status": "UNAVAILABLE"}}
    upstream.push(
        Reply(
            headers={"content-type": "text/event-stream"},
            chunks=[*events[:2], b"data: " + json.dumps(error).encode() + b"\r\n\r\n"],
        )
    )
    key = proxy.register_trial("t-c31-g-error")
    request = {"contents": [{"role": "user", "parts": [{"text": "count"}]}]}
    with httpx.Client(timeout=10) as client:
        url = f"{proxy.base_url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
        assert client.post(url, json=request, headers={"x-goog-api-key": key}).status_code == 200
    call = calls.get(timeout=patient(10))
    # the prompt's 18 tokens are measured; the answer's count so far (79 + 35) is a running total, not the bill
    assert (call.input_tokens, call.output_tokens, call.error_status) == (18, None, 503)
    assert (call.cost.cost_usd, call.cost.reason) == (None, "usage_missing")
