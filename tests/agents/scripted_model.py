"""A scripted model provider on a real 127.0.0.1 socket that drives real coding agents.

It speaks Anthropic Messages, OpenAI Chat Completions, OpenAI Responses and the Gemini API
(`generateContent`, `streamGenerateContent?alt=sse`), streamed or not, in the shapes of the
recorded answers in `tests/fixtures/meter/` (event names, field names, where usage sits).

Its script is one task: make the agent write `answer.txt` holding `memeval-ok` in its working
directory, through the agent's own tool. On a request that offers tools and carries no tool result
yet, it answers with one call of the agent's shell tool (found by name in the request's tool list,
its arguments shaped after that tool's JSON schema) running `SHELL_SCRIPT`. Once a tool result is
in the conversation, or when no tool is offered (a title or summary side call), it answers text.
For aider, which edits files through its answer's text instead of tools, the text is an edit block
in the format its system prompt asks for.

Every request is kept in `seen` with the usage the answer carried, so a test can check the meter
call for call.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

ANSWER_FILE = "answer.txt"
ANSWER_TEXT = "memeval-ok"
SHELL_SCRIPT = f"printf '{ANSWER_TEXT}\\n' > {ANSWER_FILE} && env > .memeval-env.txt && echo wrote {ANSWER_FILE}"
"""What the agent's shell tool is asked to run: the answer, and the agent's environment for the
test to inspect (the real key must not be in it)."""
SHELL_NAMES = ("bash", "shell", "run_shell_command", "exec_command", "shell_command")
WRITE_NAMES = ("write", "write_file")
METERED = re.compile(r"^/v1/(messages|chat/completions|responses)$|^/v1beta/models/[^/:]+:(stream)?[gG]enerateContent$")


@dataclass
class Seen:
    """One request: path, lowercased headers, the JSON body, and the usage answered (metered calls)."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any
    stream: bool
    usage: tuple[int, int] | None = None
    reply: str = ""
    """`tool:<name>`, `text`, `edit` or `lookup`."""
    model: str = ""
    """The model the request asked for (its body's `model`, or the Gemini path's)."""


