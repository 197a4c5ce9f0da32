"""A usage count no call can have is not a measurement (breaker, 2026-12-04).

An upstream answering `"prompt_tokens"` with an integer of 401 digits (valid JSON; Python reads it whole) had it
recorded as measured and priced: the call's cost was `inf` USD, which the trial's record refuses, so `memeval ab`
ended in a `ValidationError` (`cost_usd must be a finite amount`) and `memeval results` and `replay` of the run
failed the same way, every trial of both arms lost. 10**30 tokens was recorded as 1.5e23 USD, a known cost. A
count past `memeval.meter._usage.MAX_TOKEN_COUNT` (10**12) now reads as absent, as a negative one does: the call
is counted as one whose usage could not be read. The real proxy between a real httpx client and a real local
upstream, over loopback, the body a recorded reply with its counts changed.
"""

from __future__ import annotations

import json

import httpx
import pytest
from meter_fixtures import RECORDED
from meter_rig import Rig
from meter_upstream import Reply

from memeval.meter._usage import MAX_TOKEN_COUNT

REC = next(r for r in RECORDED if r.api == "openai-chat" and not r.stream)


@pytest.mark.parametrize(
    ("field", "count"),
    [("prompt_tokens", 10**400), ("completion_tokens", 10**400), ("prompt_tokens", 10**30), ("prompt_tokens", 2**64)],
    ids=["prompt-401-digits", "completion-401-digits", "prompt-10e30", "prompt-2e64"],
)
def test_a_count_past_any_call_is_unread_not_priced(rig: Rig, field: str, count: int) -> None:
    body = json.loads(b"".join(REC.chunks()))
    body["usage"][field] = count
    body["model"] = "gpt-4o-mini"  # a model genai-prices knows: the count would be priced
    rig.upstream.push(Reply(200, headers=dict(REC.headers), chunks=[json.dumps(body).encode()], content_length=True))
    key = rig.proxy.register_trial("t-huge")
    request = {"model": body["model"], "messages": [{"role": "user", "content": "hi"}], "max_tokens": 8}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        r = client.post("/v1/chat/completions", json=request, headers={"authorization": f"Bearer {key}"})
    assert r.status_code == 200
    call = rig.next_call()
    assert call.input_tokens is None or call.output_tokens is None, call  # main: 10**400 read, cost inf
    assert call.cost.cost_usd is None and call.cost.reason == "usage_missing", call.cost
    assert rig.proxy.trial_spend("t-huge").usage_missing_calls == 1


def test_the_largest_count_read_is_still_read(rig: Rig) -> None:
    body = json.loads(b"".join(REC.chunks()))
    body["usage"]["prompt_tokens"] = MAX_TOKEN_COUNT
    # A model genai-prices names no context window for: one it gives a window (gpt-4o-mini, 128k) leaves a prompt
    # past it unpriced (count33, `tests/meter/test_count33_long_prompt.py`); this one prices any count read.
    body["model"] = "gpt-4.5-preview"
    rig.upstream.push(Reply(200, headers=dict(REC.headers), chunks=[json.dumps(body).encode()], content_length=True))
    key = rig.proxy.register_trial("t-edge")
    request = {"model": body["model"], "messages": [{"role": "user", "content": "hi"}], "max_tokens": 8}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        client.post("/v1/chat/completions", json=request, headers={"authorization": f"Bearer {key}"})
    call = rig.next_call()
    assert call.input_tokens == MAX_TOKEN_COUNT and call.cost.cost_usd is not None, call
