"""A Chat Completions stream whose request is padded past 16 MiB is still asked for its usage.

OpenAI's Chat Completions streams carry their usage only when the request asks
(`stream_options.include_usage`), so the proxy asks on the client's behalf (`memeval.meter._wire.ask_for_usage`).
It skipped requests over 16 MiB (to spare re-encoding a large body), and JSON lets a request be padded with
whitespace that the upstream ignores and bills nothing for: an agent that sent an ordinary prompt followed by
16 MiB of spaces had its stream forwarded as it came, the upstream sent no usage, and the call was recorded
`usage_missing`, its trial's cost unknown. Since cost of a pass counts only trials of known cost, an agent could
pick which of its trials count (pad the calls of those it is failing). The proxy now asks whatever the size
(a request is at most 64 MiB, `memeval.meter._server`). The real proxy between a real httpx client and a real
local upstream, over loopback.
"""

from __future__ import annotations

import json

import httpx
import pytest
from meter_fixtures import RECORDED
from meter_rig import Rig
from meter_upstream import Reply

CHAT_STREAM = next(r for r in RECORDED if r.name.endswith("11-sse-parallel-tool-calls-include-usage.sse"))
PAD = b" " * (17 << 20)
"""Whitespace between two members of the request's object: JSON ignores it, so does the upstream."""


@pytest.mark.parametrize("options", [None, {"include_usage": False}], ids=["not-asked", "said-no"])
def test_a_padded_stream_request_is_still_asked_for_usage(rig: Rig, options: dict | None) -> None:
    rig.upstream.push(Reply(200, headers=dict(CHAT_STREAM.headers), chunks=CHAT_STREAM.chunks()))
    key = rig.proxy.register_trial("t-pad")
    doc: dict = {"model": "gpt-4o-2024-08-06", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
    if options is not None:
        doc["stream_options"] = options
    head = json.dumps(doc).encode()
    body = head[:-1] + b"," + PAD + b'"max_tokens": 64}'
    assert json.loads(body) == {**doc, "max_tokens": 64}  # the same request to any JSON reader
    with httpx.Client(base_url=rig.proxy.base_url, timeout=60) as c:
        with c.stream("POST", "/v1/chat/completions", content=body,
                      headers={"authorization": f"Bearer {key}", "content-type": "application/json"}) as r:  # fmt: skip
            got = b"".join(r.iter_raw())
    sent = json.loads(rig.upstream.seen[-1].body)
    assert sent["stream_options"]["include_usage"] is True  # main: forwarded as it came, no usage asked for
    assert {k: v for k, v in sent.items() if k != "stream_options"} == {
        k: v for k, v in doc.items() if k != "stream_options"
    } | {"max_tokens": 64}
    # the client asked for no usage: the chunk the proxy asked for is not passed on
    assert b'"choices":[]' not in got.replace(b" ", b"") and got.endswith(b"data: [DONE]\n\n")
    call = rig.next_call()
    assert (call.input_tokens, call.output_tokens, call.completed) == (149, 60, True)
