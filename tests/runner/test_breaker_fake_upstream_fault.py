"""An agent cannot turn its own trial into a retried `process` fault by calling an API the run has no upstream for.

Found by the breaker: the runner read "the model upstream failed, not the agent" from calls the proxy answered
itself because the upstream was unreachable or *not configured*, and none succeeded. With an `openai` upstream, an
agent that sent one call to `/v1/messages` (Anthropic's API, which it was never pointed at) and no other had its
trial recorded as a `process` fault, which `--retries` gives a new attempt: an agent unsure of its answer could
re-roll the trial at will, so faults it chose looked like the harness's. A call to an API with no upstream, in a
run that has upstreams, is now the agent's own doing: its trial is scored as it ended. Real `memeval ab`, real
sandboxes, real proxy; the upstream on loopback never answers anything (no call reaches it).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from runner_helpers import REPO, make_task, one_item_pack
from wire_rig import LocalUpstream, make_agent

AGENT = r"""
import json, os, urllib.error, urllib.request
if os.path.exists("/app/MEMORY.md"):  # the pack arm: its memory slice is there
    body = {"model": "claude-sonnet-4-5", "max_tokens": 8, "messages": [{"role": "user", "content": "hi"}]}
    req = urllib.request.Request(os.environ["OPENAI_BASE_URL"].removesuffix("/v1") + "/v1/messages",
        data=json.dumps(body).encode(), headers={"x-api-key": os.environ["OPENAI_API_KEY"],
        "content-type": "application/json", "anthropic-version": "2023-06-01"})
    try:
        urllib.request.urlopen(req, timeout=30).read()
    except urllib.error.HTTPError as exc:
        open("/app/answered", "w").write(str(exc.code))
"""
TEST_SH = 'if [ "$(cat /app/answer.txt 2>/dev/null)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'


def test_a_call_to_an_api_without_an_upstream_is_the_agents_not_a_retried_fault(tmp_path: Path) -> None:
    up = LocalUpstream().start()
    tasks = tmp_path / "tasks"
    make_task(tasks, "a", test_sh=TEST_SH)
    agent = make_agent(tmp_path / "agent", apis="[]", script=AGENT)
    try:
        res = subprocess.run(
            [sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", str(agent), "--upstream",
             f"api=openai,url={up.url}/v1", "--pack", str(one_item_pack(tmp_path / "pack.json")),
             "--retries", "2", "--runs-dir", str(tmp_path / "runs"), "--json",
             "--retain", "always"],
            cwd=REPO, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
    finally:
        up.stop()
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    by_mode = {t["mode"]: t for t in doc["trials"]}
    pack = by_mode["pack"]
    world = tmp_path / "runs" / doc["run_id"] / pack["workspace"]["retained"] / "app"
    assert (world / "answered").read_text().isdigit()  # the proxy did answer it, with an error of its own
    assert up.seen == []  # and nothing reached the upstream
    for t in by_mode.values():
        assert t["fault"] is None and t["attempts"] == 1, t
        assert (t["execution"], t["assessment"], t["verified"]) == ("completed", "scored", False), t