@dataclass
class ScriptedModel:
    """The running server; `seen` lists every request in arrival order."""

    server: ThreadingHTTPServer
    seen: list[Seen] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def metered(self) -> list[Seen]:
        """The requests the meter must have recorded (model calls, not look-ups)."""
        return [s for s in self.seen if s.usage is not None]

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _tool_list(api: str, body: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(name, JSON schema of its arguments) of every function tool the request offers."""
    out: list[tuple[str, dict[str, Any]]] = []
    for t in body.get("tools") or []:
        if not isinstance(t, dict):
            continue
        if api == "anthropic":
            out.append((t.get("name", ""), t.get("input_schema") or {}))
        elif api == "chat":
            f = t.get("function") or {}
            out.append((f.get("name", ""), f.get("parameters") or {}))
        elif api == "responses":
            if t.get("type") == "function":
                out.append((t.get("name", ""), t.get("parameters") or {}))
        else:
            for d in t.get("functionDeclarations") or t.get("function_declarations") or []:
                out.append((d.get("name", ""), d.get("parametersJsonSchema") or d.get("parameters") or {}))
    return out


def _has_tool_result(api: str, body: dict[str, Any]) -> bool:
    if api == "anthropic":
        for m in body.get("messages") or []:
            content = m.get("content")
            if isinstance(content, list) and any(
                isinstance(b, dict) and b.get("type") == "tool_result" for b in content
            ):
                return True
        return False
    if api == "chat":
        return any(m.get("role") == "tool" for m in body.get("messages") or [])
    if api == "responses":
        items = body.get("input")
        return isinstance(items, list) and any(
            isinstance(i, dict) and str(i.get("type", "")).endswith("_output") for i in items
        )
    for c in body.get("contents") or []:
        if any("functionResponse" in p or "function_response" in p for p in c.get("parts") or []):
            return True
    return False


def _args_for(name: str, schema: dict[str, Any], workdir: str) -> dict[str, Any]:
    props = schema.get("properties") or {}
    required = schema.get("required") or []
    args: dict[str, Any] = {}
    lower = name.lower()
    if any(w == lower for w in WRITE_NAMES):
        path_key = next((k for k in ("file_path", "filePath", "path") if k in props), "file_path")
        args[path_key] = f"{workdir}/{ANSWER_FILE}"
        args["content"] = ANSWER_TEXT + "\n"
        return args
    if "command" in props:
        kind = props["command"].get("type")
        args["command"] = ["bash", "-lc", SHELL_SCRIPT] if kind == "array" else SHELL_SCRIPT
    elif "cmd" in props:
        args["cmd"] = SHELL_SCRIPT
    for r in required:
        if r not in args:
            if r == "description":
                args[r] = "write the answer file"
            elif r in ("workdir", "dir_path", "directory"):
                args[r] = workdir
            elif (props.get(r) or {}).get("type") in ("integer", "number"):
                args[r] = 30000
            elif (props.get(r) or {}).get("type") == "boolean":
                args[r] = False
            else:
                args[r] = ""
    return args


def _pick_tool(tools: list[tuple[str, dict[str, Any]]]) -> tuple[str, dict[str, Any]] | None:
    by_name = {n.lower(): (n, s) for n, s in tools}
    for want in SHELL_NAMES:
        if want in by_name:
            return by_name[want]
    for want in WRITE_NAMES:
        if want in by_name:
            return by_name[want]
    return None


def _edit_block(body: dict[str, Any]) -> str:
    """An aider edit creating the answer file, in the format its system prompt asks for."""
    text = json.dumps(body)
    if "SEARCH/REPLACE" in text:
        return f"{ANSWER_FILE}\n```\n<<<<<<< SEARCH\n=======\n{ANSWER_TEXT}\n>>>>>>> REPLACE\n```\n"
    return f"{ANSWER_FILE}\n```\n{ANSWER_TEXT}\n```\n"


def decide(api: str, body: dict[str, Any], workdir: str) -> tuple[str, Any]:
    """The scripted turn: `("tool", (name, args))`, `("edit", text)` or `("text", text)`."""
    if _has_tool_result(api, body):
        return "text", f"Done: {ANSWER_FILE} holds {ANSWER_TEXT}."
    picked = _pick_tool(_tool_list(api, body))
    if picked is not None:
        name, schema = picked
        return "tool", (name, _args_for(name, schema, workdir))
    if api == "chat" and not any(
        m.get("role") == "assistant" and ANSWER_TEXT in str(m.get("content")) for m in body.get("messages") or []
    ):
        return "edit", _edit_block(body)  # a tool-less Chat client: aider
    return "text", "ok"


def _sse(events: list[tuple[str | None, dict[str, Any]]]) -> bytes:
    out = b""
    for name, data in events:
        if name:
            out += f"event: {name}\n".encode()
        out += f"data: {json.dumps(data)}\n\n".encode()
    return out


def anthropic_answer(kind: str, value: Any, usage: tuple[int, int], stream: bool, model: str) -> tuple[str, bytes]:
    i, o = usage
    if kind == "tool":
        name, args = value
        block: dict[str, Any] = {"type": "tool_use", "id": "toolu_01MEMEVAL", "name": name, "input": args}
        stop = "tool_use"
    else:
        block = {"type": "text", "text": value}
        stop = "end_turn"
    msg = {
        "id": "msg_01MEMEVAL",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [block],
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {
            "input_tokens": i,
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0,
            "output_tokens": o,
        },
    }
    if not stream:
        return "application/json", json.dumps(msg).encode()
    start = dict(msg, content=[], stop_reason=None, usage=dict(msg["usage"], output_tokens=1))
    if kind == "tool":
        first = dict(block, input={})
        delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
    else:
        first = {"type": "text", "text": ""}
        delta = {"type": "text_delta", "text": value}
    return "text/event-stream", _sse(
        [
            ("message_start", {"type": "message_start", "message": start}),
            ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": first}),
            ("ping", {"type": "ping"}),
            ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
            ("content_block_stop", {"type": "content_block_stop", "index": 0}),
            (
                "message_delta",
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": stop, "stop_sequence": None},
                    "usage": {"output_tokens": o},
                },
            ),
            ("message_stop", {"type": "message_stop"}),
        ]
    )


def chat_answer(
    kind: str, value: Any, usage: tuple[int, int], stream: bool, model: str, include_usage: bool
) -> tuple[str, bytes]:
    i, o = usage
    u = {
        "prompt_tokens": i,
        "completion_tokens": o,
        "total_tokens": i + o,
        "prompt_tokens_details": {"cached_tokens": 0},
    }
    if kind == "tool":
        name, args = value
        call = {"id": "call_MEMEVAL", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
        message: dict[str, Any] = {"role": "assistant", "content": None, "tool_calls": [call]}
        finish = "tool_calls"
    else:
        message = {"role": "assistant", "content": value}
        finish = "stop"
    base = {"id": "chatcmpl-MEMEVAL", "created": 1727346178, "model": model, "system_fingerprint": "fp_memeval"}
    if not stream:
        body = dict(
            base,
            object="chat.completion",
            usage=u,
            choices=[{"index": 0, "message": message, "logprobs": None, "finish_reason": finish}],
        )
        return "application/json", json.dumps(body).encode()
    chunk = dict(base, object="chat.completion.chunk")
    events: list[tuple[str | None, dict[str, Any]]] = [
        (
            None,
            dict(
                chunk,
                choices=[
                    {
                        "index": 0,
                        "delta": {"role": "assistant", "content": None},
                        "logprobs": None,
                        "finish_reason": None,
                    }
                ],
            ),
        )
    ]
    if kind == "tool":
        name, args = value
        first = {"index": 0, "id": "call_MEMEVAL", "type": "function", "function": {"name": name, "arguments": ""}}
        events.append(
            (
                None,
                dict(
                    chunk,
                    choices=[{"index": 0, "delta": {"tool_calls": [first]}, "logprobs": None, "finish_reason": None}],
                ),
            )
        )
        rest = {"index": 0, "function": {"arguments": json.dumps(args)}}
        events.append(
            (
                None,
                dict(
                    chunk,
                    choices=[{"index": 0, "delta": {"tool_calls": [rest]}, "logprobs": None, "finish_reason": None}],
                ),
            )
        )
    else:
        events.append(
            (
                None,
                dict(
                    chunk, choices=[{"index": 0, "delta": {"content": value}, "logprobs": None, "finish_reason": None}]
                ),
            )
        )
    events.append((None, dict(chunk, choices=[{"index": 0, "delta": {}, "logprobs": None, "finish_reason": finish}])))
    if include_usage:
        events.append((None, dict(chunk, choices=[], usage=u)))
    return "text/event-stream", _sse(events) + b"data: [DONE]\n\n"


def responses_answer(kind: str, value: Any, usage: tuple[int, int], stream: bool, model: str) -> tuple[str, bytes]:
    i, o = usage
    if kind == "tool":
        name, args = value
        item: dict[str, Any] = {
            "id": "fc_MEMEVAL",
            "type": "function_call",
            "status": "completed",
            "arguments": json.dumps(args),
            "call_id": "call_MEMEVAL",
            "name": name,
        }
    else:
        item = {
            "id": "msg_MEMEVAL",
            "type": "message",
            "status": "completed",
            "role": "assistant",
            "content": [{"type": "output_text", "annotations": [], "logprobs": [], "text": value}],
        }
    u = {
        "input_tokens": i,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": o,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": i + o,
    }
    resp = {
        "id": "resp_MEMEVAL",
        "object": "response",
        "created_at": 1758034836,
        "status": "completed",
        "error": None,
        "incomplete_details": None,
        "model": model,
        "output": [item],
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "usage": u,
    }
    if not stream:
        return "application/json", json.dumps(resp).encode()
    n = iter(range(100))
    created = dict(resp, status="in_progress", output=[], usage=None)
    ev: list[tuple[str | None, dict[str, Any]]] = [
        ("response.created", {"type": "response.created", "sequence_number": next(n), "response": created}),
        ("response.in_progress", {"type": "response.in_progress", "sequence_number": next(n), "response": created}),
    ]
    if kind == "tool":
        added = dict(item, status="in_progress", arguments="")
        ev += [
            (
                "response.output_item.added",
                {"type": "response.output_item.added", "sequence_number": next(n), "output_index": 0, "item": added},
            ),
            (
                "response.function_call_arguments.delta",
                {
                    "type": "response.function_call_arguments.delta",
                    "sequence_number": next(n),
                    "item_id": item["id"],
                    "output_index": 0,
                    "delta": item["arguments"],
                },
            ),
            (
                "response.function_call_arguments.done",
                {
                    "type": "response.function_call_arguments.done",
                    "sequence_number": next(n),
                    "item_id": item["id"],
                    "output_index": 0,
                    "arguments": item["arguments"],
                },
            ),
        ]
    else:
        added = dict(item, status="in_progress", content=[])
        part = {"type": "output_text", "annotations": [], "logprobs": [], "text": ""}
        ev += [
            (
                "response.output_item.added",
                {"type": "response.output_item.added", "sequence_number": next(n), "output_index": 0, "item": added},
            ),
            (
                "response.content_part.added",
                {
                    "type": "response.content_part.added",
                    "sequence_number": next(n),
                    "item_id": item["id"],
                    "output_index": 0,
                    "content_index": 0,
                    "part": part,
                },
            ),
            (
                "response.output_text.delta",
                {
                    "type": "response.output_text.delta",
                    "sequence_number": next(n),
                    "item_id": item["id"],
                    "output_index": 0,
                    "content_index": 0,
                    "delta": value,
                    "logprobs": [],
                },
            ),
            (
                "response.output_text.done",
                {
                    "type": "response.output_text.done",
                    "sequence_number": next(n),
                    "item_id": item["id"],
                    "output_index": 0,
                    "content_index": 0,
                    "text": value,
                    "logprobs": [],
                },
            ),
            (
                "response.content_part.done",
                {
                    "type": "response.content_part.done",
                    "sequence_number": next(n),
                    "item_id": item["id"],
                    "output_index": 0,
                    "content_index": 0,
                    "part": dict(part, text=value),
                },
            ),
        ]
    ev += [
        (
            "response.output_item.done",
            {"type": "response.output_item.done", "sequence_number": next(n), "output_index": 0, "item": item},
        ),
        ("response.completed", {"type": "response.completed", "sequence_number": next(n), "response": resp}),
    ]
    return "text/event-stream", _sse(ev)


def gemini_answer(kind: str, value: Any, usage: tuple[int, int], stream: bool, model: str) -> tuple[str, bytes]:
    i, o = usage
    if kind == "tool":
        name, args = value
        part: dict[str, Any] = {"functionCall": {"name": name, "args": args}}
    else:
        part = {"text": value}
    obj = {
        "candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": i, "candidatesTokenCount": o, "totalTokenCount": i + o},
        "modelVersion": model,
        "responseId": "MEMEVAL",
    }
    if not stream:
        return "application/json", json.dumps(obj).encode()
    return "text/event-stream", _sse([(None, obj)])


def start_scripted_model(workdir: str = "/app") -> ScriptedModel:
    """Start the scripted provider on a free 127.0.0.1 port (daemon thread); `stop()` ends it.

    Args:
        workdir: the agent's working directory inside the sandbox, for tools wanting absolute paths.
    """
    holder: list[ScriptedModel] = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:
            pass

        def _send(self, status: int, ctype: str, payload: bytes) -> None:
            self.send_response(status)
            self.send_header("content-type", ctype)
            self.send_header("content-length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def do_GET(self) -> None:  # noqa: N802 - the http.server hook's name
            sm = holder[0]
            with sm.lock:
                sm.seen.append(
                    Seen("GET", self.path, {k.lower(): v for k, v in self.headers.items()}, None, False, reply="lookup")
                )
            if self.path.startswith("/v1beta/models"):
                body = {
                    "models": [{"name": "models/gemini-2.5-flash", "supportedGenerationMethods": ["generateContent"]}]
                }
            else:
                body = {"object": "list", "data": [{"id": "gpt-test", "object": "model", "owned_by": "memeval"}]}
            self._send(200, "application/json", json.dumps(body).encode())

        def do_POST(self) -> None:  # noqa: N802 - the http.server hook's name
            sm = holder[0]
            raw = self.rfile.read(int(self.headers.get("content-length", "0")))
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                body = {}
            path = self.path.split("?", 1)[0]
            headers = {k.lower(): v for k, v in self.headers.items()}
            if path.endswith("/count_tokens") or path.endswith(":countTokens"):
                with sm.lock:
                    sm.seen.append(Seen("POST", self.path, headers, body, False, reply="lookup"))
                out = {"input_tokens": 42} if path.endswith("/count_tokens") else {"totalTokens": 42}
                self._send(200, "application/json", json.dumps(out).encode())
                return
            if not METERED.match(path):
                self._send(404, "application/json", b'{"error": {"message": "not scripted"}}')
                return
            if path == "/v1/messages":
                api = "anthropic"
            elif path == "/v1/chat/completions":
                api = "chat"
            elif path == "/v1/responses":
                api = "responses"
            else:
                api = "gemini"
            stream = bool(body.get("stream")) or ":streamGenerateContent" in path
            kind, value = decide(api, body, workdir)
            model = str(body.get("model") or path.split("/")[-1].split(":")[0])
            with sm.lock:
                n = len(sm.metered())
                usage = (100 + 7 * n, 10 + n)
                reply = f"tool:{value[0]}" if kind == "tool" else kind
                sm.seen.append(Seen("POST", self.path, headers, body, stream, usage, reply, model))
            if kind == "edit":
                kind = "text"
            if api == "anthropic":
                ctype, payload = anthropic_answer(kind, value, usage, stream, model)
            elif api == "chat":
                inc = bool((body.get("stream_options") or {}).get("include_usage"))
                ctype, payload = chat_answer(kind, value, usage, stream, model, inc)
            elif api == "responses":
                ctype, payload = responses_answer(kind, value, usage, stream, model)
            else:
                ctype, payload = gemini_answer(kind, value, usage, stream, model)
            self._send(200, ctype, payload)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    holder.append(ScriptedModel(server))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return holder[0]


if __name__ == "__main__":  # a manual run: serve until interrupted, print each request
    import sys
    import time

    sm = start_scripted_model(sys.argv[1] if len(sys.argv) > 1 else "/app")
    print(sm.root, flush=True)
    shown = 0
    try:
        while True:
            time.sleep(0.5)
            for s in sm.seen[shown:]:
                print(s.method, s.path, s.stream, s.usage, s.reply, flush=True)
            shown = len(sm.seen)
    except KeyboardInterrupt:
        sm.stop()
