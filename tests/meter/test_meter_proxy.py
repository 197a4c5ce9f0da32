"""The real proxy between a real httpx client and a real local upstream, over loopback sockets."""

from __future__ import annotations

import gzip
import json
import logging
import queue
import threading
from pathlib import Path

import httpx
import pytest
from meter_fixtures import PATH_OF, RECORDED, Recorded, matches
from meter_rig import REAL_ANTHROPIC_KEY, REAL_OPENAI_KEY, Rig, make_proxy
from meter_upstream import LocalUpstream, Reply
from patience import patient

from memeval.meter import GENAI_PRICES, MeterProxy, ModelCall, PriceBook


def _auth(api: str, key: str) -> dict[str, str]:
    return {"x-api-key": key} if api == "anthropic-messages" else {"authorization": f"Bearer {key}"}


def _request_body(rec: Recorded, model: str | None = None) -> bytes:
    body = {"model": model or rec.expected["model"], "stream": rec.stream, "max_tokens": 64}
    body["messages" if rec.api != "openai-responses" else "input"] = [{"role": "user", "content": "hi"}]
    if rec.api == "openai-chat" and rec.stream:
        body["stream_options"] = {"include_usage": True}  # as the recorded stream was asked for
    return json.dumps(body).encode()


def _reply(rec: Recorded, **kwargs: object) -> Reply:
    return Reply(
        status=rec.status,
        headers=dict(rec.headers),
        chunks=rec.chunks(),
        content_length=not rec.stream,
        **kwargs,
    )  # type: ignore[arg-type]


def _post(
    rig: Rig,
    rec: Recorded,
    key: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, bytes, list[bytes]]:
    chunks: list[bytes] = []
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        with client.stream(
            "POST",
            PATH_OF[rec.api],
            content=body or _request_body(rec),
            headers={**_auth(rec.api, key), "content-type": "application/json", **(headers or {})},
        ) as response:
            chunks.extend(response.iter_raw())
            return response.status_code, b"".join(chunks), chunks


@pytest.mark.parametrize("rec", RECORDED, ids=lambda r: r.name)
def test_every_fixture_passes_through_byte_identical_and_is_recorded_as_expected(rig: Rig, rec: Recorded) -> None:
    key = rig.proxy.register_trial("t-fixture")
    rig.upstream.push(_reply(rec))
    request_body = _request_body(rec)
    status, body, _ = _post(rig, rec, key, request_body)
    assert (status, body) == (rec.status, rec.body)
    call = rig.next_call()
    assert matches(call, rec.expected) == rec.expected
    assert call.streamed is rec.stream and call.status == 200 and call.attempt == 1
    assert (call.trial_id, call.role, call.requested_model) == (
        "t-fixture",
        "subject",
        rec.expected["model"],
    )
    assert call.cost.cost_usd is not None and call.cost.cost_usd > 0
    assert call.cost.price_source == GENAI_PRICES
    assert call.ttfb_ms is not None and call.latency_ms >= call.ttfb_ms
    seen = rig.upstream.seen[-1]
    assert seen.body == request_body
    assert (
        seen.path
        == {
            "openai-chat": "/v1/chat/completions",
            "openai-responses": "/v1/responses",
            "anthropic-messages": "/v1/messages",
        }[rec.api]
    )
    if rec.api == "anthropic-messages":
        assert seen.headers["x-api-key"] == REAL_ANTHROPIC_KEY and "authorization" not in seen.headers
    else:
        assert seen.headers["authorization"] == f"Bearer {REAL_OPENAI_KEY}"
    assert key not in json.dumps(seen.headers)
    assert rig.proxy.trial_spend("t-fixture").cost_usd_known == pytest.approx(call.cost.cost_usd)


def test_a_stream_reaches_the_client_before_the_upstream_sends_the_rest(rig: Rig) -> None:
    rec = next(r for r in RECORDED if r.name.endswith("13-recorded-sse-function-call.sse"))
    gate = threading.Event()
    rig.upstream.push(_reply(rec, gate=gate))
    key = rig.proxy.register_trial("t-stream")
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        with client.stream(
            "POST", "/v1/responses", content=_request_body(rec), headers=_auth(rec.api, key)
        ) as response:
            raw = response.iter_raw()
            first = next(raw)
            assert not gate.is_set()  # the upstream is still holding back everything else
            assert rec.body.startswith(first) and len(first) < len(rec.body)
            gate.set()
            rest = b"".join(raw)
    assert first + rest == rec.body
    assert rig.next_call().completed is True


