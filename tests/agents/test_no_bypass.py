"""The agent cannot go around the meter: a real upstream on the host's loopback is out of reach
from the sandbox (by port or by URL), its URL and real key never reach the agent's environment,
and the same call through the proxy succeeds and is metered."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from agents_helpers import PRICES, USAGE, make_task, price, run_ab, start_provider

REAL_KEY = "sk-real-bypass-" + "a9c4" * 8

PROBE = r"""
import json, os, socket, urllib.request, urllib.error

port = int(os.environ["UPSTREAM_PORT"])
out = {}
try:
    socket.create_connection(("127.0.0.1", port), timeout=2).close()
    out["direct_tcp"] = "connected"
except OSError:
    out["direct_tcp"] = "refused"
out["leaked"] = sorted(k for k, v in os.environ.items()
                       if (str(port) in v and k != "UPSTREAM_PORT" and k != "UPSTREAM_URL") or "sk-real" in v)
body = json.dumps({"model": "test-claude-1", "max_tokens": 8, "messages": [{"role": "user", "content": "x"}]}).encode()

def post(base):
    req = urllib.request.Request(base + "/v1/messages", body, {"x-api-key": os.environ["ANTHROPIC_API_KEY"],
                                 "content-type": "application/json", "anthropic-version": "2023-06-01"})
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return str(r.status)
    except urllib.error.HTTPError as e:
        return str(e.code)
    except OSError:
        return "unreachable"

out["direct_http"] = post(os.environ["UPSTREAM_URL"])
out["proxy"] = post(os.environ["ANTHROPIC_BASE_URL"])
json.dump(out, open("/app/net.json", "w"))
"""


def test_direct_route_to_the_upstream_fails_while_the_proxy_route_is_metered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    provider = start_provider()
    try:
        # the host's own environment points at the upstream and holds the real key
        monkeypatch.setenv("ANTHROPIC_BASE_URL", provider.root)
        monkeypatch.setenv("MEMEVAL_TEST_REAL_KEY", REAL_KEY)
        make_task(tmp_path / "tasks", "escape", files={"probe.py": PROBE})
        (tmp_path / "prices.toml").write_text(PRICES)
        code, doc, out = run_ab(
            tmp_path / "runs",
            str(tmp_path / "tasks"),
            "--agent",
            "command",
            "--agent-cmd",
            "python3 /app/probe.py",
            "--upstream",
            f"api=anthropic,url={provider.root},key_env=MEMEVAL_TEST_REAL_KEY",
            "--env",
            f"UPSTREAM_PORT={provider.port}",
            "--env",
            f"UPSTREAM_URL={provider.root}",
            "--prices",
            str(tmp_path / "prices.toml"),
            "--retain",
            "always",
        )
    finally:
        provider.server.shutdown()
    assert code == 0, out
    for t in doc["trials"]:
        world = tmp_path / "runs" / doc["run_id"] / t["workspace"]["retained"]
        net = json.loads((world / "app" / "net.json").read_text())
        assert net == {"direct_tcp": "refused", "leaked": [], "direct_http": "unreachable", "proxy": "200"}, net
        assert t["harness_measured"]["input_tokens"] == USAGE["anthropic"][0]
        assert t["harness_measured"]["total_cost_usd"] == pytest.approx(price("anthropic"))
    # the upstream saw exactly the proxied calls, each with the real key
    assert [s.headers.get("x-api-key") for s in provider.seen] == [REAL_KEY, REAL_KEY]
    log = (tmp_path / "runs" / doc["run_id"] / "events.jsonl").read_text()
    assert REAL_KEY not in log
