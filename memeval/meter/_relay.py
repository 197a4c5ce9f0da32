"""The response path of a forwarded call: what the proxy knows of the call, and the relay that streams the answer.

`Call` is what `memeval.meter._forward.ForwardApp` learns of a request before forwarding it;
`Relay` passes the upstream's response to the client as it arrives, feeding a `UsageMeter` a copy,
hiding the usage chunk the proxy asked for on the client's behalf (`_chunk_filter`), and keeping
the bodies for `on_bodies` up to `MAX_CAPTURE_BYTES`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime

from memeval.meter import _providers as registry
from memeval.meter._ledger import Caller, Reservation
from memeval.meter._meter import UsageMeter
from memeval.meter._provider import ChunkFilter, ModelProvider, header
from memeval.meter._records import UPSTREAM_CUT
from memeval.meter._reply import Reply
from memeval.meter._upstream import Exchange

HOP_BY_HOP = frozenset(
    {
        b"connection",
        b"keep-alive",
        b"proxy-authenticate",
        b"proxy-authorization",
        b"te",
        b"trailer",
        b"transfer-encoding",
        b"upgrade",
        b"host",
        b"content-length",
    }
)
_TO_CLIENT_DROP = HOP_BY_HOP - {b"content-length"}


MAX_CAPTURE_BYTES = 8 << 20
"""Largest response body handed to `on_bodies` (the rest is cut; the client still gets all)."""


@dataclass(frozen=True)
class Call:
    """What is known about a request before it is forwarded."""

    caller: Caller
    provider: ModelProvider
    api: str | None
    requested_model: str | None
    attempt: int
    started_at: datetime
    t0: float
    hide_usage_chunk: bool = False
    """The proxy asked for `stream_options.include_usage` on the client's behalf: the usage
    chunk is taken out of what the client sees."""
    reservation: Reservation | None = None
    answers: int = 1
    """How many answers the request asked for (`ModelProvider.output_choices`), for the meter."""
    tier: str | None = None
    """The processing tier the request asked for (`request_tier`); None for the standard one. The answer says the tier
    that served it (in its body, or a header: `WireApi.tier_header`), and may leave it out."""
    long_cache: bool = False
    """The request asked for cache entries billed above the usual writes (`ModelProvider.asks_long_cache`:
    Anthropic's 1-hour ones)."""


class Relay:
    """Passes one upstream response to the client as it arrives, feeding the meter a copy (`_upstream.Sink`).

    Runs inside the upstream connection's read callback: each read is metered and written to the client in the
    same loop step. A response whose client disconnected is still read to its end and metered, written nowhere:
    dropping it at the client's hang-up left the call's final usage unread, so its cost and its trial's were
    unknown, and cost of a pass counts only trials of known cost, which let an agent choose the trials its arm's
    cost of a pass counts (the provider bills what it generated either way; the request's `max_tokens` bounds it,
    and its worst case was reserved against the spend limits). The connection stays counted against its sandbox's
    share until then (`memeval.meter._server`). An upstream that broke off is cut on the client's side too, as it
    was on ours.
    """

    __slots__ = (
        "reply",
        "call",
        "status",
        "streamed",
        "encoding",
        "meter",
        "hide",
        "ttfb",
        "error",
        "kept",
        "_kept_bytes",
        "_exchange",
        "_tail",
    )

    def __init__(self, reply: Reply, call: Call, *, keep: bool) -> None:
        self.reply = reply
        self.call = call
        self.status = 0
        self.streamed = False
        self.encoding: str | None = None
        self.meter: UsageMeter | None = None
        self.hide: ChunkFilter | None = None
        self.ttfb: float | None = None
        self.error: str | None = None
        self.kept: list[bytes] | None = [] if keep else None
        self._kept_bytes = 0
        self._exchange: Exchange | None = None
        self._tail = b""

    def head(self, status: int, headers: list[tuple[bytes, bytes]], exchange: Exchange) -> None:
        self.status = status
        self._exchange = exchange
        lowered = [(k.lower(), v) for k, v in headers]
        content_type = header(lowered, b"content-type") or b""
        encoding = header(lowered, b"content-encoding")
        self.encoding = None if encoding is None else encoding.decode("latin-1")
        self.streamed = content_type.startswith(b"text/event-stream")
        self.meter = UsageMeter(
            self.call.api or "openai-chat",
            streamed=self.streamed,
            content_encoding=self.encoding,
            answers=self.call.answers,
        )
        self.meter.read_headers(lowered)
        drop = _TO_CLIENT_DROP
        if self.streamed and encoding is None:
            self.hide = _chunk_filter(self.call)
            if self.hide is not None:
                drop = HOP_BY_HOP  # the filter takes bytes out: the upstream's length no longer holds
        if self.reply.gone:
            return  # read on for the usage; nothing goes to a client that hung up, nothing pauses the upstream
        self.reply.attach(exchange)
        self.reply.start(status, [(k, v) for k, v in lowered if k not in drop])

    def data(self, chunk: bytes, last: bool = False) -> None:
        if self.ttfb is None:
            self.ttfb = (time.perf_counter() - self.call.t0) * 1000
        assert self.meter is not None
        self.meter.feed(chunk)
        if self.kept is not None and self._kept_bytes < MAX_CAPTURE_BYTES:
            self.kept.append(chunk[: MAX_CAPTURE_BYTES - self._kept_bytes])
            self._kept_bytes += len(self.kept[-1])
        if self.error is not None or self.reply.gone:
            return  # metered above; a client that hung up gets nothing more
        out = self.hide.feed(chunk) if self.hide is not None else chunk
        if last:
            self._tail = out  # goes out with the response's end: one send for both
        else:
            self.reply.write(out)

    def end(self, error: str | None) -> None:
        if self.error is None and error is not None:
            # The upstream cut the response: end ours without its terminator, as it did.
            self.error = f"{UPSTREAM_CUT}: {error}"
        if self.error is not None or self.reply.gone:
            self.reply.abort()
        else:
            self.reply.end(self._tail + self.hide.finish() if self.hide is not None else self._tail)


def _chunk_filter(call: Call) -> ChunkFilter | None:
    """The filter hiding the usage chunk the proxy asked for on the client's behalf, if it did."""
    if not call.hide_usage_chunk or call.api is None:
        return None
    make = registry.wire_api(call.api)[1].usage_chunk_filter
    return make() if make is not None else None
