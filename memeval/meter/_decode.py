"""Incremental decoders for `Content-Encoding`, used on a *copy* of the bytes the proxy forwards.

Supports `identity`, `gzip`/`x-gzip`, `deflate` (zlib-wrapped or raw, as RFC 9110 section
8.4.1.2 warns both occur) and `br` (via the optional `brotli` package, as in `httpx[brotli]`).
Encodings listed in one header are undone in reverse order (RFC 9110 section 8.4).

Every step's output is bounded (`MAX_DECODED_BYTES` a response, or the `limit` given): deflate inflates up to about
1,000 times and codings stack, so 1,831 bytes sent as `Content-Encoding: gzip, gzip` inflated to 1 GiB in one
call (2 GiB of the proxy's memory at its peak, 65 KB would be 36 GiB) before the meter's body bound was looked at.
Output comes in pieces of at most `PIECE_BYTES` (`Decoder.pieces`); past the bound the decoder raises
`DecodedTooLarge`.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any


class UnsupportedEncoding(ValueError):
    """A content coding the meter cannot undo; the bytes are still forwarded unchanged."""


class CorruptEncoding(ValueError):
    """The bytes do not decode under the declared content coding."""


MAX_DECODED_BYTES = 256 << 20
"""Most bytes one response may decode to (each coding's output counted apart), far past any model's answer."""
PIECE_BYTES = 1 << 20
"""Most bytes `Decoder.pieces` hands on at a time."""


class DecodedTooLarge(CorruptEncoding):
    """The body decodes to more than the decoder's limit: a compression bomb, or no model's answer."""


def _drain(obj: Any, out: bytes, size: int) -> Iterator[bytes]:
    """`out`, then the rest a zlib decompressor holds of its input, `size` bytes at most at a time."""
    while True:
        if out:
            yield out
        data = obj.unconsumed_tail
        if not data and len(out) < size:
            return
        out = obj.decompress(data, size)


class _Gzip:
    """`gzip`/`x-gzip`: the first gzip member (bytes after it, a second member too, decode to nothing), as `_Step`."""

    def __init__(self) -> None:
        self._obj = zlib.decompressobj(16 + zlib.MAX_WBITS)

    def pieces(self, chunk: bytes, size: int) -> Iterator[bytes]:
        yield from _drain(self._obj, self._obj.decompress(chunk, size), size)


class _Deflate:
    """`deflate`: zlib-wrapped, or raw when the first chunk has no zlib header (RFC 9110 8.4.1.2), as `_Step`."""

    def __init__(self) -> None:
        self._obj = zlib.decompressobj()
        self._first = True

    def pieces(self, chunk: bytes, size: int) -> Iterator[bytes]:
        if self._first and chunk:
            self._first = False
            try:
                out = self._obj.decompress(chunk, size)
            except zlib.error:
                self._obj = zlib.decompressobj(-zlib.MAX_WBITS)  # raw deflate, no zlib header
            else:
                yield from _drain(self._obj, out, size)
                return
        yield from _drain(self._obj, self._obj.decompress(chunk, size), size)


class _Brotli:
    """`br`: a `brotli.Decompressor` (untyped), as `_Step`."""

    def __init__(self, decompressor: Any) -> None:
        self._d = decompressor

    def pieces(self, chunk: bytes, size: int) -> Iterator[bytes]:
        out: bytes = self._d.process(chunk, output_buffer_limit=size)
        while out:
            yield out
            if self._d.can_accept_more_data():
                return
            out = self._d.process(b"", output_buffer_limit=size)


_Step = _Gzip | _Deflate | _Brotli
"""One content coding undone: `pieces(chunk, size)` yields the decoded bytes of `chunk` in order, at most `size`
bytes a piece (possibly none while a block is incomplete); it raises the codec's own error (`zlib.error`,
`brotli.error`) on bytes the coding does not read, which `Decoder.pieces` words as `CorruptEncoding`."""


def _step(coding: str) -> _Step:
    if coding in ("gzip", "x-gzip"):
        return _Gzip()
    if coding == "deflate":
        return _Deflate()
    if coding == "br":
        try:
            import brotli
        except ModuleNotFoundError as exc:
            raise UnsupportedEncoding("content-encoding 'br' needs the brotli package: pip install brotli") from exc
        return _Brotli(brotli.Decompressor())  # brotli is untyped
    raise UnsupportedEncoding(f"content-encoding {coding!r} cannot be read by the meter (supported: gzip, deflate, br)")


class Decoder:
    """Undo a `Content-Encoding` header value chunk by chunk, each coding's output bounded by `limit` bytes.

    Raises:
        UnsupportedEncoding: at construction, for a coding other than the supported ones.
    """

    def __init__(self, header: str | None, limit: int = MAX_DECODED_BYTES) -> None:
        codings = [c.strip().lower() for c in (header or "").split(",") if c.strip()]
        self._steps = [_step(c) for c in reversed(codings) if c != "identity"]
        self._made = [0] * len(self._steps)
        self._limit = limit
        self.identity = not self._steps
        """Nothing to undo: every chunk comes back as it is."""

    def __call__(self, chunk: bytes) -> bytes:
        """Decoded bytes for `chunk` (possibly empty while a compressed block is incomplete), all at once.

        Raises:
            DecodedTooLarge, CorruptEncoding: as `pieces`.
        """
        return b"".join(self.pieces(chunk))

    def pieces(self, chunk: bytes, size: int = PIECE_BYTES) -> Iterator[bytes]:
        """The decoded bytes for `chunk`, in order, in pieces of at most about `size` bytes.

        Raises:
            DecodedTooLarge: a coding's output passed the limit (no more than `size` bytes past it were made).
            CorruptEncoding: the bytes are not valid under the declared coding.
        """
        try:
            yield from self._through(0, chunk, size)
        except DecodedTooLarge:
            raise
        except Exception as exc:  # noqa: BLE001 - zlib.error and brotli.error share no base
            raise CorruptEncoding(f"the response body does not decode: {exc}") from exc

    def _through(self, i: int, data: bytes, size: int) -> Iterator[bytes]:
        if i == len(self._steps):
            if data:
                yield data
            return
        for out in self._steps[i].pieces(data, size):
            self._made[i] += len(out)
            if self._made[i] > self._limit:
                raise DecodedTooLarge(
                    f"the response body decodes to more than {self._limit} bytes and was not read further"
                )
            yield from self._through(i + 1, out, size)
