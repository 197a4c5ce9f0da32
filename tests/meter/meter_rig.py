from __future__ import annotations

import queue
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from meter_upstream import LocalUpstream
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
        return self.calls.get(timeout=10)


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
