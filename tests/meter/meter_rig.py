from __future__ import annotations

import json
import queue
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from meter_upstream import LocalUpstream, Reply
from patience import patient
from pydantic import SecretStr

from memeval.meter import MeterProxy, ModelCall, PriceBook, Upstream

REAL_OPENAI_KEY = "sk-real-openai-" + "7f3a9c" * 6
REAL_ANTHROPIC_KEY = "sk-ant-real-" + "b41e02" * 6


@dataclass
class Rig:
    upstream: LocalUpstream
    proxy: MeterProxy
    calls: queue.Queue[ModelCall]

    def next_call(self) -> ModelCall:
        return self.calls.get(timeout=patient(10))


PATHS = {
    "openai-chat": "/v1/chat/completions",
    "openai-responses": "/v1/responses",
    "anthropic-messages": "/v1/messages",
}
"""The proxy path of each recorded API a test replays (`meter_fixtures.RECORDED`'s `api`)."""


def post_recorded(rig: Rig, rec: Any, body: dict[str, Any], trial: str) -> ModelCall:
    """One plain call through the proxy for `trial`, answered by `body` with `rec`'s recorded headers; its record."""
    rig.upstream.push(Reply(200, headers=dict(rec.headers), chunks=[json.dumps(body).encode()], content_length=True))
    key = rig.proxy.register_trial(trial)
    request: dict[str, Any] = {"model": body["model"], "max_tokens": 64}
    if rec.api == "openai-responses":
        request["input"] = "hi"
    else:
        request["messages"] = [{"role": "user", "content": "hi"}]
    headers = {"authorization": f"Bearer {key}", "x-api-key": key, "anthropic-version": "2023-06-01"}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        r = client.post(PATHS[rec.api], json=request, headers=headers)
    assert r.status_code == 200, r.text
    return rig.next_call()


def post_anthropic(rig: Rig, reply: Reply, trial: str, model: str, *, stream: bool = False) -> ModelCall:
    """One Messages call for `model` through the proxy for `trial`, answered by `reply`; asserts a 200; its record."""
    rig.upstream.push(reply)
    key = rig.proxy.register_trial(trial)
    request = {"model": model, "max_tokens": 4096, "stream": stream, "messages": [{"role": "user", "content": "hi"}]}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        r = client.post("/v1/messages", json=request, headers={"x-api-key": key, "anthropic-version": "2023-06-01"})
    assert r.status_code == 200, r.text
    return rig.next_call()


@pytest.fixture
def upstream() -> Iterator[LocalUpstream]:
    server = LocalUpstream().start()
    yield server
    server.stop()


def make_proxy(
    upstream: LocalUpstream,
    calls: queue.Queue[ModelCall],
    prices: PriceBook | None = None,
    **kwargs: object,
) -> MeterProxy:
    return MeterProxy(
        upstreams={
            "openai": Upstream(base_url=upstream.url + "/v1", api_key=SecretStr(REAL_OPENAI_KEY)),
            "anthropic": Upstream(base_url=upstream.url, api_key=SecretStr(REAL_ANTHROPIC_KEY)),
        },
        prices=prices,
        on_call=calls.put,
        **kwargs,  # type: ignore[arg-type]
    )


@pytest.fixture
def rig(upstream: LocalUpstream) -> Iterator[Rig]:
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = make_proxy(upstream, calls)
    proxy.start()
    yield Rig(upstream, proxy, calls)
    proxy.stop()


GoogleRig = tuple[LocalUpstream, MeterProxy, queue.Queue[ModelCall]]
"""(upstream, proxy, calls): a real upstream on 127.0.0.1, the proxy in front of it as Google, its records."""


@pytest.fixture
def google() -> Iterator[GoogleRig]:
    """A started proxy whose only upstream is `google` (key `AIza-real`), on a `LocalUpstream`; both stopped after."""
    server = LocalUpstream().start()
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = MeterProxy({"google": Upstream(base_url=server.url, api_key=SecretStr("AIza-real"))}, on_call=calls.put)
    proxy.start()
    yield server, proxy, calls
    proxy.stop()
    server.stop()


def post_gemini(
    google: GoogleRig,
    reply: Reply,
    model: str,
    *,
    stream: bool = False,
    prompt: str = "What is on https://ai.pydantic.dev?",
) -> ModelCall:
    """One Gemini call for `model` asking `prompt` through the proxy (`?alt=sse` when `stream`), answered by `reply`;
    its record."""
    upstream, proxy, calls = google
    key = proxy.register_trial(f"t-gemini-{len(upstream.seen)}")
    upstream.push(reply)
    verb = "streamGenerateContent?alt=sse" if stream else "generateContent"
    request = {"contents": [{"role": "user", "parts": [{"text": prompt}]}]}
    with httpx.Client(timeout=10) as client:
        url = f"{proxy.base_url}/v1beta/models/{model}:{verb}"
        r = client.post(url, json=request, headers={"x-goog-api-key": key})
    assert r.status_code == 200, r.text
    return calls.get(timeout=patient(10))
