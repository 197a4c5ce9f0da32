"""A call that asks for an answer without its usage is refused, not forwarded unmeasured or underpriced.

Found by the breaker: every Google API takes system parameters (cloud.google.com/apis/docs/system-parameters), among
them a field mask (`fields`, `$fields`, the `X-Goog-FieldMask` header) and the answer's format (`alt=proto`). The
proxy forwarded them, so an agent could have any call's usage left out (`fields=candidates`: unmeasured, its trial's
cost unknown at the agent's choice, and cost of a pass counts only trials of known cost), or keep the usage but
drop `thoughtsTokenCount` (`usageMetadata(promptTokenCount,candidatesTokenCount)`): the thinking tokens, billed as
output, left out of a known cost. Now such a call is answered 400 by the proxy and recorded as refused; `alt=sse`
and `alt=json` are forwarded as before. Likewise an OpenAI Responses call in background mode that does not stream
(its answer is the queued response, with no usage). Real proxy, real upstream on loopback.
"""

from __future__ import annotations

import json
import queue
from collections.abc import Iterator

import httpx
import pytest
from meter_rig import Rig
from meter_upstream import LocalUpstream, Reply
from patience import patient
from pydantic import SecretStr

from memeval.meter import MeterProxy, ModelCall, Upstream

PATH = "/v1beta/models/gemini-2.5-flash:generateContent"
USAGE = {"promptTokenCount": 100, "candidatesTokenCount": 10, "thoughtsTokenCount": 900, "totalTokenCount": 1010}
ANSWER = {
    "candidates": [{"content": {"role": "model", "parts": [{"text": "ok"}]}, "finishReason": "STOP"}],
    "usageMetadata": USAGE,
    "modelVersion": "gemini-2.5-flash",
}


@pytest.fixture
def google() -> Iterator[tuple[LocalUpstream, MeterProxy, queue.Queue[ModelCall]]]:
    upstream = LocalUpstream().start()
    calls: queue.Queue[ModelCall] = queue.Queue()
    secret = SecretStr("AIza-real-google-" + "5eed" * 8)
    proxy = MeterProxy({"google": Upstream(base_url=upstream.url, api_key=secret)}, on_call=calls.put)
    proxy.start()
    yield upstream, proxy, calls
    proxy.stop()
    upstream.stop()


@pytest.mark.parametrize(
    ("query", "headers"),
    [
        ("fields=candidates", {}),
        ("%24fields=candidates,usageMetadata(promptTokenCount,candidatesTokenCount)", {}),
        ("", {"X-Goog-FieldMask": "candidates"}),
        ("alt=proto", {}),
    ],
)
def test_a_call_asking_for_an_answer_without_its_usage_is_refused(google, query: str, headers: dict) -> None:
    upstream, proxy, calls = google
    upstream.push(Reply(200, chunks=[json.dumps(ANSWER).encode()], content_length=True))
    key = proxy.register_trial("g")
    url = f"{proxy.base_url}{PATH}?{query}&key={key}"
    r = httpx.post(url, json={"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}, headers=headers, timeout=10)
    assert r.status_code == 400, r.text  # main: 200, forwarded with the mask
    assert r.json()["error"]["status"] == "INVALID_ARGUMENT"
    assert upstream.seen == []
    call = calls.get(timeout=patient(10))
    assert call.status == 400 and not call.forwarded and "leave out the usage" in (call.error or "")


def test_sse_and_json_answers_are_forwarded_and_priced(google) -> None:
    upstream, proxy, calls = google
    key = proxy.register_trial("g")
    for alt in ("json", "sse"):
        body = json.dumps(ANSWER).encode()
        sse = alt == "sse"
        chunks = [b"data: " + body + b"\r\n\r\n"] if sse else [body]
        upstream.push(
            Reply(200, headers={"content-type": "text/event-stream" if sse else "application/json"}, chunks=chunks)
        )
        path = PATH.replace("generateContent", "streamGenerateContent") if sse else PATH
        r = httpx.post(f"{proxy.base_url}{path}?alt={alt}&key={key}", json={"contents": []}, timeout=10)
        assert r.status_code == 200
        call = calls.get(timeout=patient(10))
        assert call.output_tokens == 910 and call.cost.cost_usd is not None


QUEUED = {"id": "resp_1", "object": "response", "status": "queued", "model": "gpt-4o-mini", "output": [], "usage": None}


def test_a_responses_call_in_background_mode_is_refused_unless_it_streams(rig: Rig) -> None:
    """OpenAI's background mode answers with the queued response, no usage, while the billed work goes on."""
    key = rig.proxy.register_trial("bg")
    auth = {"authorization": f"Bearer {key}"}
    rig.upstream.push(Reply(200, chunks=[json.dumps(QUEUED).encode()], content_length=True))
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as c:
        r = c.post("/v1/responses", json={"model": "gpt-4o-mini", "input": "hi", "background": True}, headers=auth)
        assert r.status_code == 400, r.text  # main: 200, the queued answer, the call unmeasured
        assert r.json()["error"]["code"] == "memeval_hidden_usage"
        assert rig.upstream.seen == []
        assert "background response" in (rig.next_call().error or "")
        streamed = {"model": "gpt-4o-mini", "input": "hi", "background": True, "stream": True}
        r = c.post("/v1/responses", json=streamed, headers=auth)  # streamed: usage at its end, forwarded
        assert r.status_code == 200 and len(rig.upstream.seen) == 1
