"""A run whose upstream reports a 401-digit token count stays readable (see `tests/meter/test_breaker_huge_usage.py`).

On main the call was priced at `inf` USD: `memeval ab` ended in `ValidationError: cost_usd must be a finite amount`
and `memeval results` and `replay` of the run failed the same way. Real `memeval ab`, real sandboxes, the real
proxy, an upstream on loopback answering a recorded reply with `prompt_tokens` 10**400.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from runner_helpers import REPO, make_task
from wire_rig import RECORDED, LocalUpstream, Reply, make_agent

ANSWER_TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
CALLER = r"""
import os, urllib.request
body = b'{"model": "gpt-4o-mini", "max_tokens": 8, "messages": [{"role": "user", "content": "hi"}]}'
req = urllib.request.Request(os.environ["OPENAI_BASE_URL"] + "/chat/completions", data=body,
    headers={"authorization": "Bearer " + os.environ["OPENAI_API_KEY"], "content-type": "application/json"})
urllib.request.urlopen(req, timeout=60).read()
open("/app/answer.txt", "w").write("42")
"""


def test_a_401_digit_token_count_leaves_the_run_readable(tmp_path: Path) -> None:
    rec = next(r for r in RECORDED if r.name.startswith("openai-chat/") and not r.stream and r.status == 200)
    body = json.loads(b"".join(rec.chunks()))
    body["model"], body["usage"]["prompt_tokens"] = "gpt-4o-mini", 10**400
    up = LocalUpstream().start()
    for _ in range(2):
        up.replies.append(
            Reply(200, headers=dict(rec.headers), chunks=[json.dumps(body).encode()], content_length=True)
        )
    make_task(tmp_path / "tasks", "huge", test_sh=ANSWER_TEST_SH)
    agent = make_agent(tmp_path / "agent", script=CALLER)
    memeval = [sys.executable, "-m", "memeval"]
    try:
        res = subprocess.run(
            [*memeval, "ab", str(tmp_path / "tasks"), "--agent", str(agent),
             "--upstream", f"api=openai,url={up.url}/v1", "--runs-dir", str(tmp_path / "runs"), "--json"],
            cwd=REPO, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
    finally:
        up.stop()
    assert res.returncode == 0, res.stderr[-3000:]  # main: ValidationError ... cost_usd must be a finite amount
    doc = json.loads(res.stdout)
    assert [(t["verified"], t["reward"], t["fault"]) for t in doc["trials"]] == [(True, 1, None)] * 2
    for cmd in (["results", "--json"], ["replay"]):
        out = subprocess.run(
            [*memeval, *cmd[:1], str(tmp_path / "runs" / doc["run_id"]), *cmd[1:]],
            cwd=REPO, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert out.returncode == 0, (cmd, out.stderr[-2000:])
