"""Gemini API calls through the real proxy to a real local upstream on 127.0.0.1.

No recorded Gemini fixture is in shared/, so the answers below are hand-written in the shape the
public Gemini API reference documents (`GenerateContentResponse`, `UsageMetadata`; a stream with
`?alt=sse` is SSE whose every event is a whole `GenerateContentResponse`, events separated by
CRLF CRLF). The figures are ours, chosen so each field is distinct.
"""

from __future__ import annotations

import json
import logging
import queue
from collections.abc import Iterator

import httpx
import pytest
from meter_upstream import LocalUpstream, Reply
from patience import patient
from pydantic import SecretStr

from memeval.meter import GENAI_PRICES, MeterProxy, ModelCall, Upstream, parse_body

REAL_GOOGLE_KEY = "AIza-real-google-" + "c0ffee" * 5
PATH = "/v1beta/models/gemini-2.5-flash:generateContent"
STREAM_PATH = "/v1beta/models/gemini-2.5-flash:streamGenerateContent"
REQUEST = json.dumps({"contents": [{"role": "user", "parts": [{"text": "list the files"}]}]}).encode()

BODY = json.dumps(
    {
        "candidates": [
            {
                "content": {
                    "role": "model",
                    "parts": [
                        {"text": "I will read the file."},
                        {"functionCall": {"name": "read_file", "args": {"path": "a.py"}}},
                    ],
                },
                "finishReason": "STOP",
                "index": 0,
            }
        ],
        "usageMetadata": {
            "promptTokenCount": 1200,
            "cachedContentTokenCount": 800,
            "candidatesTokenCount": 85,
            "thoughtsTokenCount": 100,
            "totalTokenCount": 1385,
            "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 1200}],
        },
        "modelVersion": "gemini-2.5-flash",
        "responseId": "resp-g1",
    },
    indent=2,
).encode()


def _event(obj: dict[str, object]) -> bytes:
    return b"data: " + json.dumps(obj, separators=(",", ":")).encode() + b"\r\n\r\n"


def _chunk(parts: list[dict[str, object]], usage: dict[str, int], finish: str | None = None) -> bytes:
    candidate: dict[str, object] = {"content": {"role": "model", "parts": parts}, "index": 0}
    if finish:
        candidate["finishReason"] = finish
    return _event(
        {"candidates": [candidate], "usageMetadata": usage, "modelVersion": "gemini-2.5-flash", "responseId": "s1"}
    )


STREAM = [
    _chunk([{"text": "Let me"}], {"promptTokenCount": 52, "candidatesTokenCount": 2, "totalTokenCount": 54}),
    _chunk(
        [{"functionCall": {"name": "run_shell", "args": {"cmd": "ls"}}}],
        {"promptTokenCount": 52, "candidatesTokenCount": 9, "totalTokenCount": 61},
    ),
    _chunk(
        [{"text": ""}],
        {"promptTokenCount": 52, "candidatesTokenCount": 14, "thoughtsTokenCount": 24, "totalTokenCount": 90},
        finish="STOP",
    ),
]
SSE = {"content-type": "text/event-stream"}


@pytest.fixture
def google() -> Iterator[tuple[LocalUpstream, MeterProxy, queue.Queue[ModelCall]]]:
    upstream = LocalUpstream().start()
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = MeterProxy(
        {"google": Upstream(base_url=upstream.url, api_key=SecretStr(REAL_GOOGLE_KEY))}, on_call=calls.put
    )
    proxy.start()
    yield upstream, proxy, calls
    proxy.stop()
    upstream.stop()


Rig = tuple[LocalUpstream, MeterProxy, queue.Queue[ModelCall]]


def _post(proxy: MeterProxy, path: str, headers: dict[str, str], params: str = "") -> tuple[int, list[bytes]]:
    with httpx.Client(timeout=10) as client:
        url = proxy.base_url + path + (f"?{params}" if params else "")
        with client.stream("POST", url, content=REQUEST, headers={"content-type": "application/json", **headers}) as r:
            return r.status_code, list(r.iter_raw())


def _tokens(call: ModelCall) -> dict[str, object]:
    return {
        k: getattr(call, k)
        for k in (
            "input_tokens",
            "uncached_input_tokens",
            "cache_read_tokens",
            "cache_write_tokens",
            "output_tokens",
            "reasoning_tokens",
            "tool_calls",
            "tool_names",
            "hosted_tool_calls",
            "response_model",
            "requested_model",
            "completed",
        )
    }


