"""An agent cannot make memeval hold, redact and store model-call bodies without end.

Every forwarded call's request and response bodies are kept for the trial's transcript
(`memeval.runner._exchanges`). On main they were held in memeval's memory for the whole turn with no
bound (the proxy takes requests of up to 64 MiB each, and an agent may make as many calls as its time
allows), then each was redacted whole after the turn (about 3 s of memeval's CPU per MB of key-like
text, and about 70 bytes of memory per character: a 64 MiB body would take some 4.5 GB) and stored
on the runs folder's disk, outside the sandbox's `storage_mb`. Now a trial keeps at most
`MAX_KEPT_BYTES` of bodies and no request body over `MAX_KEPT_BODY_BYTES`; calls past either are
listed in the trial's index with a note saying why their bodies were not kept, and still metered.

Real `memeval ab` (in process, so the bounds can be made small), real sandboxes, the real proxy, an
upstream on loopback.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from runner_helpers import RunAb, make_task
from wire_rig import LocalUpstream, make_agent, recorded, reply_of

from memeval.eventlog import AgentExited, ArtifactStore, RunLog
from memeval.runner import _callstats

TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
SSE = "11-sse-parallel-tool-calls-include-usage.sse"
CALLS = 4
PAD = 300_000
"""Bytes of prompt each call pads its request with: three calls' bodies pass the 1 MiB set below."""


def _run(tmp_path: Path, run_ab: RunAb, *env: str) -> tuple[dict, list[dict]]:
    up = LocalUpstream().start()
    for _ in range(2 * CALLS):
        up.push(reply_of(recorded(SSE)))
    try:
        make_task(tmp_path / "tasks", "bodies", test_sh=TEST_SH)
        agent = make_agent(tmp_path / "agent")
        code, doc, err = run_ab(
            str(tmp_path / "tasks"), "--agent", str(agent), "--upstream", f"api=openai,url={up.url}/v1",
            "--env", "STREAM=1", "--env", f"CALLS={CALLS}", *env,
        )  # fmt: skip
    finally:
        up.stop()
    assert code == 0, err
    run_dir = tmp_path / "runs" / doc["run_id"]
    store = ArtifactStore(run_dir)
    exited = [ev for ev in RunLog(run_dir).read().events if isinstance(ev, AgentExited)]
    assert len(exited) == 2
    indexes = [json.loads(store.get(ev.exchanges)) for ev in exited if ev.exchanges is not None]
    assert len(indexes) == 2
    for t in doc["trials"]:
        assert (t["fault"], t["verified"], t["physics"]["engine_calls"]) == (None, True, CALLS), t
    return doc, [{"calls": i["calls"], "sizes": _sizes(store, i)} for i in indexes]


def _sizes(store: ArtifactStore, index: dict) -> list[int]:
    return [sum(len(store.get(c[p])) for p in ("request", "response") if p in c) for c in index["calls"]]


def test_a_trial_keeps_bodies_up_to_its_bound(tmp_path: Path, run_ab: RunAb, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_callstats, "MAX_KEPT_BYTES", 1 << 20)  # raises if the bound is renamed
    _, kept = _run(tmp_path, run_ab, "--env", f"PAD={PAD}")
    for trial in kept:
        calls, sizes = trial["calls"], trial["sizes"]
        assert len(calls) == CALLS  # every call is listed, kept or not
        assert [("request" in c, "response" in c) for c in calls] == [(True, True)] * 3 + [(False, False)]
        assert sum(sizes) <= 1 << 20, sizes
        assert "not kept" in calls[-1]["note"] and "1 MiB" in calls[-1]["note"], calls[-1]


def test_a_request_body_over_the_bound_is_not_kept() -> None:
    """The per-body bound, on the proxy's hook itself: a 9 MiB request is not held (redacting it whole
    would take memeval some 600 MB), the calls beside it are."""
    stats = _callstats.CallStats()
    for i, size in enumerate((10, 9 << 20, 10)):
        stats.keep_bodies(SimpleNamespace(trial_id="t@1", call_id=f"c{i}", api="openai-chat"), b"x" * size, b"ok", None)
    got = stats.take_bodies("t@1")
    assert [(len(e.request), len(e.response)) for e in got] == [(10, 2), (0, 0), (10, 2)]
    assert "not kept" in got[1].note and "8 MiB" in got[1].note and not got[0].note
    assert stats.take_bodies("t@1") == []
