"""Agents speaking each preset's wire format, through the real proxy, to a local provider: their
tokens and cost land in the records, measured by the meter; what they say about themselves lands
only in the claim."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from agents_helpers import (
    PRICES,
    USAGE,
    WIRE_AGENT,
    Provider,
    make_task,
    price,
    run_ab,
    start_provider,
)

REAL_KEY = "sk-real-upstream-" + "5e1d" * 8


@pytest.fixture
def provider(monkeypatch: pytest.MonkeyPatch) -> Iterator[Provider]:
    monkeypatch.setenv("MEMEVAL_TEST_UPSTREAM_KEY", REAL_KEY)
    p = start_provider()
    yield p
    p.server.shutdown()


def _upstreams(p: Provider) -> list[str]:
    return [
        "--upstream",
        f"api=anthropic,url={p.root},key_env=MEMEVAL_TEST_UPSTREAM_KEY",
        "--upstream",
        f"api=openai,url={p.root}/v1,key_env=MEMEVAL_TEST_UPSTREAM_KEY",
    ]


def test_one_run_meters_anthropic_and_openai_calls_streamed_or_not(tmp_path: Path, provider: Provider) -> None:
    tasks = tmp_path / "tasks"
    make_task(tasks, "wire", files={"agent.py": WIRE_AGENT})
    (tmp_path / "prices.toml").write_text(PRICES)
    calls = "anthropic 0;anthropic 1;responses 0;responses 1;chat 1"
    code, doc, out = run_ab(
        tmp_path / "runs",
        str(tasks),
        "--agent",
        "command",
        "--agent-cmd",
        "python3 /app/agent.py",
        "--env",
        f"CALLS={calls}",
        "--prices",
        str(tmp_path / "prices.toml"),
        *_upstreams(provider),
    )
    assert code == 0, out
    want_in = 2 * USAGE["anthropic"][0] + 2 * USAGE["responses"][0] + USAGE["chat"][0]
    want_out = 2 * USAGE["anthropic"][1] + 2 * USAGE["responses"][1] + USAGE["chat"][1]
    want_cost = 2 * price("anthropic") + 2 * price("responses") + price("chat")
    assert len(doc["trials"]) == 2
    for t in doc["trials"]:
        assert t["fault"] is None, t["fault"]
        m = t["harness_measured"]
        assert (m["input_tokens"], m["output_tokens"]) == (want_in, want_out)
        assert m["total_cost_usd"] == pytest.approx(want_cost, rel=1e-9)
        assert t["physics"]["engine_calls"] == 5 and t["physics"]["errors"] == 0
    # every request reached the provider with the real key, never the placeholder
    assert len(provider.seen) == 10
    for s in provider.seen:
        key = s.headers.get("x-api-key") or s.headers.get("authorization", "").removeprefix("Bearer ")
        assert key == REAL_KEY, s
    assert doc["run_card"]["upstream"].startswith("anthropic: http://127.0.0.1:")


FAKE_CLAUDE = r"""
import json, os, sys, urllib.request
# Speaks Anthropic Messages like Claude Code, prints a stream-json transcript like `claude -p`.
args = sys.argv[1:]
memory = open("CLAUDE.md").read() if os.path.exists("CLAUDE.md") else None
print(json.dumps({"type": "system", "subtype": "init", "model": "test-claude-1", "argv": args}))
for stream in (False, True):
    body = {"model": "test-claude-1", "max_tokens": 64, "messages": [{"role": "user", "content": args[-1]}]}
    if stream:
        body["stream"] = True
    req = urllib.request.Request(os.environ["ANTHROPIC_BASE_URL"] + "/v1/messages", json.dumps(body).encode(),
                                 {"x-api-key": os.environ["ANTHROPIC_API_KEY"], "content-type": "application/json",
                                  "anthropic-version": "2023-06-01"})
    urllib.request.urlopen(req, timeout=20).read()
    print(json.dumps({"type": "assistant", "message": {"content": [{"type": "text", "text": "working"}],
                      "usage": {"input_tokens": 1, "output_tokens": 1}}}))
open("/app/out.txt", "w").write(json.dumps({"argv": args, "memory": memory, "sandbox": os.environ.get("IS_SANDBOX")}))
# what it says about itself: deliberately not what the meter measures
print(json.dumps({"type": "result", "subtype": "success", "is_error": False, "num_turns": 2,
                  "result": "All done, tests pass.", "total_cost_usd": 9.99,
                  "usage": {"input_tokens": 7, "output_tokens": 3, "cache_read_input_tokens": 0}}))
