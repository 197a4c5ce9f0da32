"""Kept model-call bodies: a secret an agent's later calls repeat is blanked in every body; the redactor builds early.

An agent's successive calls repeat the whole conversation so far, so a secret said once is in every later
request body. `store_exchanges` redacts each body whole (what the redactor finds depends on the whole text
it reads: `memeval/redact/README.md`), so each stored body is checked here on its own. The redactor's build
(about 2 CPU s) used to start only after the turn, when the trial waited on `store_exchanges`; it now starts
in a thread when the turn's first body is kept (`warm_redactor`).

Real redactor, real `CallStats` hook; a subprocess for the build so this process's redactor does not hide it.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

from patience import patient

from memeval.runner._callstats import Exchange
from memeval.runner._exchanges import store_exchanges
from memeval.runner._scrub import run_scrubber

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "ghp_R8x2Kq7Lm4Nv9Pw3Tz6Yb1Hc5Jd8Fg2Sa0Qe"
CUT_TOKEN = "ghp_Vb7Nq2Lk9Xw4Rt6Yp1Zs3Mc8Hd5Jf0Ga2Ke"
ENV_VALUE = "fernhill-env-value-8Jk2Lm9Qw3"
MAIL = "j.ortega@fernhill-bakery.co.uk"


class Memory:
    """An artifact store in memory (`ArtifactSink`)."""

    def __init__(self) -> None:
        self.by_id: dict[str, bytes] = {}

    def put(self, data: bytes) -> str:
        aid = "sha256:" + hashlib.sha256(data).hexdigest()
        self.by_id[aid] = data
        return aid

    def put_file(self, path: Path) -> str:
        return self.put(path.read_bytes())


def _conversation(turns: int) -> list[Exchange]:
    """`turns` Chat Completions calls; the first user message holds the secrets, every later request repeats it."""
    said = [f"CI token {TOKEN}, mail {MAIL}, env {ENV_VALUE}, cut \\u0067{CUT_TOKEN[1:]}"]
    said += [f"step {i}: run the tests again" for i in range(1, turns)]
    messages: list[dict[str, str]] = [{"role": "system", "content": "You are a coding agent."}]
    calls = []
    for i, text in enumerate(said):
        messages.append({"role": "user", "content": text})
        # the cut token is written with a JSON escape in the body itself (`\u0067hp_...`)
        body = json.dumps({"model": "m", "messages": messages}).replace("\\\\u0067", "\\u0067").encode()
        answer = json.dumps({"id": f"c{i}", "choices": [{"message": {"role": "assistant", "content": "ok"}}]})
        calls.append(Exchange(f"call-{i}", "openai-chat", body, answer.encode(), None))
        messages.append({"role": "assistant", "content": "ok"})
    return calls


def test_a_secret_in_a_repeated_message_is_blanked_in_every_stored_body() -> None:
    calls = _conversation(5)
    assert all(b"\\u0067hp_Vb7" in c.request for c in calls)  # the escaped cut is in every body as sent
    art = Memory()
    scrub = run_scrubber({}, {"FERNHILL_ENV": ENV_VALUE}).bytes
    index = json.loads(art.by_id[store_exchanges(calls, art, scrub) or ""])
    assert [c["call_id"] for c in index["calls"]] == [c.call_id for c in calls]
    for entry in index["calls"]:
        body = art.by_id[entry["request"]]
        for raw in (TOKEN, CUT_TOKEN[4:], ENV_VALUE, MAIL):
            assert raw.encode() not in body, (entry["call_id"], raw)
        assert b"[REDACTED:" in body
        assert entry["redacted"].get("GITHUB_TOKEN", 0) >= 2, entry  # the plain and the escaped token
        assert entry["redacted"].get("EMAIL_ADDRESS", 0) >= 1, entry
        assert json.loads(body)["messages"][1]["role"] == "user"  # still the body, only blanked


CHILD = """
import threading, types
from memeval.redact import _redactor
from memeval.runner._callstats import CallStats
assert _redactor._DEFAULT is None
stats = CallStats()
call = types.SimpleNamespace(trial_id="t1", call_id="c1", api="openai-chat")
stats.keep_bodies(call, b'{"messages": []}', b'{"id": "c1"}', None)
builds = [t for t in threading.enumerate() if t.name == "memeval-redactor-build"]
assert len(builds) == 1, [t.name for t in threading.enumerate()]
stats.keep_bodies(call, b'{"messages": []}', b'{"id": "c2"}', None)  # one build a process
assert [t for t in threading.enumerate() if t.name == "memeval-redactor-build"] == builds
builds[0].join()
assert _redactor._DEFAULT is not None
print("built during the turn")
"""


def test_the_redactor_builds_when_the_turns_first_body_is_kept() -> None:
    out = subprocess.run(
        [sys.executable, "-c", CHILD],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=patient(300),
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "built during the turn"
