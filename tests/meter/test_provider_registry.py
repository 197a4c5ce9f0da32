"""A provider added from one module (tests/meter/toy_provider.py) and one registration is routed,
forwarded, metered, priced, refused in its own shape and shown, through the real proxy over real
HTTP on 127.0.0.1; and the registry asks nothing of a provider's name elsewhere.
"""

from __future__ import annotations

import json
import queue
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from meter_upstream import LocalUpstream, Reply
from patience import patient
from pydantic import SecretStr, ValidationError
from toy_provider import API, ToyProvider

from memeval.errors import MeterError
from memeval.meter import (
    MeterProxy,
    ModelCall,
    PriceBook,
    Upstream,
    provider_named,
    provider_names,
    provider_of_model,
    register_provider,
    unregister_provider,
)
from memeval.viewer._conversation import request_turns, response_turns

REAL_TOY_KEY = "toy-real-" + "5eed" * 8
SSE = {"content-type": "text/event-stream"}
BODY = json.dumps(
    {
        "kind": "completion",
        "model": "toy-1-2026",
        "text": "hello",
        "usage": {"in": 1000, "cached": 400, "out": 50},
        "end": "stop",
    }
).encode()
STREAM = [
    b'event: piece\ndata: {"text": "hel"}\n\n',
    b'event: piece\ndata: {"text": "lo"}\n\n',
    b'event: finish\ndata: {"model": "toy-1-2026", "usage": {"in": 200, "out": 20}, "end": "stop"}\n\n',
]


@pytest.fixture
def toy() -> Iterator[ToyProvider]:
    provider = ToyProvider()
    register_provider(provider)
    yield provider
    unregister_provider(provider.name)


@pytest.fixture
def toy_rig(
    toy: ToyProvider, upstream: LocalUpstream, tmp_path: Path
) -> Iterator[tuple[MeterProxy, queue.Queue[ModelCall]]]:
    prices = tmp_path / "prices.toml"
    prices.write_text(
        '[models."toy-1"]\ninput_usd_per_mtok = 2.0\noutput_usd_per_mtok = 10.0\ncache_read_usd_per_mtok = 0.5\n'
    )
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = MeterProxy(
        {"toy": Upstream(base_url=upstream.url + "/toy-api", api_key=SecretStr(REAL_TOY_KEY))},
        prices=PriceBook(user_file=prices),
        on_call=calls.put,
    )
    proxy.start()
    yield proxy, calls
    proxy.stop()


def _post(proxy: MeterProxy, key: str, request: dict[str, object]) -> httpx.Response:
    with httpx.Client(timeout=10, trust_env=False) as client:
        return client.post(proxy.base_url + "/toy/complete", json=request, headers={"x-toy-key": key})


def test_a_toy_provider_is_forwarded_metered_and_priced_plain_and_streamed(
    toy_rig: tuple[MeterProxy, queue.Queue[ModelCall]], upstream: LocalUpstream
) -> None:
    proxy, calls = toy_rig
    key = proxy.register_trial("t1", budget_usd=5.0)
    upstream.push(Reply(chunks=[BODY]), Reply(headers=SSE, chunks=STREAM))

    plain = _post(proxy, key, {"model": "toy-1", "prompt": "say hello", "max_out": 64})
    streamed = _post(proxy, key, {"model": "toy-1", "prompt": "again", "stream": True})

    assert plain.status_code == 200 and plain.content == BODY
    assert streamed.status_code == 200 and streamed.content == b"".join(STREAM)
    # Forwarded to the toy upstream: its base URL replaces the SDK's `/toy`, the real key replaces
    # the placeholder in the toy's own header, and no placeholder goes upstream.
    assert [s.path for s in upstream.seen] == ["/toy-api/complete", "/toy-api/complete"]
    for seen in upstream.seen:
        assert seen.headers["x-toy-key"] == REAL_TOY_KEY
        assert key not in json.dumps(seen.headers)

    first, second = calls.get(timeout=patient(10)), calls.get(timeout=patient(10))
    assert (first.provider, first.api, first.streamed, first.completed) == ("toy", API, False, True)
    assert (first.requested_model, first.response_model) == ("toy-1", "toy-1-2026")
    assert (first.input_tokens, first.cache_read_tokens, first.uncached_input_tokens, first.output_tokens) == (
        1000,
        400,
        600,
        50,
    )
    # 600 uncached x $2 + 400 cached x $0.50 + 50 out x $10, per million tokens
    assert first.cost.cost_usd == pytest.approx((600 * 2.0 + 400 * 0.5 + 50 * 10.0) / 1e6)
    assert first.cost.priced_as == "user:toy-1"
    assert (second.streamed, second.completed, second.input_tokens, second.output_tokens) == (True, True, 200, 20)
    assert second.cost.cost_usd == pytest.approx((200 * 2.0 + 20 * 10.0) / 1e6)
    spend = proxy.trial_spend("t1")
    assert spend.calls == 2
    assert spend.cost_usd_known == pytest.approx(first.cost.cost_usd + second.cost.cost_usd)


