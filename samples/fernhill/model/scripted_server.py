"""A SCRIPTED stand-in for a model provider, for Fernhill's offline demo. It is not a model.

It speaks OpenAI Chat Completions (``POST /v1/chat/completions``, streaming and not, with usage)
so the sample agent and memeval's meter see what a real provider would send, but every answer is
read from a script: ``scripts/<task-id>.json`` beside this file, chosen by the ticket number
(``FH-1041`` ...) in the first user message. The script plays the agent's part step by step:

1. if the instruction points at ``MEMORY.md``, read it;
2. list the files, then read the ones the script names;
3. write a solution: the script's ``with_lesson`` steps when the lesson's marker text appears in
   something a tool returned (the agent read it in its memory), else the ``without_lesson``
   steps (plausible, and wrong where the lesson decides the outcome);
4. call ``finish`` with a confident claim, whatever the outcome, so claims are visibly not
   counted.

The step to play is a pure function of the request (how many assistant turns came before, and
whether the marker was seen), so the server is deterministic and keeps no state. Token counts
are estimated from the text (``ceil(characters / 4)``). Like a provider with prompt caching,
``usage.prompt_tokens_details.cached_tokens`` counts the part of the prompt that repeats the
previous turn's prompt, in blocks of 128 tokens once that part reaches 1024 tokens (included in
``prompt_tokens``, as OpenAI reports it). Every response says it is scripted: the
``system_fingerprint`` is ``memeval-scripted`` and the header ``X-Memeval-Scripted: 1`` is set.

Usage::

    python3 scripted_server.py --port-file F [--host 127.0.0.1] [--port 0]

It binds the port (0 = any free one), writes the number to F (atomically), and serves until
SIGTERM or SIGINT. Standard library only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

MODEL = "fernhill-scripted-1"
FINGERPRINT = "memeval-scripted"
SCRIPTS_DIR = Path(__file__).resolve().parent / "scripts"
TICKET = re.compile(r"\bFH-\d{4}\b")
STREAM_PIECE = 48
CACHE_MIN = 1024
CACHE_BLOCK = 128


def load_scripts(folder: Path = SCRIPTS_DIR) -> dict[str, dict[str, Any]]:
    """Every script in `folder`, keyed by its ticket number (e.g. ``FH-1041``)."""
    scripts: dict[str, dict[str, Any]] = {}
    for path in sorted(folder.glob("*.json")):
        script = json.loads(path.read_text(encoding="utf-8"))
        scripts[script["ticket"]] = script
    return scripts


def tokens(text: str) -> int:
    """Deterministic token estimate: one token per four characters, rounded up."""
    return math.ceil(len(text) / 4)


def cached_tokens(messages: list[dict[str, Any]], tools: str, prompt: int) -> int:
    """Simulated prompt-cache hit: the previous turn's prompt (everything before the last
    assistant message), in whole 128-token blocks, when it is at least 1024 tokens."""
    last = max((i for i, m in enumerate(messages) if m.get("role") == "assistant"), default=None)
    if last is None:
        return 0
    repeated = tokens(json.dumps(messages[:last]) + tools)
    if repeated < CACHE_MIN:
        return 0
    return min(prompt, repeated // CACHE_BLOCK * CACHE_BLOCK)


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content parts
        return " ".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    return ""


def plan(script: dict[str, Any], memory_pointer: bool, knows_lesson: bool) -> list[dict[str, Any]]:
    """The whole list of tool calls the script plays for one conversation."""
    steps: list[dict[str, Any]] = []
    if memory_pointer:
        steps.append({"tool": "read_file", "path": "MEMORY.md"})
    steps.append({"tool": "list_files"})
    steps += [{"tool": "read_file", "path": p} for p in script["reads"]]
    steps += script["with_lesson" if knows_lesson else "without_lesson"]
    steps.append({"tool": "finish", "summary": script["claim"]})
    return steps


def next_step(scripts: dict[str, dict[str, Any]], messages: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The step to play next for this conversation, or None when no script matches."""
    first_user = next((_text(m.get("content")) for m in messages if m.get("role") == "user"), "")
    found = TICKET.search(first_user)
    if not found or found.group(0) not in scripts:
        return None
    script = scripts[found.group(0)]
    seen = _norm(" ".join(_text(m.get("content")) for m in messages if m.get("role") == "tool"))
    knows = _norm(script["marker"]) in seen
    steps = plan(script, "MEMORY.md" in first_user, knows)
    done = sum(1 for m in messages if m.get("role") == "assistant")
    return steps[min(done, len(steps) - 1)]


def tool_call(step: dict[str, Any], call_id: str) -> dict[str, Any]:
    """A Chat Completions tool call for one scripted step."""
    args = {k: v for k, v in step.items() if k != "tool"}
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": step["tool"], "arguments": json.dumps(args)},
    }


