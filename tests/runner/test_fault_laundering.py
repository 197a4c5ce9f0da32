"""An agent that turns its own failures into harness faults in one arm cannot launder a verdict.

The agent asks its model for the answer; the scripted model (a real HTTP server on loopback,
reached through the real metering proxy) answers a prompt right the first time it sees it and
"unsure" after, so every task's first repeat passes and its second fails, in both arms alike (each
arm's prompt is its own: the pack arm's holds its instruction's pointer and its memory). In the
pack arm only (the agent tells it by the pack's memory file, the one input that differs), instead
of failing it leaves its answer file as a FIFO, so the verifier blocks on it and the trial ends as
a verifier `timeout` fault. On the scored trials alone the pack arm looks better on every task
(1/1 against 1/2); with its faults counted against that, there is no difference, so the verdict is
`unresolved`.

The verifier's budget is 2 s on a quiet machine and scaled by `patience` on a busy one: the FIFO
trials block forever, so they still run over it, and the honest verifiers (a `cat` in a sandbox)
keep their headroom.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from patience import patient
from runner_helpers import make_task, one_item_pack
from wire_rig import make_agent, recorded

AGENT = r"""
import json, os, urllib.request
prompt = open(os.environ["MEMEVAL_INSTRUCTION_FILE"]).read()
pack = os.path.exists("/app/MEMORY.md")  # the pack arm: its memory slice is there
if pack:
    prompt += open("/app/MEMORY.md").read()
body = {"model": "gpt-5.6-sol", "max_tokens": 16, "messages": [{"role": "user", "content": prompt}]}
req = urllib.request.Request(os.environ["OPENAI_BASE_URL"] + "/chat/completions", data=json.dumps(body).encode(),
    headers={"authorization": "Bearer " + os.environ["OPENAI_API_KEY"], "content-type": "application/json"})
with urllib.request.urlopen(req, timeout=30) as r:
    answer = json.load(r)["choices"][0]["message"]["content"]
if answer != "unsure":
    open("/app/answer.txt", "w").write(answer + "\n")
elif pack:
    os.mkfifo("/app/answer.txt")  # a failure of its own, made to look like the harness's
else:
    open("/app/answer.txt", "w").write("0\n")
"""
TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'


class _ForgetfulModel:
    """An OpenAI chat completions upstream on 127.0.0.1: a recorded answer whose text is `42` for a
    prompt it has not seen before and `unsure` for one it has."""

    def __init__(self) -> None:
        self.seen: Counter[str] = Counter()
        template = json.loads(recorded("12-recorded-prompt-cache-write-then-read/1-200.json").body)
        model = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                prompt = json.loads(self.rfile.read(int(self.headers["content-length"])))["messages"][-1]["content"]
                model.seen[prompt] += 1
                template["choices"][0]["message"]["content"] = "42" if model.seen[prompt] == 1 else "unsure"
                data = json.dumps(template).encode()
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: object) -> None:
                return  # quiet

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.mark.slow
def test_laundering_faults_in_one_arm_gives_unresolved(tmp_path: Path, run_ab) -> None:
    tasks = tmp_path / "tasks"
    for i in range(10):
        make_task(tasks, f"t{i:02d}", test_sh=TEST_SH, instruction=f"Task t{i:02d}: write the answer to answer.txt.\n")
    model = _ForgetfulModel()
    try:
        code, doc, err = run_ab(
            str(tasks),
            "--agent", str(make_agent(tmp_path / "agent", script=AGENT)),
            "--pack", str(one_item_pack(tmp_path / "pack.json")), "--upstream", f"api=openai,url={model.url}/v1",
            "--repeats", "2", "--verifier-timeout", f"{patient(2):.1f}",
        )  # fmt: skip
    finally:
        model.stop()
    # each arm's prompt of each task was asked twice, once a repeat (the model's side of the cheat)
    assert sorted(model.seen.values()) == [2] * 20, model.seen
    v = doc["verdict"]
    faults = [t for t in doc["trials"] if t["fault"]]
    assert {(t["mode"], t["repeat"], t["fault"]["code"]) for t in faults} == {("pack", 2, "timeout")}, err
    assert len(faults) == 10
    # the scored trials alone say `better` (p = 2/1024), which the faults could have produced
    assert v["verdict_scored"] == "better" and v["reason_scored"] == "significant"
    assert v["verdict_faults_against"] == "unresolved"
    assert v["verdict"] == "unresolved" and v["reason"].startswith("faults_could_change_it(10 faulted")
    assert code == 0, err  # trials were scored: an honest unresolved, not a run that measured nothing


def test_faults_in_the_arm_that_looks_worse_cannot_overturn_it() -> None:
    from memeval.stats import TaskTrials, TrialObs, paired_verdict

    def arm(*outcomes: str) -> tuple[TrialObs, ...]:
        return tuple(TrialObs(outcome=o) for o in outcomes)  # type: ignore[arg-type]

    # pack passes everywhere, baseline fails everywhere; a baseline fault, counted as a pass
    # against `better`, cannot change a 10-task sweep
    tasks = [
        TaskTrials(task_id=f"t{i}", baseline=arm("fail", "fault" if i == 0 else "fail"), pack=arm("pass", "pass"))
        for i in range(12)
    ]
    v = paired_verdict(tasks, boot_resamples=99)
    assert v.verdict == v.verdict_scored == v.verdict_faults_against == "better"
    assert v.reason == "significant"