def test_generate_content_passes_through_byte_identical_with_exact_usage_and_cost(
    google: Rig, caplog: pytest.LogCaptureFixture
) -> None:
    upstream, proxy, calls = google
    caplog.set_level(logging.DEBUG)
    key = proxy.register_trial("t-g")
    upstream.push(Reply(chunks=[BODY], content_length=True))
    status, chunks = _post(proxy, PATH, {"x-goog-api-key": key})
    assert (status, b"".join(chunks)) == (200, BODY)
    call = calls.get(timeout=patient(10))
    assert (call.provider, call.api, call.trial_id, call.streamed, call.status) == (
        "google",
        "gemini-generate-content",
        "t-g",
        False,
        200,
    )
    assert _tokens(call) == {
        "input_tokens": 1200,
        "uncached_input_tokens": 400,
        "cache_read_tokens": 800,
        "cache_write_tokens": None,
        "output_tokens": 185,
        "reasoning_tokens": 100,
        "tool_calls": 1,
        "tool_names": ("read_file",),
        "hosted_tool_calls": 0,
        "response_model": "gemini-2.5-flash",
        "requested_model": "gemini-2.5-flash",
        "completed": True,
    }
    # genai-prices (pinned) gemini-2.5-flash: 0.30 USD/Mtok input, 0.03 cached, 2.50 output.
    assert call.cost.priced_as == "google:gemini-2.5-flash" and call.cost.price_source == GENAI_PRICES
    assert call.cost.cost_usd == pytest.approx((400 * 0.30 + 800 * 0.03 + 185 * 2.50) / 1e6)
    seen = upstream.seen[-1]
    assert (seen.path, seen.query, seen.body) == (PATH, "", REQUEST)
    assert seen.headers["x-goog-api-key"] == REAL_GOOGLE_KEY
    assert key not in json.dumps(seen.headers)
    assert REAL_GOOGLE_KEY not in call.model_dump_json() + caplog.text + repr(proxy)


def test_an_sse_stream_with_the_key_in_the_query_is_forwarded_chunk_by_chunk(google: Rig) -> None:
    upstream, proxy, calls = google
    key = proxy.register_trial("t-s")
    upstream.push(Reply(headers=SSE, chunks=STREAM))
    status, chunks = _post(proxy, STREAM_PATH, {}, f"alt=sse&key={key}")
    assert status == 200 and b"".join(chunks) == b"".join(STREAM)
    call = calls.get(timeout=patient(10))
    assert call.streamed and call.ttfb_ms is not None
    assert _tokens(call) == {
        "input_tokens": 52,
        "uncached_input_tokens": 52,
        "cache_read_tokens": None,
        "cache_write_tokens": None,
        "output_tokens": 38,
        "reasoning_tokens": 24,
        "tool_calls": 1,
        "tool_names": ("run_shell",),
        "hosted_tool_calls": 0,
        "response_model": "gemini-2.5-flash",
        "requested_model": "gemini-2.5-flash",
        "completed": True,
    }
    seen = upstream.seen[-1]
    assert (seen.path, seen.query) == (STREAM_PATH, "alt=sse")  # the placeholder is not sent on
    assert seen.headers["x-goog-api-key"] == REAL_GOOGLE_KEY


def test_a_stream_cut_before_its_last_chunk_is_incomplete_with_what_was_seen(google: Rig) -> None:
    upstream, proxy, calls = google
    key = proxy.register_trial("t-cut")
    upstream.push(Reply(headers=SSE, chunks=STREAM[:2], cut=True))
    with pytest.raises(httpx.RemoteProtocolError):  # the proxy cuts its answer as the upstream did
        _post(proxy, STREAM_PATH, {"x-goog-api-key": key}, "alt=sse")
    call = calls.get(timeout=patient(10))
    assert not call.completed and call.error
    # The answer's count so far (9) is a running total, not the billed one: no output count, no known cost (count25)
    assert (call.input_tokens, call.output_tokens, call.reasoning_tokens, call.tool_calls) == (52, None, None, 1)
    assert (call.cost.cost_usd, call.cost.reason) == (None, "usage_missing")


def test_a_response_without_usage_metadata_records_null_never_zero(google: Rig) -> None:
    upstream, proxy, calls = google
    key = proxy.register_trial("t-nousage")
    body = json.dumps(
        {
            "candidates": [{"content": {"parts": [{"text": "ok"}]}, "finishReason": "STOP"}],
            "modelVersion": "gemini-2.5-flash",
        }
    ).encode()
    upstream.push(Reply(chunks=[body]))
    _post(proxy, PATH, {"x-goog-api-key": key})
    call = calls.get(timeout=patient(10))
    assert (call.input_tokens, call.output_tokens, call.cache_read_tokens, call.reasoning_tokens) == (None,) * 4
    assert not call.completed and call.cost.cost_usd is None and call.cost.reason == "usage_missing"