def test_the_real_key_never_appears_in_records_reprs_or_logs(rig: Rig, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    for rec in RECORDED[:1] + [r for r in RECORDED if r.api == "openai-chat"][:1]:
        rig.upstream.push(_reply(rec))
        key = rig.proxy.register_trial(f"t-{rec.api}")
        _, body, _ = _post(rig, rec, key)
        call = rig.next_call()
        for text in (
            call.model_dump_json(),
            repr(call),
            repr(rig.proxy),
            caplog.text,
            body.decode(),
        ):
            assert REAL_OPENAI_KEY not in text and REAL_ANTHROPIC_KEY not in text
    upstreams = repr(make_proxy(rig.upstream, queue.Queue())._upstreams)
    assert REAL_OPENAI_KEY not in upstreams and "**********" in upstreams


@pytest.mark.parametrize("api", ["openai-chat", "anthropic-messages"])
def test_an_unknown_placeholder_key_is_refused_in_the_provider_shape(rig: Rig, api: str) -> None:
    rec = next(r for r in RECORDED if r.api == api)
    status, body, _ = _post(rig, rec, "mk-" + "0" * 32)
    assert status == 401
    error = json.loads(body)
    if api == "anthropic-messages":
        assert error["type"] == "error" and error["error"]["type"] == "authentication_error"
    else:
        assert error["error"]["code"] == "invalid_api_key"
    assert rig.upstream.seen == [] and rig.calls.empty()


def test_a_revoked_key_is_refused(rig: Rig) -> None:
    rec = RECORDED[0]
    key = rig.proxy.register_trial("t-gone")
    rig.proxy.unregister_trial("t-gone")
    assert _post(rig, rec, key)[0] == 401
    assert rig.proxy.trial_spend("t-gone").calls == 0


def test_spend_limit_refuses_further_calls_with_a_budget_error(upstream: LocalUpstream, tmp_path: Path) -> None:
    rec = next(r for r in RECORDED if r.name.endswith("12-recorded-prompt-cache-write-then-read/1-200.json"))
    prices = tmp_path / "prices.toml"
    prices.write_text(
        '[models."gpt-5.6-sol"]\ninput_usd_per_mtok = 1000.0\noutput_usd_per_mtok = 1000.0\n'
        "cache_write_usd_per_mtok = 1000.0\n"  # the recording writes to the cache (count28: else unpriced)
    )
    calls: queue.Queue[ModelCall] = queue.Queue()
    with make_proxy(upstream, calls, PriceBook(user_file=prices)) as proxy:
        rig = Rig(upstream, proxy, calls)
        key = proxy.register_trial("t-budget", budget_usd=1.0)
        upstream.push(_reply(rec), _reply(rec))
        assert _post(rig, rec, key)[0] == 200
        assert rig.next_call().cost.cost_usd == pytest.approx(4.024)
        assert proxy.trial_spend("t-budget").budget_exhausted is True
        status, body, _ = _post(rig, rec, key)
        refused = rig.next_call()
    assert status == 429
    assert "memeval budget exhausted" in json.loads(body)["error"]["message"]
    assert len(upstream.seen) == 1
    assert (refused.forwarded, refused.status, refused.cost.cost_usd) == (False, 429, None)
    spend = proxy.trial_spend("t-budget")
    assert (spend.calls, spend.cost_usd_known, spend.budget_usd) == (2, pytest.approx(4.024), 1.0)


def test_a_429_then_a_success_is_two_attempts_and_one_billed_call(rig: Rig) -> None:
    rec = next(r for r in RECORDED if r.name.endswith("05-recorded-text-plus-tool-use-2-turns/1-200.json"))
    limited = (
        b'{"type":"error","error":{"type":"rate_limit_error",'
        b'"message":"Number of requests has exceeded your rate limit"}}'
    )
    rig.upstream.push(Reply(429, chunks=[limited], content_length=True), _reply(rec))
    key = rig.proxy.register_trial("t-retry")
    assert _post(rig, rec, key, headers={"x-stainless-retry-count": "0"})[:2] == (429, limited)
    assert _post(rig, rec, key, headers={"x-stainless-retry-count": "1"})[0] == 200
    first, second = rig.next_call(), rig.next_call()
    assert (first.attempt, first.status, first.input_tokens, first.cost.reason) == (
        1,
        429,
        None,
        "usage_missing",
    )
    assert first.error == "rate_limit_error: Number of requests has exceeded your rate limit"
    assert (second.attempt, second.status, second.input_tokens) == (2, 200, 701)
    spend = rig.proxy.trial_spend("t-retry")
    assert spend.calls == 2 and spend.cost_usd_known == pytest.approx(second.cost.cost_usd)


@pytest.mark.parametrize("count", ["9" * 4_400, "1" * 7])
def test_a_retry_count_no_sdk_sends_is_ignored_and_the_call_metered(rig: Rig, count: str) -> None:
    """The header is the agent's to write: 4,400 digits made the proxy answer 500 (Python reads no
    integer past 4,300 digits); a seven-digit count is no SDK's either."""
    rec = next(r for r in RECORDED if r.api == "anthropic-messages" and not r.stream)
    rig.upstream.push(_reply(rec))
    key = rig.proxy.register_trial("t-count")
    assert _post(rig, rec, key, headers={"x-stainless-retry-count": count})[0] == 200
    call = rig.next_call()
    assert (call.attempt, call.status, call.cost.cost_usd is not None) == (1, 200, True)


def test_a_529_overloaded_answer_is_recorded_without_usage(rig: Rig) -> None:
    rec = next(r for r in RECORDED if r.api == "anthropic-messages" and r.stream)
    overloaded = b'{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'
    rig.upstream.push(Reply(529, chunks=[overloaded], content_length=True))
    key = rig.proxy.register_trial("t-529")
    assert _post(rig, rec, key)[:2] == (529, overloaded)
    call = rig.next_call()
    assert (call.status, call.completed, call.output_tokens, call.cost.cost_usd) == (
        529,
        False,
        None,
        None,
    )
    assert call.error == "overloaded_error: Overloaded"


def test_a_stream_cut_midway_is_incomplete_with_what_was_seen(rig: Rig) -> None:
    rec = next(r for r in RECORDED if r.name.endswith("02-sse-tool-use.sse"))
    half = rec.chunks()[: len(rec.chunks()) // 2]
    rig.upstream.push(Reply(200, headers=dict(rec.headers), chunks=half, cut=True))
    key = rig.proxy.register_trial("t-cut")
    with pytest.raises(httpx.RemoteProtocolError):
        _post(rig, rec, key)
    call = rig.next_call()
    # message_start's output count (1) is a placeholder: not a count, and not priced as known
    assert (call.completed, call.input_tokens, call.output_tokens) == (False, 377, None)
    assert call.cost.cost_usd is None and call.cost.reason == "usage_missing"
    assert "mid-response" in (call.error or "")


def test_an_error_event_after_a_200_is_recorded(rig: Rig) -> None:
    rec = next(r for r in RECORDED if r.name.endswith("01-sse-basic-text.sse"))
    chunks = [c for c in rec.chunks() if b"message_delta" not in c and b"message_stop" not in c]
    chunks.append(
        b'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n'
    )
    rig.upstream.push(Reply(200, headers=dict(rec.headers), chunks=chunks))
    key = rig.proxy.register_trial("t-err-event")
    assert _post(rig, rec, key)[:2] == (200, b"".join(chunks))
    call = rig.next_call()
    assert (call.completed, call.error, call.input_tokens) == (
        False,
        "overloaded_error: Overloaded",
        11,
    )


def test_a_chat_stream_without_its_usage_chunk_has_null_usage_and_no_cost(rig: Rig) -> None:
    rec = next(r for r in RECORDED if r.name.endswith("11-sse-parallel-tool-calls-include-usage.sse"))
    chunks = [c for c in rec.chunks() if b'"usage"' not in c]
    rig.upstream.push(Reply(200, headers=dict(rec.headers), chunks=chunks))
    key = rig.proxy.register_trial("t-nousage")
    _post(rig, rec, key)
    call = rig.next_call()
    assert (call.input_tokens, call.output_tokens, call.completed, call.tool_calls) == (
        None,
        None,
        False,
        2,
    )
    assert (call.cost.cost_usd, call.cost.reason) == (None, "usage_missing")
    assert rig.proxy.trial_spend("t-nousage").usage_missing_calls == 1


def test_an_unpriced_model_has_null_cost_with_its_reason(rig: Rig) -> None:
    rec = next(r for r in RECORDED if r.name.endswith("12-recorded-prompt-cache-write-then-read/2-200.json"))
    body = rec.body.replace(b'"gpt-5.6-sol"', b'"acme-private-7b"')
    rig.upstream.push(Reply(200, headers=dict(rec.headers), chunks=[body], content_length=True))
    key = rig.proxy.register_trial("t-unpriced")
    _post(rig, rec, key, _request_body(rec, model="acme-private-7b"))
    call = rig.next_call()
    assert (call.cost.cost_usd, call.cost.reason, call.cost.price_source) == (
        None,
        "unpriced",
        GENAI_PRICES,
    )
    assert call.input_tokens == 4020
    spend = rig.proxy.trial_spend("t-unpriced")
    assert (spend.unpriced_calls, spend.cost_usd_known) == (1, 0.0)


def test_the_user_price_file_wins_over_genai_prices(upstream: LocalUpstream, tmp_path: Path) -> None:
    rec = next(r for r in RECORDED if r.name.endswith("09-recorded-prompt-cache-read-write/2-200.json"))
    prices = tmp_path / "prices.toml"
    prices.write_text(
        '[models."claude-sonnet-4-5-20250929"]\n'
        "input_usd_per_mtok = 2.0\noutput_usd_per_mtok = 10.0\n"
        "cache_read_usd_per_mtok = 0.5\ncache_write_usd_per_mtok = 4.0\n"
    )
    calls: queue.Queue[ModelCall] = queue.Queue()
    with make_proxy(upstream, calls, PriceBook(user_file=prices)) as proxy:
        upstream.push(_reply(rec))
        _post(Rig(upstream, proxy, calls), rec, proxy.register_trial("t-user"))
        call = calls.get(timeout=patient(10))
    expected = (3 * 2.0 + 1111 * 0.5 + 418 * 4.0 + 33 * 10.0) / 1e6
    assert call.cost.cost_usd == pytest.approx(expected)
    assert call.cost.price_source == f"user:{prices}"


def test_a_compressed_body_is_passed_as_is_and_read_from_a_copy(rig: Rig) -> None:
    rec = next(r for r in RECORDED if r.name.endswith("14-recorded-prompt-cache-write-then-read/2-200.json"))
    packed = gzip.compress(rec.body)
    rig.upstream.push(
        Reply(
            200,
            headers={**rec.headers, "content-encoding": "gzip"},
            chunks=[packed[:40], packed[40:]],
            content_length=True,
        )
    )
    key = rig.proxy.register_trial("t-gzip")
    status, body, _ = _post(rig, rec, key, headers={"accept-encoding": "gzip"})
    assert (status, body) == (200, packed)
    assert rig.upstream.seen[-1].headers["accept-encoding"] == "gzip"
    assert matches(rig.next_call(), rec.expected) == rec.expected


def test_a_large_request_body_is_forwarded_unchanged(rig: Rig) -> None:
    rec = next(r for r in RECORDED if r.name.endswith("05-recorded-text-plus-tool-use-2-turns/2-200.json"))
    image = "A" * (12 * 1024 * 1024)
    body = json.dumps(
        {
            "model": "claude-haiku-4-5",
            "max_tokens": 10,
            "messages": [
                {
                    "role": "user",
                    "content": [
                        {
                            "type": "image",
                            "source": {"type": "base64", "media_type": "image/png", "data": image},
                        }
                    ],
                }
            ],
        }
    ).encode()
    rig.upstream.push(_reply(rec))
    assert _post(rig, rec, rig.proxy.register_trial("t-big"), body)[0] == 200
    assert rig.upstream.seen[-1].body == body
    assert rig.next_call().requested_model == "claude-haiku-4-5"


def test_anthropic_bearer_tokens_are_attributed_and_replaced(rig: Rig) -> None:
    rec = next(r for r in RECORDED if r.api == "anthropic-messages" and not r.stream)
    rig.upstream.push(_reply(rec))
    key = rig.proxy.register_trial("t-bearer", role="assessor")
    with httpx.Client(base_url=rig.proxy.base_url) as client:
        response = client.post(
            "/v1/messages?beta=true",
            content=_request_body(rec),
            headers={"authorization": f"Bearer {key}"},
        )
    assert response.status_code == 200
    seen = rig.upstream.seen[-1]
    assert (seen.query, seen.headers["x-api-key"]) == ("beta=true", REAL_ANTHROPIC_KEY)
    assert "authorization" not in seen.headers
    assert rig.next_call().role == "assessor"


def test_other_v1_paths_are_forwarded_but_not_recorded(rig: Rig) -> None:
    rig.upstream.push(Reply(200, chunks=[b'{"data":[]}']))
    key = rig.proxy.register_trial("t-models")
    with httpx.Client(base_url=rig.proxy.base_url) as client:
        response = client.get("/v1/models", headers={"authorization": f"Bearer {key}"})
    assert (response.status_code, response.content) == (200, b'{"data":[]}')
    assert rig.upstream.seen[-1].path == "/v1/models"
    assert rig.calls.empty() and rig.proxy.trial_spend("t-models").calls == 0


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/v1/chat/completions/"),
        ("POST", "/v1/x/../chat/completions"),
        ("POST", "/v1/embeddings"),
        ("POST", "/v1/completions"),
        ("POST", "/v1/models"),
        ("DELETE", "/v1/files/abc"),
    ],
)
def test_paths_it_cannot_meter_are_refused_not_forwarded(rig: Rig, method: str, path: str) -> None:
    """A billed endpoint reached by an unmetered path would spend around the meter and the budget."""
    import http.client
    import json as _json
    from urllib.parse import urlsplit

    before = len(rig.upstream.seen)
    key = rig.proxy.register_trial("t-bypass")
    url = urlsplit(rig.proxy.base_url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)  # sends the path as written
    conn.request(method, path, body=b"{}", headers={"authorization": f"Bearer {key}"})
    response = conn.getresponse()
    body = _json.loads(response.read())
    conn.close()
    assert response.status == 404
    assert "not forwarded" in body["error"]["message"]
    assert len(rig.upstream.seen) == before


