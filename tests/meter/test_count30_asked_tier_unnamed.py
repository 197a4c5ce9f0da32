"""A call that asked OpenAI for another processing tier and whose answer names none is not priced at the standard one.

`service_tier` is the agent's to ask for (`priority` bills about twice the standard token prices, `flex` half).
count29 made a Gemini call that asked for a tier and got no `x-gemini-service-tier` header `unpriced` (which tier
billed it is not known); an OpenAI call was priced by the tier its answer's `service_tier` names, and one whose answer
names none was priced at the standard prices, a known cost below a priority bill. Answers without the field are real:
recorded Chat stream 11 (tests/fixtures/meter/, from openai-python's test fixtures) has no `service_tier` in any
chunk, as servers speaking the API before the field, and OpenAI-compatible ones, answer. Now such a call is
`unpriced`, its reason naming the tier asked for (`billed_apart_words`, as for Gemini); an answer naming its tier is
priced by it, as before. Through the real proxy on 127.0.0.1.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from meter_fixtures import RECORDED
from meter_rig import Rig
from meter_upstream import Reply

from memeval.meter import ModelCall


def _call(rig: Rig, trial: str, suffix: str, tier: str | None) -> ModelCall:
    rec = next(r for r in RECORDED if r.name.endswith(suffix))
    rig.upstream.push(Reply(200, headers=dict(rec.headers), chunks=rec.chunks(), content_length=not rec.stream))
    key = rig.proxy.register_trial(trial)
    body: dict[str, Any] = {"model": rec.expected["model"], "messages": [{"role": "user", "content": "hi"}]}
    if rec.stream:
        body["stream"] = True
    if tier is not None:
        body["service_tier"] = tier
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        r = client.post("/v1/chat/completions", content=json.dumps(body), headers={"authorization": f"Bearer {key}"})
    assert r.status_code == 200, r.text
    return rig.next_call()


STREAM_11 = "11-sse-parallel-tool-calls-include-usage.sse"
BODY_12 = "12-recorded-prompt-cache-write-then-read/1-200.json"


@pytest.mark.parametrize("tier", ["priority", "flex"])
def test_a_tier_asked_for_and_not_named_is_unpriced(rig: Rig, tier: str) -> None:
    call = _call(rig, f"t-{tier}", STREAM_11, tier)
    assert (call.input_tokens, call.output_tokens) == (149, 60)  # measured; only the price is not known
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")  # main: the standard price, known
    assert f"names no tier, and the request asked for service tier {tier!r}" in (call.cost.price_source or "")


def test_an_answer_naming_its_tier_is_priced_by_it(rig: Rig) -> None:
    named = _call(rig, "t-named", BODY_12, "priority")  # the answer says `default`: billed at the standard prices
    assert named.cost.cost_usd is not None and named.cost.cost_usd > 0, named.cost
    plain = _call(rig, "t-plain", STREAM_11, None)  # no tier asked for, none named: standard
    assert plain.cost.cost_usd is not None and plain.cost.cost_usd > 0, plain.cost
    auto = _call(rig, "t-auto", STREAM_11, "auto")  # the account's own tier: standard
    assert auto.cost.cost_usd == plain.cost.cost_usd
