"""The scripted model server over real HTTP: Chat Completions shapes, streaming, determinism."""

from __future__ import annotations

import json
import subprocess
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fernhill_harness import SAMPLE, SYSTEM_PYTHON, TASKS, ScriptedServer

INSTRUCTION = (TASKS / "t02-late-refund" / "instruction.md").read_text()
POINTER = "\n\n---\nMemory from earlier sessions of your team is in `MEMORY.md` in the working directory."


def post(server: ScriptedServer, body: dict[str, Any] | bytes) -> tuple[int, dict[str, str], bytes]:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    req = urllib.request.Request(
        server.base_url + "/chat/completions",
        data=data,
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, dict(resp.headers), resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def convo(instruction: str, *tool_results: str) -> list[dict[str, Any]]:
    """A conversation in which the assistant made one call per tool result given."""
    msgs: list[dict[str, Any]] = [
        {"role": "system", "content": "s"},
        {"role": "user", "content": instruction},
    ]
    for n, result in enumerate(tool_results):
        msgs.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": f"c{n}",
                        "type": "function",
                        "function": {"name": "x", "arguments": "{}"},
                    }
                ],
            }
        )
        msgs.append({"role": "tool", "tool_call_id": f"c{n}", "content": result})
    return msgs


def call_of(payload: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    fn = payload["choices"][0]["message"]["tool_calls"][0]["function"]
    return fn["name"], json.loads(fn["arguments"])


def test_first_turn_reads_memory_only_when_pointed_at_it(scripted_server: ScriptedServer) -> None:
    status, headers, raw = post(
        scripted_server, {"model": "fernhill-scripted-1", "messages": convo(INSTRUCTION + POINTER)}
    )
    assert status == 200 and headers["X-Memeval-Scripted"] == "1"
    payload = json.loads(raw)
    assert payload["object"] == "chat.completion" and payload["id"].startswith("chatcmpl-")
    assert payload["model"] == "fernhill-scripted-1"
    assert payload["system_fingerprint"] == "memeval-scripted"
    assert payload["choices"][0]["finish_reason"] == "tool_calls"
    assert call_of(payload) == ("read_file", {"path": "MEMORY.md"})
    usage = payload["usage"]
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"] > 0

    _, _, raw = post(scripted_server, {"model": "m", "messages": convo(INSTRUCTION)})
    assert call_of(json.loads(raw)) == ("list_files", {})


def test_the_write_depends_on_whether_the_lesson_was_read(scripted_server: ScriptedServer) -> None:
    script = json.loads((SAMPLE / "model" / "scripts" / "t02-late-refund.json").read_text())
    pack_text = (SAMPLE / "pack.json").read_text()
    reads = ["files"] + ["contents"] * len(script["reads"])
    _, _, raw = post(scripted_server, {"model": "m", "messages": convo(INSTRUCTION + POINTER, pack_text, *reads)})
    name, args = call_of(json.loads(raw))
    assert name == "write_file" and "<= 14" in args["content"]
    _, _, raw = post(
        scripted_server,
        {"model": "m", "messages": convo(INSTRUCTION + POINTER, "no memory here", *reads)},
    )
    name, args = call_of(json.loads(raw))
    assert name == "write_file" and "<= 30" in args["content"]
    # Past the end of the script it keeps finishing with the same confident claim.
    long = convo(INSTRUCTION, *(["x"] * 40))
    _, _, raw = post(scripted_server, {"model": "m", "messages": long})
    assert call_of(json.loads(raw)) == ("finish", {"summary": script["claim"]})


def test_streaming_matches_the_plain_answer(scripted_server: ScriptedServer) -> None:
    body = {"model": "m", "messages": convo(INSTRUCTION, "files", "code")}
    _, _, plain_raw = post(scripted_server, body)
    plain = json.loads(plain_raw)
    status, headers, raw = post(scripted_server, {**body, "stream": True, "stream_options": {"include_usage": True}})
    assert status == 200 and headers["Content-Type"] == "text/event-stream"
    events = [line[len("data: ") :] for line in raw.decode().split("\n\n") if line.startswith("data: ")]
    assert events[-1] == "[DONE]"
    chunks = [json.loads(e) for e in events[:-1]]
    assert all(c["object"] == "chat.completion.chunk" and c["system_fingerprint"] == "memeval-scripted" for c in chunks)
    assert chunks[-1]["choices"] == [] and chunks[-1]["usage"] == plain["usage"]
    assert [c["choices"][0]["finish_reason"] for c in chunks[:-1]][-1] == "tool_calls"
    args = "".join(
        tc["function"].get("arguments", "")
        for c in chunks[:-1]
        for tc in c["choices"][0]["delta"].get("tool_calls", [])
    )
    assert args == plain["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"]

    _, _, raw = post(scripted_server, {**body, "stream": True})
    assert '"usage"' not in raw.decode(), "usage is sent only when include_usage asks for it"


def test_deterministic_apart_from_the_clock(scripted_server: ScriptedServer) -> None:
    body = {"model": "m", "messages": convo(INSTRUCTION + POINTER, "memory", "files")}
    first, second = (json.loads(post(scripted_server, body)[2]) for _ in range(2))
    first.pop("created"), second.pop("created")
    assert first == second


def test_bad_requests_get_openai_style_errors(scripted_server: ScriptedServer) -> None:
    status, _, raw = post(scripted_server, b"{not json")
    assert status == 400 and "messages" in json.loads(raw)["error"]["message"]
    status, _, raw = post(scripted_server, {"messages": "hello"})
    assert status == 400
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(scripted_server.base_url + "/nothing-here", timeout=5)
    assert err.value.code == 404


def test_unscripted_conversation_stops_and_the_agent_reads_stdin(
    scripted_server: ScriptedServer, tmp_path: Path
) -> None:
    """No ticket: a plain `stop` answer. The agent takes the instruction from stdin and ends."""
    claim = tmp_path / "claim.json"
    proc = subprocess.run(
        [SYSTEM_PYTHON, str(SAMPLE / "agent" / "agent.py")],
        input="Water the ferns.",
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=30,
        env={
            "OPENAI_BASE_URL": scripted_server.base_url,
            "OPENAI_API_KEY": "placeholder",
            "MEMEVAL_MODEL": "fernhill-scripted-1",
            "MEMEVAL_CLAIM_FILE": str(claim),
            "PATH": "/usr/bin:/bin",
        },
    )
    assert proc.returncode == 0, proc.stderr
    assert "[scripted model] No script matches" in json.loads(claim.read_text())["message"]


def test_agent_reports_an_unreachable_endpoint(tmp_path: Path) -> None:
    claim = tmp_path / "claim.json"
    proc = subprocess.run(
        [SYSTEM_PYTHON, str(SAMPLE / "agent" / "agent.py"), "Water the ferns."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=30,
        env={
            "OPENAI_BASE_URL": "http://127.0.0.1:9/v1",
            "OPENAI_API_KEY": "placeholder",
            "MEMEVAL_MODEL": "m",
            "MEMEVAL_CLAIM_FILE": str(claim),
            "PATH": "/usr/bin:/bin",
        },
    )
    assert proc.returncode == 1
    assert json.loads(claim.read_text())["message"].startswith("agent error:")


def test_cached_tokens_count_the_repeated_prefix(scripted_server: ScriptedServer) -> None:
    """Like a provider's prompt cache: nothing on the first turn, whole 128-token blocks later."""
    first = json.loads(post(scripted_server, {"model": "m", "messages": convo(INSTRUCTION)})[2])
    assert first["usage"]["prompt_tokens_details"]["cached_tokens"] == 0
    pack_text = (SAMPLE / "pack.json").read_text()  # a long tool result makes a long prefix
    body = {"model": "m", "messages": convo(INSTRUCTION + POINTER, pack_text, "files")}
    usage = json.loads(post(scripted_server, body)[2])["usage"]
    cached = usage["prompt_tokens_details"]["cached_tokens"]
    assert cached >= 1024 and cached % 128 == 0 and cached < usage["prompt_tokens"]
    assert usage["completion_tokens_details"] == {"reasoning_tokens": 0}
