"""An Anthropic call served in fast mode or in the US-only inference geography has no known cost.

Anthropic's Messages `usage` says how the call was served: `speed` (`standard` or `fast`: fast mode, billed at a
multiple of the model's standard prices, six times for Opus 4.6) and `inference_geo` (`global`, `us`: US-only
inference, billed at 1.1 times; `not_available` for models without the choice), per the Messages API reference
(`Usage.speed`, `Usage.inference_geo`) and the data-residency and fast-mode pages. The agent picks either in its
request (`speed`, `inference_geo`), and a workspace's default geography picks it with nothing in the request.
genai-prices has the standard prices alone, and the proxy priced such a call at them: a known cost a sixth, or a
1.1th, of the bill, inside any spend limit. Now such a call is `unpriced`, the reason naming how it was served;
`standard`, `global` and `not_available` are priced as before. Real proxy, real upstream on 127.0.0.1, recorded
Messages answer 05 (and stream 01) with the field added.
"""

from __future__ import annotations

import json

import httpx
import pytest
from meter_fixtures import RECORDED
from meter_rig import Rig
from meter_upstream import Reply

from memeval.results._spend import unknown_cost_reason

BODY = next(r for r in RECORDED if r.name.endswith("05-recorded-text-plus-tool-use-2-turns/1-200.json"))
STREAM = next(r for r in RECORDED if r.name.endswith("01-sse-basic-text.sse"))


def _call(rig: Rig, reply: Reply, *, stream: bool = False) -> object:
    key = rig.proxy.register_trial(f"t-served-{len(rig.upstream.seen)}")
    rig.upstream.push(reply)
    doc = json.loads(BODY.body)
    req = {"model": doc["model"], "max_tokens": 100, "messages": [{"role": "user", "content": "hi"}], "stream": stream}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as c:
        r = c.post("/v1/messages", json=req, headers={"x-api-key": key, "anthropic-version": "2023-06-01"})
    assert r.status_code == 200, r.text
    return rig.next_call()


def _body(**served: str) -> Reply:
    doc = json.loads(BODY.body)
    doc["usage"].update(served)
    return Reply(200, headers=dict(BODY.headers), chunks=[json.dumps(doc).encode()], content_length=True)


@pytest.mark.parametrize(
    ("served", "words"),
    [({"speed": "fast"}, "speed 'fast'"), ({"inference_geo": "us"}, "inference geography 'us'")],
    ids=["fast-mode", "us-only"],
)
def test_a_call_served_above_the_standard_price_has_no_known_cost(rig: Rig, served: dict[str, str], words: str) -> None:
    call = _call(rig, _body(**served))
    assert (call.input_tokens, call.output_tokens) == (701, 93)  # type: ignore[attr-defined]
    # main: a known cost at the standard prices
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")  # type: ignore[attr-defined]
    assert words in (call.cost.price_source or "")  # type: ignore[attr-defined]
    why = unknown_cost_reason("unpriced", call.response_model, 0, call.cost.price_source)  # type: ignore[attr-defined]
    assert why.startswith(f"unpriced: served with {words}") and why.endswith(call.response_model), why  # type: ignore[attr-defined]


def test_a_fast_stream_says_so_in_its_message_delta(rig: Rig) -> None:
    chunks = [
        c.replace(b'"usage":{"output_tokens"', b'"usage":{"speed":"fast","output_tokens"') for c in STREAM.chunks()
    ]
    assert chunks != STREAM.chunks(), "the recording's message_delta usage moved"
    call = _call(rig, Reply(200, headers=dict(STREAM.headers), chunks=chunks), stream=True)
    assert (call.output_tokens, call.cost.cost_usd, call.cost.reason) == (6, None, "unpriced")  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "served",
    [{}, {"speed": "standard"}, {"inference_geo": "global"}, {"inference_geo": "not_available", "speed": "standard"}],
)
def test_a_call_served_at_the_standard_price_is_priced(rig: Rig, served: dict[str, str]) -> None:
    call = _call(rig, _body(**served))
    assert call.cost.cost_usd is not None and call.cost.cost_usd > 0  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("asked", "words"),
    [({"speed": "fast"}, "speed 'fast'"), ({"inference_geo": "us"}, "inference geography 'us'"), ({}, None)],
    ids=["fast-mode", "us-only", "standard"],
)
def test_under_a_spend_limit_a_request_for_fast_mode_or_us_only_is_refused(
    rig: Rig, asked: dict[str, str], words: str | None
) -> None:
    """The worst case reserved before forwarding is at the standard prices: fast mode bills six times it."""
    key = rig.proxy.register_trial(f"t-limit-{len(asked)}-{words}", budget_usd=5.0)
    rig.upstream.push(_body(**asked))
    seen = len(rig.upstream.seen)
    req = {"model": "claude-opus-4-6", "max_tokens": 100, "messages": [{"role": "user", "content": "hi"}], **asked}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as c:
        r = c.post("/v1/messages", json=req, headers={"x-api-key": key, "anthropic-version": "2023-06-01"})
    call = rig.next_call()
    if words is None:
        assert r.status_code == 200 and call.forwarded, r.text
        return
    # main: forwarded, and charged the standard-price worst case against the limit
    assert (r.status_code, call.forwarded, len(rig.upstream.seen)) == (429, False, seen), r.text
    assert f"asks to be served with {words}" in r.text and "leave that out" in r.text, r.text
    rig.upstream.replies.clear()
