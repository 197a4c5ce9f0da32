"""A Chat Completions stream asked for as `"stream": "yes"` (or `1`, `"true"`) is still asked for its usage.

The proxy asked for `stream_options.include_usage` only when `stream` was JSON `true`. OpenAI-compatible
servers built on pydantic (vLLM, SGLang and the like) read a boolean field in lax mode, where `1` and the
strings `"true"`, `"yes"`, `"on"`, `"1"` are true: such a request streamed, without usage, and the call was
`usage_missing`, its trial's cost unknown at the agent's choice (`memeval.meter._wire.streams`). Real proxy,
real httpx client, real loopback upstream (which answers with a stream whatever it was sent, as such a server
would for these values).
"""

from __future__ import annotations

import json

import httpx
import pytest
from meter_fixtures import RECORDED
from meter_rig import Rig
from meter_upstream import Reply

CHAT_STREAM = next(r for r in RECORDED if r.name.endswith("11-sse-parallel-tool-calls-include-usage.sse"))


@pytest.mark.parametrize("value", [1, 1.0, "true", "True", "yes", "on", "1", "t", "Y"])
def test_a_lax_true_stream_is_asked_for_usage(rig: Rig, value: object) -> None:
    rig.upstream.push(Reply(200, headers=dict(CHAT_STREAM.headers), chunks=CHAT_STREAM.chunks()))
    key = rig.proxy.register_trial("t-lax")
    doc = {"model": "gpt-4o-2024-08-06", "stream": value, "messages": [{"role": "user", "content": "hi"}]}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=30) as c:
        with c.stream("POST", "/v1/chat/completions", json=doc, headers={"authorization": f"Bearer {key}"}) as r:
            got = b"".join(r.iter_raw())
    sent = json.loads(rig.upstream.seen[-1].body)
    assert sent == {**doc, "stream_options": {"include_usage": True}}  # main: forwarded as it came
    assert b'"choices":[]' not in got.replace(b" ", b"") and got.endswith(b"data: [DONE]\n\n")
    assert rig.next_call().output_tokens == 60


@pytest.mark.parametrize("value", [False, None, 0, 0.0, 2, "false", "no", "off", "0", "", "stream", [], {}])
def test_other_values_are_not_streams(value: object) -> None:
    from memeval.meter._wire import streams  # new with the fix: imported here so main's failures are the proxy's

    assert streams(value) is False