def test_the_proxy_also_serves_a_unix_socket(upstream: LocalUpstream, tmp_path: Path) -> None:
    rec = next(r for r in RECORDED if r.api == "openai-chat" and not r.stream)
    path = tmp_path / "meter.sock"
    calls: queue.Queue[ModelCall] = queue.Queue()
    with make_proxy(upstream, calls, unix_socket=path) as proxy:
        upstream.push(_reply(rec))
        key = proxy.register_trial("t-uds")
        with httpx.Client(transport=httpx.HTTPTransport(uds=str(path)), base_url="http://meter") as client:
            response = client.post(
                "/v1/chat/completions",
                content=_request_body(rec),
                headers={"authorization": f"Bearer {key}"},
            )
        assert (response.status_code, response.content) == (200, rec.body)
        assert calls.get(timeout=patient(10)).trial_id == "t-uds"
    assert not path.exists()


def test_a_failing_callback_is_logged_and_the_proxy_keeps_serving(
    upstream: LocalUpstream, caplog: pytest.LogCaptureFixture
) -> None:
    rec = next(r for r in RECORDED if r.api == "openai-chat" and not r.stream)

    def broken(call: ModelCall) -> None:
        raise RuntimeError("callback bug")

    proxy = MeterProxy({"openai": make_proxy(upstream, queue.Queue())._upstreams["openai"]}, on_call=broken)
    with proxy:
        upstream.push(_reply(rec), _reply(rec))
        key = proxy.register_trial("t-cb")
        rig = Rig(upstream, proxy, queue.Queue())
        assert _post(rig, rec, key)[0] == 200 and _post(rig, rec, key)[0] == 200
    assert "on_call raised" in caplog.text
    assert proxy.trial_spend("t-cb").calls == 2
