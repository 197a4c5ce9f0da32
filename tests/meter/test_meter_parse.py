"""The usage readers against every recorded fixture, and against streams cut or altered."""

from __future__ import annotations

import gzip
import json
import random
import re

import pytest
from meter_fixtures import RECORDED, Recorded, matches

from memeval.meter import parse_body, parse_stream
from memeval.meter._sse import SseDecoder, SseEvent


def _read(rec: Recorded, chunks: list[bytes] | None = None):
    if rec.stream:
        return parse_stream(rec.api, chunks if chunks is not None else rec.chunks())
    return parse_body(rec.api, rec.body)


@pytest.mark.parametrize("rec", RECORDED, ids=lambda r: r.name)
def test_every_fixture_gives_its_expected_values(rec: Recorded) -> None:
    assert matches(_read(rec), rec.expected) == rec.expected


@pytest.mark.parametrize("rec", [r for r in RECORDED if r.stream], ids=lambda r: r.name)
@pytest.mark.parametrize("size", [1, 3, 64])
def test_stream_reading_does_not_depend_on_chunk_boundaries(rec: Recorded, size: int) -> None:
    chunks = [rec.body[i : i + size] for i in range(0, len(rec.body), size)]
    assert matches(_read(rec, chunks), rec.expected) == rec.expected


