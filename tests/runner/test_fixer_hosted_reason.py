"""A call whose cost is unknown because the provider ran tools itself says so in the results.

The meter leaves such a call's cost unknown (`unpriced`, its `price_source` naming the tool uses;
see tests/meter/test_breaker_meter_hosted.py), but the record said `unpriced: model
claude-haiku-4-5`, which reads as "no price for that model" when the model's tokens were priced.
A real `memeval ab` process runs through the real proxy to a scripted Anthropic upstream on
127.0.0.1, then `memeval results` runs in its own process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from runner_helpers import REPO, make_task
from wire_rig import LocalUpstream, Reply, make_agent

AGENT = textwrap.dedent(
    """
    import json, os, urllib.request
    body = {"model": "claude-haiku-4-5", "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}]}
    req = urllib.request.Request(os.environ["ANTHROPIC_BASE_URL"] + "/v1/messages", data=json.dumps(body).encode(),
        headers={"x-api-key": os.environ["ANTHROPIC_API_KEY"], "content-type": "application/json",
                 "anthropic-version": "2023-06-01"})
    urllib.request.urlopen(req, timeout=30).read()
    open("/app/answer.txt", "w").write("42")
    """
)


def _message(searches: int) -> Reply:
    usage: dict[str, object] = {"input_tokens": 1200, "output_tokens": 80}
    blocks: list[dict[str, object]] = []
    if searches:
        usage["server_tool_use"] = {"web_search_requests": searches}
        blocks = [
            {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "olive"}},
            {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": []},
        ]
    doc = {
        "type": "message", "id": "msg_1", "role": "assistant", "model": "claude-haiku-4-5",
        "content": [*blocks, {"type": "text", "text": "done"}], "stop_reason": "end_turn", "usage": usage,
    }  # fmt: skip
    return Reply(200, headers={"content-type": "application/json"}, chunks=[json.dumps(doc).encode()])


@pytest.fixture
def upstream():
    up = LocalUpstream().start()
    yield up
    up.stop()


@pytest.mark.slow
def test_results_name_the_provider_run_tools_as_why_a_cost_is_unknown(tmp_path: Path, upstream) -> None:
    upstream.push(_message(1), _message(1))
    make_task(tmp_path / "tasks", "t")
    runs = tmp_path / "runs"
    agent = make_agent(tmp_path / "agent", apis='["anthropic"]', script=AGENT)
    ab = subprocess.run(
        [sys.executable, "-m", "memeval", "ab", str(tmp_path / "tasks"), "--agent", str(agent),
         "--upstream", f"api=anthropic,url={upstream.url}", "--concurrency", "1", "--runs-dir", str(runs),
         "--json", "--quiet"],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert ab.returncode in (0, 1), ab.stderr
    doc = json.loads(ab.stdout)
    why = "unpriced: 1 tool use(s) the provider ran itself (web search, code execution...), beyond the tokens of model"
    for t in doc["trials"]:
        assert t["physics"]["cost_usd"] is None, t["physics"]
        assert t["physics"]["missing"]["cost_usd"] == f"{why} claude-haiku-4-5"
    res = subprocess.run(
        [sys.executable, "-m", "memeval", "results", doc["run_id"], "--runs-dir", str(runs)],
        cwd=REPO, capture_output=True, text=True, timeout=120, env={**os.environ, "COLUMNS": "400"},
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    text = " ".join(res.stdout.split())
    assert why in text, res.stdout
    assert "unpriced: model" not in text
