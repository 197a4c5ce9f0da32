"""A scripted model upstream speaking the recorded wire formats, and a small agent that calls it.

The upstream is the meter tests' `LocalUpstream` (a real uvicorn server on 127.0.0.1) replaying
responses from `tests/fixtures/meter/`; the agent is a stdlib Python script bound at `/opt/agent`
that calls the metering proxy the runner hands it, as the OpenAI SDK would.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "meter"))

from meter_fixtures import RECORDED, Recorded  # noqa: E402
from meter_upstream import LocalUpstream, Reply, read_body  # noqa: E402
from runner_helpers import RunAb, make_task  # noqa: E402

__all__ = [
    "AGENT_PY",
    "MODEL_FILE_AGENT",
    "EchoModel",
    "ANSWER_TEST_SH",
    "SSE",
    "LocalUpstream",
    "Recorded",
    "Reply",
    "ab_cut_then_whole",
    "make_agent",
    "recorded",
    "reply_of",
]

ANSWER_TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
"""A task's test: reward 1 when the agent wrote 42 to `/app/answer.txt`."""
SSE = {"content-type": "text/event-stream"}

AGENT_PY = textwrap.dedent(
    '''
    """Test agent: CALLS chat completions (PARALLEL=1: at once; PAD bytes of prompt) through the
    proxy, then answers 42 (or NOANSWER=1: not)."""
    import json, os, time, urllib.request

    import threading

    calls = int(os.environ.get("CALLS", "1"))
    stream = os.environ.get("STREAM") == "1"
    base = os.environ.get("OPENAI_BASE_URL", "")
    pad = "x" * int(os.environ.get("PAD", "0"))

    def call(i):
        body = {"model": os.environ.get("MODEL", "gpt-5.6-sol"), "max_tokens": 64,
                "messages": [{"role": "user", "content": "hi %d %s" % (i, pad)}]}
        if stream:
            body["stream"] = True
        req = urllib.request.Request(base + "/chat/completions", data=json.dumps(body).encode(),
            headers={"authorization": "Bearer " + os.environ.get("OPENAI_API_KEY", ""),
                     "content-type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                data = r.read()
        except Exception as exc:  # an error answer is the agent's to handle
            data = str(exc).encode()
        with open("/app/seen-%d.txt" % i, "wb") as f:
            f.write(data)

    if os.environ.get("PARALLEL") == "1":
        threads = [threading.Thread(target=call, args=(i,)) for i in range(calls)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    else:
        for i in range(calls):
            call(i)
    open("/app/called", "w").close()
    time.sleep(float(os.environ.get("SLEEP_AFTER", "0")))
    if os.environ.get("NOANSWER") != "1":
        open("/app/answer.txt", "w").write("42")
    '''
)


MODEL_FILE_AGENT = AGENT_PY.replace(
    "calls = int(",
    textwrap.dedent(
        """\
        if os.path.exists("/app/model.txt"):
            os.environ["MODEL"] = open("/app/model.txt").read().strip()
        calls = int("""
    ),
)
"""`AGENT_PY`, its model read from the task's `/app/model.txt` when it has one (so tasks of one run ask for
different models)."""

ECHO_REC = "12-recorded-prompt-cache-write-then-read/1-200.json"
"""The recording `EchoModel` answers with: an OpenAI chat completion of `gpt-5.6-sol`."""


class EchoModel(LocalUpstream):
    """Answers every call with recording `ECHO_REC`, its `model` the one the request asked for, as providers echo it.

    So a task whose agent asks for a model the price table lacks gets an answer that names that model
    (`unpriced`), beside tasks whose calls are priced, whatever order the trials run in. Queued replies
    (`push`) are not used.
    """

    async def app(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        body = await read_body(receive)
        model = json.loads(body)["model"]
        rec = recorded(ECHO_REC)
        named = json.dumps({"model": model})[1:-1].encode()
        chunks = [c.replace(b'"model": "gpt-5.6-sol"', named) for c in rec.chunks()]
        assert chunks != rec.chunks() or model == "gpt-5.6-sol", "the recording's model field moved"
        self.replies.appendleft(Reply(status=rec.status, headers=dict(rec.headers), chunks=chunks, content_length=True))

        async def again() -> dict[str, Any]:
            return {"type": "http.request", "body": body, "more_body": False}

        await super().app(scope, again, send)


def make_agent(root: Path, *, apis: str = '["openai"]', script: str = AGENT_PY) -> Path:
    """Write an agent folder (`agent.toml` + `agent.py`); return the `agent.toml` path."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "agent.py").write_text(script)
    (root / "agent.toml").write_text(
        f'name = "wire-test-agent"\nversion = "1.0"\ncommand = ["python3", "/opt/agent/agent.py"]\napis = {apis}\n'
    )
    return root / "agent.toml"


def recorded(suffix: str) -> Recorded:
    """The recorded response whose file name ends with `suffix`."""
    return next(r for r in RECORDED if r.name.endswith(suffix))


def reply_of(rec: Recorded) -> Reply:
    """A `Reply` replaying `rec` as recorded."""
    return Reply(status=rec.status, headers=dict(rec.headers), chunks=rec.chunks(), content_length=not rec.stream)


def ab_cut_then_whole(
    tmp_path: Path,
    run_ab: RunAb,
    upstream: LocalUpstream,
    cut: list[bytes],
    whole: list[bytes],
    *,
    script: str,
    api: str,
    path: str = "",
) -> dict[str, Any]:
    """`memeval ab` of one task whose agent (`script`) makes two streamed calls a trial: `cut` cut short, then `whole`.

    Each arm's trial meets the cut stream first, the whole one second (the upstream answers in that order, one
    trial at a time: `--concurrency 1`). `api` is the `--upstream` api (`openai`, `google`), `path` what follows
    the upstream's address in its URL (`/v1`). Returns the run's JSON document (asserting one came, and that the
    upstream saw the four calls).
    """
    upstream.push(*[Reply(200, headers=SSE, chunks=cut, cut=True), Reply(200, headers=SSE, chunks=whole)] * 2)
    make_task(tmp_path / "tasks", "t", test_sh=ANSWER_TEST_SH)
    agent = make_agent(tmp_path / "agent", apis=f'["{api}"]', script=script)
    _code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--agent", str(agent), "--upstream", f"api={api},url={upstream.url}{path}",
        "--concurrency", "1",
    )  # fmt: skip
    assert doc, err
    assert len(upstream.seen) == 4, err
    return doc
