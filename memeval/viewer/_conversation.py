"""A trial's conversation with its model, read back from the kept call bodies.

Each call's request and response (stored redacted by `memeval.runner._exchanges`) are turned into
turns a person can read: who spoke (`system`, `user`, `assistant`, `tool`), plain text, tool calls
(name and arguments) and tool results. Requests resend the whole conversation, so a call shows
only what is new in it: the messages after the last assistant turn. How each wire API reads is
declared by its provider (`WireApi.show_request` / `show_response` in `memeval.meter`): Anthropic
Messages, OpenAI Chat Completions and Responses, and the Gemini API, streams (SSE) included.

What cannot be read is shown as the raw text, cut, never dropped silently.
"""

from __future__ import annotations

import json

from memeval.meter import Turn, api_names, cut, wire_api


def request_turns(api: str, text: str) -> list[Turn]:
    """What is new in a request.

    The system prompt on the first call, then the messages after the last assistant turn. A body
    that is no JSON object, that no registered display reads, or whose shape the format does not
    allow (the agent wrote it) comes back raw, never raised.
    """
    try:
        body = json.loads(text)
    except ValueError:
        return [Turn("request", "raw", cut(text))]
    if not isinstance(body, dict):
        return [Turn("request", "raw", cut(text))]
    show = wire_api(api)[1].show_request if api in api_names() else None
    if show is None:
        return [Turn("request", "raw", cut(text))]
    try:
        return show(body)
    except (KeyError, TypeError, AttributeError):
        return [Turn("request", "raw", cut(text))]


def response_turns(api: str, text: str) -> list[Turn]:
    """What the model answered (text and tool calls), from a whole body or an SSE stream."""
    streamed = not text.lstrip().startswith(("{", "["))
    show = wire_api(api)[1].show_response if api in api_names() else None
    if show is not None:
        try:
            return show(text, streamed)
        except (ValueError, KeyError, TypeError, AttributeError):
            pass  # a body the display cannot read is shown raw, below
    return [Turn("response", "raw", cut(text))]
