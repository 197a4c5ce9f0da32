"""Reading usage from the bytes of one response, as they arrive.

`UsageMeter` (incremental), `parse_body` and `parse_stream`. Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from memeval.meter import _json
from memeval.meter._decode import MAX_DECODED_BYTES, CorruptEncoding, Decoder, UnsupportedEncoding
from memeval.meter._providers import wire_api
from memeval.meter._sse import SseDecoder
from memeval.meter._usage import ParsedUsage, UsageState

_RETRIES = 1
"""How many times a chunk's remaining events are asked at once again after one was read (each asks over them all;
the case it is for: a stream's first chunk, whose first event names the model and whose rest are text deltas)."""

MAX_BODY_BYTES = 64 * 1024 * 1024
"""A non-streaming body larger than this (decoded) is forwarded but not read: usage missing."""


class UsageMeter:
    """Reads the usage of one response from its raw wire bytes, fed chunk by chunk.

    The proxy forwards the bytes unchanged and feeds the same chunks here; compressed bodies are
    decoded from this copy only. A streamed response (SSE) is read event by event, so nothing is
    buffered but the current event; a JSON body is kept (decoded) up to `MAX_BODY_BYTES` and read
    at `finish()`.

    Args:
        api: which wire API the response belongs to (a registered `WireApi`'s name).
        streamed: True for a `text/event-stream` response, False for a JSON body.
        content_encoding: the response's `Content-Encoding` header value, if any.
        answers: how many answers the request asked for (`ModelProvider.output_choices`): a Gemini stream's usage
            is final only once that many candidates have ended.

    Raises:
        MeterError: no registered provider serves `api`.
    """

    def __init__(self, api: str, *, streamed: bool, content_encoding: str | None = None, answers: int = 1) -> None:
        self.api = api
        self.streamed = streamed
        self._wire = wire_api(api)[1]
        self._state: UsageState = self._wire.new_state()
        self._state.answers = max(answers, 1)
        self._skips = self._wire.skips
        self._skips_data = self._wire.skips_data
        self._events = 0
        self._sse = SseDecoder()
        self._body = bytearray()
        self._failure: str | None = None
        try:
            # a body is read whole, so it may decode to no more than is read; a stream is read as it comes
            limit = MAX_DECODED_BYTES if streamed else MAX_BODY_BYTES
            self._decode: Decoder | None = Decoder(content_encoding, limit)
        except UnsupportedEncoding as exc:
            self._decode, self._failure = None, str(exc)

    def read_headers(self, headers: list[tuple[bytes, bytes]]) -> None:
        """Read what the response's headers (lower-cased names) say of its usage: `WireApi.tier_header`'s tier."""
        name = self._wire.tier_header
        if name is not None:
            for key, value in headers:
                if key == name:
                    self._state.service_tier = value.decode("latin-1").strip()

    def feed(self, chunk: bytes) -> None:
        """Consume raw bytes exactly as they came from the upstream."""
        if self._decode is None or self._failure is not None:
            return
        if self._decode.identity:
            self._take(chunk)
            return
        try:
            for data in self._decode.pieces(chunk):  # a compressed chunk may hold far more: read it a piece at a time
                self._take(data)
                if self._failure is not None:
                    return
        except CorruptEncoding as exc:
            self._failure = str(exc)

    def _take(self, data: bytes) -> None:
        """Read decoded bytes: SSE events as they complete, or a body's bytes kept for `finish`."""
        if self.streamed:
            skips, state = self._skips, self._state
            if self._skips_data is not None:
                taken = self._sse.take_data_lines(data)
                if taken is not None:
                    self._data_lines(*taken)
                    self._bound_event()
                    return
            for name, text in self._sse.feed(data):
                if skips is not None and skips(state, name, text):
                    self._events += 1  # an event the reader would leave alone (`WireApi.skips`)
                else:
                    self._event(name, text)
            self._bound_event()
        elif len(self._body) + len(data) > MAX_BODY_BYTES:
            self._failure = f"the body is larger than {MAX_BODY_BYTES} bytes and was not read"
            self._body.clear()
        else:
            self._body += data

    def _bound_event(self) -> None:
        """Stop reading a stream whose unfinished event holds more than `MAX_BODY_BYTES` (never a model's event).

        An upstream that never ended its event made the reader hold all of it, copied again with every chunk.
        """
        if self._sse.held() > MAX_BODY_BYTES:
            self._failure = f"an event of the stream is larger than {MAX_BODY_BYTES} bytes and was not read"
            self._sse = SseDecoder()

    def _data_lines(self, raw: bytes, count: int) -> None:
        """Read `count` whole events, each one `data:` line, given as sent (`SseDecoder.take_data_lines`).

        First asked of them all at once (`WireApi.skips_data`: most events change nothing), then one by one; after
        an event that had to be read (the first one names the model), the rest are asked at once again, once a
        chunk at most. Only the events a reader must see are decoded and parsed.
        """
        if not count:
            return
        skips, state = self._skips_data, self._state
        assert skips is not None
        if skips(state, raw, count):
            self._events += count
            return
        at, retries = 0, _RETRIES
        for line in raw[:-2].split(b"\n\n"):
            at += len(line) + 2
            count -= 1
            if skips(state, line, 1):
                self._events += 1
                continue
            value = line[6:] if line[5:6] == b" " else line[5:]
            self._event("message", value.decode("utf-8", errors="replace"))
            if count > 1 and retries:
                retries -= 1
                if skips(state, raw[at:], count):
                    self._events += count
                    return

    def finish(self) -> ParsedUsage:
        """End of the bytes (whole or cut short): the reading, with what was seen."""
        if self._failure is None:
            if self.streamed:
                for event in self._sse.finish():
                    self._event(event.event, event.data)
            else:
                self._read_body(bytes(self._body))
        reading = self._state.freeze()
        if self._failure is not None:
            return _with_error(reading, self._failure)
        return reading

    def _read_body(self, body: bytes) -> None:
        try:
            obj: Any = _json.loads(body)
        except ValueError:
            self._state.error = "the body is not JSON" if body else "the body is empty"
            return
        self._wire.read_body(self._state, obj)

    def _event(self, name: str, data: str) -> None:
        obj: Any = None  # `[DONE]` (not JSON, told without two refused parses), or a line cut short
        if data != "[DONE]":
            try:
                obj = _json.loads(data)
            except ValueError:
                obj = None  # readers ignore what they cannot use
        self._wire.read_event(self._state, name, data, obj, self._events)
        self._events += 1


