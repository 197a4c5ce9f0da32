"""A trial's conversation with its model, read back from the kept call bodies.

Each call's request and response (stored redacted by `memeval.runner._exchanges`) are turned into
turns a person can read: who spoke (`system`, `user`, `assistant`, `tool`), plain text, tool calls
(name and arguments) and tool results. Requests resend the whole conversation, so a call shows
only what is new in it: the messages after the last assistant turn. Wire formats read:

- Anthropic Messages: `system`, `messages[].content` blocks `text`, `tool_use`, `tool_result`;
  streams rebuilt from `content_block_start` / `content_block_delta` (`text_delta`,
  `input_json_delta`).
- OpenAI Chat Completions: `messages[]` with `content`, `tool_calls`, role `tool`; streams from
  `choices[].delta`.
- OpenAI Responses: `instructions`, `input[]` items (`message`, `function_call`,
  `function_call_output`); streams from `response.completed`'s `response.output`.
- Gemini: `systemInstruction`, `contents[].parts` (`text`, `functionCall`, `functionResponse`);
  streams (SSE) join every event's candidate parts.

What cannot be read is shown as the raw text, cut, never dropped silently.
"""

from __future__ import annotations

import json
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


def _cut(text: str) -> str:
    return text if len(text) <= MAX_PART else text[:MAX_PART] + f"\n[... {len(text) - MAX_PART} more characters]"


def _s(obj: Any) -> str:
    return obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False)


def _sse_data(text: str) -> list[Any]:
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


def _anthropic_blocks(role: str, content: Any) -> list[Turn]:
    if isinstance(content, str):
        return [Turn(role, "text", _cut(content))]
    out = []
    for b in content if isinstance(content, list) else []:
        kind = b.get("type") if isinstance(b, dict) else None
        if kind == "text":
            out.append(Turn(role, "text", _cut(str(b.get("text", "")))))
        elif kind == "tool_use":
            out.append(Turn(role, "tool_call", f"{b.get('name')}({_cut(_s(b.get('input', {})))})"))
        elif kind == "tool_result":
            c = b.get("content")
            text = "".join(x.get("text", "") for x in c if isinstance(x, dict)) if isinstance(c, list) else _s(c)
            out.append(Turn("tool", "tool_result", _cut(text)))
    return out


def _new_messages(messages: list[Any], is_assistant: Any) -> list[Any]:
    last = max((i for i, m in enumerate(messages) if is_assistant(m)), default=-1)
    return messages[last + 1 :]


def request_turns(api: str, text: str) -> list[Turn]:
    """What is new in a request.

    The system prompt on the first call, then the messages after the last assistant turn. A body
    whose shape the format does not allow (the agent wrote it) comes back raw, never raised.
    """
    try:
        body = json.loads(text)
        if isinstance(body, dict):
            return _request_turns(api, body, text)
    except (ValueError, KeyError, TypeError, AttributeError):
        pass
    return [Turn("request", "raw", _cut(text))]


def _request_turns(api: str, body: dict[str, Any], text: str) -> list[Turn]:
    out: list[Turn] = []
    if api == "anthropic-messages":
        msgs = body.get("messages") or []
        if len(msgs) <= 1 and body.get("system"):
            out += _anthropic_blocks("system", body["system"])
        for m in _new_messages(msgs, lambda m: m.get("role") == "assistant"):
            out += _anthropic_blocks(str(m.get("role")), m.get("content"))
    elif api == "openai-chat":
        msgs = body.get("messages") or []
        for m in _new_messages(msgs, lambda m: m.get("role") == "assistant"):
            role = str(m.get("role"))
            if role in ("system", "developer") and len(msgs) > 2:
                continue
            c = m.get("content")
            if isinstance(c, list):
                c = "".join(p.get("text", "") for p in c if isinstance(p, dict))
            out.append(Turn(role, "tool_result" if role == "tool" else "text", _cut(_s(c or ""))))
    elif api == "openai-responses":
        items = body.get("input")
        items = [{"type": "message", "role": "user", "content": items}] if isinstance(items, str) else items or []
        new = _new_messages(items, lambda i: i.get("role") == "assistant" or i.get("type") == "function_call")
        if body.get("instructions") and len(new) == len(items):
            out.append(Turn("system", "text", _cut(_s(body["instructions"]))))
        for i in new:
            if i.get("type", "message") == "message":
                c = i.get("content")
                if isinstance(c, list):
                    c = "".join(p.get("text", "") for p in c if isinstance(p, dict))
                out.append(Turn(str(i.get("role")), "text", _cut(_s(c or ""))))
            elif str(i.get("type", "")).endswith("_output"):
                out.append(Turn("tool", "tool_result", _cut(_s(i.get("output", "")))))
    elif api == "gemini-generate-content":
        contents = body.get("contents") or []
        new = _new_messages(contents, lambda c: c.get("role") == "model")
        if body.get("systemInstruction") and len(new) == len(contents):
            parts = (body["systemInstruction"] or {}).get("parts") or []
            out.append(Turn("system", "text", _cut("".join(p.get("text", "") for p in parts))))
        for c in new:
            out += _gemini_parts(str(c.get("role", "user")), c.get("parts") or [])
    else:
        out.append(Turn("request", "raw", _cut(text)))
    return out


