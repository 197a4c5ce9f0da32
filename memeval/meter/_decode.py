"""Incremental decoders for `Content-Encoding`, used on a *copy* of the bytes the proxy forwards.

Supports `identity`, `gzip`/`x-gzip`, `deflate` (zlib-wrapped or raw, as RFC 9110 section
8.4.1.2 warns both occur) and `br` (via the optional `brotli` package, as in `httpx[brotli]`).
Encodings listed in one header are undone in reverse order (RFC 9110 section 8.4).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable


class UnsupportedEncoding(ValueError):
    """A content coding the meter cannot undo; the bytes are still forwarded unchanged."""


class CorruptEncoding(ValueError):
    """The bytes do not decode under the declared content coding."""


class _Deflate:
    def __init__(self) -> None:
        self._obj = zlib.decompressobj()
        self._first = True

    def __call__(self, chunk: bytes) -> bytes:
        if self._first and chunk:
            self._first = False
            try:
                return self._obj.decompress(chunk)
            except zlib.error:
                self._obj = zlib.decompressobj(-zlib.MAX_WBITS)  # raw deflate, no zlib header
        return self._obj.decompress(chunk)


def _step(coding: str) -> Callable[[bytes], bytes]:
    if coding in ("gzip", "x-gzip"):
        return zlib.decompressobj(16 + zlib.MAX_WBITS).decompress
    if coding == "deflate":
        return _Deflate()
    if coding == "br":
        try:
            import brotli
        except ModuleNotFoundError as exc:
            raise UnsupportedEncoding("content-encoding 'br' needs the brotli package: pip install brotli") from exc
        process: Callable[[bytes], bytes] = brotli.Decompressor().process  # brotli is untyped
        return process
    raise UnsupportedEncoding(f"content-encoding {coding!r} cannot be read by the meter (supported: gzip, deflate, br)")


class Decoder:
    """Undo a `Content-Encoding` header value chunk by chunk.

    Raises:
        UnsupportedEncoding: at construction, for a coding other than the supported ones.
    """

    def __init__(self, header: str | None) -> None:
        codings = [c.strip().lower() for c in (header or "").split(",") if c.strip()]
        self._steps = [_step(c) for c in reversed(codings) if c != "identity"]
        self.identity = not self._steps
        """Nothing to undo: every chunk comes back as it is."""

    def __call__(self, chunk: bytes) -> bytes:
        """Decoded bytes for `chunk` (possibly empty while a compressed block is incomplete).

        Raises:
            CorruptEncoding: the bytes are not valid under the declared coding.
        """
        try:
            for step in self._steps:
                chunk = step(chunk)
        except Exception as exc:  # noqa: BLE001 - zlib.error and brotli.error share no base
            raise CorruptEncoding(f"the response body does not decode: {exc}") from exc
        return chunk