"""

FAKE_CODEX = r"""
import json, os, sys, urllib.request
# Speaks OpenAI Responses like Codex, prints `codex exec --json` events.
args = sys.argv[1:]
print(json.dumps({"type": "thread.started", "thread_id": "th_1"}))
print(json.dumps({"type": "turn.started"}))
for stream in (False, True):
    body = {"model": "test-gpt-1", "input": args[-1], "stream": stream}
    req = urllib.request.Request(os.environ["OPENAI_BASE_URL"] + "/responses", json.dumps(body).encode(),
                                 {"authorization": "Bearer " + os.environ["CODEX_API_KEY"],
                                  "content-type": "application/json"})
    urllib.request.urlopen(req, timeout=20).read()
memory = open("AGENTS.md").read() if os.path.exists("AGENTS.md") else None
open("/app/out.txt", "w").write(json.dumps({"argv": args, "memory": memory}))
print(json.dumps({"type": "item.completed", "item": {"id": "item_0", "type": "agent_message", "text": "Fixed it."}}))
usage = {"input_tokens": 11, "cached_input_tokens": 0, "output_tokens": 4}
print(json.dumps({"type": "turn.completed", "usage": usage}))
"""

CASES = {
    "claude-code": (
        FAKE_CLAUDE,
        "anthropic",
        "CLAUDE.md",
        "All done, tests pass.",
        {"input_tokens": 7, "output_tokens": 3, "cache_read_input_tokens": 0},
        9.99,
    ),
    "codex": (
        FAKE_CODEX,
        "responses",
        "AGENTS.md",
        "Fixed it.",
        {"input_tokens": 11, "cached_input_tokens": 0, "output_tokens": 4},
        None,
    ),
}
CHECK = (
    "python3 -c \"import json; d=json.load(open('/app/out.txt')); print(d)\" && echo 1 > /logs/verifier/reward.txt\n"
)


@pytest.mark.parametrize("preset", sorted(CASES))
def test_preset_with_a_stand_in_binary_is_metered_and_its_own_report_is_only_a_claim(
    tmp_path: Path, provider: Provider, preset: str
) -> None:
    script, kind, memory_file, message, reported, reported_cost = CASES[preset]
    tasks = tmp_path / "tasks"
    make_task(tasks, "fix", files={"fake.py": script}, test_sh=CHECK)
    (tmp_path / "prices.toml").write_text(PRICES)
    pack = tmp_path / "pack.json"
    pack.write_text(
        json.dumps(
            {
                "schema": "memeval.pack/1",
                "name": "p",
                "version": "1",
                "items": [
                    {
                        "id": "pk_0001",
                        "kind": "fact",
                        "text": "Orders ship on Thursdays.",
                        "provenance": {"source": "session", "session_id": "s_1", "recorded_at": "2026-05-19T09:03:27Z"},
                    }
                ],
            }
        )
    )
    code, doc, out = run_ab(
        tmp_path / "runs",
        str(tasks),
        "--agent",
        preset,
        "--agent-cmd",
        "python3 /app/fake.py",
        "--model",
        "test-model",
        "--pack",
        str(pack),
        "--prices",
        str(tmp_path / "prices.toml"),
        "--retain",
        "always",
        *_upstreams(provider),
    )
    assert code == 0, out
    for t in doc["trials"]:
        assert t["fault"] is None and t["verified"] is True, t
        m = t["harness_measured"]
        assert (m["input_tokens"], m["output_tokens"]) == (2 * USAGE[kind][0], 2 * USAGE[kind][1])
        assert m["total_cost_usd"] == pytest.approx(2 * price(kind), rel=1e-9)
        claim = t["claim"]
        assert claim["message"] == message and claim["source"] == "stdout"
        assert claim["self_reported"]["usage"] == reported
        assert claim["self_reported"]["cost_usd"] == reported_cost
        world = tmp_path / "runs" / doc["run_id"] / t["workspace"]["retained"]
        seen = json.loads((world / "app" / "out.txt").read_text())
        assert "Do the task." in seen["argv"][-1]
        assert ("--model" in seen["argv"]) or ("-m" in seen["argv"])
        if t["mode"] == "pack":
            assert "Orders ship on Thursdays." in seen["memory"]
            assert memory_file in seen["argv"][-1]  # the instruction points at the memory file
        else:
            assert seen["memory"] is None
