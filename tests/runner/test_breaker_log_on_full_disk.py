"""A model call made while an agent holds the runs folder's disk full is still logged, and the run goes on.

The run's event log is on the same disk as the trials' worlds. The low-water watch
(`memeval.runner._lowwater`) ends a filler within about 0.2 s, but a call the agent makes in that
moment ends meanwhile, and the proxy's thread writes its `model.called` event at once. On main
that write failed (`No space left on device`): the call, which the upstream answered (and a real
one bills), was missing from the log, and the error, kept by the log writer, stopped the run at the
next event (`memeval ab` ended with the OSError), leaving the filler's attempt without an end, so
`--resume` would give it a fresh one. Now the log keeps room of its own ahead of its end
(`memeval.eventlog._reserve.RESERVE_BYTES`, allocated beyond the file's size), so a line written while
the disk is full lands in it.

The run-level test races the watch (on main it failed in 2 runs of 3, and an earlier form in 3 of 4: a call
must end before the filler's world is removed); the log-level test below it fails on main every time.

Real parts: a real tmpfs of 160 MiB as the runs folder (root needed to mount it), real `memeval ab`
with its real proxy, bubblewrap sandboxes, an upstream on loopback.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from runner_helpers import RunAb, make_task
from wire_rig import LocalUpstream, make_agent, recorded, reply_of

from memeval.eventlog import FaultRaised, RunLog

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")

TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
SSE = "11-sse-parallel-tool-calls-include-usage.sse"
FILL_THEN_CALL = r"""
import json, os, subprocess, time, urllib.request

body = {"model": "gpt-5.6-sol", "max_tokens": 8, "stream": True, "messages": [{"role": "user", "content": "hi"}]}
req = urllib.request.Request(os.environ["OPENAI_BASE_URL"] + "/chat/completions", data=json.dumps(body).encode(),
    headers={"authorization": "Bearer " + os.environ["OPENAI_API_KEY"], "content-type": "application/json"})
fill = subprocess.Popen(["head", "-c", "300M", "/dev/zero"], stdout=open("/app/fill", "wb"))
while (lambda s: s.f_bavail * s.f_frsize)(os.statvfs("/app")) > 64 << 10:
    pass
while True:  # until the watch ends this sandbox (within about 0.2 s)
    try:
        urllib.request.urlopen(req, timeout=30).read()
    except OSError:
        pass
"""
"""Fill the disk (the file cap is 1 GiB, the storage cap 10 GiB: neither stops it), and from the moment it is
full (under 64 KiB left) make model calls, one after another, until the sandbox is ended."""


def test_a_call_made_while_the_disk_is_full_is_logged_and_the_run_goes_on(
    tmp_path: Path, run_ab: RunAb, small_runs: Path
) -> None:
    up = LocalUpstream().start()
    for _ in range(200):  # more than the calls the agents can make before they are ended
        up.push(reply_of(recorded(SSE)))
    try:
        make_task(tmp_path / "tasks", "hog", test_sh=TEST_SH)
        agent = make_agent(tmp_path / "agent", script=FILL_THEN_CALL)
        code, doc, err = run_ab(
            str(tmp_path / "tasks"), "--agent", str(agent), "--upstream", f"api=openai,url={up.url}/v1",
            "--concurrency", "1",
        )  # fmt: skip
    finally:
        up.stop()
    # main: the model.called write failed and the next event's write raised it: the run stopped
    assert "No space left on device" not in err, err[-3000:]
    assert code == 3, err[-3000:]
    (run_dir,) = [p for p in small_runs.iterdir() if (p / "events.jsonl").exists()]
    events = [json.loads(line) for line in (run_dir / "events.jsonl").read_text().splitlines()]
    called = [e for e in events if e["event"] == "model.called"]
    assert len(called) == len(up.seen), (len(called), len(up.seen))  # every call the upstream answered
    ended = sorted(e["trial_id"] for e in events if e["event"] == "trial.ended")
    assert ended == sorted(t["trial_id"] for t in doc["trials"]) and len(ended) == 2
    for t in doc["trials"]:
        assert t["fault"] is not None and t["fault"]["code"] == "protocol", t
        assert "ended when the runs folder's disk filled" in t["fault"]["message"], t["fault"]
    assert not RunLog(run_dir).read().torn_tail
    if not up.seen:  # the watch ended both agents before either call left: the race this test needs did not occur
        pytest.skip(
            "no model call was made while the disk was full (the watch was first); the log-level test below still ran"
        )


def test_the_log_takes_a_line_on_a_full_disk(small_runs: Path) -> None:
    """The log's own room, on its own: a real tmpfs filled to the last byte after the log's first line."""
    log = RunLog(small_runs / "run")
    log.append(FaultRaised(code="process", phase="run", message="first"))
    with (small_runs / "fill").open("wb", buffering=0) as f, pytest.raises(OSError, match="No space left"):
        while True:
            f.write(b"\0" * (1 << 16))
    st = os.statvfs(small_runs)
    assert st.f_bavail * st.f_frsize < 4096  # nothing left for anyone
    for i in range(100):  # main: OSError No space left on device at the first
        log.append(FaultRaised(code="process", phase="run", message=f"while full {i}"))
    assert [e.message for e in log.read().events][-1] == "while full 99"
