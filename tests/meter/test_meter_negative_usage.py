"""A usage block with a negative count is not a measurement (found by an outside tester).

An upstream answering `"prompt_tokens": -5` had the trial recorded with `input_tokens: -5` as if
measured; a negative count priced would lower an arm's spend and free budget. The real proxy
between a real httpx client and a real local upstream, over loopback, the body a recorded reply
with its counts changed.
"""

from __future__ import annotations

import json

import httpx
import pytest
from meter_fixtures import RECORDED
from meter_rig import REAL_OPENAI_KEY, Rig
from meter_upstream import Reply

REC = next(r for r in RECORDED if r.api == "openai-chat" and not r.stream)


@pytest.mark.parametrize(("prompt", "completion"), [(-4020, 4), (4020, -4), (-1, -1)])
def test_a_negative_token_count_is_unread_not_counted(rig: Rig, prompt: int, completion: int) -> None:
    body = json.loads(b"".join(REC.chunks()))
    body["usage"]["prompt_tokens"], body["usage"]["completion_tokens"] = prompt, completion
    body["usage"]["total_tokens"] = prompt + completion
    body["model"] = "gpt-4o-mini"  # a model genai-prices knows: the counts would be priced
    raw = json.dumps(body).encode()
    rig.upstream.push(Reply(200, headers=dict(REC.headers), chunks=[raw], content_length=True))
    key = rig.proxy.register_trial("t-negative")
    request = {"model": body["model"], "messages": [{"role": "user", "content": "hi"}], "max_tokens": 8}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        r = client.post("/v1/chat/completions", json=request, headers={"authorization": f"Bearer {key}"})
    assert r.status_code == 200 and REAL_OPENAI_KEY not in r.text
    call = rig.next_call()
    for count in (call.input_tokens, call.output_tokens):
        assert count is None or count >= 0, call
    assert call.input_tokens is None or call.output_tokens is None, call  # one of them was unreadable
    assert call.cost.cost_usd is None, call.cost
