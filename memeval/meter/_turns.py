"""A model call's conversation as a person reads it: the `Turn` each wire API's display gives.

Each `WireApi` may declare `show_request(body)` (what is new in a request: the messages after the
last assistant turn, the system prompt on the first call) and `show_response(text, streamed)`
(what the model answered, from a whole body or an SSE stream); the viewer
(`memeval.viewer._conversation`) calls them and shows what they cannot read as raw text. The
helpers here are the ones every display shares.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

MAX_PART = 4000
"""Characters of one text part shown; longer parts are cut with a note."""


@dataclass(frozen=True)
class Turn:
    """One thing said in a call: `role`, `kind` (`text`, `tool_call`, `tool_result`, `raw`) and text."""

    role: str
    kind: str
    text: str


def cut(text: str) -> str:
    """`text`, cut at `MAX_PART` characters with a note of how many more there were."""
    return text if len(text) <= MAX_PART else text[:MAX_PART] + f"\n[... {len(text) - MAX_PART} more characters]"


def as_text(obj: Any) -> str:
    """A string as it is, anything else as JSON."""
    return obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False)


def sse_data(text: str) -> list[Any]:
    """The parsed `data:` payloads of an SSE stream's text (`[DONE]` and unreadable lines left out)."""
    out = []
    for line in text.splitlines():
        if line.startswith("data:"):
            payload = line[5:].strip()
            if payload and payload != "[DONE]":
                try:
                    out.append(json.loads(payload))
                except ValueError:
                    continue
    return out


def new_messages(messages: list[Any], is_assistant: Callable[[Any], Any]) -> list[Any]:
    """The messages after the last one `is_assistant` says the model wrote (all when none)."""
    last = max((i for i, m in enumerate(messages) if is_assistant(m)), default=-1)
    return messages[last + 1 :]
