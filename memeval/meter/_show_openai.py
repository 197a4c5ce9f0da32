"""What OpenAI Chat Completions and Responses calls say, for the exchanges a trial keeps.

`WireApi.show_request` and `WireApi.show_response`: the new turns of a request, and an answer's text and tool calls.
"""

from __future__ import annotations

import json
from typing import Any

from memeval.meter._turns import Turn, as_text, cut, new_messages, sse_data


def _joined(content: Any) -> Any:
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return content


def show_chat_request(body: dict[str, Any]) -> list[Turn]:
    """What is new in a Chat Completions request.

    The messages after the last assistant turn (system and developer messages only on the first
    calls), `tool` messages as tool results.
    """
    out: list[Turn] = []
    msgs = body.get("messages") or []
    for m in new_messages(msgs, lambda m: m.get("role") == "assistant"):
        role = str(m.get("role"))
        if role in ("system", "developer") and len(msgs) > 2:
            continue
        c = _joined(m.get("content"))
        out.append(Turn(role, "tool_result" if role == "tool" else "text", cut(as_text(c or ""))))
    return out


def show_chat_response(text: str, streamed: bool) -> list[Turn]:
    """A chat completion's text and tool calls, a stream's joined from `choices[].delta`."""
    if not streamed:
        msg = (json.loads(text).get("choices") or [{}])[0].get("message") or {}
        content, calls = msg.get("content") or "", msg.get("tool_calls") or []
    else:
        content = ""
        by_index: dict[int, dict[str, Any]] = {}
        for ev in sse_data(text):
            for ch in ev.get("choices") or []:
                d = ch.get("delta") or {}
                content += d.get("content") or ""
                for tc in d.get("tool_calls") or []:
                    cur = by_index.setdefault(tc.get("index", 0), {"function": {"name": "", "arguments": ""}})
                    f = tc.get("function") or {}
                    cur["function"]["name"] += f.get("name") or ""
                    cur["function"]["arguments"] += f.get("arguments") or ""
        calls = [by_index[i] for i in sorted(by_index)]
    out = [Turn("assistant", "text", cut(content))] if content else []
    for tc in calls:
        f = tc.get("function") or {}
        out.append(Turn("assistant", "tool_call", f"{f.get('name')}({cut(f.get('arguments', ''))})"))
    return out


def show_responses_request(body: dict[str, Any]) -> list[Turn]:
    """What is new in a Responses request.

    `instructions` on the first call, then the `input` items after the model's last (`message`,
    `function_call_output` and other `*_output` items).
    """
    out: list[Turn] = []
    items = body.get("input")
    items = [{"type": "message", "role": "user", "content": items}] if isinstance(items, str) else items or []
    new = new_messages(items, lambda i: i.get("role") == "assistant" or i.get("type") == "function_call")
    if body.get("instructions") and len(new) == len(items):
        out.append(Turn("system", "text", cut(as_text(body["instructions"]))))
    for i in new:
        if i.get("type", "message") == "message":
            c = _joined(i.get("content"))
            out.append(Turn(str(i.get("role")), "text", cut(as_text(c or ""))))
        elif str(i.get("type", "")).endswith("_output"):
            out.append(Turn("tool", "tool_result", cut(as_text(i.get("output", "")))))
    return out


def show_responses_response(text: str, streamed: bool) -> list[Turn]:
    """A Responses answer's `output` (messages and function calls), a stream's from its terminal event."""
    resp = json.loads(text) if not streamed else None
    if streamed:
        for ev in sse_data(text):
            if ev.get("type") in ("response.completed", "response.incomplete", "response.failed"):
                resp = ev.get("response")
    out = []
    for item in (resp or {}).get("output") or []:
        if item.get("type") == "message":
            t = "".join(c.get("text", "") for c in item.get("content") or [] if isinstance(c, dict))
            out.append(Turn("assistant", "text", cut(t)))
        elif item.get("type") == "function_call":
            out.append(Turn("assistant", "tool_call", f"{item.get('name')}({cut(item.get('arguments', ''))})"))
    return out
