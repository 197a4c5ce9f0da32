"""Reading all the usage there is: compaction iterations, usage asked for on the client's behalf,
encodings the meter can read. Wire shapes derived from the recorded responses in
`tests/fixtures/meter/` (each derivation is described where it is made and in the README there).
"""

from __future__ import annotations

import json

import httpx
import pytest
from meter_fixtures import RECORDED, Recorded
from meter_rig import Rig
from meter_upstream import Reply

from memeval.meter import PriceBook, parse_body, parse_stream
from memeval.meter._wire import UsageChunkFilter, ask_for_usage, readable_accept_encoding

CACHED_BODY = "09-recorded-prompt-cache-read-write/1-200.json"
TOOL_STREAM = "02-sse-tool-use.sse"
CHAT_STREAM = "11-sse-parallel-tool-calls-include-usage.sse"


def _rec(suffix: str) -> Recorded:
    return next(r for r in RECORDED if r.name.endswith(suffix))


def compaction_body() -> bytes:
    """Recorded message 09/1 with the `usage.iterations` a compacting request reports: a
    compaction sampling over the long context, then the message itself (whose counts are the
    recorded top-level ones), as the Claude API docs ("Compaction") describe the array."""
    doc = json.loads(_rec(CACHED_BODY).body)
    u = doc["usage"]
    u["iterations"] = [
        {"type": "compaction", "input_tokens": 55_000, "output_tokens": 2_100},
        {
            "type": "message",
            "input_tokens": u["input_tokens"],
            "output_tokens": u["output_tokens"],
            "cache_read_input_tokens": u["cache_read_input_tokens"],
            "cache_creation_input_tokens": u["cache_creation_input_tokens"],
        },
    ]
    return json.dumps(doc).encode()


def compaction_stream() -> bytes:
    """Recorded stream 02 whose final `message_delta` usage carries the iterations (compaction
    first), with the recorded counts as the message iteration's."""
    body = _rec(TOOL_STREAM).body
    old = b'"usage":{"output_tokens":65}}'
    assert old in body
    new = (
        b'"usage":{"output_tokens":65,"input_tokens":377,"iterations":['
        b'{"type":"compaction","input_tokens":40000,"output_tokens":900},'
        b'{"type":"message","input_tokens":377,"output_tokens":65}]}}'
    )
    return body.replace(old, new)


def test_compaction_iterations_are_summed_in_a_body() -> None:
    top = parse_body("anthropic-messages", _rec(CACHED_BODY).body)
    got = parse_body("anthropic-messages", compaction_body())
    assert (top.input_tokens, top.output_tokens) == (3 + 1111, 406)
    assert (got.input_tokens, got.output_tokens, got.cache_read_tokens) == (55_003 + 1111, 2_506, 1111)
    assert got.completed


def test_compaction_iterations_are_summed_in_a_stream_split_anywhere() -> None:
    data = compaction_stream()
    got = parse_stream("anthropic-messages", [data[i : i + 11] for i in range(0, len(data), 11)])
    assert (got.input_tokens, got.output_tokens, got.completed) == (40_377, 965, True)


