"""One lone surrogate from the agent (`"\\ud800"` in JSON it wrote) no longer ends the whole run.

`json.loads` reads a `\\ud800` escape with no partner as a `str` holding a lone surrogate, which no UTF-8 writer
can encode. The event log writes UTF-8, so an agent that put one where memeval records its text ended `memeval ab`
in a `UnicodeEncodeError` traceback, every trial of both arms lost (the run folder left with no `run.ended`):

- in its claim file: `{"message": "\\ud800 done"}` (`claim.recorded`);
- in a model call's `model`: `{"model": "gpt-4o-mini\\ud800", ...}` sent through the metering proxy
  (`model.called` `requested_model`);
- echoed back by the provider in its error (OpenAI's `model_not_found` names the model asked for) and kept as the
  call's `error`.

Where that text is read it is now taken with U+FFFD in the surrogate's place (`memeval._finitejson.loads_finite`,
`utf8_text`), and the log's writer does the same for any it missed (`memeval.eventlog._log.canonical`). Real
`memeval ab`, real sandboxes, the real proxy and an upstream on loopback.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from runner_helpers import REPO, make_task, trials_by_id
from wire_rig import RECORDED, LocalUpstream, Reply, make_agent, reply_of

from memeval.eventlog import RunLog

ANSWER_TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
CALLER = r"""
import os, urllib.error, urllib.request
body = b'{"model": "gpt-4o-mini\\ud800", "max_tokens": 8, "messages": [{"role": "user", "content": "hi"}]}'
req = urllib.request.Request(os.environ["OPENAI_BASE_URL"] + "/chat/completions", data=body,
    headers={"authorization": "Bearer " + os.environ["OPENAI_API_KEY"], "content-type": "application/json"})
try:
    open("/app/seen.txt", "wb").write(urllib.request.urlopen(req, timeout=60).read())
except urllib.error.HTTPError as exc:  # the provider's error is the agent's to handle
    open("/app/seen.txt", "wb").write(exc.read())
open("/app/answer.txt", "w").write("42")
"""


def test_a_lone_surrogate_in_the_claim_file_is_recorded_not_fatal(tmp_path: Path, run_ab) -> None:
    tasks = tmp_path / "tasks"
    attack = 'printf \'{"message": "\\\\ud800 done", "usage": {"\\\\udfff": 1}}\' > "$MEMEVAL_CLAIM_FILE"\n'
    make_task(tasks, "claim", files={".attack.sh": attack})
    code, doc, err = run_ab(
        str(tasks), "--agent", "command", "--agent-cmd", "bash /app/.attack.sh", "--network", "none"
    )
    assert code in (0, 1, 3) and "trials" in doc, err  # main: UnicodeEncodeError: ... surrogates not allowed
    assert [(t["verified"], t["reward"]) for t in trials_by_id(doc).values()] == [(True, 1), (True, 1)]
    (run_dir,) = (tmp_path / "runs").iterdir()
    claims = [e for e in RunLog(run_dir) if e.event == "claim.recorded"]
    assert [(c.message, c.self_reported) for c in claims] == [("\ufffd done", {"\ufffd": 1})] * 2


def _run_with_upstream(tmp_path: Path, reply: Reply) -> tuple[dict, list]:
    """`memeval ab` of one task, both arms' agents making one call (`CALLER`) answered by `reply`; (doc, calls)."""
    up = LocalUpstream().start()
    for _ in range(2):
        up.replies.append(reply)
    make_task(tmp_path / "tasks", "model", test_sh=ANSWER_TEST_SH)
    agent = make_agent(tmp_path / "agent", script=CALLER)
    try:
        res = subprocess.run(
            [sys.executable, "-m", "memeval", "ab", str(tmp_path / "tasks"), "--agent", str(agent),
             "--upstream", f"api=openai,url={up.url}/v1", "--runs-dir", str(tmp_path / "runs"), "--json"],
            cwd=REPO, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
    finally:
        up.stop()
    assert res.returncode == 0, res.stderr[-3000:]  # main: UnicodeEncodeError in the log's writer, the run lost
    doc = json.loads(res.stdout)
    assert [(t["verified"], t["reward"], t["fault"]) for t in doc["trials"]] == [(True, 1, None)] * 2
    assert len(up.seen) == 2  # each call reached the upstream as the agent sent it
    return doc, [e.call for e in RunLog(tmp_path / "runs" / doc["run_id"]) if e.event == "model.called"]


def test_a_lone_surrogate_in_a_requested_model_is_recorded_not_fatal(tmp_path: Path) -> None:
    rec = next(r for r in RECORDED if r.name.startswith("openai-chat/") and not r.stream and r.status == 200)
    _, calls = _run_with_upstream(tmp_path, reply_of(rec))
    assert [c.requested_model for c in calls] == ["gpt-4o-mini\ufffd"] * 2


def test_a_lone_surrogate_the_provider_echoes_in_its_error_is_recorded_not_fatal(tmp_path: Path) -> None:
    body = b'{"error": {"message": "The model `gpt-4o-mini\\ud800` does not exist", "type": "invalid_request_error"}}'
    _, calls = _run_with_upstream(tmp_path, Reply(status=404, chunks=[body], content_length=True))
    assert [(c.status, "gpt-4o-mini\ufffd` does not exist" in (c.error or "")) for c in calls] == [(404, True)] * 2


def test_the_logs_writer_replaces_a_lone_surrogate_it_is_handed() -> None:
    """The last guard: an event whose text still holds one is written (U+FFFD) and reads back, never raised."""
    from memeval.eventlog._events import EVENT_ADAPTER, ClaimRecorded
    from memeval.eventlog._log import canonical

    ev = ClaimRecorded(trial_id="t:pack:1", message="a\ud800b", self_reported={"k\udc00": "v"}, source="claim_file")
    back = EVENT_ADAPTER.validate_json(canonical(ev))
    assert back.message == "a\ufffdb"
    ((key, value),) = back.self_reported.items()  # pydantic writes a key's surrogate as its bytes: one U+FFFD each
    assert (key.startswith("k\ufffd"), set(key[1:]), value) == (True, {"\ufffd"}, "v")
