"""A provider's response cannot make the meter hold or copy without bound.

Found by the breaker (breaker22), each on the proxy's one event loop, which every trial's calls share:
(1) a body sent as `Content-Encoding: gzip, gzip` was inflated whole, one call a chunk: 1,831 bytes became 1 GiB
(2 GiB of memory at the peak) before the 64 MiB body bound was looked at, and one read of 65 KB would be 36 GiB;
the run's kept exchanges inflated the captured 8 MiB the same way, for the redactor and the artifact store.
(2) an event that never ended was held whole and joined to every chunk again (64 MiB without a blank line: 17 s).
(3) a chunk of many CR-ended lines was cut line by line, the rest copied each time (the reader: 1 MiB 22 s; the
filter hiding the usage chunk: 256 KiB of CRLF events, one read, 18 s). Now inflation is bounded and in pieces, an
event past 64 MiB ends the reading (usage unknown, with the reason), and lines and events are cut in one pass.
"""

from __future__ import annotations

import gzip
import time
import tracemalloc
import zlib

import httpx
from meter_fixtures import PATH_OF, RECORDED
from meter_rig import Rig
from meter_upstream import Reply
from patience import patient

from memeval.meter._meter import MAX_BODY_BYTES, UsageMeter
from memeval.meter._sse import SseDecoder
from memeval.meter._wire import UsageChunkFilter
from memeval.runner._callstats import MAX_KEPT_BODY_BYTES
from memeval.runner._exchanges import _decode

READ = 256 << 10
"""What one read of the proxy's event loop hands on at most."""


def _zeros_gzip(n: int) -> bytes:
    """A gzip member of `n` zero bytes, made a MiB at a time (level 1: fast, and still about 1,000 to 1)."""
    z = zlib.compressobj(1, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    block = bytes(1 << 20)
    return b"".join([*(z.compress(block) for _ in range(n >> 20)), z.flush()])


def _peak_mib(feed) -> tuple[int, str | None]:
    tracemalloc.start()
    try:
        error = feed()
        return tracemalloc.get_traced_memory()[1] >> 20, error
    finally:
        tracemalloc.stop()


def test_a_double_gzip_bomb_is_inflated_within_bounds() -> None:
    bomb = gzip.compress(_zeros_gzip(256 << 20), 9)  # a few KB: 256 MiB through two codings
    assert len(bomb) < READ
    for streamed in (False, True):

        def feed(streamed: bool = streamed) -> str | None:
            meter = UsageMeter("openai-chat", streamed=streamed, content_encoding="gzip, gzip")
            meter.feed(bomb)  # one read
            reading = meter.finish()
            assert not reading.has_usage and not reading.completed
            return reading.error

        peak, error = _peak_mib(feed)
        assert peak < 3 * (MAX_BODY_BYTES >> 20), (streamed, peak)  # main: 512 MiB and more
        assert error is not None and ("decodes to more than" in error or "larger than" in error), error


def test_the_proxy_passes_a_bomb_on_and_records_why_its_usage_is_unknown(rig: Rig) -> None:
    rec = next(r for r in RECORDED if r.name.endswith("14-recorded-prompt-cache-write-then-read/2-200.json"))
    bomb = gzip.compress(_zeros_gzip(128 << 20), 9)
    rig.upstream.push(
        Reply(200, headers={**rec.headers, "content-encoding": "gzip, gzip"}, chunks=[bomb], content_length=True)
    )
    key = rig.proxy.register_trial("t-bomb")
    body = {"model": rec.expected["model"], "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}]}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=30) as client:
        auth = {"x-api-key": key} if rec.api == "anthropic-messages" else {"authorization": f"Bearer {key}"}
        with client.stream("POST", PATH_OF[rec.api], json=body, headers={**auth, "accept-encoding": "gzip"}) as r:
            assert b"".join(r.iter_raw()) == bomb  # passed on as sent: the agent's client decodes it, if it will
            assert (r.status_code, r.headers.get("content-encoding")) == (200, "gzip, gzip")
    call = rig.next_call()
    assert call.input_tokens is None and call.cost.cost_usd is None, call
    assert call.error == f"the response body decodes to more than {MAX_BODY_BYTES} bytes and was not read further"
    assert rig.proxy.trial_spend("t-bomb").usage_missing_calls == 1


def test_an_event_that_never_ends_is_dropped_past_the_bound_in_linear_time() -> None:
    meter = UsageMeter("openai-chat", streamed=True)
    start = time.perf_counter()
    meter.feed(b"data: ")
    for _ in range((MAX_BODY_BYTES + (8 << 20)) // READ):
        meter.feed(b"x" * READ)
    reading = meter.finish()
    took = time.perf_counter() - start
    assert reading.error == f"an event of the stream is larger than {MAX_BODY_BYTES} bytes and was not read"
    assert took < patient(4.0), took  # main: no bound, and 17 s for 64 MiB at load 11 (0.2 s now)


def test_many_cr_ended_lines_in_one_read_are_cut_in_one_pass() -> None:
    size = 2 * READ  # a body the relay joined from two reads
    lines = b":\r" * (size // 2)
    events = b"data: x\r\n\r\n" * (size // 11)
    start = time.perf_counter()
    decoder = SseDecoder()
    assert decoder.feed(lines) == []
    assert len(decoder.feed(events)) == size // 11
    kept = UsageChunkFilter().feed(events)
    took = time.perf_counter() - start
    assert kept == events
    assert took < patient(3.0), took  # main: 256 KiB took 1.2 s in the reader, 18 s in the filter (load 11); 0.4 s now


def test_a_kept_response_is_inflated_to_the_kept_bound_at_most() -> None:
    body, note = _decode(_zeros_gzip(MAX_KEPT_BODY_BYTES * 4), "gzip")
    assert body == b"" and note == f"response body decodes (gzip) to more than {MAX_KEPT_BODY_BYTES} bytes; not kept"
    assert _decode(gzip.compress(b'{"ok": 1}'), "gzip") == (b'{"ok": 1}', "")
