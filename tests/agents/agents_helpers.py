"""Helpers for the agent tests: a model-provider stand-in on a real 127.0.0.1 socket (Anthropic
Messages, OpenAI Responses and Chat Completions, streamed or not), task folders, `memeval ab`."""

from __future__ import annotations

import json
import textwrap
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from typer.testing import CliRunner

from memeval.cli import app

CLAUDE_MODEL = "test-claude-1"
GPT_MODEL = "test-gpt-1"
PRICES = f"""
[models."{CLAUDE_MODEL}"]
input_usd_per_mtok = 3.0
output_usd_per_mtok = 15.0
[models."{GPT_MODEL}"]
input_usd_per_mtok = 2.0
output_usd_per_mtok = 8.0
"""
USAGE = {"anthropic": (100, 20), "responses": (50, 10), "chat": (30, 5)}
"""(input, output) tokens each kind of answer carries."""


def price(kind: str) -> float:
    """The cost of one answer of `kind` under `PRICES` (USD)."""
    i, o = USAGE[kind]
    rate = (3.0, 15.0) if kind == "anthropic" else (2.0, 8.0)
    return (i * rate[0] + o * rate[1]) / 1e6


@dataclass
class Seen:
    path: str
    headers: dict[str, str]
    stream: bool


@dataclass
class Provider:
    """A scripted provider; `seen` lists every request it got (path, headers, streamed)."""

    server: ThreadingHTTPServer
    seen: list[Seen] = field(default_factory=list)

    @property
    def port(self) -> int:
        return int(self.server.server_address[1])

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def _sse(events: list[tuple[str | None, dict]]) -> bytes:
    out = b""
    for name, data in events:
        if name:
            out += f"event: {name}\n".encode()
        out += f"data: {json.dumps(data)}\n\n".encode()
    return out