def _with_error(reading: ParsedUsage, error: str) -> ParsedUsage:
    return replace(reading, completed=False, error=error)


def parse_body(api: str, body: bytes, *, content_encoding: str | None = None) -> ParsedUsage:
    """Usage from a whole non-streaming response body.

    Args:
        api: the wire API of the response.
        body: the body bytes as sent on the wire.
        content_encoding: the `Content-Encoding` header, if the body is compressed.

    Returns:
        The reading; fields the body did not carry are None.
    """
    meter = UsageMeter(api, streamed=False, content_encoding=content_encoding)
    meter.feed(body)
    return meter.finish()


def parse_stream(
    api: str, chunks: Iterable[bytes], *, content_encoding: str | None = None, answers: int = 1
) -> ParsedUsage:
    """Usage from an SSE byte stream, split into chunks anywhere.

    Args:
        api: the wire API of the stream.
        chunks: the stream's bytes in order; a stream cut short gives `completed=False`.
        content_encoding: the `Content-Encoding` header, if the stream is compressed.
        answers: how many answers the request asked for (see `UsageMeter`).

    Returns:
        The reading, with what was seen.
    """
    meter = UsageMeter(api, streamed=True, content_encoding=content_encoding, answers=answers)
    for chunk in chunks:
        meter.feed(chunk)
    return meter.finish()