def _gemini_parts(role: str, parts: list[Any]) -> list[Turn]:
    out = []
    for p in parts:
        if not isinstance(p, dict):
            continue
        if "text" in p:
            out.append(Turn(role, "text", _cut(str(p["text"]))))
        elif "functionCall" in p:
            f = p["functionCall"]
            out.append(Turn(role, "tool_call", f"{f.get('name')}({_cut(_s(f.get('args', {})))})"))
        elif "functionResponse" in p:
            f = p["functionResponse"]
            out.append(Turn("tool", "tool_result", _cut(_s(f.get("response", {})))))
    return out


def response_turns(api: str, text: str) -> list[Turn]:
    """What the model answered (text and tool calls), from a whole body or an SSE stream."""
    streamed = not text.lstrip().startswith(("{", "["))
    try:
        if api == "anthropic-messages":
            if not streamed:
                return _anthropic_blocks("assistant", json.loads(text).get("content"))
            blocks: dict[int, dict[str, Any]] = {}
            for ev in _sse_data(text):
                if ev.get("type") == "content_block_start":
                    blocks[ev["index"]] = dict(ev["content_block"], _json="")
                elif ev.get("type") == "content_block_delta":
                    b, d = blocks.setdefault(ev["index"], {"type": "text", "text": "", "_json": ""}), ev["delta"]
                    if d.get("type") == "text_delta":
                        b["text"] = b.get("text", "") + d.get("text", "")
                    elif d.get("type") == "input_json_delta":
                        b["_json"] += d.get("partial_json", "")
            for b in blocks.values():
                if b.get("type") == "tool_use" and b["_json"]:
                    b["input"] = json.loads(b["_json"])
            return _anthropic_blocks("assistant", [blocks[i] for i in sorted(blocks)])
        if api == "openai-chat":
            if not streamed:
                msg = (json.loads(text).get("choices") or [{}])[0].get("message") or {}
                content, calls = msg.get("content") or "", msg.get("tool_calls") or []
            else:
                content = ""
                by_index: dict[int, dict[str, Any]] = {}
                for ev in _sse_data(text):
                    for ch in ev.get("choices") or []:
                        d = ch.get("delta") or {}
                        content += d.get("content") or ""
                        for tc in d.get("tool_calls") or []:
                            cur = by_index.setdefault(tc.get("index", 0), {"function": {"name": "", "arguments": ""}})
                            f = tc.get("function") or {}
                            cur["function"]["name"] += f.get("name") or ""
                            cur["function"]["arguments"] += f.get("arguments") or ""
                calls = [by_index[i] for i in sorted(by_index)]
            out = [Turn("assistant", "text", _cut(content))] if content else []
            for tc in calls:
                f = tc.get("function") or {}
                out.append(Turn("assistant", "tool_call", f"{f.get('name')}({_cut(f.get('arguments', ''))})"))
            return out
        if api == "openai-responses":
            resp = json.loads(text) if not streamed else None
            if streamed:
                for ev in _sse_data(text):
                    if ev.get("type") in ("response.completed", "response.incomplete", "response.failed"):
                        resp = ev.get("response")
            out = []
            for item in (resp or {}).get("output") or []:
                if item.get("type") == "message":
                    t = "".join(c.get("text", "") for c in item.get("content") or [] if isinstance(c, dict))
                    out.append(Turn("assistant", "text", _cut(t)))
                elif item.get("type") == "function_call":
                    out.append(Turn("assistant", "tool_call", f"{item.get('name')}({_cut(item.get('arguments', ''))})"))
            return out
        if api == "gemini-generate-content":
            events = _sse_data(text) if streamed else json.loads(text)
            events = events if isinstance(events, list) else [events]
            parts: list[Any] = []
            for ev in events:
                for cand in ev.get("candidates") or []:
                    parts += (cand.get("content") or {}).get("parts") or []
            return _gemini_parts("assistant", parts)
    except (ValueError, KeyError, TypeError, AttributeError):
        pass
    return [Turn("response", "raw", _cut(text))]
