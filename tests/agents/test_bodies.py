"""What passed the proxy is kept: each call's request and response bodies, redacted, as artifacts
of its trial, readable as a conversation in the viewer; `--no-keep-bodies` keeps none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from agents_helpers import PRICES, WIRE_AGENT, make_task, run_ab, start_provider
from starlette.testclient import TestClient

from memeval.eventlog import AgentExited, ArtifactStore, RunLog
from memeval.results import load_run
from memeval.viewer._app import create_viewer_app
from memeval.viewer._conversation import request_turns, response_turns
from memeval.viewer._data import trial_view

REAL_KEY = "sk-real-bodies-" + "7c1e" * 8
SECRET_IN_PROMPT = "ghp_" + "Zq8RrT2vLm4NpX6sWb9KdH3jYf5Ce1Ga7Uo0"


def _run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *extra: str) -> tuple[Path, dict]:
    monkeypatch.setenv("MEMEVAL_TEST_UPSTREAM_KEY", REAL_KEY)
    provider = start_provider()
    agent = WIRE_AGENT.replace('"content": "hi"', f'"content": "hi, my token is {SECRET_IN_PROMPT}"')
    make_task(tmp_path / "tasks", "bodies", files={"agent.py": agent})
    (tmp_path / "prices.toml").write_text(PRICES)
    try:
        code, doc, out = run_ab(
            tmp_path / "runs",
            str(tmp_path / "tasks"),
            "--agent",
            "command",
            "--agent-cmd",
            "python3 /app/agent.py",
            "--env",
            "CALLS=anthropic 1;chat 0",
            "--prices",
            str(tmp_path / "prices.toml"),
            "--upstream",
            f"api=anthropic,url={provider.root},key_env=MEMEVAL_TEST_UPSTREAM_KEY",
            "--upstream",
            f"api=openai,url={provider.root}/v1,key_env=MEMEVAL_TEST_UPSTREAM_KEY",
            *extra,
        )
    finally:
        provider.server.shutdown()
    assert code == 0, out
    return tmp_path / "runs" / doc["run_id"], doc


def test_bodies_are_kept_redacted_per_trial_and_shown_as_a_conversation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run_dir, doc = _run(tmp_path, monkeypatch)
    store = ArtifactStore(run_dir)
    exited = [ev for ev in RunLog(run_dir).read().events if isinstance(ev, AgentExited)]
    assert len(exited) == 2
    for ev in exited:
        index = json.loads(store.get(ev.exchanges))
        assert index["schema"] == "memeval.exchanges/1"
        assert [c["api"] for c in index["calls"]] == ["anthropic-messages", "openai-chat"]
        first_req = store.get(index["calls"][0]["request"]).decode()
        assert json.loads(first_req)["model"] == "test-claude-1"  # the body as sent, still JSON
        assert SECRET_IN_PROMPT not in first_req and "[REDACTED:" in first_req
        assert "event: message_start" in store.get(index["calls"][0]["response"]).decode()  # as received
    for art in (run_dir / "artifacts").rglob("*"):
        if art.is_file():
            data = art.read_bytes()
            assert REAL_KEY.encode() not in data and SECRET_IN_PROMPT.encode() not in data, art
    tid = doc["trials"][0]["trial_id"]
    view = trial_view(load_run(run_dir), tid)
    assert view is not None and len(view.conversation) == 2
    first = view.conversation[0]
    assert [t.role for t in first.sent] == ["user"] and "[REDACTED:" in first.sent[0].text
    assert [(t.role, t.text) for t in first.answered] == [("assistant", "done")]
    assert first.call["input_tokens"] == 100
    html = TestClient(create_viewer_app(run_dir), base_url="http://127.0.0.1").get(f"/trial/{tid}").text
    assert 'id="conversation"' in html and "$0.000600" in html and SECRET_IN_PROMPT not in html


def test_no_keep_bodies_keeps_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run_dir, doc = _run(tmp_path, monkeypatch, "--no-keep-bodies")
    exited = [ev for ev in RunLog(run_dir).read().events if isinstance(ev, AgentExited)]
    assert exited and all(ev.exchanges is None for ev in exited)
    assert all(t["physics"]["engine_calls"] == 2 for t in doc["trials"])  # still metered
    view = trial_view(load_run(run_dir), doc["trials"][0]["trial_id"])
    assert view is not None and view.conversation == () and "not kept" in view.conversation_note


@pytest.mark.parametrize(
    ("api", "request_body", "response_body", "want"),
    [
        (
            "openai-responses",
            {"instructions": "be brief", "input": [{"type": "message", "role": "user", "content": "go"}]},
            'event: response.completed\ndata: {"type":"response.completed","response":{"output":'
            '[{"type":"function_call","name":"shell","arguments":"{\\"cmd\\":\\"ls\\"}"}]}}\n\n',
            [("system", "text"), ("user", "text"), ("assistant", "tool_call")],
        ),
        (
            "gemini-generate-content",
            {
                "contents": [
                    {"role": "user", "parts": [{"text": "go"}]},
                    {"role": "model", "parts": [{"functionCall": {"name": "w", "args": {}}}]},
                    {"role": "user", "parts": [{"functionResponse": {"name": "w", "response": {"ok": 1}}}]},
                ]
            },
            'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"done"}]}}]}\n\n',
            [("tool", "tool_result"), ("assistant", "text")],
        ),
        (
            "openai-chat",
            {"messages": [{"role": "user", "content": "go"}]},
            'data: {"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"name":"bash","arguments":"{}"}}]}}]}'
            "\n\ndata: [DONE]\n\n",
            [("user", "text"), ("assistant", "tool_call")],
        ),
    ],
)
def test_each_wire_format_reads_as_turns(api: str, request_body: dict, response_body: str, want: list) -> None:
    turns = request_turns(api, json.dumps(request_body)) + response_turns(api, response_body)
    assert [(t.role, t.kind) for t in turns] == want
