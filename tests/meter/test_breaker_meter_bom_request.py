"""A Chat Completions stream whose request opens with a byte-order mark is still asked for its usage.

The proxy parses a request once to meter it, but gave up before parsing when the body did not open with `{`
(`_request_doc`). JSON readers of Python servers (`json.loads` of the bytes, as Starlette's `Request.json()`
does, and so OpenAI-compatible servers built on it) accept a body opening with a UTF-8 byte-order mark, or
encoded as UTF-16 or UTF-32: such a stream request was forwarded as it came, without
`stream_options.include_usage`, so the call was `usage_missing` and its trial's cost unknown, at the agent's
choice. The body is now parsed as `json.loads` parses it. Real proxy, real httpx client, real loopback
upstream.
"""

from __future__ import annotations

import json

import httpx
import pytest
from meter_fixtures import RECORDED
from meter_rig import Rig
from meter_upstream import Reply

CHAT_STREAM = next(r for r in RECORDED if r.name.endswith("11-sse-parallel-tool-calls-include-usage.sse"))
DOC = {"model": "gpt-4o-2024-08-06", "stream": True, "messages": [{"role": "user", "content": "hi"}]}


@pytest.mark.parametrize(
    "body",
    [
        b"\xef\xbb\xbf" + json.dumps(DOC).encode(),
        b"\xef\xbb\xbf \n" + json.dumps(DOC).encode(),
        json.dumps(DOC).encode("utf-16"),
    ],
    ids=["utf-8-bom", "bom-then-space", "utf-16"],
)
def test_a_stream_request_any_json_reader_reads_is_asked_for_usage(rig: Rig, body: bytes) -> None:
    assert json.loads(body) == DOC  # what a Python server reads
    rig.upstream.push(Reply(200, headers=dict(CHAT_STREAM.headers), chunks=CHAT_STREAM.chunks()))
    key = rig.proxy.register_trial("t-bom")
    with httpx.Client(base_url=rig.proxy.base_url, timeout=30) as c:
        auth = {"authorization": f"Bearer {key}", "content-type": "application/json"}
        with c.stream("POST", "/v1/chat/completions", content=body, headers=auth) as r:
            got = b"".join(r.iter_raw())
    sent = json.loads(rig.upstream.seen[-1].body)
    assert sent == {**DOC, "stream_options": {"include_usage": True}}  # main: forwarded as it came
    assert b'"choices":[]' not in got.replace(b" ", b"") and got.endswith(b"data: [DONE]\n\n")
    call = rig.next_call()
    assert (call.input_tokens, call.output_tokens, call.requested_model) == (149, 60, "gpt-4o-2024-08-06")
