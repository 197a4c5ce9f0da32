"""Fernhill's sample agent: a small tool-using loop over OpenAI Chat Completions.

Standard library only (it runs under Debian's /usr/bin/python3 in a sandbox with no site
packages). It talks to whatever OpenAI-compatible endpoint the environment names:

- ``OPENAI_BASE_URL`` (e.g. ``http://127.0.0.1:8123/v1``), ``OPENAI_API_KEY`` and
  ``MEMEVAL_MODEL``: the endpoint, key and model. Under memeval these point at the metering
  proxy with a placeholder key; the agent never brings a key of its own.
- The instruction: the last command-line argument if one is given, else the file named by
  ``MEMEVAL_INSTRUCTION_FILE``, else standard input.
- ``MEMEVAL_CLAIM_FILE``: where the closing claim is written as JSON
  (``{"message": ..., "usage": {...}}``). The usage there is the agent's own tally, a claim:
  memeval meters calls from outside and never counts this.

Tools offered to the model: ``list_files``, ``read_file(path)``, ``write_file(path, content)``,
``run_command(cmd)`` and ``finish(summary)``. Paths are confined to the working directory.

Usage::

    python3 agent.py [--stream] [--max-turns N] [INSTRUCTION]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

SYSTEM_PROMPT = (
    "You are an engineer on Fernhill's small team (an online plant shop). You work in the "
    "current directory, a checkout of the shop's code and data. Use the tools to look at the "
    "files, change them, and run commands. When the work is done, call finish with a short "
    "summary of what you changed."
)
MAX_OUTPUT_CHARS = 8000
COMMAND_TIMEOUT_S = 60
HTTP_TIMEOUT_S = 300

TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "list_files",
            "description": "List every file under the working directory (relative paths).",
            "parameters": {"type": "object", "properties": {}, "required": []},
        },
    },
    {
        "type": "function",
        "function": {
            "name": "read_file",
            "description": "Read a text file, by path relative to the working directory.",
            "parameters": {
                "type": "object",
                "properties": {"path": {"type": "string"}},
                "required": ["path"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "write_file",
            "description": "Create or replace a text file with the given content.",
            "parameters": {
                "type": "object",
                "properties": {"path": {"type": "string"}, "content": {"type": "string"}},
                "required": ["path", "content"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "run_command",
            "description": ("Run a shell command in the working directory; returns its exit code and output."),
            "parameters": {
                "type": "object",
                "properties": {"cmd": {"type": "string"}},
                "required": ["cmd"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "finish",
            "description": "End the session with a short summary of the work.",
            "parameters": {
                "type": "object",
                "properties": {"summary": {"type": "string"}},
                "required": ["summary"],
            },
        },
    },
]


class AgentError(RuntimeError):
    """The endpoint answered something the loop cannot use."""


def _inside(root: Path, rel: str) -> Path:
    target = (root / rel).resolve()
    if target != root and root not in target.parents:
        raise ValueError(f"path {rel!r} is outside the working directory")
    return target


def _clip(text: str) -> str:
    if len(text) <= MAX_OUTPUT_CHARS:
        return text
    return text[:MAX_OUTPUT_CHARS] + f"\n[... {len(text) - MAX_OUTPUT_CHARS} more characters cut]"


def run_tool(root: Path, name: str, args: dict[str, Any]) -> str:
    """Run one tool call and return its result as text for the model (errors included)."""
    try:
        if name == "list_files":
            files = []
            for p in sorted(root.rglob("*")):
                rel = p.relative_to(root)
                if p.is_file() and "__pycache__" not in rel.parts:
                    files.append(str(rel))
            return "\n".join(files) or "(no files)"
        if name == "read_file":
            return _clip(_inside(root, str(args["path"])).read_text(encoding="utf-8"))
        if name == "write_file":
            target = _inside(root, str(args["path"]))
            target.parent.mkdir(parents=True, exist_ok=True)
            content = str(args["content"])
            target.write_text(content, encoding="utf-8")
            return f"wrote {len(content.encode())} bytes to {args['path']}"
        if name == "run_command":
            proc = subprocess.run(
                ["/bin/sh", "-c", str(args["cmd"])],
                cwd=root,
                capture_output=True,
                text=True,
                timeout=COMMAND_TIMEOUT_S,
            )
            return _clip(f"exit code {proc.returncode}\n{proc.stdout}{proc.stderr}")
        return f"error: unknown tool {name!r}"
    except KeyError as exc:
        return f"error: missing argument {exc}"
    except subprocess.TimeoutExpired:
        return f"error: command timed out after {COMMAND_TIMEOUT_S} s"
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        return f"error: {exc}"


def _post(url: str, key: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
        method="POST",
    )
    try:
        return urllib.request.urlopen(req, timeout=HTTP_TIMEOUT_S)
    except urllib.error.HTTPError as exc:
        detail = exc.read().decode(errors="replace")[:500]
        raise AgentError(f"endpoint answered HTTP {exc.code}: {detail}") from exc


def complete(url: str, key: str, body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """One non-streaming call; returns (assistant message, usage)."""
    with _post(url, key, body) as resp:
        data = json.loads(resp.read())
    if not data.get("choices"):
        raise AgentError(f"response has no choices: {str(data)[:300]}")
    return data["choices"][0]["message"], data.get("usage") or {}


def complete_stream(url: str, key: str, body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """One streaming call (SSE); assembles the deltas into (assistant message, usage)."""
    body = {**body, "stream": True, "stream_options": {"include_usage": True}}
    content: list[str] = []
    calls: dict[int, dict[str, Any]] = {}
    usage: dict[str, Any] = {}
    with _post(url, key, body) as resp:
        for raw in resp:
            line = raw.decode("utf-8").strip()
            if not line.startswith("data:"):
                continue
            payload = line[len("data:") :].strip()
            if payload == "[DONE]":
                break
            chunk = json.loads(payload)
            if chunk.get("usage"):
                usage = chunk["usage"]
            for choice in chunk.get("choices") or []:
                delta = choice.get("delta") or {}
                if delta.get("content"):
                    content.append(delta["content"])
                for tc in delta.get("tool_calls") or []:
                    slot = calls.setdefault(
                        tc.get("index", 0),
                        {"id": "", "type": "function", "function": {"name": "", "arguments": ""}},
                    )
                    if tc.get("id"):
                        slot["id"] = tc["id"]
                    fn = tc.get("function") or {}
                    slot["function"]["name"] += fn.get("name") or ""
                    slot["function"]["arguments"] += fn.get("arguments") or ""
    message: dict[str, Any] = {"role": "assistant", "content": "".join(content) or None}
    if calls:
        message["tool_calls"] = [calls[i] for i in sorted(calls)]
    return message, usage


def read_instruction(arg: str | None) -> str:
    """The instruction: the argument, else MEMEVAL_INSTRUCTION_FILE, else standard input."""
    if arg:
        return arg
    path = os.environ.get("MEMEVAL_INSTRUCTION_FILE")
    if path and Path(path).is_file():
        return Path(path).read_text(encoding="utf-8")
    return sys.stdin.read()


def add_usage(total: dict[str, int], usage: dict[str, Any]) -> None:
    """Add the integer token counts of one response's usage into `total`."""
    for key in ("prompt_tokens", "completion_tokens", "total_tokens"):
        if isinstance(usage.get(key), int):
            total[key] = total.get(key, 0) + usage[key]