def _anthropic(stream: bool) -> tuple[str, bytes]:
    i, o = USAGE["anthropic"]
    msg = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": CLAUDE_MODEL,
        "content": [{"type": "text", "text": "done"}],
        "stop_reason": "end_turn",
        "usage": {"input_tokens": i, "output_tokens": o},
    }
    if not stream:
        return "application/json", json.dumps(msg).encode()
    start = dict(msg, content=[], stop_reason=None, usage={"input_tokens": i, "output_tokens": 1})
    return "text/event-stream", _sse(
        [
            ("message_start", {"type": "message_start", "message": start}),
            (
                "content_block_start",
                {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
            ),
            (
                "content_block_delta",
                {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "done"}},
            ),
            ("content_block_stop", {"type": "content_block_stop", "index": 0}),
            (
                "message_delta",
                {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": o}},
            ),
            ("message_stop", {"type": "message_stop"}),
        ]
    )


def _responses(stream: bool) -> tuple[str, bytes]:
    i, o = USAGE["responses"]
    resp = {
        "id": "resp_1",
        "object": "response",
        "status": "completed",
        "model": GPT_MODEL,
        "output": [{"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "done"}]}],
        "usage": {
            "input_tokens": i,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": o,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": i + o,
        },
    }
    if not stream:
        return "application/json", json.dumps(resp).encode()
    created = dict(resp, status="in_progress", output=[], usage=None)
    return "text/event-stream", _sse(
        [
            ("response.created", {"type": "response.created", "response": created}),
            ("response.output_text.delta", {"type": "response.output_text.delta", "delta": "done"}),
            ("response.completed", {"type": "response.completed", "response": resp}),
        ]
    )


def _chat(stream: bool) -> tuple[str, bytes]:
    i, o = USAGE["chat"]
    usage = {"prompt_tokens": i, "completion_tokens": o, "total_tokens": i + o}
    if not stream:
        body = {
            "id": "c1",
            "object": "chat.completion",
            "model": GPT_MODEL,
            "usage": usage,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": "done"}, "finish_reason": "stop"}],
        }
        return "application/json", json.dumps(body).encode()
    chunk = {"id": "c1", "object": "chat.completion.chunk", "model": GPT_MODEL}
    return "text/event-stream", _sse(
        [
            (None, dict(chunk, choices=[{"index": 0, "delta": {"content": "done"}, "finish_reason": None}])),
            (None, dict(chunk, choices=[{"index": 0, "delta": {}, "finish_reason": "stop"}])),
            (None, dict(chunk, choices=[], usage=usage)),
        ]
    ) + b"data: [DONE]\n\n"


ROUTES = {"/v1/messages": _anthropic, "/v1/responses": _responses, "/v1/chat/completions": _chat}


def start_provider() -> Provider:
    """Start the stand-in on a free 127.0.0.1 port (a daemon thread); `server.shutdown()` stops it."""
    holder: list[Provider] = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802 - the http.server hook's name
            body = json.loads(self.rfile.read(int(self.headers.get("content-length", "0"))) or b"{}")
            stream = bool(body.get("stream"))
            holder[0].seen.append(Seen(self.path, {k.lower(): v for k, v in self.headers.items()}, stream))
            make = ROUTES.get(self.path)
            if make is None:
                self.send_response(404)
                self.send_header("content-length", "0")
                self.end_headers()
                return
            ctype, payload = make(stream)
            self.send_response(200)
            self.send_header("content-type", ctype)
            self.send_header("content-length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    holder.append(Provider(server))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return holder[0]


def make_task(
    root: Path, name: str, files: dict[str, str] | None = None, test_sh: str = "echo 1 > /logs/verifier/reward.txt\n"
) -> Path:
    """A Harbor-layout task whose /app holds `files`; the held-back test writes `test_sh`'s reward."""
    t = root / name
    (t / "environment" / "app").mkdir(parents=True)
    (t / "tests").mkdir()
    (t / "task.toml").write_text("[verifier]\ntimeout_sec = 20.0\n[agent]\ntimeout_sec = 30.0\n")
    (t / "instruction.md").write_text("Do the task.\n")
    (t / "environment" / "Dockerfile").write_text("WORKDIR /app\nCOPY app/ /app/\n")
    (t / "tests" / "test.sh").write_text("#!/bin/bash\n" + textwrap.dedent(test_sh))
    (t / "environment" / "app" / ".keep").write_text("")
    for rel, text in (files or {}).items():
        (t / "environment" / "app" / rel).write_text(textwrap.dedent(text))
    return t


def run_ab(runs: Path, *args: str) -> tuple[int, dict, str]:
    """Run `memeval ab ARGS --json --quiet --runs-dir runs`; return (exit code, JSON doc or {}, output)."""
    res = CliRunner().invoke(app, ["ab", *args, "--json", "--quiet", "--runs-dir", str(runs)])
    text = res.stdout.strip()
    doc = json.loads(text) if text.startswith("{") else {}
    return res.exit_code, doc, res.output + (res.stderr if res.stderr_bytes is not None else "")


# A stdlib agent speaking Anthropic Messages and OpenAI Responses/Chat through the relay. Each line
# of $CALLS is `kind stream` (kind: anthropic, responses or chat). It prints what it was answered.
WIRE_AGENT = r"""
import json, os, sys, urllib.request, urllib.error

def call(kind, stream):
    if kind == "anthropic":
        url = os.environ["ANTHROPIC_BASE_URL"] + "/v1/messages"
        headers = {"x-api-key": os.environ["ANTHROPIC_API_KEY"], "anthropic-version": "2023-06-01"}
        body = {"model": "test-claude-1", "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}]}
    elif kind == "responses":
        url = os.environ["OPENAI_BASE_URL"] + "/responses"
        headers = {"authorization": "Bearer " + os.environ["OPENAI_API_KEY"]}
        body = {"model": "test-gpt-1", "input": "hi"}
    else:
        url = os.environ["OPENAI_BASE_URL"] + "/chat/completions"
        headers = {"authorization": "Bearer " + os.environ["OPENAI_API_KEY"]}
        body = {"model": "test-gpt-1", "messages": [{"role": "user", "content": "hi"}]}
        if stream:
            body["stream_options"] = {"include_usage": True}
    if stream:
        body["stream"] = True
    req = urllib.request.Request(url, json.dumps(body).encode(), dict(headers, **{"content-type": "application/json"}))
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()

for line in os.environ.get("CALLS", "").split(";"):
    if line.strip():
        kind, stream = line.split()
        status, text = call(kind, stream == "1")
        print(f"{kind} stream={stream} status={status} {text[:200]!r}", flush=True)
"""
