"""JSON parsing on the proxy's hot path: msgspec's decoder, with the standard library's as the authority.

`loads(data)` gives what `json.loads(data)` gives. msgspec decodes UTF-8 JSON into the same built-in types (dict,
list, str, int, float, bool, None; the last of duplicate keys wins) at less than half the CPU, which matters for a
proxy that parses every request body (agents resend the whole conversation) and every streamed event it reads.
What msgspec refuses and `json` accepts (`NaN`, `Infinity`, lone surrogates, numbers beyond a float, UTF-16 or
UTF-32 bytes, a byte-order mark) is handed to `json.loads`, so the answer never depends on which one parsed it.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec

_decode = msgspec.json.Decoder().decode


def loads(data: bytes | str) -> Any:
    """`data` parsed as JSON, exactly as `json.loads` parses it.

    Raises:
        ValueError: `data` is not JSON (`json.JSONDecodeError`, from `json.loads`).
    """
    try:
        return _decode(data)
    except msgspec.DecodeError:
        return json.loads(data)