def test_a_model_genai_prices_does_not_know_is_unpriced(google: Rig) -> None:
    upstream, proxy, calls = google
    key = proxy.register_trial("t-unpriced")
    body = BODY.replace(b'"gemini-2.5-flash"', b'"gemini-private-tuned-7"')
    upstream.push(Reply(chunks=[body]))
    _post(proxy, "/v1beta/models/gemini-private-tuned-7:generateContent", {"x-goog-api-key": key})
    call = calls.get(timeout=patient(10))
    assert call.input_tokens == 1200 and call.response_model == "gemini-private-tuned-7"
    assert (call.cost.cost_usd, call.cost.reason, call.cost.price_source) == (None, "unpriced", GENAI_PRICES)


def test_an_unknown_placeholder_is_refused_in_googles_error_shape(google: Rig) -> None:
    upstream, proxy, calls = google
    for headers, params in (({"x-goog-api-key": "not-registered"}, ""), ({}, "key=not-registered"), ({}, "")):
        status, chunks = _post(proxy, PATH, headers, params)
        error = json.loads(b"".join(chunks))["error"]
        assert (status, error["code"], error["status"]) == (401, 401, "UNAUTHENTICATED")
    assert upstream.seen == [] and calls.empty()


@pytest.mark.parametrize(
    "path",
    [
        "/v1beta/models/gemini%2F..%2Fx:generateContent",
        "/v1beta/models/a..b:generateContent",
        "/v1beta/models/..:streamGenerateContent",
        "/v1beta/models/gemini-2.5-flash:generateContent/",
        "/v1beta/models/gemini-2.5-flash:generateContent/extra",
        "/v1beta/models/gemini-2.5-flash/x:generateContent",
        "/v1beta/models/gemini-2.5-flash:embedContent",
        "/v1beta/models/gemini-2.5-flash:batchGenerateContent",
        "/v1beta/tunedModels/mine:generateContent",
        "/v1/models/gemini-2.5-flash:generateContent",
        "/v1beta/models/-flash:generateContent",
    ],
)
def test_a_bad_model_path_is_refused_and_never_forwarded(google: Rig, path: str) -> None:
    upstream, proxy, calls = google
    key = proxy.register_trial("t-path")
    upstream.push(Reply(chunks=[BODY]))
    status, chunks = _post(proxy, path, {"x-goog-api-key": key})
    assert status == 404 and b"is not forwarded" in b"".join(chunks)
    assert upstream.seen == [] and calls.empty()


def test_count_tokens_is_a_free_look_up_forwarded_unmetered(google: Rig) -> None:
    upstream, proxy, calls = google
    key = proxy.register_trial("t-count")
    upstream.push(Reply(chunks=[b'{"totalTokens": 7}']))
    status, chunks = _post(proxy, "/v1beta/models/gemini-2.5-flash:countTokens", {"x-goog-api-key": key})
    assert (status, b"".join(chunks)) == (200, b'{"totalTokens": 7}')
    assert upstream.seen[-1].headers["x-goog-api-key"] == REAL_GOOGLE_KEY and calls.empty()


def test_an_upstream_429_is_recorded_with_no_usage_and_no_cost(google: Rig) -> None:
    upstream, proxy, calls = google
    key = proxy.register_trial("t-429")
    error = b'{"error": {"code": 429, "message": "Resource has been exhausted", "status": "RESOURCE_EXHAUSTED"}}'
    upstream.push(Reply(status=429, chunks=[error]))
    status, chunks = _post(proxy, PATH, {"x-goog-api-key": key})
    assert (status, b"".join(chunks)) == (429, error)
    call = calls.get(timeout=patient(10))
    assert call.status == 429 and call.input_tokens is None and call.cost.reason == "usage_missing"
    assert call.error == "RESOURCE_EXHAUSTED: Resource has been exhausted"


def test_a_stream_without_alt_sse_is_one_json_array_read_to_its_last_usage() -> None:
    array = b"[" + b",".join(chunk.removeprefix(b"data: ").strip() for chunk in STREAM) + b"]"
    usage = parse_body("gemini-generate-content", array)
    assert (usage.input_tokens, usage.output_tokens, usage.reasoning_tokens, usage.tool_calls) == (52, 38, 24, 1)
    assert usage.completed