def main(argv: list[str] | None = None) -> int:
    """Run the loop; returns the process exit code (0 when the model called finish)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("instruction", nargs="?", help="the task (else the file or stdin)")
    parser.add_argument("--stream", action="store_true", help="use streaming responses")
    parser.add_argument("--max-turns", type=int, default=30)
    opts = parser.parse_args(argv)

    base = os.environ.get("OPENAI_BASE_URL", "").rstrip("/")
    key = os.environ.get("OPENAI_API_KEY", "")
    model = os.environ.get("MEMEVAL_MODEL") or os.environ.get("OPENAI_MODEL", "")
    if not base or not model:
        print("agent: set OPENAI_BASE_URL and MEMEVAL_MODEL", file=sys.stderr)
        return 2
    url = base + "/chat/completions"
    root = Path.cwd().resolve()
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": read_instruction(opts.instruction)},
    ]
    call = complete_stream if opts.stream else complete
    usage_total: dict[str, int] = {}
    summary: str | None = None
    status = 1
    try:
        for turn in range(1, opts.max_turns + 1):
            body = {"model": model, "messages": messages, "tools": TOOLS}
            message, usage = call(url, key, body)
            add_usage(usage_total, usage)
            tool_calls = message.get("tool_calls") or []
            messages.append({k: v for k, v in message.items() if k in ("role", "content", "tool_calls")})
            if message.get("content"):
                print(f"[turn {turn}] {message['content']}", flush=True)
            if not tool_calls:
                summary = message.get("content") or "(the model stopped without a summary)"
                status = 0
                break
            for tc in tool_calls:
                name = tc["function"]["name"]
                try:
                    args = json.loads(tc["function"].get("arguments") or "{}")
                except json.JSONDecodeError as exc:
                    args, result = None, f"error: arguments are not JSON: {exc}"
                if args is not None and name == "finish":
                    summary = str(args.get("summary", ""))
                    result = "finished"
                elif args is not None:
                    result = run_tool(root, name, args)
                print(
                    f"[turn {turn}] {name} -> {result.splitlines()[0] if result else ''}",
                    flush=True,
                )
                messages.append({"role": "tool", "tool_call_id": tc["id"], "content": result})
            if summary is not None:
                status = 0
                break
        else:
            summary = f"stopped after {opts.max_turns} turns without finishing"
    except (AgentError, urllib.error.URLError, OSError, json.JSONDecodeError) as exc:
        summary = f"agent error: {exc}"
        print(summary, file=sys.stderr)
    claim = {"message": summary, "usage": usage_total}
    claim_path = os.environ.get("MEMEVAL_CLAIM_FILE")
    if claim_path:
        Path(claim_path).parent.mkdir(parents=True, exist_ok=True)
        Path(claim_path).write_text(json.dumps(claim, indent=2) + "\n", encoding="utf-8")
    print(summary)
    return status


if __name__ == "__main__":
    sys.exit(main())
