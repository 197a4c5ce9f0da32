"""The tool calls of a Chat Completions answer, counted once each (split from `_read_openai.py`).

A body lists each call whole (`choices[].message.tool_calls[]`); a stream sends each in deltas keyed by `index`, the
first of them carrying its `id` and name (OpenAI API reference, "The chat completion chunk object").
"""

from __future__ import annotations

from typing import Any

from memeval.meter._usage import UsageState, as_dict


def chat_tool(state: UsageState, key: str, call: dict[str, Any]) -> None:
    """Count one Chat Completions tool call under `key` (an id or a position), named by its function or custom tool."""
    named = as_dict(call.get("function")) or as_dict(call.get("custom"))
    state.add_tool(key, str(named.get("name") or call.get("type") or "tool"))


def stream_tool(state: UsageState, choice: object, call: dict[str, Any]) -> None:
    """Count the tool call a Chat Completions stream's delta starts, once; a piece of one already counted adds nothing.

    OpenAI sends a call's `id` and name on its first delta and its arguments in pieces after it, each keyed by the
    call's `index` (API reference, "The chat completion chunk object"). A call is told by its `id`, so two calls are
    two whatever their indexes: Gemini's OpenAI-compatible endpoint sends no `index` (reported against the openai
    SDKs and the AI SDK), and relays give every call index 0; keyed by index alone, every call after
    the first was left out. A delta without an `id` is a piece of the call at its index (of the last call, without an
    index), or, at an index no call holds yet, a call from a server that sends no ids.
    """
    call_id = call.get("id")
    index = call.get("index")
    slot = f"{choice}.{index if isinstance(index, int) and not isinstance(index, bool) else '-'}"
    if isinstance(call_id, str) and call_id:
        seen = f"{choice}:{call_id}"
        if seen not in state.tool_ids:
            state.tool_ids.add(seen)
            chat_tool(state, slot if slot not in state.tools else f"{slot}#{call_id}", call)
        return
    if slot in state.tools or (slot.endswith(".-") and any(k.startswith(f"{choice}.") for k in state.tools)):
        return
    if as_dict(call.get("function")):
        chat_tool(state, slot, call)


def chunk_ids(state: UsageState, data: str | bytes) -> int:
    """How many `"id"` keys in `data` are the chunks' own (`"id":"<the answer's id>"`): any other is a tool call's."""
    if state.answer_id is None:
        return 0
    needle = f'"id":"{state.answer_id}"'
    return data.count(needle) if isinstance(data, str) else data.count(needle.encode())