def test_compaction_through_the_proxy_is_priced_on_the_summed_usage(rig: Rig) -> None:
    rec = _rec(CACHED_BODY)
    rig.upstream.push(Reply(200, headers=dict(rec.headers), chunks=[compaction_body()], content_length=True))
    key = rig.proxy.register_trial("t-compact")
    body = {"model": "claude-sonnet-4-5-20250929", "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}]}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as c:
        r = c.post("/v1/messages", json=body, headers={"x-api-key": key})
    assert r.status_code == 200 and r.content == compaction_body()
    call = rig.next_call()
    assert (call.input_tokens, call.output_tokens) == (56_114, 2_506)
    top_only = PriceBook().cost(
        parse_body("anthropic-messages", rec.body),
        provider="anthropic",
        models=("claude-sonnet-4-5-20250929",),
        at=call.started_at,
    )
    assert call.cost.cost_usd is not None and top_only.cost_usd is not None
    assert call.cost.cost_usd > 20 * top_only.cost_usd


def test_the_usage_chunk_filter_drops_only_the_usage_chunk_wherever_the_stream_is_split() -> None:
    rec = _rec(CHAT_STREAM)
    usage_chunk = next(c for c in rec.chunks() if b'"choices":[]' in c.replace(b" ", b""))
    for size in (1, 7, 64, len(rec.body)):
        f = UsageChunkFilter()
        out = b"".join(f.feed(rec.body[i : i + size]) for i in range(0, len(rec.body), size)) + f.finish()
        assert out == rec.body.replace(usage_chunk, b"") and f.dropped == 1


def test_asking_for_usage_rewrites_only_streams_that_did_not_ask() -> None:
    assert ask_for_usage(b'{"model":"m","stream":false}') is None
    assert ask_for_usage(b'{"model":"m","stream":true,"stream_options":{"include_usage":true}}') is None
    assert ask_for_usage(b"not json") is None
    asked = ask_for_usage(b'{"model":"m","stream":true,"stream_options":{"include_usage":false,"x":1}}')
    assert json.loads(asked or b"") == {"model": "m", "stream": True, "stream_options": {"include_usage": True, "x": 1}}


@pytest.mark.parametrize(
    "body",
    [
        b'{"model":"m","stream":true}',
        b' {\n  "model": "m",\n  "stream": true,\n  "messages": [{"content": "}\\u00e9\\u2028"}]\n}\n\t ',
        '{"stream":true,"messages":[{"content":"é}"}],"n":1.50,"big":123456789012345678901234567890}'.encode(),
        b'{"stream":true,"stream_options":null}',
        b'{"stream":true,"stream":true}',
        '{"stream":true}'.encode("utf-16-le"),
    ],
)
def test_asking_for_usage_gives_the_same_object_plus_the_option(body: bytes) -> None:
    """The rewrite, by bytes or re-encoded, is the client's object with `stream_options.include_usage` set."""
    doc = json.loads(body)
    asked = ask_for_usage(body, doc)
    assert asked is not None
    assert json.loads(asked) == {**doc, "stream_options": {"include_usage": True}}
    assert doc == json.loads(body)  # the caller's parsed body is left as it was


def test_a_client_that_said_no_to_usage_gets_none_and_the_call_is_still_measured(rig: Rig) -> None:
    rec = _rec(CHAT_STREAM)
    rig.upstream.push(Reply(200, headers=dict(rec.headers), chunks=rec.chunks()))
    key = rig.proxy.register_trial("t-ask")
    body = {"model": "gpt-4o-2024-08-06", "stream": True, "stream_options": {"include_usage": False},
            "messages": [{"role": "user", "content": "hi"}]}  # fmt: skip
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as c:
        with c.stream("POST", "/v1/chat/completions", json=body, headers={"authorization": f"Bearer {key}",
                                                                          "accept-encoding": "gzip"}) as r:  # fmt: skip
            got = b"".join(r.iter_raw())
    sent = rig.upstream.seen[-1]
    assert json.loads(sent.body)["stream_options"]["include_usage"] is True
    assert sent.headers["accept-encoding"] == "identity"
    assert b'"choices":[]' not in got.replace(b" ", b"") and got.endswith(b"data: [DONE]\n\n")
    call = rig.next_call()
    assert (call.input_tokens, call.output_tokens, call.completed) == (149, 60, True)
    assert call.cost.cost_usd is not None


@pytest.mark.parametrize(
    ("client", "upstream"),
    [
        (None, b"identity"),
        (b"gzip, deflate", b"gzip, deflate"),
        (b"zstd", b"identity"),
        (b"gzip;q=0, deflate;q=0.5, zstd", b"deflate"),
        (b"GZIP , x-unknown", b"gzip"),
    ],
)
def test_upstream_is_asked_only_for_encodings_the_meter_can_read(client: bytes | None, upstream: bytes) -> None:
    assert readable_accept_encoding(client) == upstream


def test_the_proxy_forwards_a_readable_accept_encoding(rig: Rig) -> None:
    rec = _rec(CACHED_BODY)
    rig.upstream.push(Reply(200, headers=dict(rec.headers), chunks=[rec.body], content_length=True))
    key = rig.proxy.register_trial("t-enc")
    body = {"model": "claude-sonnet-4-5-20250929", "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}]}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as c:
        c.post("/v1/messages", json=body, headers={"x-api-key": key, "accept-encoding": "zstd, gzip"})
    assert rig.upstream.seen[-1].headers["accept-encoding"] == "gzip"
    assert rig.next_call().completed


def _cut_event_by_event(body: bytes) -> bytes:
    """What the usage-chunk filter passes, by its definition: each event (up to its first blank line) in turn,
    the usage chunk left out."""
    out, rest = [], body
    while (i := rest.find(b"\n\n")) >= 0:
        event, rest = rest[: i + 2], rest[i + 2 :]
        if not UsageChunkFilter._drop(event):
            out.append(event)
    return b"".join(out) + rest


@pytest.mark.parametrize("extra", [b"", b"\n", b"\n\n", b"\n\n\n"])
def test_the_usage_chunk_filter_cuts_events_where_the_stream_says_even_with_extra_blank_lines(extra: bytes) -> None:
    events = _rec(CHAT_STREAM).chunks()
    for where in (0, 1, len(events) - 3, len(events) - 2, len(events) - 1):
        body = b"".join(events[:where]) + extra + b"".join(events[where:])
        for size in (1, 5, 300, len(body)):
            f = UsageChunkFilter()
            out = b"".join(f.feed(body[i : i + size]) for i in range(0, len(body), size)) + f.finish()
            assert out == _cut_event_by_event(body), (where, size)
            assert f.dropped == 1