def test_a_toy_providers_refusals_come_in_its_own_error_shape(
    toy_rig: tuple[MeterProxy, queue.Queue[ModelCall]], upstream: LocalUpstream
) -> None:
    proxy, calls = toy_rig
    unknown = _post(proxy, "mk-" + "0" * 32, {"model": "toy-1", "prompt": "x"})
    assert unknown.status_code == 401
    assert unknown.json()["toy_error"]["why"] == "unknown_key"

    key = proxy.register_trial("t2")
    with httpx.Client(timeout=10, trust_env=False) as client:
        wrong = client.post(proxy.base_url + "/toy/complete/more", headers={"x-toy-key": key}, content=b"{}")
        lookup = client.get(proxy.base_url + "/toy/models", headers={"x-toy-key": key})
    assert wrong.status_code == 404 and wrong.json()["toy_error"]["why"] == "not_found"
    # A free look-up is forwarded to the toy upstream and not recorded as a model call.
    assert lookup.status_code == 404 and upstream.seen[-1].path == "/toy-api/models"
    assert calls.empty()
    assert proxy.trial_spend("t2").calls == 0


def test_a_toy_provider_is_known_to_the_runner_the_agents_and_the_viewer(toy: ToyProvider) -> None:
    from memeval.agents import api_of_model
    from memeval.runner._agentenv import proxy_vars

    assert provider_names()[-1] == "toy"
    assert provider_of_model("toy-1") == "toy" == api_of_model("toy/other")
    assert proxy_vars()["toy"] == (
        ("TOY_BASE_URL", proxy_vars()["openai"][0][1].removesuffix("/v1") + "/toy"),
        "TOY_API_KEY",
    )
    assert [t.text for t in request_turns(API, json.dumps({"model": "toy-1", "prompt": "say hello"}))] == ["say hello"]
    assert [t.text for t in response_turns(API, BODY.decode())] == ["hello"]
    assert [t.text for t in response_turns(API, b"".join(STREAM).decode())] == ["hello"]
    call = ModelCall.model_validate(_record(provider="toy", api=API))
    assert call.provider == "toy"


def test_unregistered_names_are_refused_where_a_record_or_an_upstream_is_made() -> None:
    with pytest.raises(ValidationError, match="unknown provider 'toy'"):
        ModelCall.model_validate(_record(provider="toy", api="openai-chat"))
    with pytest.raises(ValidationError, match="unknown wire API 'toy-complete'"):
        ModelCall.model_validate(_record(provider="openai", api=API))
    with pytest.raises(MeterError, match="unknown upstream name"):
        MeterProxy({"toy": Upstream(base_url="http://127.0.0.1:9")})
    with pytest.raises(MeterError, match="already registered"):
        register_provider(type(provider_named("openai"))())


def _record(provider: str, api: str) -> dict[str, object]:
    return {
        "call_id": "c1",
        "trial_id": "t1",
        "role": "subject",
        "provider": provider,
        "api": api,
        "requested_model": None,
        "response_model": None,
        "status": 200,
        "attempt": 1,
        "streamed": False,
        "completed": False,
        "input_tokens": None,
        "uncached_input_tokens": None,
        "output_tokens": None,
        "cache_read_tokens": None,
        "cache_write_tokens": None,
        "reasoning_tokens": None,
        "tool_calls": None,
        "tool_names": [],
        "hosted_tool_calls": None,
        "started_at": "2026-12-01T00:00:00Z",
        "latency_ms": 1.0,
        "ttfb_ms": None,
        "cost": {"cost_usd": None, "reason": "usage_missing"},
        "error": None,
    }
