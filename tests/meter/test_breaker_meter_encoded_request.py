"""A model call whose request body is content-encoded is refused, not forwarded unread.

The proxy reads each request to meter it: it asks a Chat Completions stream for its usage
(`stream_options.include_usage`, which OpenAI's streams need), and reads the model, the output limit and the
tier a spend limit reserves against. A body sent with `Content-Encoding: gzip` (which providers accept: the
official backends take compressed requests) was not read (`_request_doc` gave up on any encoding) and was
forwarded as it came: the stream carried no usage, so the call was `usage_missing` and its trial's cost
unknown, at the agent's choice (cost of a pass counts only trials of known cost). Now such a call is answered
415 by the proxy in the provider's error shape, recorded as a call the agent made (an error, not a harness
failure), and nothing reaches the upstream. Real proxy, real httpx client, real loopback upstream.
"""

from __future__ import annotations

import gzip
import json

import httpx
import pytest
from meter_fixtures import RECORDED
from meter_rig import Rig
from meter_upstream import Reply

CHAT_STREAM = next(r for r in RECORDED if r.name.endswith("11-sse-parallel-tool-calls-include-usage.sse"))


@pytest.mark.parametrize("coding", ["gzip", "deflate, gzip", "x-unknown"])
def test_a_content_encoded_model_call_is_refused_and_recorded(rig: Rig, coding: str) -> None:
    rig.upstream.push(Reply(200, headers=dict(CHAT_STREAM.headers), chunks=CHAT_STREAM.chunks()))
    key = rig.proxy.register_trial("t-gz")
    doc = {"model": "gpt-4o-2024-08-06", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
    body = gzip.compress(json.dumps(doc).encode())
    with httpx.Client(base_url=rig.proxy.base_url, timeout=30) as c:
        auth = {"authorization": f"Bearer {key}", "content-type": "application/json"}
        r = c.post("/v1/chat/completions", content=body, headers={**auth, "content-encoding": coding})
    assert rig.upstream.seen == []  # main: forwarded as it came, no usage asked for
    assert r.status_code == 415, r.text
    assert "content-encoding" in r.json()["error"]["message"], r.text
    call = rig.next_call()
    assert (call.status, call.trial_id) == (415, "t-gz") and "content-encoding" in (call.error or "")


def test_identity_is_still_forwarded(rig: Rig) -> None:
    rig.upstream.push(Reply(200, headers=dict(CHAT_STREAM.headers), chunks=CHAT_STREAM.chunks()))
    key = rig.proxy.register_trial("t-id")
    doc = {"model": "gpt-4o-2024-08-06", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=30) as c:
        r = c.post("/v1/chat/completions", json=doc, headers={"authorization": f"Bearer {key}",
                                                               "content-encoding": "identity"})  # fmt: skip
    assert r.status_code == 200 and len(rig.upstream.seen) == 1
    assert rig.next_call().input_tokens == 149
