"""A `--env` value the agent was given is blanked in every record of its trial, not only in its outputs.

Everything stored from a trial is promised blanked of the secrets memeval knows (upstream keys, `--env` values),
but two records carried text the agent chose and were written as it was: the `model.called` event's model (the
agent names the model of each call: `{"model": "gpt-<value>"}`) and the `tamper.scanned` findings' paths (a
folder named after the value, holding a `conftest.py`). Both put the raw value in `events.jsonl` (and the results
cache, the viewer and the A/B report that read it). Found by breaker25. Real `memeval ab`, real bubblewrap, the
agent's one call through the real metering proxy (to an upstream that is not there: the call is still recorded).
"""

from __future__ import annotations

import shlex
from pathlib import Path

from runner_helpers import MINI

TOKEN = "sk-proj-" + "Z8k" * 12

# Python's standard library only (python3 is in every world; curl is not in scripts/setup's packages)
CALL = """\
import http.client, json, os, urllib.parse
v = os.environ["SHOP_TOKEN"]
os.makedirs(f"/app/cache-{v}")
open(f"/app/cache-{v}/conftest.py", "w").write("x")
base = urllib.parse.urlsplit(os.environ["OPENAI_BASE_URL"])
body = json.dumps({"model": f"gpt-{v}", "messages": [{"role": "user", "content": "hi"}]})
auth = {"Authorization": "Bearer " + os.environ["OPENAI_API_KEY"], "content-type": "application/json"}
conn = http.client.HTTPConnection(base.hostname, base.port, timeout=60)  # the proxy answers at once
conn.request("POST", base.path + "/chat/completions", body, auth)
conn.getresponse().read()
"""
AGENT = shlex.join(["python3", "-c", CALL])


def test_an_env_value_the_agent_writes_into_a_call_or_a_file_name_is_blanked(tmp_path: Path, run_ab) -> None:
    code, doc, err = run_ab(
        str(MINI),
        "--tasks",
        "greet",
        "--agent",
        "command",
        "--agent-cmd",
        AGENT,
        "--env",
        f"SHOP_TOKEN={TOKEN}",
        "--upstream-url",
        "http://127.0.0.1:9/v1",  # nothing listens: the proxy answers and records the call itself
    )
    assert doc, err
    run = tmp_path / "runs" / doc["run_id"]
    events = (run / "events.jsonl").read_text()
    # the call and the finding are there (the attack ran), each with the value blanked
    assert '"requested_model":"gpt-[REDACTED:env:SHOP_TOKEN]"' in events
    assert "/app/cache-[REDACTED:env:SHOP_TOKEN]/conftest.py" in events
    for p in run.rglob("*"):
        if p.is_file():
            assert TOKEN.encode() not in p.read_bytes(), p  # before: events.jsonl held it twice a trial


# every character of the value written as a JSON escape (`\u0073\u006b...`): the file's bytes never hold it
CLAIM_AGENT = (
    "python3 -c \"import os; v = os.environ['SHOP_TOKEN']; e = ''.join('\\\\\\\\u%04x' % ord(c) for c in v); "
    "open(os.environ['MEMEVAL_CLAIM_FILE'], 'w').write('{\\\"message\\\": \\\"' + e + '\\\", "
    '\\"usage\\": {\\"note\\": \\"\' + e + \'\\"}}\')"'
)


def test_an_env_value_escaped_in_the_claim_file_is_blanked(tmp_path: Path, run_ab) -> None:
    code, doc, err = run_ab(
        str(MINI), "--tasks", "greet", "--network", "none", "--agent", "command", "--agent-cmd", CLAIM_AGENT,
        "--env", f"SHOP_TOKEN={TOKEN}",
    )  # fmt: skip
    assert doc, err
    run = tmp_path / "runs" / doc["run_id"]
    claims = [t["claim"] for t in doc["trials"]]
    assert all(c["message"] == "[REDACTED:env:SHOP_TOKEN]" for c in claims), claims
    for p in run.rglob("*"):
        if p.is_file():
            assert TOKEN.encode() not in p.read_bytes(), p  # before: the claim's message and usage held it
