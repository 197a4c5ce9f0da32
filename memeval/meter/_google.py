"""The Gemini API's paths and key as the proxy sees them (ai.google.dev API reference).

Metered: `POST /v1beta/models/{model}:generateContent` and `:streamGenerateContent` (SSE with
`?alt=sse`). Free look-ups, forwarded unmetered: `POST /v1beta/models/{model}:countTokens`,
`GET /v1beta/models` and `GET /v1beta/models/{model}`. The model is one path segment matching
`MODEL_NAME` and never containing `..`; any other `/v1beta/...` path is refused, so no extra
segment or dot-dot can reach a billed endpoint around the meter. The caller's key comes in the
`x-goog-api-key` header or the `key` query parameter; the proxy drops both and sends the real
key upstream in the header only, so it never appears in a URL.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode

PREFIX = "/v1beta/"
"""Every Gemini API path the proxy knows starts with this."""

MODEL_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")
"""A Gemini model id as one path segment (`gemini-2.5-flash`, `gemini-2.0-flash-001`)."""

_CALL = re.compile(r"/v1beta/models/(?P<model>[^/:]+):(?P<verb>[A-Za-z]+)")
_METERED = frozenset({"generateContent", "streamGenerateContent"})


def _model(segment: str) -> str | None:
    if MODEL_NAME.fullmatch(segment) and ".." not in segment:
        return segment
    return None


def metered_model(method: str, path: str) -> str | None:
    """The model of a metered Gemini call (`POST .../models/M:generateContent`), else None."""
    match = _CALL.fullmatch(path)
    if method != "POST" or match is None or match["verb"] not in _METERED:
        return None
    return _model(match["model"])


def free_path(method: str, path: str) -> bool:
    """Whether `method path` is a free Gemini look-up (token count, model list or model)."""
    if method == "GET":
        if path == "/v1beta/models":
            return True
        segment = path.removeprefix("/v1beta/models/")
        return segment != path and _model(segment) is not None
    match = _CALL.fullmatch(path)
    return (
        method == "POST" and match is not None and match["verb"] == "countTokens" and _model(match["model"]) is not None
    )


def query_key(query: bytes) -> str | None:
    """The `key` query parameter (the caller's placeholder), or None."""
    for name, value in parse_qsl(query.decode("latin-1"), keep_blank_values=True):
        if name == "key" and value:
            return value.strip()
    return None


READABLE_ALT = frozenset({"json", "sse"})
"""Response formats (`alt`) the meter reads; Google's system parameters also offer `proto` and `media`."""
FIELD_MASKS = frozenset({"fields", "$fields"})
"""Query parameters that choose the response's fields (Google's system parameters; the header is `X-Goog-FieldMask`)."""


def hidden_usage(query: bytes, headers: list[tuple[bytes, bytes]]) -> str | None:
    """Why a Gemini call's answer would leave out the usage the meter reads, or None.

    Every Google API takes system parameters (cloud.google.com/apis/docs/system-parameters): a field mask (`fields`,
    `$fields`, or the `X-Goog-FieldMask` header) returns only the fields named, and `alt=proto` answers in protobuf.
    Forwarded, `fields=candidates` left a call's usage out (unmeasured at the agent's choice: cost of a pass counts
    only trials of known cost), and `usageMetadata(promptTokenCount,candidatesTokenCount)` left out the thinking
    tokens, billed as output, for a known cost too low.
    """
    if any(k.lower() == b"x-goog-fieldmask" for k, _ in headers):
        return "the X-Goog-FieldMask header chooses the answer's fields"
    for name, value in parse_qsl(query.decode("latin-1"), keep_blank_values=True):
        if name in FIELD_MASKS:
            return f"the {name!r} parameter chooses the answer's fields"
        if name in ("alt", "$alt") and value.lower() not in READABLE_ALT:
            return f"{name}={value[:32]!r} answers in a format the meter does not read (json and sse are read)"
    return None


def without_key(query: bytes) -> str:
    """The query string with every `key` parameter removed (the rest kept, in order)."""
    pairs = parse_qsl(query.decode("latin-1"), keep_blank_values=True)
    return urlencode([(n, v) for n, v in pairs if n != "key"])
