"""Request rewrites that let the meter read every response's usage, and hiding what they add.

Two rewrites, each invisible to the client:

- `ask_for_usage`: an OpenAI Chat Completions stream carries its usage only when the request
  asked for it with `stream_options.include_usage` (platform.openai.com API reference, "Create
  chat completion", `stream_options`); most SDKs do not ask by default. The proxy asks on the
  client's behalf, and `UsageChunkFilter` takes the extra last chunk (`choices: []` with `usage`)
  out of the stream the client sees, so a client that did not ask gets the stream it would have
  got.
- `readable_accept_encoding`: the proxy asks upstream only for content codings the meter can
  decode (`memeval.meter._decode`), so a response is never in an encoding whose usage cannot be
  read (RFC 9110 section 12.5.3: `identity` is always acceptable).
"""

from __future__ import annotations

import json
import re
from typing import Any

from memeval.meter import _json
from memeval.meter._sse import may_end_event

_TRUE_WORDS = frozenset({"1", "on", "t", "true", "y", "yes"})
"""Strings a lax boolean field reads as true (pydantic's lax mode, any case)."""


def streams(value: Any) -> bool:
    """Whether a request's `stream` value asks for a stream to an upstream that validates leniently.

    OpenAI-compatible servers built on pydantic (vLLM, SGLang and the like) read a boolean field in lax mode:
    `1`, `1.0` and the strings `"true"`, `"yes"`, `"on"`, `"1"`, `"t"`, `"y"` (any case) are true. Only JSON `true`
    counted here, so `"stream": "yes"` streamed without `include_usage`, and the call's usage was never sent.
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return value == 1
    return isinstance(value, str) and value.strip().lower() in _TRUE_WORDS


STORED_INPUT_KEYS = ("previous_response_id", "conversation", "prompt")
"""Responses fields naming input the provider keeps: a stored response or conversation to continue, a stored prompt."""


def stored_input(doc: Any) -> str | None:
    """Why a Responses request's billed input is not bounded by its body, or None (see `ModelProvider.unbounded_input`).

    `previous_response_id`, `conversation` and `prompt` (a stored prompt's id) make the provider add input it keeps
    to the call's own: every earlier turn's input and output is billed again as this call's input, while the body
    holds only the new turn. Reserved by its body, a call of a few hundred bytes costing dollars passed a spend
    limit by far more than its worst case.
    """
    if not isinstance(doc, dict):
        return None
    named = [k for k in STORED_INPUT_KEYS if doc.get(k) not in (None, "", {})]
    if not named:
        return None
    return (
        f"it names input the provider keeps ({', '.join(named)}), billed in full but not in its body; send the whole "
        "input in the request"
    )


def ask_for_usage(body: bytes, doc: Any = None) -> bytes | None:
    """The Chat Completions request body with `stream_options.include_usage` set, if needed.

    Args:
        body: the request body as the client sent it (JSON, not content-encoded).
        doc: `body` already parsed (the proxy parses a request once), or None to parse it here.

    Returns:
        The rewritten body when the request streams and did not ask for usage; None when nothing
        needs changing (not a stream, usage already asked for, or not a JSON object).
    """
    # Whatever the size (the proxy takes at most 64 MiB): a cap here let an agent pad a request with
    # whitespace the upstream ignores past it, and so make any call of its choosing report no usage.
    if doc is None:
        try:
            doc = json.loads(body)
        except ValueError:
            return None
    if not isinstance(doc, dict) or not streams(doc.get("stream")):
        return None
    options = doc.get("stream_options")
    if options is None:
        tail = body.rstrip()
        if "stream_options" not in doc and tail[-1:] == b"}" and body.lstrip().startswith(b"{"):
            # The key is added before the object's closing brace, bytes untouched otherwise: agents resend the
            # whole conversation every call, and re-encoding it cost more than the rest of the call. The upstream
            # parses the same object plus the key (it was absent: not even a duplicate to shadow). Only for a body
            # of UTF-8 with no byte-order mark: one in UTF-16, say, is re-encoded below.
            return tail[:-1] + b',"stream_options":{"include_usage":true}}'
        options = {}
    if not isinstance(options, dict) or options.get("include_usage") is True:
        return None
    rewritten = {**doc, "stream_options": {**options, "include_usage": True}}  # the caller's doc stays as it was
    return json.dumps(rewritten, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


_EMPTY_CHOICES = re.compile(rb'"choices"\s*:\s*\[\s*\]')


def _is_usage_chunk(data: bytes) -> bool:
    """Whether an SSE event's data is the usage-only chunk (`choices: []` and a `usage` object).

    Every other chunk of a stream names a non-empty `choices`, so a cheap search for an empty one
    spares parsing each token's chunk a second time (the meter parses it once).
    """
    if _EMPTY_CHOICES.search(data) is None:
        return False
    try:
        doc: Any = _json.loads(data)
    except ValueError:
        return False
    return isinstance(doc, dict) and doc.get("choices") == [] and isinstance(doc.get("usage"), dict)


MAX_FILTER_HELD_BYTES = 64 << 20
"""Most bytes of one event `UsageChunkFilter` holds back; a usage chunk is a few hundred."""


class UsageChunkFilter:
    """Pass an SSE byte stream through, dropping the usage-only chunk the proxy asked for.

    Works on raw (not content-encoded) bytes split anywhere: bytes are held only until the end of
    the current event (a blank line), then passed on unchanged or, for the usage chunk, dropped.
    `usage: null` fields that asking adds to the other chunks are left as they are (the SDKs read
    them as absent).
    """

    def __init__(self) -> None:
        self._buf = b""
        self._pending: list[bytes] = []
        self._pending_bytes = 0
        self._through = False
        self.dropped = 0
        """Events dropped so far."""

    def feed(self, chunk: bytes) -> bytes:
        """The bytes of `chunk` that can be passed on now (whole events only).

        A chunk that cannot end an event (`memeval.meter._sse.may_end_event`) is set aside unjoined: joining each to all
        held before cost the square of an event's size. An event held past `MAX_FILTER_HELD_BYTES` is no usage
        chunk: what is held goes out, and so does the rest of the stream, unfiltered.
        """
        if self._through:
            return chunk
        if not may_end_event(chunk, self._pending[-1] if self._pending else self._buf):
            self._pending.append(chunk)
            self._pending_bytes += len(chunk)
            if len(self._buf) + self._pending_bytes <= MAX_FILTER_HELD_BYTES:
                return b""
            self._through = True
            return self.finish()
        if self._pending:
            self._buf = b"".join([self._buf, *self._pending, chunk])
            self._pending, self._pending_bytes = [], 0
        else:
            self._buf += chunk
        out = []
        if self._buf.find(b"\r") < 0 and self._buf.find(b"\n\n\n") < 0:  # find: see `_sse.SseDecoder.feed`
            # The usual LF-only stream: the whole events before the first one naming an empty `choices` cannot be
            # the usage chunk (see `_drop`) and pass at once. Without a run of three line feeds, every blank line
            # ends an event exactly where the event-by-event cut below would end it.
            end = self._buf.rfind(b"\n\n") + 2
            if end < 2:
                return b""
            buf = self._buf
            # Where every `"choices"` opens a non-empty list in the compact form (each one counted there is also
            # counted here: an occurrence skipped as overlapping a counted one is not an empty list either), no
            # empty `choices` can be there: two counts instead of a regular-expression scan of every event.
            compact = buf.count(b'"choices"', 0, end) == buf.count(b'"choices":[{', 0, end)
            found = None if compact else _EMPTY_CHOICES.search(buf, 0, end)
            if found is None:
                whole, self._buf = self._buf[:end], self._buf[end:]
                return whole
            start = self._buf.rfind(b"\n\n", 0, found.start()) + 2
            if start >= 2:
                out.append(self._buf[:start])
                self._buf = self._buf[start:]
        buf, pos = self._buf, 0
        ends = {sep: buf.find(sep) for sep in _EVENT_ENDS}
        while True:
            # each separator is searched for again only once the cut has passed it, and the buffer is cut once at
            # the end: searching the rest for all three and cutting it after every event cost the square of a
            # chunk's size (256 KiB of CRLF events, one read of the loop's, took 18 s; every trial's calls waited)
            for sep, at in ends.items():
                if 0 <= at < pos:
                    ends[sep] = buf.find(sep, pos)
            cuts = [at + len(sep) for sep, at in ends.items() if at >= 0]
            if not cuts:
                break
            cut = min(cuts)
            event, pos = buf[pos:cut], cut
            if self._drop(event):
                self.dropped += 1
            else:
                out.append(event)
        self._buf = buf[pos:] if pos else buf
        return b"".join(out)

    def finish(self) -> bytes:
        """Whatever is held at the end of the stream (an unterminated last event), unchanged."""
        rest = b"".join([self._buf, *self._pending])
        self._buf, self._pending, self._pending_bytes = b"", [], 0
        return rest

    @staticmethod
    def _drop(event: bytes) -> bool:
        if event.count(b"data:") == 1 and _EMPTY_CHOICES.search(event) is None:
            # One data line is a substring of the event: without an empty `choices` there, the joined data has
            # none either, so the event is kept without splitting it into lines (every token's chunk takes this way).
            return False
        lines = event.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
        data = [ln[5:].removeprefix(b" ") for ln in lines if ln.startswith(b"data:")]
        return bool(data) and _is_usage_chunk(b"\n".join(data))


_EVENT_ENDS = (b"\n\n", b"\r\n\r\n", b"\r\r")
"""The blank lines that end an SSE event (any line ending twice; a CR LF CR LF is found as itself, not as LF LF)."""


def _zero_q(param: str) -> bool:
    """`q=0` (or `q=0.0`...): the coding is not acceptable (RFC 9110 section 12.4.2)."""
    name, _, value = param.partition("=")
    if name.strip() != "q":
        return False
    try:
        return float(value) == 0.0
    except ValueError:
        return False


def readable_codings() -> tuple[str, ...]:
    """Content codings the meter can decode here (`br` only with the brotli package)."""
    codings = ["gzip", "deflate"]
    try:
        import brotli  # noqa: F401
    except ModuleNotFoundError:
        pass  # br is left out of what the proxy asks for: the meter could not read it
    else:
        codings.append("br")
    return tuple(codings)


def readable_accept_encoding(client_value: bytes | None, *, identity_only: bool = False) -> bytes:
    """The `Accept-Encoding` to send upstream: the client's codings the meter can read.

    Args:
        client_value: the client's header, or None.
        identity_only: ask for no compression at all (the proxy must edit the stream).

    Returns:
        A header value; `identity` when nothing the client accepts can be read.
    """
    if identity_only or not client_value:
        return b"identity"
    readable = set(readable_codings())
    keep = []
    for part in client_value.decode("latin-1").split(","):
        coding, *params = (p.strip().lower() for p in part.split(";"))
        if coding in readable and not any(_zero_q(p) for p in params):
            keep.append(coding)
    return ", ".join(dict.fromkeys(keep)).encode() if keep else b"identity"