@pytest.mark.parametrize("rec", [r for r in RECORDED if r.stream], ids=lambda r: r.name)
def test_a_stream_cut_halfway_is_incomplete_with_what_was_seen(rec: Recorded) -> None:
    half = rec.body[: len(rec.body) // 2]
    reading = parse_stream(rec.api, [half])
    assert reading.completed is False
    assert reading.error == "the response ended before its terminal event"
    assert reading.model == rec.expected["model"]


def test_anthropic_stream_cut_keeps_input_seen_in_message_start() -> None:
    rec = next(r for r in RECORDED if r.name.endswith("02-sse-tool-use.sse"))
    cut = rec.body[: rec.body.index(b"event: message_delta")]
    reading = parse_stream(rec.api, [cut])
    # message_start's output_tokens (1 here) is a placeholder, not a count: never taken
    assert b'"output_tokens":1' in cut.replace(b" ", b"")
    assert (reading.input_tokens, reading.output_tokens, reading.tool_calls) == (377, None, 1)
    assert reading.completed is False and not reading.has_usage


def test_chat_stream_without_its_usage_chunk_is_incomplete_and_usage_null() -> None:
    rec = next(r for r in RECORDED if r.name.endswith("11-sse-parallel-tool-calls-include-usage.sse"))
    chunks = [c for c in rec.chunks() if b'"usage"' not in c]
    reading = parse_stream(rec.api, chunks)
    assert reading.input_tokens is None and reading.output_tokens is None
    assert reading.tool_calls == 2
    assert reading.completed is False
    assert reading.error == "the response carried no final usage"


def test_anthropic_error_event_after_200_is_an_error() -> None:
    rec = next(r for r in RECORDED if r.name.endswith("01-sse-basic-text.sse"))
    cut = rec.body[: rec.body.index(b"event: message_delta")]
    err = b'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n'
    reading = parse_stream(rec.api, [cut, err])
    assert reading.error == "overloaded_error: Overloaded"
    assert reading.completed is False
    assert reading.input_tokens == 11


@pytest.mark.parametrize(
    ("api", "body", "error"),
    [
        (
            "anthropic-messages",
            {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
            "overloaded_error: Overloaded",
        ),
        (
            "openai-chat",
            {
                "error": {
                    "message": "Rate limit reached",
                    "type": "requests",
                    "code": "rate_limit_exceeded",
                }
            },
            "requests: Rate limit reached",
        ),
        (
            "openai-responses",
            {"error": {"message": "boom", "type": "server_error"}},
            "server_error: boom",
        ),
    ],
)
def test_error_bodies_carry_no_usage(api: str, body: dict, error: str) -> None:
    reading = parse_body(api, json.dumps(body).encode())
    assert reading.error == error
    assert (reading.input_tokens, reading.output_tokens, reading.tool_calls) == (None, None, None)
    assert reading.completed is False


def test_non_json_body_is_recorded_as_unreadable() -> None:
    reading = parse_body("openai-chat", b"<html>502 Bad Gateway</html>")
    assert reading.error == "the body is not JSON" and reading.input_tokens is None


def test_gzip_body_and_stream_are_read_from_a_decoded_copy() -> None:
    body_rec = next(r for r in RECORDED if not r.stream)
    reading = parse_body(body_rec.api, gzip.compress(body_rec.body), content_encoding="gzip")
    assert matches(reading, body_rec.expected) == body_rec.expected
    stream_rec = next(r for r in RECORDED if r.stream)
    packed = gzip.compress(stream_rec.body)
    chunks = [packed[i : i + 5] for i in range(0, len(packed), 5)]
    reading = parse_stream(stream_rec.api, chunks, content_encoding="gzip")
    assert matches(reading, stream_rec.expected) == stream_rec.expected


def test_unknown_content_encoding_gives_usage_missing_not_zero() -> None:
    rec = next(r for r in RECORDED if not r.stream)
    reading = parse_body(rec.api, rec.body, content_encoding="compress")
    assert reading.input_tokens is None and reading.completed is False
    assert "compress" in (reading.error or "")


def test_anthropic_one_hour_cache_write_part_is_kept() -> None:
    body = {
        "type": "message",
        "model": "claude-sonnet-4-5",
        "content": [],
        "stop_reason": "end_turn",
        "usage": {
            "input_tokens": 5,
            "output_tokens": 2,
            "cache_read_input_tokens": 0,
            "cache_creation_input_tokens": 100,
            "cache_creation": {"ephemeral_5m_input_tokens": 40, "ephemeral_1h_input_tokens": 60},
        },
    }
    reading = parse_body("anthropic-messages", json.dumps(body).encode())
    assert (reading.input_tokens, reading.cache_write_tokens, reading.cache_write_1h_tokens) == (
        105,
        100,
        60,
    )


def test_responses_hosted_tools_are_counted_apart() -> None:
    body = {
        "object": "response",
        "model": "gpt-5",
        "status": "completed",
        "output": [
            {"type": "web_search_call", "id": "ws_1"},
            {"type": "function_call", "id": "fc_1", "name": "run"},
            {"type": "message", "id": "m"},
        ],
        "usage": {"input_tokens": 10, "output_tokens": 3},
    }
    reading = parse_body("openai-responses", json.dumps(body).encode())
    assert (reading.tool_calls, reading.tool_names, reading.hosted_tool_calls) == (1, ("run",), 1)
    assert reading.cache_read_tokens is None and reading.reasoning_tokens is None


@pytest.mark.parametrize("ending", [b"\n", b"\r\n", b"\r"])
def test_sse_decoder_accepts_every_line_ending_split_anywhere(ending: bytes) -> None:
    text = b"event: a" + ending + b"data: 1" + ending + b"data: 2" + ending + ending + b": c" + ending
    text += b"data: x" + ending + ending
    decoder = SseDecoder()
    events = [e for i in range(len(text)) for e in decoder.feed(text[i : i + 1])]
    events += list(decoder.finish())
    assert events == [SseEvent("a", "1\n2"), SseEvent("message", "x")]


def _reference_events(text: bytes) -> list[SseEvent]:
    """The events of a whole stream by the standard's rules, line by line (WHATWG HTML 9.2.6)."""
    out, name, data = [], "", []
    lines = re.split(rb"\r\n|\r|\n", text)
    for raw in lines[:-1] + ([lines[-1]] if lines[-1] else []):
        line = raw.decode("utf-8", errors="replace")
        if line == "":
            if data:
                out.append(SseEvent(name or "message", "\n".join(data)))
            name, data = "", []
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if field == "event":
            name = value
        elif field == "data":
            data.append(value)
    if data:
        out.append(SseEvent(name or "message", "\n".join(data)))
    return out


def test_sse_decoder_gives_the_standards_events_for_any_stream_split_anywhere() -> None:
    rng = random.Random(17)
    pieces = [
        b"data: ",
        b"data:",
        b"event: e",
        b"x",
        b'{"a":1}',
        b": note",
        b"\n",
        b"\n\n",
        b"\r\n",
        b"\r",
        b"\xc3\xa9",
    ]
    for _ in range(400):
        text = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        cuts = sorted(rng.sample(range(len(text) + 1), min(len(text) + 1, rng.randint(0, 6))))
        decoder = SseDecoder()
        events = [e for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True) for e in decoder.feed(text[a:b])]
        events += list(decoder.finish())
        assert events == _reference_events(text), text


def _read_every_event(api: str, chunks: list[bytes]):
    """The reading with every event parsed (no `WireApi.skips` pre-check)."""
    from memeval.meter._meter import UsageMeter

    meter = UsageMeter(api, streamed=True)
    meter._skips = meter._skips_data = None
    for chunk in chunks:
        meter.feed(chunk)
    return meter.finish()


def _chat_chunk(delta: dict, *, model: str = "gpt-4o-2024-08-06", extra: str = "") -> bytes:
    choices = json.dumps([{"index": 0, "delta": delta, "finish_reason": None}], separators=(",", ":"))
    return b'data: {"id":"c1","object":"chat.completion.chunk","model":"%s","choices":%s%s}\n\n' % (
        model.encode(),
        choices.encode(),
        extra.encode(),
    )


_USAGE_CHUNK = (
    b'data: {"id":"c1","object":"chat.completion.chunk","model":"gpt-4o-2024-08-06","choices":[],'
    b'"usage":{"prompt_tokens":10,"completion_tokens":4,"total_tokens":14}}\n\ndata: [DONE]\n\n'
)


@pytest.mark.parametrize("rec", [r for r in RECORDED if r.stream], ids=lambda r: r.name)
@pytest.mark.parametrize("size", [1, 7, 10_000_000])
def test_skipping_events_reads_what_parsing_every_event_reads(rec: Recorded, size: int) -> None:
    chunks = [rec.body[i : i + size] for i in range(0, len(rec.body), size)]
    assert parse_stream(rec.api, chunks) == _read_every_event(rec.api, chunks)


def test_a_usage_or_tool_call_written_in_the_text_is_not_counted_and_a_real_one_is() -> None:
    fake = '{"usage":{"prompt_tokens":999999,"completion_tokens":999999},"tool_calls":[{"index":5,"id":"x"}]}'
    stream = [
        _chat_chunk({"role": "assistant", "content": ""}, extra=',"usage":null'),
        _chat_chunk({"content": fake}, extra=',"usage":null'),
        _chat_chunk({"content": '"model":"other" "error":"x"'}, extra=',"usage":null'),
        _chat_chunk({"tool_calls": [{"index": 0, "id": "call_1", "function": {"name": "grep", "arguments": ""}}]}),
        _chat_chunk({"tool_calls": [{"index": 0, "function": {"arguments": '{"q": "\\"usage\\""}'}}]}),
        _chat_chunk({"tool_calls": [{"index": 1, "function": {"name": "ls", "arguments": "{}"}}]}),  # no id: counted
        _USAGE_CHUNK,
    ]
    reading = parse_stream("openai-chat", stream)
    assert reading == _read_every_event("openai-chat", stream)
    assert (reading.input_tokens, reading.output_tokens) == (10, 4)
    assert reading.tool_names == ("grep", "ls")
    assert reading.completed and reading.error is None


def test_a_chunk_naming_another_model_or_spaced_differently_is_parsed() -> None:
    stream = [
        _chat_chunk({"role": "assistant", "content": ""}),
        _chat_chunk({"content": "a"}, model="gpt-4o-mini"),  # another model: read, so the last named wins
        b'data: {"model": "gpt-4o-mini", "choices": [], "usage": {"prompt_tokens": 3, "completion_tokens": 2}}\n\n',
        b"data: [DONE]\n\n",
    ]
    reading = parse_stream("openai-chat", stream)
    assert reading == _read_every_event("openai-chat", stream)
    assert reading.model == "gpt-4o-mini" and (reading.input_tokens, reading.output_tokens) == (3, 2)


_CHAT_EVENTS = [
    _chat_chunk({"role": "assistant", "content": ""}, extra=',"usage":null'),
    _chat_chunk({"content": "hi"}, extra=',"usage":null'),
    _chat_chunk({"content": "plain"}),
    _chat_chunk({"content": '{"usage":{"prompt_tokens":9999,"completion_tokens":9999}} "model":"x" [DONE]'}),
    _chat_chunk({"content": '"error":"x" "tool_calls":[{"index":3,"id":"y"}]'}, extra=',"usage":null'),
    _chat_chunk({"content": "a"}, model="gpt-4o-mini"),
    _chat_chunk({"content": "b"}, extra=',"x":{"model":"gpt-4o-2024-08-06"}'),  # the model named twice
    b'data: {"id":"c1","choices":[{"index":0,"delta":{"content":"no model"}}]}\n\n',
    b"data: {}\n\n",
    b"data: not json\n\n",
    _chat_chunk({"tool_calls": [{"index": 0, "id": "call_1", "function": {"name": "grep", "arguments": ""}}]}),
    _chat_chunk({"tool_calls": [{"index": 0, "function": {"arguments": '{"q":'}}]}),
    _chat_chunk({"tool_calls": [{"index": 1, "function": {"name": "ls", "arguments": "{}"}}]}),
    _chat_chunk({"tool_calls": [{"index": 2, "function": {"arguments": "{}"}}]}),  # no id nor name: not counted
    _chat_chunk({"content": "c"}, extra=',"usage":{"prompt_tokens":5,"completion_tokens":1}'),
    b'data: {"error":{"message":"busy","type":"server_error"}}\n\n',
    _USAGE_CHUNK,
    b"data: [DONE]\n\n",
    b"event: ping\ndata: {}\n\n",
    b": keep-alive\n\n",
]


@pytest.mark.parametrize("seed", range(200))
def test_chat_events_read_many_at_once_give_what_each_read_alone_gives(seed: int) -> None:
    """Many whole events in one chunk are first judged together (`skips_chat_data`): never another reading."""
    rng = random.Random(seed)
    body = b"".join(rng.choices(_CHAT_EVENTS, k=rng.choice([2, 3, 4, 8, 40])))
    cuts = sorted(rng.sample(range(1, len(body)), k=min(len(body) - 1, rng.choice([0, 1, 2, 5]))))
    chunks = [_CHAT_EVENTS[0]] + [body[a:b] for a, b in zip([0, *cuts], [*cuts, len(body)], strict=True)]
    assert parse_stream("openai-chat", chunks) == _read_every_event("openai-chat", chunks)


@pytest.mark.parametrize(
    "together",
    [
        [_CHAT_EVENTS[6], b"data: [DONE]\n\n"],  # as many "model" as events, but [DONE] is one of them
        [_CHAT_EVENTS[6], _CHAT_EVENTS[5]],  # the model named twice, then another model
        [_CHAT_EVENTS[6], _CHAT_EVENTS[7], _CHAT_EVENTS[14]],  # a usage among nulls
    ],
)
def test_events_that_change_the_reading_are_read_even_when_the_counts_add_up(together: list[bytes]) -> None:
    chunks = [_CHAT_EVENTS[0], b"".join(together)]
    assert parse_stream("openai-chat", chunks) == _read_every_event("openai-chat", chunks)


def test_a_chat_stream_with_no_usage_stays_null_with_its_reason() -> None:
    stream = [_chat_chunk({"role": "assistant", "content": ""}), _chat_chunk({"content": "hi"}), b"data: [DONE]\n\n"]
    reading = parse_stream("openai-chat", stream)
    assert reading.input_tokens is None and reading.output_tokens is None and not reading.completed
    assert reading.error == "the response carried no final usage"


def test_an_anthropic_error_or_usage_event_is_never_skipped() -> None:
    rec = next(r for r in RECORDED if r.name.endswith("02-sse-tool-use.sse"))
    body = rec.body.replace(
        b"event: message_stop",
        b'event: content_block_delta\ndata: {"type":"error","error":{"type":"overloaded_error","message":"busy"}}'
        b"\n\nevent: message_stop",
    )
    reading = parse_stream(rec.api, [body])
    assert reading == _read_every_event(rec.api, [body])
    assert reading.error == "overloaded_error: busy"


@pytest.mark.parametrize(
    "text",
    [
        b'{"a":1,"a":2}',
        b'{"a":NaN,"b":-Infinity}',
        b'{"a":"\\ud800"}',
        b'{"a":123456789012345678901234567890,"b":1e400,"c":-0.0,"d":0.1}',
        '{"a":"é"}'.encode("utf-16"),
        b'\xef\xbb\xbf{"a":1}',
        b'  [1, "x", null, true]  ',
        b'{"model":"gpt","usage":{"prompt_tokens":1}}',
        b'{"a":1} trailing',
        b'{"a":',
        b"",
        b"\xff",
    ],
)
def test_the_meters_json_parse_gives_what_the_standard_library_gives(text: bytes) -> None:
    from memeval.meter import _json

    try:
        expected = json.loads(text)
    except ValueError:
        with pytest.raises(ValueError):
            _json.loads(text)
        return
    got = _json.loads(text)
    assert repr(got) == repr(expected)  # repr: NaN != NaN, and -0.0 == 0.0 would hide a difference