class Handler(BaseHTTPRequestHandler):
    """Serves the Chat Completions endpoint from the scripts."""

    server_version = "memeval-scripted/1"
    scripts: dict[str, dict[str, Any]] = {}

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        sys.stderr.write("scripted-model: " + (format % args) + "\n")

    def _send_json(self, status: int, payload: dict[str, Any]) -> None:
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Memeval-Scripted", "1")
        self.end_headers()
        self.wfile.write(body)

    def _error(self, status: int, message: str, kind: str = "invalid_request_error") -> None:
        self._send_json(status, {"error": {"message": message, "type": kind, "code": None}})

    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        if self.path.rstrip("/") == "/v1/models":
            self._send_json(
                200,
                {
                    "object": "list",
                    "data": [{"id": MODEL, "object": "model", "created": 0, "owned_by": FINGERPRINT}],
                },
            )
        else:
            self._error(
                404,
                f"no route GET {self.path}; this scripted server serves POST /v1/chat/completions",
            )

    def do_POST(self) -> None:  # noqa: N802 - stdlib name
        if self.path.rstrip("/") != "/v1/chat/completions":
            self._error(404, f"no route POST {self.path}; use /v1/chat/completions")
            return
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            req = json.loads(raw)
            messages = req["messages"]
            if not isinstance(messages, list):
                raise TypeError("messages must be a list")
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            self._error(400, f"request body must be JSON with a messages list: {exc}")
            return
        step = next_step(self.scripts, messages)
        digest = hashlib.sha256(raw).hexdigest()
        if step is None:
            message: dict[str, Any] = {
                "role": "assistant",
                "content": (
                    "[scripted model] No script matches this conversation (no known FH- ticket in "
                    "the first user message). Point the agent at a real endpoint for other tasks."
                ),
            }
            finish = "stop"
        else:
            message = {
                "role": "assistant",
                "content": None,
                "tool_calls": [tool_call(step, "call_" + digest[:24])],
            }
            finish = "tool_calls"
        tools = json.dumps(req.get("tools") or [])
        prompt = tokens(json.dumps(messages) + tools)
        completion = tokens(json.dumps(message.get("tool_calls") or message["content"]))
        usage: dict[str, Any] = {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
            "prompt_tokens_details": {"cached_tokens": cached_tokens(messages, tools, prompt)},
            "completion_tokens_details": {"reasoning_tokens": 0},
        }
        base = {
            "id": "chatcmpl-" + digest[:29],
            "created": int(time.time()),
            "model": MODEL,
            "system_fingerprint": FINGERPRINT,
        }
        if req.get("stream"):
            include_usage = bool((req.get("stream_options") or {}).get("include_usage"))
            self._stream(base, message, finish, usage if include_usage else None)
            return
        self._send_json(
            200,
            {
                **base,
                "object": "chat.completion",
                "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": finish}],
                "usage": usage,
            },
        )

    def _stream(
        self,
        base: dict[str, Any],
        message: dict[str, Any],
        finish: str,
        usage: dict[str, Any] | None,
    ) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Memeval-Scripted", "1")
        self.end_headers()
        head = {**base, "object": "chat.completion.chunk"}

        def emit(choices: list[dict[str, Any]], extra: dict[str, Any] | None = None) -> None:
            chunk = {**head, "choices": choices, **(extra or {})}
            self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
            self.wfile.flush()

        emit([{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}])
        text = message.get("content") or ""
        for i in range(0, len(text), STREAM_PIECE):
            emit(
                [
                    {
                        "index": 0,
                        "delta": {"content": text[i : i + STREAM_PIECE]},
                        "finish_reason": None,
                    }
                ]
            )
        for n, tc in enumerate(message.get("tool_calls") or []):
            emit(
                [
                    {
                        "index": 0,
                        "finish_reason": None,
                        "delta": {
                            "tool_calls": [
                                {
                                    "index": n,
                                    "id": tc["id"],
                                    "type": "function",
                                    "function": {"name": tc["function"]["name"], "arguments": ""},
                                }
                            ]
                        },
                    }
                ]
            )
            args = tc["function"]["arguments"]
            for i in range(0, len(args), STREAM_PIECE):
                emit(
                    [
                        {
                            "index": 0,
                            "finish_reason": None,
                            "delta": {
                                "tool_calls": [
                                    {
                                        "index": n,
                                        "function": {"arguments": args[i : i + STREAM_PIECE]},
                                    }
                                ]
                            },
                        }
                    ]
                )
        emit([{"index": 0, "delta": {}, "finish_reason": finish}])
        if usage is not None:
            emit([], {"usage": usage})
        self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()


def main(argv: list[str] | None = None) -> int:
    """Serve until SIGTERM/SIGINT; returns the exit code."""
    parser = argparse.ArgumentParser(description="Scripted Chat Completions server (not a model).")
    parser.add_argument("--port-file", required=True, type=Path)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    opts = parser.parse_args(argv)
    Handler.scripts = load_scripts()
    server = ThreadingHTTPServer((opts.host, opts.port), Handler)
    server.daemon_threads = True
    tmp = opts.port_file.with_name(opts.port_file.name + ".tmp")
    tmp.write_text(str(server.server_address[1]), encoding="utf-8")
    os.replace(tmp, opts.port_file)

    def stop(signum: int, frame: Any) -> None:
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    sys.stderr.write(
        f"scripted-model: serving {MODEL} (scripted, not a model) on "
        f"http://{opts.host}:{server.server_address[1]}/v1 with "
        f"{len(Handler.scripts)} scripts\n"
    )
    server.serve_forever()
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
