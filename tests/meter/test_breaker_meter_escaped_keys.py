"""A provider's stream cannot hide its usage from the meter by how it spells a key (breaker, 2026-12-04).

The proxy reads a stream's events fast by skipping those whose text shows they change nothing: a Chat
Completions chunk with no `"usage"` key (matched with its quotes), an Anthropic or Responses event whose
leading `"type"` is one it does not read. A JSON key may be written with escapes, and a JSON object may name a
key twice (readers keep the last): a last Chat chunk whose key is spelled `"\\u0075sage"`, or an Anthropic
`message_delta` / Responses `response.completed` event that opens with a `"type"` of a text delta before its
real one, was skipped, and the call's usage went unread (`usage_missing`) though any JSON reader, the
agent's SDK among them, reads it. Such events are now read whole. The real proxy between a real httpx client
and a real local upstream, over loopback, the bodies the recorded fixtures with one event respelled.
"""

from __future__ import annotations

import json

import httpx
import pytest
from meter_fixtures import PATH_OF, RECORDED, Recorded
from meter_rig import Rig
from meter_upstream import Reply


def _call(rig: Rig, rec: Recorded, chunks: list[bytes], trial: str):  # -> ModelCall
    rig.upstream.push(Reply(rec.status, headers=dict(rec.headers), chunks=chunks))
    key = rig.proxy.register_trial(trial)
    body: dict = {"model": rec.expected["model"], "stream": True, "max_tokens": 64}
    body["messages" if rec.api != "openai-responses" else "input"] = [{"role": "user", "content": "hi"}]
    if rec.api == "openai-chat":
        body["stream_options"] = {"include_usage": True}
    auth = {"x-api-key": key} if rec.api == "anthropic-messages" else {"authorization": f"Bearer {key}"}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        r = client.post(PATH_OF[rec.api], content=json.dumps(body).encode(), headers=auth)
    assert r.status_code == 200 and r.content == b"".join(chunks)  # the client gets the bytes as sent
    return rig.next_call()


RESPELL = {
    "openai-chat": (b'"usage":{', b'"\\u0075sage":{'),
    "anthropic-messages": (b'{"type":"message_delta",', b'{"type":"ping","type":"message_delta",'),
    "openai-responses": (
        b'{"type":"response.completed",',
        b'{"type":"response.output_text.delta","type":"response.completed",',
    ),
}


@pytest.mark.parametrize("rec", [r for r in RECORDED if r.stream], ids=lambda r: r.name)
def test_a_respelled_usage_event_is_read_as_any_json_reader_reads_it(rig: Rig, rec: Recorded) -> None:
    old, new = RESPELL[rec.api]
    chunks = rec.chunks()
    hostile = [c.replace(old, new) for c in chunks]
    assert hostile != chunks  # the fixture has the event respelled
    for orig, changed in zip(chunks, hostile, strict=True):  # JSON reads each respelled event as the original
        if orig != changed:
            data = [ln[6:] for ln in (orig, changed) for ln in ln.split(b"\n") if ln.startswith(b"data: ")]
            assert json.loads(data[0]) == json.loads(data[1])
    plain = _call(rig, rec, chunks, "t-plain")
    respelled = _call(rig, rec, hostile, "t-respelled")
    assert plain.cost.cost_usd is not None, plain.cost
    assert (respelled.input_tokens, respelled.output_tokens) == (plain.input_tokens, plain.output_tokens)
    assert respelled.cost.cost_usd == plain.cost.cost_usd and respelled.cost.reason == plain.cost.reason
